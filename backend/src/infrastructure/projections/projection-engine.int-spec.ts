import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import type { RecordedEvent } from '../event-store/event-store.port';
import { ProjectionEngine } from './projection-engine';
import { sampleEvent } from './testing/sample-events';
import { sampleMemberActivityProjection } from './testing/sample-member-activity.projection';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let appended = 0;
const quiet = { error: () => undefined, info: () => undefined };

async function appendSample(count: number, members = 7): Promise<string> {
  let position = '';
  for (let i = 0; i < count; i++) {
    const { streamId, event } = sampleEvent(appended++, members);
    position = (await store.append(streamId, [event], { expectedRevision: 'any' })).position;
  }
  return position;
}

async function readModel(): Promise<{ totals: unknown[]; days: unknown[] }> {
  const totals = await pool.query('SELECT * FROM sample_member_totals ORDER BY member_id');
  const days = await pool.query('SELECT * FROM sample_member_days ORDER BY member_id, day');
  return { totals: totals.rows, days: days.rows };
}

/** The read model computed directly from the log: what every projection run must converge to. */
async function expectedTotals(): Promise<Record<string, { workouts: number; enrolments: number }>> {
  const result = await pool.query<{ member: string; workouts: string; enrolments: string }>(
    `SELECT data->>'memberId' AS member,
            count(*) FILTER (WHERE event_type = 'SampleWorkoutCompleted') AS workouts,
            count(*) FILTER (WHERE event_type = 'SampleEnrolledInPlan') AS enrolments
       FROM event_store_events GROUP BY 1`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.member, { workouts: Number(row.workouts), enrolments: Number(row.enrolments) }]));
}

async function actualTotals(): Promise<Record<string, { workouts: number; enrolments: number }>> {
  const result = await pool.query<{ member_id: string; workouts: number; enrolments: number }>('SELECT * FROM sample_member_totals');
  return Object.fromEntries(result.rows.map((row) => [row.member_id, { workouts: row.workouts, enrolments: row.enrolments }]));
}

async function until(check: () => Promise<boolean>, timeoutMs = 15000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 30 });
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

describe('ProjectionEngine', () => {
  it('projects the log, moves the checkpoint with the writes and serves read-your-writes', async () => {
    await appendSample(120);
    const engine = new ProjectionEngine(pool, store, { batchSize: 50, log: quiet });
    engine.register(sampleMemberActivityProjection());
    await engine.start();
    try {
      const position = await appendSample(1);
      const waited = await engine.waitFor(position, { eventTypes: ['SampleWorkoutCompleted'] }, 5000);
      expect(waited).toEqual({ reached: true, pending: [] });
      expect(await actualTotals()).toEqual(await expectedTotals());
      const [status] = await engine.status();
      expect(status).toMatchObject({ name: 'sample_member_activity', generation: 1, state: 'running', position });
      expect(await engine.waitFor(position, { eventTypes: ['SomethingElse'] }, 10)).toEqual({ reached: true, pending: [] });
    } finally {
      await engine.stop();
    }
  });

  it('answers a bounded wait with the projections still behind', async () => {
    const engine = new ProjectionEngine(pool, store, { log: quiet });
    engine.register(sampleMemberActivityProjection());
    // Not started: nothing moves the checkpoint.
    const position = await appendSample(1);
    const started = Date.now();
    expect(await engine.waitFor(position, { projections: ['sample_member_activity'] }, 150)).toEqual({
      reached: false,
      pending: ['sample_member_activity'],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('runs one runner per projection across engines and fails over when it stops', async () => {
    const first = new ProjectionEngine(pool, store, { superviseIntervalMs: 100, log: quiet });
    const second = new ProjectionEngine(pool, store, { superviseIntervalMs: 100, log: quiet });
    first.register(sampleMemberActivityProjection());
    second.register(sampleMemberActivityProjection());
    await first.start();
    try {
      // start() launches runners without waiting for their locks: let the first one win before the second starts.
      await until(async () => (await first.status())[0].state === 'running');
      await second.start();
      await until(async () => (await second.status())[0].state === 'standby');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await second.status())[0].state).toBe('standby');
      await first.stop();
      await until(async () => (await second.status())[0].state === 'running');
      const position = await appendSample(30);
      expect((await second.waitFor(position, { projections: ['sample_member_activity'] }, 5000)).reached).toBe(true);
      expect(await actualTotals()).toEqual(await expectedTotals());
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('stops on a failing event in a visible error state, retries with backoff and never skips it', async () => {
    let broken = true;
    let failingId = '';
    const engine = new ProjectionEngine(pool, store, { batchSize: 25, log: quiet });
    engine.register(
      sampleMemberActivityProjection({
        failOn: (event: RecordedEvent) => broken && event.metadata.eventId === failingId,
      }),
    );
    await appendSample(10);
    const { streamId, event } = sampleEvent(appended++, 7);
    failingId = event.metadata.eventId;
    const failingPosition = (await store.append(streamId, [event], { expectedRevision: 'any' })).position;
    const after = await appendSample(10);
    await engine.start();
    try {
      await until(async () => !(await engine.readiness()).ok);
      const readiness = await engine.readiness();
      expect(readiness.details.sample_member_activity).toMatchObject({
        state: 'failed',
        error: { eventId: failingId, position: failingPosition, message: expect.stringContaining('refuses') },
      });
      // Everything before the bad event landed; nothing after it did.
      const [status] = await engine.status();
      expect(store.comparePositions(status.position, failingPosition)).toBeLessThan(0);
      expect((await engine.waitFor(after, { projections: ['sample_member_activity'] }, 100)).reached).toBe(false);

      broken = false;
      expect((await engine.waitFor(after, { projections: ['sample_member_activity'] }, 5000)).reached).toBe(true);
      expect((await engine.readiness()).ok).toBe(true);
      expect(await actualTotals()).toEqual(await expectedTotals());
    } finally {
      await engine.stop();
    }
  });

  it('fences a runner whose checkpoint was moved by someone else', async () => {
    const engine = new ProjectionEngine(pool, store, { batchSize: 10, superviseIntervalMs: 60000, log: quiet });
    engine.register(sampleMemberActivityProjection({ delayMs: 50 }));
    await engine.start();
    try {
      const caughtUp = await appendSample(5);
      expect((await engine.waitFor(caughtUp, { projections: ['sample_member_activity'] }, 5000)).reached).toBe(true);
      const before = await readModel();
      await pool.query(`UPDATE projection_generations SET position = '99999999999999999999-9999999999999999999' WHERE status = 'active'`);
      await appendSample(5);
      await until(async () => (await engine.status())[0].state === 'stopped');
      // The fenced batch rolled back: the read model did not move.
      expect(await readModel()).toEqual(before);
    } finally {
      await engine.stop();
    }
  });
});
