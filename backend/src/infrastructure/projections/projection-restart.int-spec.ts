import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { contractEvent } from '../event-store/event-store.contract';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, totalsFromLog, totalsFromReadModel } from './testing/projection-test-kit';
import { sampleMemberActivityProjection } from './testing/sample-member-activity.projection';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let log: SampleLog;

const NAME = 'sample_member_activity';
const BATCH = 50;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 30 });
  store = new PostgresEventStore(pool);
  log = new SampleLog(store, 9);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

function startEngine(): Promise<ProjectionEngine> {
  const engine = new ProjectionEngine(pool, store, { batchSize: BATCH, superviseIntervalMs: 200, log: quietLog });
  engine.register(sampleMemberActivityProjection());
  return engine.start().then(() => engine);
}

/** Events of a type the projection does not handle (a read of its types finds an empty page); the last one's position. */
async function appendUnhandled(count: number): Promise<string> {
  let position = '';
  for (let i = 0; i < count; i++)
    position = (await store.append(`other-${i % 3}`, [contractEvent('SomethingElse', { i })], { expectedRevision: 'any' })).position;
  return position;
}

describe('Projection runner across a restart', () => {
  it('misses no event at the catch-up → live switch, nor after pages with none of its types', async () => {
    // Waits name the position an append returned, never `headPosition()`: other test databases on the
    // same cluster can hold the readers' horizon back, so the visible head may still be behind.
    const first = await startEngine();
    expect((await first.waitFor(await log.append(120), { projections: [NAME] }, 10000)).reached).toBe(true);
    await first.stop();

    // While it is down: its events, then more than a page of others, then its events again.
    await log.append(150);
    await appendUnhandled(BATCH * 2 + 7);
    await log.append(30);

    // Restart while 8 writers keep appending, so the catch-up meets the live subscription mid-stream.
    const second = await startEngine();
    try {
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let round = 0; round < 10; round++) {
            await log.append(3);
            if ((writer + round) % 4 === 0) await appendUnhandled(BATCH + 1);
          }
        }),
      );
      // The log ends with a run of unhandled events: the checkpoint must still cover the handled ones before it.
      const last = await appendUnhandled(BATCH + 3);
      expect((await second.waitFor(last, { projections: [NAME] }, 20000)).reached).toBe(true);
      expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));

      // Live again after the empty pages: a new event is projected.
      expect((await second.waitFor(await log.append(1), { projections: [NAME] }, 10000)).reached).toBe(true);
      expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
    } finally {
      await second.stop();
    }
  });
});
