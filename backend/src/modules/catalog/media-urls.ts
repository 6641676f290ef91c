import { DEFAULT_VIDEO_QUALITY, MediaFamily, QUALITY_PROFILES, VideoQuality } from './catalog.types';

export interface MediaView {
  publicId: string;
  videoUrl: string;
  secureUrl: string;
  thumbSecureUrl: string;
}

/** Every exercise of a family shares one clip; its public id names the family. */
export function publicIdOf(family: MediaFamily): string {
  return `ejercicio-${family}`;
}

export const PUBLIC_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The quality table of spec section 9 as a CDN path transformation (the SPA's player builds the same). */
export function cdnTransformation(quality: VideoQuality): string {
  const { height, bitrateKbps } = QUALITY_PROFILES[quality];
  return `h_${height},br_${bitrateKbps}k`;
}

function trimBase(cdnBase: string): string {
  return cdnBase.replace(/\/+$/, '');
}

function secureBase(cdnBase: string): string {
  return trimBase(cdnBase).replace(/^http:\/\//, 'https://');
}

/**
 * The media object of an exercise (spec section 3). With MEDIA_CDN_BASE the URLs are
 * the CDN's untransformed delivery addresses and the player inserts the quality's
 * transformation after `/video/upload/`; in the embedded mode they are same-origin
 * paths served by MediaController, which reads `?quality=` (ADR 0042).
 */
export function mediaFor(family: MediaFamily, cdnBase?: string): MediaView {
  const publicId = publicIdOf(family);
  if (cdnBase) {
    return {
      publicId,
      videoUrl: `${trimBase(cdnBase)}/video/upload/${publicId}.mp4`,
      secureUrl: `${secureBase(cdnBase)}/video/upload/${publicId}.mp4`,
      thumbSecureUrl: `${secureBase(cdnBase)}/video/upload/so_1,h_360/${publicId}.jpg`,
    };
  }
  const path = `/api/media/${publicId}`;
  return { publicId, videoUrl: path, secureUrl: path, thumbSecureUrl: `${path}/thumbnail` };
}

/** Where a clip lives on the CDN at a given quality. */
export function cdnVideoUrl(cdnBase: string, publicId: string, quality: VideoQuality = DEFAULT_VIDEO_QUALITY): string {
  return `${secureBase(cdnBase)}/video/upload/${cdnTransformation(quality)}/${publicId}.mp4`;
}

export function cdnThumbnailUrl(cdnBase: string, publicId: string): string {
  return `${secureBase(cdnBase)}/video/upload/so_1,h_360/${publicId}.jpg`;
}

/** File names of the embedded clips under backend/media/{publicId}/ (written by scripts/generate-media.sh). */
export function embeddedVideoFile(quality: VideoQuality): string {
  return `${QUALITY_PROFILES[quality].height}p.mp4`;
}

export const EMBEDDED_THUMBNAIL_FILE = 'thumbnail.jpg';
