import { describe, expect, it } from 'vitest';
import type { BoardParticipantDto, BoardZoneDto } from '../../../shared/api/generated-api';
import { boardColumns, tileView, UNASSIGNED_NOTICE_MS, unassignedNotices } from './board-tiles';
import { ReadingsOutbox } from './readings-outbox';

const zones: BoardZoneDto[] = [
  { zone: 1, name: 'Suave', color: '#9CA3AF' },
  { zone: 2, name: 'Ligera', color: '#3B82F6' },
  { zone: 3, name: 'Moderada', color: '#22C55E' },
  { zone: 4, name: 'Intensa', color: '#F97316' },
  { zone: 5, name: 'Máxima', color: '#EF4444' },
];

const at = Date.parse('2026-11-24T18:00:10.000Z');
const participant: BoardParticipantDto = {
  sensorId: 'Polar H10 1',
  kind: 'member',
  label: 'Carla M.',
  fullName: 'Carla Martínez',
  userId: 'u1',
  bookingId: null,
  maxHr: 180,
  bpm: 150,
  lastReadingAt: new Date(at).toISOString(),
  pctMax: 83,
  zone: 4,
  points: 12,
  secondsInZone: [0, 0, 60, 180, 0],
};

describe('board tiles', () => {
  it('shows the last reading with its zone while it is at most 5 s old, then greys out keeping the points', () => {
    const fresh = tileView(participant, zones, at + 5_000);
    expect(fresh).toMatchObject({ bpm: 150, pctMax: 83, stale: false, points: 12 });
    expect(fresh.zone?.name).toBe('Intensa');
    expect(fresh.zoneShares.map((part) => part.share)).toEqual([0, 0, 0.25, 0.75, 0]);
    const stale = tileView(participant, zones, at + 5_001);
    expect(stale).toMatchObject({ bpm: null, pctMax: null, zone: null, stale: true, points: 12 });
  });

  it('greys out a participant who never sent a reading, with an empty bar', () => {
    const tile = tileView({ ...participant, bpm: null, lastReadingAt: null, pctMax: null, zone: null, points: 0, secondsInZone: [0, 0, 0, 0, 0] }, zones, at);
    expect(tile.stale).toBe(true);
    expect(tile.zoneShares.every((part) => part.share === 0)).toBe(true);
  });

  it('uses fewer, larger tiles for a small class', () => {
    expect([1, 3, 4, 6, 9, 12, 16, 20].map(boardColumns)).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
  });
});

describe('readings outbox', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    };
  }

  it('keeps readings until the server takes a batch, across a reload, and forgets only what was sent', () => {
    const storage = memoryStorage();
    const outbox = new ReadingsOutbox('class-1', storage);
    outbox.add({ sensorId: 'A', at: '2026-11-24T18:00:01.000Z', bpm: 120 });
    outbox.add({ sensorId: 'A', at: '2026-11-24T18:00:02.000Z', bpm: 121 });
    const batch = outbox.next();
    outbox.add({ sensorId: 'B', at: '2026-11-24T18:00:03.000Z', bpm: 99 });
    const reloaded = new ReadingsOutbox('class-1', storage);
    expect(reloaded.size).toBe(3);
    outbox.sent(batch);
    expect(outbox.next()).toEqual([{ sensorId: 'B', at: '2026-11-24T18:00:03.000Z', bpm: 99 }]);
    expect(new ReadingsOutbox('class-1', storage).size).toBe(1);
    expect(new ReadingsOutbox('class-2', storage).size).toBe(0);
    outbox.clear();
    expect(storage.items.size).toBe(0);
  });
});

describe('the notice of straps nobody wears', () => {
  const strap = (sensorId: string, lastReadingAt: string | null) => ({ sensorId, bpm: 140, lastReadingAt });

  it('names a strap while its readings keep arriving, and drops it after half a minute of silence', () => {
    const sensors = [strap('Banda 3', new Date(at).toISOString())];
    expect(unassignedNotices(sensors, at)).toEqual(sensors);
    expect(unassignedNotices(sensors, at + UNASSIGNED_NOTICE_MS)).toEqual(sensors);
    expect(unassignedNotices(sensors, at + UNASSIGNED_NOTICE_MS + 1)).toEqual([]);
  });

  it('keeps each strap apart, and names none without a reading time', () => {
    const fresh = strap('Banda 1', new Date(at - 1_000).toISOString());
    const old = strap('Banda 2', new Date(at - 60_000).toISOString());
    expect(unassignedNotices([fresh, old, strap('Banda 4', null)], at)).toEqual([fresh]);
    expect(unassignedNotices([], at)).toEqual([]);
  });
});
