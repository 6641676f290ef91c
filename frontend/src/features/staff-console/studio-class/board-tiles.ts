import type { BoardParticipantDto, BoardZoneDto, UnassignedSensorDto } from '../../../shared/api/generated-api';

/** A tile with no reading fresher than this greys out (the server's rule, ADR 0182). */
export const BOARD_STALE_AFTER_MS = 5_000;

export interface TileView {
  sensorId: string;
  label: string;
  /** Null when the tile is greyed out: no reading in the last 5 s. */
  bpm: number | null;
  pctMax: number | null;
  zone: BoardZoneDto | null;
  points: number;
  /** Shares of the class's time in zones 1 to 5, for the bar (0–1 each). */
  zoneShares: { zone: BoardZoneDto; share: number }[];
  stale: boolean;
}

/** What a tile shows at `now` (the board PC's clock, the one that timed the readings). */
export function tileView(participant: BoardParticipantDto, zones: readonly BoardZoneDto[], now: number): TileView {
  const lastAt = participant.lastReadingAt ? Date.parse(participant.lastReadingAt) : Number.NaN;
  const stale = !Number.isFinite(lastAt) || now - lastAt > BOARD_STALE_AFTER_MS || participant.bpm === null;
  const total = participant.secondsInZone.reduce((sum, seconds) => sum + seconds, 0);
  return {
    sensorId: participant.sensorId,
    label: participant.label,
    bpm: stale ? null : participant.bpm,
    pctMax: stale ? null : participant.pctMax,
    zone: stale ? null : (zones.find((zone) => zone.zone === participant.zone) ?? null),
    points: participant.points,
    zoneShares: zones.map((zone, index) => ({ zone, share: total === 0 ? 0 : (participant.secondsInZone[index] ?? 0) / total })),
    stale,
  };
}

/** Columns for `count` tiles on a 16:9 screen: big tiles for a small class, never a scroll. */
export function boardColumns(count: number): number {
  if (count <= 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  if (count <= 16) return 4;
  return 5;
}

/** How long after its last reading a strap nobody wears stays on the board's notice. */
export const UNASSIGNED_NOTICE_MS = 30_000;

/**
 * The straps to name on the board's notice at `now`: readings reach the class from them while
 * nobody wears them (issue 37), so the desk assigns them instead of losing a member's class. A
 * strap left on a bench stops being news once it has been silent for half a minute.
 */
export function unassignedNotices(sensors: readonly UnassignedSensorDto[], now: number): UnassignedSensorDto[] {
  return sensors.filter((sensor) => {
    const lastAt = sensor.lastReadingAt ? Date.parse(sensor.lastReadingAt) : Number.NaN;
    return Number.isFinite(lastAt) && now - lastAt <= UNASSIGNED_NOTICE_MS;
  });
}
