import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { seedEvents } from '../../../test/support/seed-events';
import type { NewEvent, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres/postgres-event-store';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { projectBatches, quietLog } from '../../infrastructure/projections/testing/projection-test-kit';
import { memberStreamName } from '../members/member.events';
import { ACTIVITY_LOG, ACTIVITY_STREAMS, staffActivityProjection } from './staff-activity.projection';
import { freeClassBookingStreamName } from '../free-class-bookings/free-class-bookings.events';
import { staffStreamName } from './staff-events';

/**
 * The staff console's read model: one row per event in log order, whatever the batch
 * size, the same after a rebuild as built live, and a batch delivered twice changes nothing.
 */

const START = Date.parse('2026-06-01T12:00:00.000Z');

/** A mixed history over member, booking and staff streams; times are not in log order (late records). */
function history(count: number): Array<{ streamId: string; event: NewEvent }> {
  const members = Array.from({ length: 6 }, () => randomUUID());
  const staff = randomUUID();
  const booking = randomUUID();
  return Array.from({ length: count }, (_, i) => {
    const occurredAt = new Date(START + (i % 7 === 3 ? -i : i) * 60_000).toISOString();
    const eventId = randomUUID();
    const member = members[i % members.length]!;
    let streamId = memberStreamName(member);
    let type = i % 5 === 0 ? 'ProfileUpdated' : 'WorkoutCompleted';
    let data: Record<string, unknown> = { occurredAt, n: i };
    let actor = { userId: member, role: 'member' };
    if (i % 11 === 4) {
      streamId = freeClassBookingStreamName(booking);
      type = 'FreeClassOutcomeRecorded';
      data = { bookingId: booking, outcome: i % 2 ? 'attended' : 'no-show', occurredAt };
      actor = { userId: staff, role: 'staff' };
    } else if (i % 13 === 6) {
      streamId = staffStreamName(staff);
      type = 'StaffExportDownloaded';
      data = { export: 'activity-log', filters: { q: 'ñandú "comillas"' }, occurredAt };
      actor = { userId: staff, role: 'staff' };
    }
    return { streamId, event: { type, data, metadata: { eventId, correlationId: eventId, causationId: eventId, actor, occurredAt, schemaVersion: 1 } } };
  });
}

describe('staff_activity projection (PostgreSQL)', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 8 });
    store = new PostgresEventStore(pool);
  });

  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  async function readModel(): Promise<{ log: Record<string, unknown>[]; streams: Record<string, unknown>[] }> {
    const log = await pool.query(
      `SELECT seq::text AS seq, position, event_id::text, stream_id, revision::text, event_type, occurred_at, data::text, metadata::text FROM ${ACTIVITY_LOG} ORDER BY ${ACTIVITY_LOG}.seq`,
    );
    const streams = await pool.query(`SELECT * FROM ${ACTIVITY_STREAMS} ORDER BY stream_id`);
    return { log: log.rows, streams: streams.rows };
  }

  it('built live holds every event in log order; a rebuild gives the same tables back', async () => {
    const engine = new ProjectionEngine(pool, store, { batchSize: 4, superviseIntervalMs: 200, log: quietLog });
    engine.register(staffActivityProjection);
    await engine.start();
    try {
      let position = '';
      const events = history(120);
      for (let i = 0; i < events.length;) {
        // Appends of one to three events at a time, as the API makes them.
        const streamId = events[i]!.streamId;
        const group = [events[i]!.event];
        while (group.length < 3 && events[i + group.length]?.streamId === streamId && i % 2 === 0) group.push(events[i + group.length]!.event);
        position = await seedEvents(store, streamId, group);
        i += group.length;
      }
      expect((await engine.waitFor(position, { projections: [staffActivityProjection.name] }, 30_000)).reached).toBe(true);
      const live = await readModel();

      // The order key follows the log: same events, same order, positions as the store gives them.
      const stored: RecordedEvent[] = [];
      for (let page = await store.readAll({ maxCount: 50 }); page.length > 0; page = await store.readAll({ after: page.at(-1)!.position, maxCount: 50 })) {
        stored.push(...page);
      }
      expect(stored).toHaveLength(events.length);
      expect(live.log.map((row) => row.event_id)).toEqual(stored.map((event) => event.metadata.eventId));
      expect(live.log.map((row) => row.position)).toEqual(stored.map((event) => event.position));
      expect(live.log.map((row) => Number(row.seq))).toEqual(stored.map((_, index) => index + 1));
      const exported = live.log.find((row) => row.event_type === 'StaffExportDownloaded')!;
      expect(JSON.parse(exported.data as string)).toMatchObject({ filters: { q: 'ñandú "comillas"' } });
      expect(JSON.parse(exported.metadata as string)).toMatchObject({ actor: { role: 'staff' }, schemaVersion: 1 });
      // Times are the events' own (occurredAt), not the log's: some happened before earlier entries.
      const late = live.log.filter((row, index) => index > 0 && (row.occurred_at as Date) < (live.log[index - 1]!.occurred_at as Date));
      expect(late.length).toBeGreaterThan(5);

      const perStream = new Map<string, { events: number; last: number }>();
      for (const event of stored) {
        const entry = perStream.get(event.streamId) ?? { events: 0, last: 0 };
        entry.events += 1;
        entry.last = Math.max(entry.last, Date.parse(event.metadata.occurredAt));
        perStream.set(event.streamId, entry);
      }
      expect(live.streams).toHaveLength(perStream.size);
      for (const row of live.streams) {
        const expected = perStream.get(row.stream_id as string)!;
        expect(Number(row.events)).toBe(expected.events);
        expect((row.last_activity_at as Date).getTime()).toBe(expected.last);
        expect(row.member_id).toBe((row.stream_id as string).startsWith('member-') ? (row.stream_id as string).slice('member-'.length) : null);
      }

      const [generation] = await engine.rebuild(staffActivityProjection.name);
      expect(await engine.waitUntilActive(staffActivityProjection.name, generation!, 60_000)).toBe(true);
      expect(await readModel()).toEqual(live);
    } finally {
      await engine.stop();
    }
  }, 120_000);

  it('is the same whatever the batch size, and a batch delivered again inserts nothing', async () => {
    const events: RecordedEvent[] = history(60).map(({ streamId, event }, index) => ({
      // Plain objects of the port's shape: the projection needs nothing of a particular store.
      streamId,
      revision: BigInt(index),
      position: `p${String(index).padStart(6, '0')}`,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    }));
    const project = async (_: string, batches: RecordedEvent[][]) => {
      const table = await projectBatches(pool, staffActivityProjection, batches);
      const log = await pool.query(
        `SELECT position, event_id::text, stream_id, revision::text, event_type, occurred_at, data::text FROM ${table(ACTIVITY_LOG)} ORDER BY seq`,
      );
      const streams = await pool.query(`SELECT stream_id, member_id, events::int, last_activity_at FROM ${table(ACTIVITY_STREAMS)} ORDER BY stream_id`);
      return { log: log.rows, streams: streams.rows };
    };
    const whole = await project('whole', [events]);
    expect(whole.log.map((row) => row.position)).toEqual(events.map((event) => event.position));
    const single = await project(
      'single',
      events.map((event) => [event]),
    );
    expect(single).toEqual(whole);
    // The first 25 delivered again in the next batch (a checkpoint lost after a commit), then once more at the end.
    const again = await project('again', [events.slice(0, 25), events.slice(0, 40), events.slice(40), events.slice(10, 30)]);
    expect(again).toEqual(whole);
  });
  it('hides the heart-rate figures before a member’s HeartRateDataDeleted, and only theirs and only before it, whatever the batches', async () => {
    const [member, other] = [randomUUID(), randomUUID()];
    const summary = { avgBpm: 150, maxBpm: 170, secondsInZone: [0, 0, 0, 600, 0], points: 40 };
    const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
    const script: Array<[string, string, Record<string, unknown>]> = [
      [member, 'WorkoutCompleted', { completionId: 'c1', durationSec: 600, heartRate: summary, occurredAt: at(1) }],
      [member, 'MaxHeartRateRaised', { maxHr: 191, previousMaxHr: 187, completionId: 'c1', occurredAt: at(1) }],
      [other, 'WorkoutCompleted', { completionId: 'o1', durationSec: 600, heartRate: summary, occurredAt: at(2) }],
      [member, 'WorkoutCompleted', { completionId: 'c2', durationSec: 300, occurredAt: at(3) }],
      [member, 'HeartRateConsentWithdrawn', { occurredAt: at(4) }],
      [member, 'HeartRateDataDeleted', { occurredAt: at(4) }],
      [member, 'WorkoutCompleted', { completionId: 'c3', durationSec: 600, heartRate: summary, occurredAt: at(5) }],
    ];
    const events: RecordedEvent[] = script.map(([userId, type, data], index) => {
      const eventId = randomUUID();
      return {
        streamId: memberStreamName(userId),
        revision: BigInt(index),
        position: `h${String(index).padStart(6, '0')}`,
        type,
        data,
        metadata: {
          eventId,
          correlationId: eventId,
          causationId: eventId,
          actor: { userId, role: 'member' },
          occurredAt: data.occurredAt as string,
          schemaVersion: 1,
        },
      };
    });
    const project = async (_: string, batches: RecordedEvent[][]) => {
      const table = await projectBatches(pool, staffActivityProjection, batches);
      const { rows } = await pool.query<{ data: Record<string, unknown> }>(`SELECT data FROM ${table(ACTIVITY_LOG)} ORDER BY seq`);
      return rows.map((row) => row.data);
    };
    const whole = await project('whole', [events]);
    expect(whole).toEqual([
      { completionId: 'c1', durationSec: 600, occurredAt: at(1), heartRateDeleted: true },
      { completionId: 'c1', occurredAt: at(1), heartRateDeleted: true },
      { completionId: 'o1', durationSec: 600, heartRate: summary, occurredAt: at(2) },
      { completionId: 'c2', durationSec: 300, occurredAt: at(3) },
      { occurredAt: at(4) },
      { occurredAt: at(4) },
      { completionId: 'c3', durationSec: 600, heartRate: summary, occurredAt: at(5) },
    ]);
    expect(
      await project(
        'single',
        events.map((event) => [event]),
      ),
    ).toEqual(whole);
    expect(await project('split', [events.slice(0, 3), events.slice(3, 6), events.slice(6)])).toEqual(whole);
  });
});
