import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, sampleReadModel, totalsFromLog, totalsFromReadModel, until } from './testing/projection-test-kit';
import { sampleMemberActivityProjection } from './testing/sample-member-activity.projection';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 20 });
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGKILL');
  await store.close();
  await pool.end();
  await database.drop();
});

function startWorker(url: string): Promise<ChildProcess> {
  const testing = path.join(__dirname, 'testing');
  const child = spawn(process.execPath, ['-r', path.join(testing, 'transpile-hook.js'), path.join(testing, 'projection-worker.child.ts'), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`Projection worker exited with ${code}: ${errors}`)));
  });
}

const NAME = 'sample_member_activity';

describe('Projection crash safety', () => {
  it('after kill -9 in the middle of a batch and a restart, the read model equals a full rebuild', async () => {
    const log = new SampleLog(store, 13);
    const head = await log.append(1200);
    worker = await startWorker(database.url);

    // Kill only while the worker sits inside a batch transaction with some batches already committed.
    await until(async () => {
      const progress = await pool.query<{ processed: string }>(`SELECT processed FROM projection_generations WHERE name = $1`, [NAME]);
      if (Number(progress.rows[0]?.processed ?? 0) < 200) return false;
      const inBatch = await pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'pulso-projection-worker' AND state = 'idle in transaction'`);
      return (inBatch.rowCount ?? 0) > 0;
    }, 30000);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));

    const afterKill = await pool.query<{ processed: string }>(`SELECT processed FROM projection_generations WHERE name = $1`, [NAME]);
    expect(Number(afterKill.rows[0].processed)).toBeLessThan(1200);

    const engine = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
    engine.register(sampleMemberActivityProjection());
    await engine.start();
    try {
      // The killed session's lock is released by PostgreSQL; the restarted runner resumes from the checkpoint.
      expect((await engine.waitFor(head, { projections: [NAME] }, 20000)).reached).toBe(true);
      const resumed = await sampleReadModel(pool);
      expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));

      const [generation] = await engine.rebuild(NAME);
      expect(await engine.waitUntilActive(NAME, generation, 30000)).toBe(true);
      expect(await sampleReadModel(pool)).toEqual(resumed);
    } finally {
      await engine.stop();
    }
  }, 90000);
});
