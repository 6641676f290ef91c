import type { LandingSlot } from './landing-slots';

/** What the landing needs of one uploaded photo to draw it (ADR 0300). */
export interface LandingPicture {
  slot: string;
  alt: string;
  focalX: number;
  focalY: number;
  width: number;
  height: number;
  /** For a browser that takes neither AVIF nor WebP sources: a WebP size, or the original. */
  src: string;
  avifSrcset: string;
  webpSrcset: string;
}

/** The element of the served HTML the SPA reads the landing's photos from (features/marketing/landing-images.ts). */
export const LANDING_IMAGES_ELEMENT_ID = 'pulso-landing-images';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One photo as the landing draws it: AVIF and WebP sources with width descriptors, lazy unless the
 * slot is above the fold, its focal point kept in view when the frame crops it. No whitespace
 * between the elements: React hydrates this markup as it is (ADR 0300).
 */
export function pictureHtml(picture: LandingPicture, slot: Pick<LandingSlot, 'sizes' | 'eager'>): string {
  const sources = [
    ['image/avif', picture.avifSrcset],
    ['image/webp', picture.webpSrcset],
  ]
    .filter(([, srcset]) => srcset)
    .map(([type, srcset]) => `<source type="${type}" srcset="${escapeAttr(srcset!)}" sizes="${escapeAttr(slot.sizes)}">`)
    .join('');
  const loading = slot.eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const img = `<img src="${escapeAttr(picture.src)}" alt="${escapeAttr(picture.alt)}" width="${picture.width}" height="${picture.height}"${loading} decoding="async" style="object-position:${picture.focalX}% ${picture.focalY}%">`;
  return `<picture>${sources}${img}</picture>`;
}

/** A landing slot as the prerendered HTML holds it: its frame and, inside, the illustration or nothing. */
const SLOT_FRAME = /(<div [^>]*\bdata-slot="([a-z0-9-]+)"[^>]*>)(?:<img [^>]*>)?(<\/div>)/g;

/**
 * The served HTML with the studio's photos in their slots and, for the SPA, the same markup per slot
 * in a JSON block (not a script: nothing runs, the CSP is untouched), so hydration finds what the
 * server sent and the carousel can show the other trainers' photos.
 */
export function fillLandingHtml(html: string, markup: ReadonlyMap<string, string>): string {
  const json = JSON.stringify({ images: [...markup].map(([slot, content]) => ({ slot, html: content })) }).replace(/</g, '\\u003c');
  const filled =
    markup.size === 0
      ? html
      : html.replace(SLOT_FRAME, (frame, open: string, slot: string, close: string) => (markup.has(slot) ? `${open}${markup.get(slot)}${close}` : frame));
  return filled.replace('</head>', `<script type="application/json" id="${LANDING_IMAGES_ELEMENT_ID}">${json}</script></head>`);
}
