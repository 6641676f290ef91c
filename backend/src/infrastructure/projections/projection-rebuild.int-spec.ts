import { isDeepStrictEqual } from 'node:util';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, sampleReadModel, totalsFromLog, totalsFromReadModel, until } from './testing/projection-test-kit';
import { sampleEvent } from './testing/sample-events';
import { sampleMemberActivityProjection } from './testing/sample-member-activity.projection';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let log: SampleLog;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 30 });
  store = new PostgresEventStore(pool);
  log = new SampleLog(store, 11);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

const NAME = 'sample_member_activity';

describe('Projection rebuild', () => {
  it('replays into new tables while the live ones serve, switches atomically, and matches the live read model', async () => {
    // The position the last append answered, not `headPosition()`: another test database's open
    // transaction can hold the readers' horizon back, and the visible head be behind (or before) these.
    const head = await log.append(1500);
    const engine = new ProjectionEngine(pool, store, { batchSize: 200, superviseIntervalMs: 200, log: quietLog });
    engine.register(sampleMemberActivityProjection());
    await engine.start();
    try {
      expect((await engine.waitFor(head, { projections: [NAME] }, 10000)).reached).toBe(true);
      const live = await sampleReadModel(pool);

      const [generation] = await engine.rebuild(NAME);
      expect(generation).toBe(2);
      // Reads keep being answered from the live generation while the new one fills.
      expect(await sampleReadModel(pool)).toEqual(live);
      const progressSeen: number[] = [];
      expect(await engine.waitUntilActive(NAME, generation, 20000, (status) => progressSeen.push(status.rebuild?.processed ?? 0))).toBe(true);
      expect((await engine.waitFor(head, { projections: [NAME] }, 10000)).reached).toBe(true);
      expect(await sampleReadModel(pool)).toEqual(live);

      const generations = await pool.query('SELECT generation, status FROM projection_generations WHERE name = $1 ORDER BY generation', [NAME]);
      expect(generations.rows).toEqual([
        { generation: 1, status: 'retired' },
        { generation: 2, status: 'active' },
      ]);
      const oldTables = await pool.query(`SELECT count(*)::int AS count FROM pg_tables WHERE tablename LIKE 'sample_member_%__g1'`);
      expect(oldTables.rows[0].count).toBe(0);
    } finally {
      await engine.stop();
    }
  });

  it('keeps up with appends made during the rebuild and reports progress', async () => {
    const engine = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
    engine.register(sampleMemberActivityProjection({ delayMs: 5 }));
    await engine.start();
    try {
      const [generation] = await engine.rebuild(NAME);
      const writing = log.append(300);
      let progress: { processed: number; total: number; eventsPerSecond: number } | undefined;
      await until(async () => {
        progress = (await engine.status())[0].rebuild;
        return (progress?.processed ?? 0) > 0;
      });
      expect(progress).toEqual(expect.objectContaining({ generation, total: expect.any(Number), eventsPerSecond: expect.any(Number) }));
      expect(progress!.total).toBeGreaterThanOrEqual(1500);
      const last = await writing;
      expect(await engine.waitUntilActive(NAME, generation, 30000)).toBe(true);
      expect((await engine.waitFor(last, { projections: [NAME] }, 10000)).reached).toBe(true);
      expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
    } finally {
      await engine.stop();
    }
  });

  it('rebuilds by itself when the projection version changes, serving the old generation meanwhile', async () => {
    const before = await sampleReadModel(pool);
    const engine = new ProjectionEngine(pool, store, { batchSize: 500, superviseIntervalMs: 200, log: quietLog });
    engine.register(sampleMemberActivityProjection({ version: 2 }));
    await engine.start();
    try {
      const building = await pool.query(`SELECT generation, version FROM projection_generations WHERE name = $1 AND status = 'building'`, [NAME]);
      expect(building.rows).toHaveLength(1);
      expect(building.rows[0].version).toBe(2);
      expect(await engine.waitUntilActive(NAME, building.rows[0].generation, 20000)).toBe(true);
      expect((await engine.status())[0]).toMatchObject({ version: 2, generation: building.rows[0].generation });
      expect(await sampleReadModel(pool)).toEqual(before);
    } finally {
      await engine.stop();
    }
  });

  it('projects an event whose append transaction was still open when the rebuild caught up (the blue/green race)', async () => {
    const head = await log.append(300);
    const engine = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
    engine.register(sampleMemberActivityProjection());
    await engine.start();
    const writer = await pool.connect();
    try {
      expect((await engine.waitFor(head, { projections: [NAME] }, 10000)).reached).toBe(true);
      // An append holds its transaction open (a slow request) while a rebuild replays the log.
      const { streamId, event } = sampleEvent(10_000, 11);
      await writer.query('BEGIN');
      await writer.query('SELECT * FROM event_store_append($1, $2, $3, $4, $5, $6)', [
        streamId,
        '-1', // any revision
        [event.metadata.eventId],
        [event.type],
        [JSON.stringify(event.data)],
        [JSON.stringify(event.metadata)],
      ]);
      const [generation] = await engine.rebuild(NAME);
      // Give the new generation time to replay everything it can see and switch in, if it ever does with the append still open.
      await engine.waitUntilActive(NAME, generation, 3000);
      await writer.query('COMMIT');

      expect(await engine.waitUntilActive(NAME, generation, 20000)).toBe(true);
      // Not `headPosition()`: another test database's transaction can hold the readers' horizon
      // back, so the visible head may be behind this commit. The read model must reach the log.
      await until(async () => isDeepStrictEqual(await totalsFromReadModel(pool), await totalsFromLog(pool)), 20000);
    } finally {
      writer.release();
      await engine.stop();
    }
  });
});
