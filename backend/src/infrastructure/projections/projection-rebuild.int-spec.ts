import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, sampleReadModel, totalsFromLog, totalsFromReadModel, until } from './testing/projection-test-kit';
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
    await log.append(1500);
    const engine = new ProjectionEngine(pool, store, { batchSize: 200, superviseIntervalMs: 200, log: quietLog });
    engine.register(sampleMemberActivityProjection());
    await engine.start();
    try {
      const head = (await store.headPosition())!;
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
});
