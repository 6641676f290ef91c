/**
 * The heart-rate rules of the platform, in one pure file (docs/heart-rate.md states each
 * with its source): maximum heart rate, the five zones and their Puntos Pulso, the session
 * badge, energy expenditure, the summary of a 1 Hz series and when the platform raises a
 * member's maximum. The SPA receives the zones from the API and keeps no copy of them.
 */

/**
 * The consent notice in force (its text is in docs/heart-rate.md). A new wording gets a new
 * version, and consent given to an older one no longer counts as consent to it.
 */
export const HEART_RATE_NOTICE_VERSION = '2026-11-24.3';

/** The age assumed for the maximum when the profile has no date of birth. */
export const DEFAULT_AGE = 30;

/**
 * The workout id a class on the studio board is listed under in the history (issue 19, ADR 0180):
 * not a catalogue workout; the history names it after the class of the day.
 */
export const STUDIO_CLASS_WORKOUT_ID = 'studio-class';

/** `raised`: the platform raised it after a session held above the estimate (see `raisedMaxHr`). */
export type MaxHrSource = 'age' | 'default' | 'measured' | 'raised';

/** A maximum the member measured (a stress test, a field test) and entered: whole bpm in this range. */
export const MEASURED_MAX_HR_RANGE = { min: 100, max: 230 } as const;

export type HeartRateZoneNumber = 1 | 2 | 3 | 4 | 5;

export interface HeartRateZoneRule {
  zone: HeartRateZoneNumber;
  name: string;
  color: string;
  /** Lowest % of max HR of the zone; the zone runs up to the next one's `minPct`. */
  minPct: number;
  pointsPerMinute: number;
}

export interface HeartRateZone extends HeartRateZoneRule {
  /** Lowest whole bpm in the zone for a given max: `bpm >= minBpm` ⇔ `bpm / max >= minPct %`. */
  minBpm: number;
}

/** Myzone's bands (50/60/70/80/90 %) and its points per minute (1/2/3/4/4); nothing below 50 %. */
export const HEART_RATE_ZONES: readonly HeartRateZoneRule[] = [
  { zone: 1, name: 'Suave', color: '#9CA3AF', minPct: 50, pointsPerMinute: 1 },
  { zone: 2, name: 'Ligera', color: '#3B82F6', minPct: 60, pointsPerMinute: 2 },
  { zone: 3, name: 'Moderada', color: '#22C55E', minPct: 70, pointsPerMinute: 3 },
  { zone: 4, name: 'Intensa', color: '#F97316', minPct: 80, pointsPerMinute: 4 },
  { zone: 5, name: 'Máxima', color: '#EF4444', minPct: 90, pointsPerMinute: 4 },
];

/** A session earns its badge with at least 12 minutes at 84 % of max HR or more. */
export const SESSION_BADGE = { minPct: 84, minutes: 12 } as const;

/** Puntos Pulso a member aims for in a month (Myzone's 1 300 MEPs), shown as a target. */
export const MONTHLY_POINTS_TARGET = 1300;

/** The platform raises the maximum after this many consecutive seconds above it … */
export const MAX_HR_RAISE_SUSTAINED_SEC = 30;
/** … by at most this many bpm at a time. */
export const MAX_HR_RAISE_LIMIT_BPM = 10;

/**
 * Tanaka, Monahan & Seals 2001: 208 − 0.7 · age, rounded to the nearest bpm. Computed in
 * tenths so that 0.7 · age is exact (208 − 0.7 · 25 must be 190.5 before rounding, never 190.49…).
 */
export function tanakaMaxHr(age: number): number {
  return Math.round((2080 - 7 * age) / 10);
}

/**
 * The member's maximum: Tanaka at their age (or the default age), unless a session raised it
 * higher. A raise is evidence and outlives birthdays; a date of birth corrected to a younger
 * age that estimates more than the raise wins again.
 */
export function maxHrFor(age: number | null, raised: number | null = null, measured: number | null = null): { maxHr: number; maxHrSource: MaxHrSource } {
  // A measured maximum replaces the estimate; a session may still raise it later (ADR 0147).
  if (measured !== null) return raised !== null && raised > measured ? { maxHr: raised, maxHrSource: 'raised' } : { maxHr: measured, maxHrSource: 'measured' };
  const estimate = tanakaMaxHr(age ?? DEFAULT_AGE);
  if (raised !== null && raised > estimate) return { maxHr: raised, maxHrSource: 'raised' };
  return { maxHr: estimate, maxHrSource: age === null ? 'default' : 'age' };
}

/** `ceil(pct · max / 100)` in integers, so a bpm's zone by `minBpm` and by % always agree. */
function minBpmOf(minPct: number, maxHr: number): number {
  return Math.ceil((minPct * maxHr) / 100);
}

export function zonesFor(maxHr: number): HeartRateZone[] {
  return HEART_RATE_ZONES.map((zone) => ({ ...zone, minBpm: minBpmOf(zone.minPct, maxHr) }));
}

/** The zone of a bpm, or null below 50 % of max. */
export function zoneOf(bpm: number, maxHr: number): HeartRateZoneRule | null {
  let found: HeartRateZoneRule | null = null;
  for (const zone of HEART_RATE_ZONES) if (bpm * 100 >= zone.minPct * maxHr) found = zone;
  return found;
}

export function pointsPerMinuteAt(bpm: number, maxHr: number): number {
  return zoneOf(bpm, maxHr)?.pointsPerMinute ?? 0;
}

/** Whether a bpm counts towards the session badge (≥ 84 % of max). */
export function countsForBadge(bpm: number, maxHr: number): boolean {
  return bpm * 100 >= SESSION_BADGE.minPct * maxHr;
}

export type EnergyGender = 'male' | 'female' | 'other' | null;

export interface EnergyProfile {
  gender: EnergyGender;
  weightKg: number;
  age: number;
  maxHr: number;
}

const KJ_PER_KCAL = 4.184;

/**
 * Keytel et al. 2005, the equations without VO2max, in kJ/min, converted to kcal/min.
 * 'other' or unknown gender takes the mean of both equations. Below 50 % of max HR the
 * equations are not valid (they were fitted on exercise) and count nothing; they can go
 * negative at low heart rates, so the result is clamped at 0.
 */
export function kcalPerMinute(bpm: number, { gender, weightKg, age, maxHr }: EnergyProfile): number {
  if (zoneOf(bpm, maxHr) === null) return 0;
  const men = -55.0969 + 0.6309 * bpm + 0.1988 * weightKg + 0.2017 * age;
  const women = -20.4022 + 0.4472 * bpm - 0.1263 * weightKg + 0.074 * age;
  const kj = gender === 'male' ? men : gender === 'female' ? women : (men + women) / 2;
  return Math.max(0, kj / KJ_PER_KCAL);
}

/**
 * A session's 1 Hz heart rate: `samples[i]` is the bpm at second `i` of training (paused time
 * is not a second of training), null where the sensor sent nothing. Indices from `durationSec`
 * on were recorded after the end (the cool-down), and only serve the recovery.
 */
export interface HeartRateSeries {
  samples: readonly (number | null)[];
  durationSec: number;
}

export interface SummaryMember {
  maxHr: number;
  age: number;
  gender: EnergyGender;
  /** Without a weight there is no energy estimate. */
  weightKg: number | null;
}

export interface HeartRateSummary {
  avgBpm: number | null;
  maxBpm: number | null;
  /** Seconds with a sample in zones 1 to 5 (index 0 is zone 1). */
  secondsInZone: [number, number, number, number, number];
  secondsAtBadgeIntensity: number;
  points: number;
  kcal: number | null;
  badge: boolean;
  /** Seconds of the session with a sample. */
  samples: number;
  /** bpm at the end minus bpm a minute later, when both were recorded. */
  recovery1MinBpm: number | null;
}

/** Readings a completion may carry: 3 hours and the recovery minute (keeps the body under 64 KB). */
export const MAX_SERIES_SAMPLES = 3 * 3600 + 65;

/** A reading outside this range is not a human heart rate (a sensor sends null, never 0, without contact). */
export const BPM_RANGE = { min: 20, max: 300 } as const;

export function isBpmSample(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value >= BPM_RANGE.min && value <= BPM_RANGE.max);
}

/** An R–R interval outside this range (in ms: 300 to 20 bpm) is a sensor artefact, never a beat. */
export const RR_MS_RANGE = { min: 200, max: 3000 } as const;

/**
 * R–R intervals a completion may carry (ADR 0146). Sixteen thousand values of four characters
 * already fill the 64 KB body; the player sends fewer, as many as fit beside the 1 Hz series
 * (about 75 minutes at 150 bpm next to a 45-minute series), and never lets them cost the completion.
 */
export const MAX_RR_INTERVALS = 16_000;

/**
 * A session's R–R intervals as kept beside its 1 Hz series (ADR 0146): `ms` in the order received
 * and, for each second trained from the start, how many of them arrived in it (`counts[i]`).
 */
export interface HeartRateRr {
  ms: readonly number[];
  counts: readonly number[];
}

/**
 * The notices whose words name the intervals between beats (from `2026-11-24.3`): only a member who
 * consented to one of them has their R–R intervals kept. A new wording that still names them is
 * added here.
 */
const NOTICES_NAMING_RR: ReadonlySet<string> = new Set(['2026-11-24.3']);

export function noticeCoversRr(noticeVersion: string | null | undefined): boolean {
  return noticeVersion !== null && noticeVersion !== undefined && NOTICES_NAMING_RR.has(noticeVersion);
}

export function isRrInterval(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RR_MS_RANGE.min && value <= RR_MS_RANGE.max;
}

/** Whether `counts` are whole numbers that add up to `ms.length`, with no more seconds than the series has. */
export function rrCountsMatch(rr: { ms: unknown; counts: unknown }, seconds: number): boolean {
  const { ms, counts } = rr;
  if (!Array.isArray(ms) || !Array.isArray(counts) || counts.length > seconds) return false;
  let total = 0;
  for (const count of counts) {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return false;
    total += count;
  }
  return total === ms.length;
}

/** What a summary needs to know of the member: the maximum and the energy inputs, with the default age when unknown. */
export function summaryMemberFor(
  age: number | null,
  raisedMaxHr: number | null,
  gender: EnergyGender,
  weightKg: number | null,
  measuredMaxHr: number | null = null,
): SummaryMember {
  return { maxHr: maxHrFor(age, raisedMaxHr, measuredMaxHr).maxHr, age: age ?? DEFAULT_AGE, gender, weightKg };
}

/** How far from the exact second the recovery looks for a sample (sensors skip a beat now and then). */
const RECOVERY_TOLERANCE_SEC = 5;

/**
 * Points accrue per second at the zone's rate (a 30 s stretch in zone 4 is 2 points) and the
 * session total is the whole points earned, floored; kcal is rounded to the nearest whole one.
 */
export function summarize(series: HeartRateSeries, member: SummaryMember): HeartRateSummary {
  const secondsInZone: HeartRateSummary['secondsInZone'] = [0, 0, 0, 0, 0];
  let total = 0;
  let samples = 0;
  let maxBpm: number | null = null;
  let pointSeconds = 0;
  let badgeSeconds = 0;
  let kcal = 0;
  const end = Math.min(series.durationSec, series.samples.length);
  for (let second = 0; second < end; second++) {
    const bpm = series.samples[second];
    if (bpm === null || bpm === undefined) continue;
    samples++;
    total += bpm;
    maxBpm = maxBpm === null ? bpm : Math.max(maxBpm, bpm);
    const zone = zoneOf(bpm, member.maxHr);
    if (zone) {
      secondsInZone[zone.zone - 1]++;
      pointSeconds += zone.pointsPerMinute;
    }
    if (countsForBadge(bpm, member.maxHr)) badgeSeconds++;
    if (member.weightKg !== null) {
      kcal += kcalPerMinute(bpm, { gender: member.gender, weightKg: member.weightKg, age: member.age, maxHr: member.maxHr }) / 60;
    }
  }
  return {
    avgBpm: samples === 0 ? null : Math.round(total / samples),
    maxBpm,
    secondsInZone,
    secondsAtBadgeIntensity: badgeSeconds,
    points: Math.floor(pointSeconds / 60),
    kcal: member.weightKg === null ? null : Math.round(kcal),
    badge: badgeSeconds >= SESSION_BADGE.minutes * 60,
    samples,
    recovery1MinBpm: recoveryOf(series),
  };
}

/** The last sample of the session (within 5 s of its end) minus the first one 60 s later (within 5 s). */
function recoveryOf({ samples, durationSec }: HeartRateSeries): number | null {
  const last = durationSec - 1;
  let atEnd: number | null = null;
  for (let second = last; second >= Math.max(0, last - RECOVERY_TOLERANCE_SEC); second--) {
    const bpm = samples[second];
    if (bpm !== null && bpm !== undefined) {
      atEnd = bpm;
      break;
    }
  }
  if (atEnd === null) return null;
  for (let second = last + 60; second <= last + 60 + RECOVERY_TOLERANCE_SEC && second < samples.length; second++) {
    const bpm = samples[second];
    if (bpm !== null && bpm !== undefined) return atEnd - bpm;
  }
  return null;
}

/**
 * The raised maximum a series justifies, or null. A reading above the maximum held for 30
 * consecutive seconds (a missing sample breaks the run) shows the maximum is too low: it
 * rises to the highest level held for 30 s (the best 30 s window's lowest bpm), by at most
 * 10 bpm, because one session may carry a sensor glitch the next ones correct.
 */
export function raisedMaxHr(samples: readonly (number | null)[], maxHr: number): number | null {
  let best: number | null = null;
  for (let start = 0; start + MAX_HR_RAISE_SUSTAINED_SEC <= samples.length; start++) {
    let lowest = Infinity;
    for (let second = start; second < start + MAX_HR_RAISE_SUSTAINED_SEC; second++) {
      const bpm = samples[second];
      if (bpm === null || bpm === undefined || bpm <= maxHr) {
        lowest = -Infinity;
        break;
      }
      lowest = Math.min(lowest, bpm);
    }
    if (lowest !== -Infinity && (best === null || lowest > best)) best = lowest;
  }
  return best === null ? null : Math.min(best, maxHr + MAX_HR_RAISE_LIMIT_BPM);
}
