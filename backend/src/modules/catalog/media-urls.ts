import { DEFAULT_VIDEO_QUALITY, MediaFamily, QUALITY_PROFILES, VideoQuality } from './catalog.types';

export interface MediaView {
  publicId: string;
  videoUrl: string;
  secureUrl: string;
  thumbSecureUrl: string;
  /** The movement family of the illustrated demonstration the SPA draws (ADR 0220). */
  family: MediaFamily;
  /** True when videoUrl is the studio's own video rather than the family clip (ADR 0221). */
  customVideo: boolean;
  /** The studio's own photo of the exercise, when there is one. */
  photoUrl?: string;
}

/** The studio's own media of one exercise, as delivery addresses. */
export interface StudioMedia {
  photoUrl?: string;
  video?: { url: string; publicId: string };
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
export function mediaFor(family: MediaFamily, cdnBase?: string, studio: StudioMedia = {}): MediaView {
  const publicId = publicIdOf(family);
  const base = cdnBase
    ? {
        publicId,
        videoUrl: `${trimBase(cdnBase)}/video/upload/${publicId}.mp4`,
        secureUrl: `${secureBase(cdnBase)}/video/upload/${publicId}.mp4`,
        thumbSecureUrl: `${secureBase(cdnBase)}/video/upload/so_1,h_360/${publicId}.jpg`,
      }
    : { publicId, videoUrl: `/api/media/${publicId}`, secureUrl: `/api/media/${publicId}`, thumbSecureUrl: `/api/media/${publicId}/thumbnail` };
  const video = studio.video ? { publicId: studio.video.publicId, videoUrl: studio.video.url, secureUrl: studio.video.url } : {};
  return {
    ...base,
    ...video,
    ...(studio.photoUrl ? { thumbSecureUrl: studio.photoUrl, photoUrl: studio.photoUrl } : {}),
    family,
    customVideo: studio.video !== undefined,
  };
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

/** The family's illustrated poster (ADR 0220), drawn by the SPA's demonstration code (frontend `demo-posters.test.tsx`). */
export const EMBEDDED_THUMBNAIL_FILE = 'poster.svg';
