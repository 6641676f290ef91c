import type { ExerciseMedia } from './session-types';

/** Spec section 9 "Video quality". */
export type VideoQuality = 'low' | 'medium' | 'high' | 'ultra';

export const VIDEO_QUALITIES: Record<VideoQuality, { label: string; height: number; bitrateKbps: number }> = {
  low: { label: '480p', height: 480, bitrateKbps: 1000 },
  medium: { label: '540p', height: 540, bitrateKbps: 2000 },
  high: { label: '720p', height: 720, bitrateKbps: 3000 },
  ultra: { label: '1080p', height: 1080, bitrateKbps: 5000 },
};

export const QUALITY_ORDER: VideoQuality[] = ['low', 'medium', 'high', 'ultra'];
export const DEFAULT_VIDEO_QUALITY: VideoQuality = 'high';

export function isVideoQuality(value: unknown): value is VideoQuality {
  return typeof value === 'string' && value in VIDEO_QUALITIES;
}

function transformation(quality: VideoQuality): string {
  const { height, bitrateKbps } = VIDEO_QUALITIES[quality];
  return `h_${height},br_${bitrateKbps}k`;
}

/**
 * Where an exercise's clip is fetched at a quality (ADR 0052): a media CDN delivery
 * URL gets the resolution and bitrate as a path transformation; any other address
 * gets a `quality` query parameter its server may honour or ignore.
 */
export function videoSourceUrl(media: ExerciseMedia | null | undefined, quality: VideoQuality, cdnBase?: string | null): string | null {
  const direct = media?.secureUrl || media?.videoUrl;
  if (direct) {
    if (direct.includes('/video/upload/')) return direct.replace('/video/upload/', `/video/upload/${transformation(quality)}/`);
    const [path, hash = ''] = direct.split('#', 2);
    const separator = path.includes('?') ? '&' : '?';
    return `${path}${separator}quality=${quality}${hash ? `#${hash}` : ''}`;
  }
  if (media?.publicId && cdnBase) {
    return `${cdnBase.replace(/\/+$/, '')}/video/upload/${transformation(quality)}/${media.publicId}.mp4`;
  }
  return null;
}
