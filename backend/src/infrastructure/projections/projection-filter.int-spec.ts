import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import type { NewEvent, RecordedEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, totalsFromLog, totalsFromReadModel } from './testing/projection-test-kit';
import { sampleEvent } from './testing/sample-events';
import { SAMPLE_EVENT_TYPES, sampleMemberActivityProjection } from './testing/sample-member-activity.projection';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let log: SampleLog;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 20 });
  store = new PostgresEventStore(pool);
  log = new SampleLog(store, 5);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

const NAME = 'sample_member_activity';

function unrelated(type = 'UnrelatedHappened'): NewEvent {
  const id = randomUUID();
  return {
    type,
    data: { note: 'not for the sample projection' },
    metadata: {
      eventId: id,
      correlationId: id,
      causationId: id,
      actor: { userId: 'u', role: 'staff' },
      occurredAt: '2026-11-23T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

async function appendUnrelated(count: number): Promise<string> {
  let position = '';
  for (let i = 0; i < count; i++) position = (await store.append(`other-${randomUUID()}`, [unrelated()], { expectedRevision: 'no-stream' })).position;
  return position;
}

/**
 * The readers' horizon is cluster-wide: a transaction of another test file's database can hold
 * it back for a moment. Direct page reads below wait until every event written here is behind it.
 */
async function horizonPassed(): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (await store.hasHeldBackEvents()) {
    if (Date.now() > deadline) throw new Error('Events still held back by the horizon after 15 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function checkpointOf(name: string): Promise<string | undefined> {
  const result = await pool.query<{ position: string | null }>(`SELECT position FROM projection_generations WHERE name = $1 AND status = 'active'`, [name]);
  return result.rows[0]?.position ?? undefined;
}

describe('Projections filtered by event type in the store', () => {
  it('reads only the handled types and reports how far the read covered the log', async () => {
    await log.append(40);
    const tail = await appendUnrelated(15);
    await horizonPassed();
    const page = await store.readPage(undefined, 1000, SAMPLE_EVENT_TYPES, true);
    expect(page.events).toHaveLength(40);
    expect(new Set(page.events.map((event) => event.type))).toEqual(new Set(SAMPLE_EVENT_TYPES));
    expect(page.coveredTo).toBe(tail);
    // A full page covers up to its last event only.
    const short = await store.readPage(undefined, 10, SAMPLE_EVENT_TYPES, true);
    expect(short.coveredTo).toBe(short.events[9].position);
    const none = await store.readPage(tail, 1000, SAMPLE_EVENT_TYPES, true);
    expect(none).toEqual({ events: [], coveredTo: undefined });
    // One filtered scan of the log's order (types that are most of the log) reads the same page.
    const dense = await store.readPage(undefined, 1000, SAMPLE_EVENT_TYPES, true, true);
    expect(dense.events.map((event) => event.position)).toEqual(page.events.map((event) => event.position));
    expect(dense.coveredTo).toBe(tail);
    await pool.query('ANALYZE event_store_events');
    expect(await store.isDense(SAMPLE_EVENT_TYPES)).toBe(true);
    expect(await store.isDense(['UnrelatedHappened'])).toBe(false);
    expect(await store.isDense(['NeverWritten'])).toBe(false);
  });

  it('reads a rare type through its own index, never walking the rest of the log', async () => {
    await pool.query(
      `INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata)
       SELECT 'filler', i, gen_random_uuid(), 'FillerHappened', '{}', '{}' FROM generate_series(0, 19999) AS i`,
    );
    await pool.query(`INSERT INTO event_store_streams (stream_id, revision) VALUES ('filler', 19999)`);
    await pool.query('ANALYZE event_store_events');
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT transaction_id, global_position FROM event_store_events
        WHERE event_type = 'UnrelatedHappened' AND (transaction_id, global_position) > ('0'::xid8, 0::bigint)
          AND transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))
        ORDER BY transaction_id, global_position LIMIT 5000`,
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('event_store_events_type_order');
  });

  it('moves the checkpoint past skipped events, answers read-your-writes of mixed appends, and rebuilds onto a log that ends with other types', async () => {
    const handled: RecordedEvent[] = [];
    const projection = sampleMemberActivityProjection();
    const engine = new ProjectionEngine(pool, store, { batchSize: 25, superviseIntervalMs: 200, log: quietLog });
    engine.register({ ...projection, apply: (events, context) => (handled.push(...events), projection.apply(events, context)) });
    await engine.start();
    try {
      // The log's last event, once no other database's transaction holds the cluster-wide horizon before it.
      await horizonPassed();
      const head = (await store.headPosition())!;
      expect((await engine.waitFor(head, { projections: [NAME] }, 15000)).reached).toBe(true);
      expect(await checkpointOf(NAME)).toBe(head);
      expect(handled.every((event) => SAMPLE_EVENT_TYPES.includes(event.type as (typeof SAMPLE_EVENT_TYPES)[number]))).toBe(true);
      expect(handled).toHaveLength(40);

      // One append, a handled event followed by an unhandled one: the write's position is the unhandled one's.
      const { event } = sampleEvent(3, 5);
      const mixed = await store.append('member-mixed', [event, unrelated()], { expectedRevision: 'no-stream' });
      expect((await engine.waitFor(mixed.position, { eventTypes: [event.type] }, 15000)).reached).toBe(true);

      const tail = await appendUnrelated(10);
      expect((await engine.waitFor(tail, { projections: [NAME] }, 15000)).reached).toBe(true);

      const [generation] = await engine.rebuild(NAME);
      expect(await engine.waitUntilActive(NAME, generation, 20000)).toBe(true);
      expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool).then((totals) => withoutUnrelated(totals)));
      expect(handled).toHaveLength(41 + 41);
    } finally {
      await engine.stop();
    }
  });

  it('reads each whole page once for dense readers side by side, each getting its own types and how far the page covered', async () => {
    await log.append(7);
    await appendUnrelated(6);
    await horizonPassed();
    const sharedPool = new Pool({ connectionString: database.url, max: 4 });
    const shared = new PostgresEventStore(sharedPool, {}, { ownsPool: true });
    const reads = jest.spyOn(sharedPool, 'query');
    try {
      const readers = [SAMPLE_EVENT_TYPES, ['UnrelatedHappened']].map((types: readonly string[]) => ({
        types,
        after: undefined as string | undefined,
        events: [] as RecordedEvent[],
        done: false,
      }));
      let pages = 0;
      while (readers.some((reader) => !reader.done)) {
        pages += 1;
        // Both ask for the same page at the same time, as two projections replaying together do.
        const answers = await Promise.all(readers.map((reader) => (reader.done ? undefined : shared.readPage(reader.after, 10, reader.types, true, true))));
        answers.forEach((page, index) => {
          const reader = readers[index]!;
          if (!page) return;
          reader.events.push(...page.events);
          expect(page.events.every((event) => reader.types.includes(event.type))).toBe(true);
          if (page.coveredTo !== undefined) reader.after = page.coveredTo;
          if (!page.full) reader.done = true;
        });
        expect(answers[0]?.coveredTo).toBe(answers[1]?.coveredTo);
      }
      // One read of the log per page for both readers, not one each.
      expect(reads).toHaveBeenCalledTimes(pages);
      const whole = await store.readAll();
      for (const reader of readers) {
        expect(reader.events.map((event) => event.position)).toEqual(whole.filter((event) => reader.types.includes(event.type)).map((event) => event.position));
        expect(reader.after).toBe(whole.at(-1)!.position);
      }
    } finally {
      reads.mockRestore();
      await shared.close();
    }
  });

  it('gives readers of the same dense page the same event objects, so a payload is decoded once for all of them', async () => {
    await log.append(5);
    await horizonPassed();
    const shared = new PostgresEventStore(new Pool({ connectionString: database.url, max: 2 }), {}, { ownsPool: true });
    try {
      const [first, second] = await Promise.all([
        shared.readPage(undefined, 1000, SAMPLE_EVENT_TYPES, true, true),
        shared.readPage(undefined, 1000, SAMPLE_EVENT_TYPES, true, true),
      ]);
      expect(first.events.length).toBeGreaterThan(0);
      expect(second.events).toHaveLength(first.events.length);
      first.events.forEach((event, index) => expect(second.events[index]).toBe(event));
      expect(second.events[0]!.data).toEqual(first.events[0]!.data);
    } finally {
      await shared.close();
    }
  });
});

function withoutUnrelated(totals: Record<string, { workouts: number; enrolments: number }>): Record<string, { workouts: number; enrolments: number }> {
  return Object.fromEntries(Object.entries(totals).filter(([member]) => member !== 'null'));
}
