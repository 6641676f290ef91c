import { Client, Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { AdvisoryLocks } from './advisory-locks';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 4 });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('AdvisoryLocks', () => {
  it('runs one query at a time on its connection however many runners ask at once', async () => {
    const locks = new AdvisoryLocks(pool, () => undefined);
    const other = new AdvisoryLocks(pool, () => undefined);
    try {
      await locks.tryAcquire('warm-up');
      const client = (locks as unknown as { client: Client }).client;
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      let inFlight = 0;
      let most = 0;
      (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
        most = Math.max(most, ++inFlight);
        try {
          return await query(...args);
        } finally {
          inFlight--;
        }
      };
      const keys = Array.from({ length: 12 }, (_, index) => `key-${index}`);
      expect(await Promise.all(keys.map((key) => locks.tryAcquire(key)))).toEqual(keys.map(() => true));
      expect(await Promise.all(keys.map((key) => other.tryAcquire(key)))).toEqual(keys.map(() => false));
      await Promise.all([...keys.slice(0, 6).map((key) => locks.release(key)), ...keys.slice(6).map((key) => locks.tryAcquire(key))]);
      expect(most).toBe(1);
      expect(await Promise.all(keys.map((key) => other.tryAcquire(key)))).toEqual(keys.map((_, index) => index < 6));
    } finally {
      await locks.close();
      await other.close();
    }
  });
});
