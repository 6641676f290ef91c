import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { ClassBookingStore, PENDING_CREDIT_SQL } from './class-booking.store';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, whose sessions commit durably as in production (the tests' server does not by default):
  // what the ledger's write leaves on its session is what the next query meets.
  pool = new Pool({ connectionString: database.url, max: 1, options: '-c synchronous_commit=on' });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const synchronousCommit = async (run: (sql: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>) =>
  (await run('SHOW synchronous_commit')).rows[0]!.synchronous_commit;

describe('the credit ledger (ClassBookingStore)', () => {
  it("records a booking's pending credit once and leaves the session as it found it", async () => {
    const store = new ClassBookingStore(pool);
    const bookingId = randomUUID();
    const slotId = randomUUID();
    await store.creditPending(bookingId, 'm1', slotId, '2026-12-10');
    await store.creditPending(bookingId, 'm1', slotId, '2026-12-10');
    expect((await pool.query('SELECT member_id, state FROM class_booking_credits WHERE booking_id = $1', [bookingId])).rows).toEqual([
      { member_id: 'm1', state: 'pending' },
    ]);
    expect(await synchronousCommit((sql) => pool.query(sql))).toBe('on');
  });

  it('commits the pending row without waiting for the disk: the setting is its own transaction’s only', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(PENDING_CREDIT_SQL, [randomUUID(), 'm2', randomUUID(), '2026-12-10']);
      expect(await synchronousCommit((sql) => client.query(sql))).toBe('off');
      await client.query('ROLLBACK');
      expect(await synchronousCommit((sql) => client.query(sql))).toBe('on');
    } finally {
      client.release();
    }
  });
});
