import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { MemberContactsReadModel } from './member-contacts.read-model';

describe('MemberContactsReadModel (real PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 2 });
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  /** The row as stored, with `xmax`: the transaction that last locked or replaced it (0: none). */
  const rowOf = async (userId: string) =>
    (
      await pool.query<{ email: string; first_name: string; xmax: string; xmin: string }>(
        'SELECT email, first_name, xmax::text, xmin::text FROM member_contacts WHERE user_id = $1',
        [userId],
      )
    ).rows[0];

  it('stores the address and first name, lower-cased and trimmed, and keeps the last address when a write comes without one', async () => {
    const userId = randomUUID();
    await new MemberContactsReadModel(pool).keep(userId, '  Ana@Example.COM ', ' Ana ');
    await new MemberContactsReadModel(pool).keep(userId, '', 'Otra');
    expect(await new MemberContactsReadModel(pool).contactOf(userId)).toEqual({ email: 'ana@example.com', firstName: 'Ana' });
  });

  it('neither locks nor rewrites a row that already holds the same address and name (a new instance meeting a known member)', async () => {
    const userId = randomUUID();
    await new MemberContactsReadModel(pool).keep(userId, 'bea@example.com', 'Bea');
    const before = await rowOf(userId);
    // Each instance starts without memory, so this is the statement a restarted or second server sends.
    await new MemberContactsReadModel(pool).keep(userId, 'bea@example.com', 'Bea');
    const after = await rowOf(userId);
    expect(after).toEqual(before);
    expect(after.xmax).toBe('0');
  });

  it('updates the row when the address or the name changed', async () => {
    const userId = randomUUID();
    await new MemberContactsReadModel(pool).keep(userId, 'carla@example.com', 'Carla');
    const before = await rowOf(userId);
    await new MemberContactsReadModel(pool).keep(userId, 'carla.nueva@example.com', 'Carla');
    await new MemberContactsReadModel(pool).keep(userId, 'carla.nueva@example.com', 'Carla María');
    const after = await rowOf(userId);
    expect(after).toMatchObject({ email: 'carla.nueva@example.com', first_name: 'Carla María' });
    expect(after.xmin).not.toBe(before.xmin);
  });

  it('knows no contact for a member being erased, and names them "[borrado]" in lists, from the first step of the erasure', async () => {
    const [dora, eli, unknown] = [randomUUID(), randomUUID(), randomUUID()];
    const contacts = new MemberContactsReadModel(pool);
    await contacts.keep(dora, 'dora@example.com', 'Dora');
    await contacts.keep(eli, 'eli@example.com', 'Eli');
    await pool.query(`INSERT INTO auth_revocations (kind, id) VALUES ('subject', $1)`, [eli]);
    expect(await contacts.contactOf(dora)).toEqual({ email: 'dora@example.com', firstName: 'Dora' });
    expect(await contacts.contactOf(eli)).toBeNull();
    expect(await contacts.fullNamesOf([dora, eli, unknown, dora])).toEqual(
      new Map([
        [dora, 'Dora'],
        [eli, '[borrado]'],
        [unknown, ''],
      ]),
    );
    // The row itself stays until the erasure's last step deletes it: a second run still finds the address there.
    expect(await rowOf(eli)).toMatchObject({ email: 'eli@example.com' });
  });
});
