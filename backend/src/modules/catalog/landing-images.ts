import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { fillLandingHtml, type LandingPicture, pictureHtml } from './landing-image-markup';
import { LANDING_SLOTS, type LandingSlot, slotOfSubject } from './landing-slots';
import { type MediaUpload, MediaUploadStore, uploadUrl } from './media-uploads';

/** A slot's photo: what the landing draws and the upload behind it (for the staff console). */
export interface LandingPhoto {
  slot: LandingSlot;
  picture: LandingPicture;
  upload: MediaUpload;
}

/**
 * The landing's photos, kept in memory like the catalogue's answers (ADR 0040) and refreshed after
 * every change from the staff console; the served HTML is filled from them (ADR 0300). With
 * several instances each refreshes only on its own changes until its next start (as ADR 0221).
 */
@Injectable()
export class LandingImages implements OnModuleInit {
  private photos = new Map<string, LandingPhoto>();
  private markup = new Map<string, string>();
  /** Per page file: the HTML it was filled from and the result, until the photos or the file change. */
  private filled = new Map<string, { html: string; page: string }>();

  constructor(
    private readonly store: MediaUploadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<void> {
    const photos = new Map<string, LandingPhoto>();
    for (const upload of await this.store.list()) {
      const slot = upload.mediaKind === 'photo' ? slotOfSubject(upload.subjectKind, upload.subjectId) : undefined;
      if (slot) photos.set(slot.slot, { slot, upload, picture: this.picture(slot, upload) });
    }
    this.photos = photos;
    this.markup = new Map([...photos.values()].map(({ slot, picture }) => [slot.slot, pictureHtml(picture, slot)]));
    this.filled = new Map();
  }

  get cdnBase(): string | undefined {
    return this.config.media.cdnBase;
  }

  photo(slot: string): LandingPhoto | undefined {
    return this.photos.get(slot);
  }

  /** In the slots' order. */
  list(): LandingPhoto[] {
    return LANDING_SLOTS.flatMap((slot) => this.photos.get(slot.slot) ?? []);
  }

  /** The markup the landing shows for a slot (served in the HTML and by GET /api/media/landing). */
  markupOf(slot: string): string | undefined {
    return this.markup.get(slot);
  }

  /** A page the SPA serves, with the photos in its slots and their markup for the SPA. */
  fillPage(html: string, file: string): string {
    const cached = this.filled.get(file);
    if (cached?.html === html) return cached.page;
    const page = fillLandingHtml(html, this.markup);
    this.filled.set(file, { html, page });
    return page;
  }

  private picture(slot: LandingSlot, upload: MediaUpload): LandingPicture {
    const url = (file: string) => uploadUrl({ fileName: file, mediaKind: 'photo' }, this.cdnBase);
    const srcset = (format: 'avif' | 'webp') =>
      upload.variants
        .filter((variant) => variant.format === format)
        .map((variant) => `${url(variant.file)} ${variant.width}w`)
        .join(', ');
    const webp = upload.variants.filter((variant) => variant.format === 'webp');
    // A size a phone's screen would pick, for browsers that read only `src`.
    const fallback = webp.find((variant) => variant.width >= 960) ?? webp[webp.length - 1];
    return {
      slot: slot.slot,
      alt: upload.altText ?? slot.defaultAlt,
      focalX: upload.focalX ?? 50,
      focalY: upload.focalY ?? 50,
      width: upload.width ?? 960,
      height: upload.height ?? 1200,
      src: url(fallback?.file ?? upload.fileName),
      avifSrcset: srcset('avif'),
      webpSrcset: srcset('webp'),
    };
  }
}
