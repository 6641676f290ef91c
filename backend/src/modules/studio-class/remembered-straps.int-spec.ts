import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { RememberedStraps } from './remembered-straps';
import type { StudioClassReadModel } from './studio-class.read-model';

describe('RememberedStraps (real PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 8 });
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('gives one strap to its last wearer when the desk pairs it to several members at once, without an error', async () => {
    // Remembering never reads a class: the class read model is not needed here.
    const straps = new RememberedStraps(pool, {} as StudioClassReadModel);
    const members = Array.from({ length: 8 }, () => randomUUID());
    const results = await Promise.allSettled(members.map((userId) => straps.remember(userId, 'Polar H10 A1', new Date().toISOString(), 'staff')));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const { rows } = await pool.query<{ user_id: string }>(`SELECT user_id FROM studio_remembered_straps WHERE sensor_id = 'Polar H10 A1'`);
    expect(rows).toHaveLength(1);
    expect(members).toContain(rows[0]!.user_id);
    // Each member remembers one strap: a second strap for the wearer replaces the first.
    await straps.remember(rows[0]!.user_id, 'Polar H10 B2', new Date().toISOString(), 'staff');
    expect((await pool.query(`SELECT sensor_id FROM studio_remembered_straps WHERE user_id = $1`, [rows[0]!.user_id])).rows).toEqual([
      { sensor_id: 'Polar H10 B2' },
    ]);
  });
});
