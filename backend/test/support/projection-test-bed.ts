import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database';
import type { RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import type { Projection } from '../../src/infrastructure/projections/projection';
import { projectInBatches } from '../../src/infrastructure/projections/testing/projection-test-kit';

export interface ProjectionTestBed {
  /** The test database's pool (two connections), open between `beforeAll` and `afterAll`. */
  pool(): Pool;
  /** Applies `log` in batches of `batchSize` to a fresh generation of the tables; answers each logical table's physical name. */
  project(log: readonly RecordedEvent[], batchSize: number): Promise<(table: string) => string>;
}

/**
 * One projection's test file: a throwaway database created before its tests and dropped after, on
 * which each `project` call projects a log into new tables through the engine's own batch code, so a
 * test can compare the same log applied live (one by one) and on a replay (any batch size).
 */
export function projectionTestBed(projection: Projection): ProjectionTestBed {
  let database: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    pool = new Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });
  return {
    pool: () => pool,
    project: (log, batchSize) => projectInBatches(pool, projection, log, batchSize),
  };
}

/** A decided event as the log would hold it, appended to a test's log (its position: its place in the log). */
export function appendRecorded(log: RecordedEvent[], streamId: string, event: { type: string; data: unknown }): void {
  log.push({ streamId, revision: 0n, position: String(log.length), type: event.type, data: event.data, metadata: {} as RecordedEvent['metadata'] });
}
