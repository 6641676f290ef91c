import type { HeartRateProfileDto, HeartRateZoneDto } from '../api/generated-api';
import { STALE_AFTER_MS, type SensorReading } from './sensor-machine';

/**
 * Where a live BPM sits for this member. The thresholds, names, colours and points all come
 * from the API's heart-rate profile (the backend's rules, issue 18): the SPA keeps no copy.
 */
export type ZoneProfile = Pick<HeartRateProfileDto, 'maxHr' | 'zones' | 'badge'>;

export interface LiveZone {
  /** Null below the first zone (under 50 % of max HR): no zone, no points. */
  zone: HeartRateZoneDto | null;
  /** Percentage of max HR, rounded for display. */
  pctOfMax: number;
}

export function liveZone(profile: ZoneProfile, bpm: number): LiveZone {
  const zone = profile.zones.reduce<HeartRateZoneDto | null>(
    (found, candidate) => (bpm >= candidate.minBpm && (!found || candidate.minBpm > found.minBpm) ? candidate : found),
    null,
  );
  return { zone, pctOfMax: Math.round((bpm * 100) / profile.maxHr) };
}

/** Puntos Pulso and time towards the session badge, integrated over the readings received. */
export interface PointsTally {
  points: number;
  badgeMs: number;
  last: { at: number; pointsPerMinute: number; badge: boolean } | null;
}

export const emptyTally: PointsTally = { points: 0, badgeMs: 0, last: null };

/**
 * Adds one reading. The time since the previous reading earns that reading's zone rate; a gap of
 * 5 s or more (no signal, a drop) earns nothing, so points never come from stale data.
 */
export function tallyReading(tally: PointsTally, profile: ZoneProfile, reading: SensorReading): PointsTally {
  const { zone } = liveZone(profile, reading.bpm);
  const next = { at: reading.at, pointsPerMinute: zone?.pointsPerMinute ?? 0, badge: reading.bpm * 100 >= profile.badge.minPct * profile.maxHr };
  const { last } = tally;
  if (last && reading.at <= last.at) return tally;
  if (!last || reading.at - last.at >= STALE_AFTER_MS) return { ...tally, last: next };
  const elapsed = reading.at - last.at;
  return {
    points: tally.points + (elapsed / 60_000) * last.pointsPerMinute,
    badgeMs: tally.badgeMs + (last.badge ? elapsed : 0),
    last: next,
  };
}

/** Whole points only: a member sees a point once it is earned. */
export function pointsEarned(tally: PointsTally): number {
  return Math.floor(tally.points + 1e-9);
}

export function badgeEarned(tally: PointsTally, profile: ZoneProfile): boolean {
  return tally.badgeMs >= profile.badge.minutes * 60_000;
}
