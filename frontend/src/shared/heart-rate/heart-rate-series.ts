import type { HeartRateSeriesInputDto } from '../api/generated-api';

/**
 * The 1 Hz series a completion carries (ADR 0133): `samples[i]` is the BPM shown at second `i`
 * of the time trained, null where none was fresh. A second keeps the first real reading it got.
 */
export type HeartRateSamples = readonly (number | null)[];

export function sampleSecond(samples: HeartRateSamples, second: number, bpm: number | null): HeartRateSamples {
  if (second < 0 || !Number.isInteger(second)) return samples;
  if (second < samples.length && (samples[second] !== null || bpm === null)) return samples;
  const next = samples.length > second ? [...samples] : [...samples, ...Array<null>(second + 1 - samples.length).fill(null)];
  next[second] = bpm;
  return next;
}

/**
 * What the completion sends: the seconds trained, then the readings of the minute after the end
 * when there are any (for the 1-minute recovery); nothing at all when the sensor never gave a
 * reading while training.
 */
export function seriesForCompletion(samples: HeartRateSamples, durationSec: number, recovery: HeartRateSamples = []): HeartRateSeriesInputDto | undefined {
  const trained = samples.slice(0, durationSec);
  if (!trained.some((bpm) => bpm !== null)) return undefined;
  const after = recovery.some((bpm) => bpm !== null) ? recovery : [];
  return { samples: [...trained, ...Array<null>(Math.max(0, durationSec - trained.length)).fill(null), ...after] };
}
