import path from 'node:path';
import sharp from 'sharp';
import { DomainError } from '../../shared/domain-error';
import type { LandingSlot } from './landing-slots';
import type { PhotoVariant } from './media-uploads';

// One libvips thread and no cache of decoded images: an upload never takes both cores from the
// visitors, nor keeps a photo in memory once its sizes are written (ADR 0301).
sharp.concurrency(1);
sharp.cache(false);

/** Larger than any camera's photo; a small file that would decode to more is refused before it is. */
export const LANDING_PHOTO_MAX_PIXELS = 60_000_000;

/**
 * AVIF at quality 50 and WebP at 76 look alike at these sizes, a small part of a camera JPEG's
 * weight; AVIF's effort 2 (of 9) keeps one photo's encodes to seconds, not minutes, on one core (ADR 0301).
 */
const ENCODERS = {
  avif: (image: sharp.Sharp) => image.avif({ quality: 50, effort: 2 }),
  webp: (image: sharp.Sharp) => image.webp({ quality: 76 }),
} as const;

export const LANDING_PHOTO_MESSAGES = {
  unreadable: 'No pudimos leer la foto: el archivo está dañado o incompleto. Vuelve a exportarla en JPEG, PNG o WebP y súbela de nuevo.',
  tooManyPixels: `La foto tiene demasiados píxeles (más de ${LANDING_PHOTO_MAX_PIXELS / 1_000_000} megapíxeles). Redúcela, por ejemplo a 2400 px de ancho, y vuelve a subirla.`,
  tooSmall: (width: number, height: number, label: string, minWidth: number) =>
    `La foto mide ${width} × ${height} px: para «${label}» se necesitan al menos ${minWidth} px de ancho para que no se vea borrosa.`,
} as const;

function refusal(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new DomainError('too-large', LANDING_PHOTO_MESSAGES.tooManyPixels, { field: 'archivo' });
  return new DomainError('unsupported-media', LANDING_PHOTO_MESSAGES.unreadable, { field: 'archivo' });
}

/** Which widths to make: the slot's, up to the photo's own width (never enlarged), which closes the list. */
export function widthsFor(photoWidth: number, slotWidths: readonly number[]): number[] {
  const smaller = slotWidths.filter((width) => width < photoWidth);
  return photoWidth <= slotWidths[slotWidths.length - 1]! ? [...smaller, photoWidth] : smaller;
}

/**
 * Reads a checked photo and writes its AVIF and WebP sizes as `{stem}-{width}.{format}` into
 * `directory`. Refuses, in Spanish, a photo it cannot decode, one with too many pixels and one
 * narrower than the slot's smallest size; on any failure the files it wrote are deleted.
 */
export async function makeLandingPhotoSizes(
  filePath: string,
  slot: LandingSlot,
  directory: string,
  stem: string,
  deleteFiles: (files: string[]) => Promise<void>,
): Promise<{ width: number; height: number; variants: PhotoVariant[] }> {
  const written: string[] = [];
  try {
    // The header alone: a photo with too many pixels is refused before anything decodes it.
    const meta = await sharp(filePath).metadata();
    if (!meta.width || !meta.height) throw new DomainError('unsupported-media', LANDING_PHOTO_MESSAGES.unreadable, { field: 'archivo' });
    if (meta.width * meta.height > LANDING_PHOTO_MAX_PIXELS) throw new DomainError('too-large', LANDING_PHOTO_MESSAGES.tooManyPixels, { field: 'archivo' });
    // EXIF orientations 5–8 turn the photo a quarter: its upright width is its stored height.
    const quarterTurn = (meta.orientation ?? 1) >= 5;
    const width = quarterTurn ? meta.height : meta.width;
    const height = quarterTurn ? meta.width : meta.height;
    if (width < slot.widths[0]!)
      throw new DomainError('unprocessable', LANDING_PHOTO_MESSAGES.tooSmall(width, height, slot.label, slot.widths[0]!), { field: 'archivo' });
    // Turned upright; nothing of the original's metadata (its location included) is copied. A damaged
    // file fails here, on libvips' first warning.
    const source = sharp(filePath, { limitInputPixels: LANDING_PHOTO_MAX_PIXELS }).rotate();
    const variants: PhotoVariant[] = [];
    for (const size of widthsFor(width, slot.widths)) {
      for (const format of ['avif', 'webp'] as const) {
        const file = `${stem}-${size}.${format}`;
        written.push(file);
        await ENCODERS[format](source.clone().resize({ width: size, withoutEnlargement: true })).toFile(path.join(directory, file));
        variants.push({ file, format, width: size });
      }
    }
    return { width, height, variants };
  } catch (error) {
    await deleteFiles(written);
    throw refusal(error);
  }
}
