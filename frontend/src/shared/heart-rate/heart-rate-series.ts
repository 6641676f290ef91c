import type { HeartRateRrInputDto, HeartRateSeriesInputDto } from '../api/generated-api';

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
 * The R–R intervals received, second by second of the time trained (ADR 0146): `rr[i]` lists
 * those that arrived in second `i`, in whole milliseconds.
 */
export type RrSeconds = readonly (readonly number[])[];

/** An interval outside 200–3000 ms (300 to 20 bpm) is a sensor artefact, not a beat: the API refuses it. */
export const RR_MS_RANGE = { min: 200, max: 3000 } as const;

/** The API's cap on the intervals of one completion. */
export const MAX_RR_INTERVALS = 16_000;

/**
 * The largest `heartRate` the completion sends, in characters of JSON (all ASCII): the body limit
 * is 64 KB, and the rest of the body (ids, the timer's description) needs far less than the 4 KB left.
 */
export const MAX_SERIES_JSON = 60 * 1024;

/** The sensor's intervals (in 1/1024 s converted to ms) as the API keeps them: whole ms, beats only. */
export function rrIntervalsOf(rrMs: readonly number[]): number[] {
  return rrMs.map((ms) => Math.round(ms)).filter((ms) => ms >= RR_MS_RANGE.min && ms <= RR_MS_RANGE.max);
}

/** Adds the intervals received to their second trained (after any already there). */
export function collectRr(rr: RrSeconds, second: number, intervals: readonly number[]): RrSeconds {
  if (second < 0 || !Number.isInteger(second) || intervals.length === 0) return rr;
  const next = rr.length > second ? [...rr] : [...rr, ...Array.from({ length: second + 1 - rr.length }, () => [])];
  next[second] = [...next[second]!, ...intervals];
  return next;
}

/**
 * The intervals of the seconds trained, compact: `ms` flat and `counts[i]` how many belong to
 * second `i`. As many seconds as fit, from the start, in {@link MAX_SERIES_JSON} beside the
 * readings and under {@link MAX_RR_INTERVALS}: a long session loses the intervals of its end
 * rather than the completion. Undefined when none were received.
 */
function rrForCompletion(rr: RrSeconds, durationSec: number, samplesJsonLength: number): HeartRateRrInputDto | undefined {
  // `{"samples":[…],"rr":{"ms":[],"counts":[]}}`: each interval and count adds its digits and a comma.
  let size = samplesJsonLength + ',"rr":{"ms":[],"counts":[]}'.length;
  const ms: number[] = [];
  const counts: number[] = [];
  for (let second = 0; second < Math.min(durationSec, rr.length); second++) {
    const beats = rr[second]!;
    const cost = beats.reduce((total, beat) => total + String(beat).length + 1, 0) + String(beats.length).length + 1;
    if (size + cost > MAX_SERIES_JSON || ms.length + beats.length > MAX_RR_INTERVALS) break;
    size += cost;
    ms.push(...beats);
    counts.push(beats.length);
  }
  while (counts.length > 0 && counts.at(-1) === 0) counts.pop();
  return ms.length === 0 ? undefined : { ms, counts };
}

/**
 * What the completion sends: the seconds trained, then the readings of the minute after the end
 * when there are any (for the 1-minute recovery); nothing at all when the sensor never gave a
 * reading while training. The R–R intervals of the time trained go with them when the sensor
 * sent any (ADR 0146).
 */
export function seriesForCompletion(
  samples: HeartRateSamples,
  durationSec: number,
  recovery: HeartRateSamples = [],
  rr: RrSeconds = [],
): HeartRateSeriesInputDto | undefined {
  const trained = samples.slice(0, durationSec);
  if (!trained.some((bpm) => bpm !== null)) return undefined;
  const after = recovery.some((bpm) => bpm !== null) ? recovery : [];
  const series = { samples: [...trained, ...Array<null>(Math.max(0, durationSec - trained.length)).fill(null), ...after] };
  const intervals = rrForCompletion(rr, durationSec, JSON.stringify(series).length);
  return intervals ? { ...series, rr: intervals } : series;
}
