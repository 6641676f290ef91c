import { open } from 'node:fs/promises';

/**
 * What an uploaded file really is, from its first bytes (the name and the browser's type can lie).
 * Only formats every browser plays or shows without conversion are accepted; the others are
 * recognised so the staff member is told which format to use instead (ADR 0221).
 */
export type MediaKind = 'photo' | 'video';

export interface AcceptedFormat {
  accepted: true;
  kind: MediaKind;
  contentType: string;
  extension: string;
}

export interface RejectedFormat {
  accepted: false;
  /** A name the staff member recognises, or null when the file is not a known image or video. */
  formatName: string | null;
}

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;
/** How many bytes the sniffer needs. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** ISO base media (MP4, MOV, HEIC, 3GP...): 'ftyp' at byte 4, then the major brand. */
function isoBrand(bytes: Buffer): string | null {
  return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' ? ascii(bytes, 8, 12) : null;
}

const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4', 'msnv']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis']);

export function sniffMedia(bytes: Buffer): AcceptedFormat | RejectedFormat {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { accepted: true, kind: 'photo', contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { accepted: true, kind: 'photo', contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 12);
    if (form === 'WEBP') return { accepted: true, kind: 'photo', contentType: 'image/webp', extension: 'webp' };
    if (form === 'AVI ') return { accepted: false, formatName: 'AVI' };
    return { accepted: false, formatName: null };
  }
  const brand = isoBrand(bytes);
  if (brand) {
    if (MP4_BRANDS.has(brand)) return { accepted: true, kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
    if (brand === 'qt  ') return { accepted: false, formatName: 'MOV (QuickTime)' };
    if (HEIF_BRANDS.has(brand)) return { accepted: false, formatName: 'HEIC' };
    if (brand === 'avif' || brand === 'avis') return { accepted: false, formatName: 'AVIF' };
    if (brand.startsWith('3g')) return { accepted: false, formatName: '3GP' };
    return { accepted: false, formatName: null };
  }
  // EBML: WebM and Matroska share the header; the DocType says which.
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = ascii(bytes, 4, bytes.length);
    if (head.includes('webm')) return { accepted: true, kind: 'video', contentType: 'video/webm', extension: 'webm' };
    return { accepted: false, formatName: head.includes('matroska') ? 'MKV' : null };
  }
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { accepted: false, formatName: 'GIF' };
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === 'BM') return { accepted: false, formatName: 'BMP' };
  if ((bytes.length >= 4 && ascii(bytes, 0, 4) === 'II*\u0000') || ascii(bytes, 0, 4) === 'MM\u0000*') return { accepted: false, formatName: 'TIFF' };
  if (bytes.length >= 4 && bytes[0] === 0x00 && bytes[1] === 0x00 && bytes[2] === 0x01 && (bytes[3] === 0xba || bytes[3] === 0xb3))
    return { accepted: false, formatName: 'MPEG' };
  if (bytes.length >= 16 && bytes.subarray(0, 16).equals(Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex'))) return { accepted: false, formatName: 'WMV' };
  return { accepted: false, formatName: null };
}

export const MEDIA_MESSAGES = {
  missingFile: 'Elige un archivo para subir.',
  tooManyFiles: 'Sube un solo archivo a la vez.',
  photoTooBig: `La foto pesa más de ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Redúcela (por ejemplo a 1600 px de ancho) y vuelve a subirla.`,
  videoTooBig: `El video pesa más de ${VIDEO_MAX_BYTES / 1024 / 1024} MB. Recórtalo o expórtalo en menor calidad (720p basta) y vuelve a subirlo.`,
  fileTooBig: `El archivo es demasiado grande: los videos pueden pesar hasta ${VIDEO_MAX_BYTES / 1024 / 1024} MB y las fotos hasta ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  needsConversion: (format: string) =>
    `Los archivos ${format} necesitan convertirse y Pulso no los convierte. Sube el video en MP4 (H.264) o WebM, o la foto en JPEG, PNG o WebP.`,
  unknownFormat: 'Este archivo no es una foto ni un video que Pulso pueda mostrar. Sube un video MP4 (H.264) o WebM, o una foto JPEG, PNG o WebP.',
  altRequired: 'Escribe el texto alternativo: qué muestra la foto, para quien no puede verla.',
  landingNeedsPhoto: 'Para el sitio sube una foto (JPEG, PNG o WebP); los videos solo se usan en los ejercicios.',
  exerciseNotFound: 'Ejercicio no encontrado.',
  landingSlotNotFound: 'Ese lugar del sitio no existe.',
  noLandingPhoto: 'Este lugar del sitio todavía muestra la ilustración de Pulso: sube una foto primero.',
  nothingToRevert: 'Este elemento ya muestra la ilustración de Pulso.',
} as const;

/** The first bytes of a file on disk, for `sniffMedia`. */
export async function firstBytes(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
