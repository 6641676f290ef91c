import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { TimetableStore } from './timetable.store';

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

async function versionNow(): Promise<string> {
  return (await pool.query<{ version: string }>('SELECT version::text AS version FROM timetable_version')).rows[0]!.version;
}

describe('the timetable a process keeps (TimetableStore.load)', () => {
  it('reads the tables again only when the timetable changed, whoever changed it', async () => {
    const store = new TimetableStore(pool);
    const other = new TimetableStore(pool); // another process of the same studio
    const first = await store.load();
    expect(first.slots.length).toBeGreaterThan(0);
    const reads = jest.spyOn(pool, 'query');
    try {
      // Unchanged: the same timetable, and the round trip brought back its version only.
      expect(await store.load()).toBe(first);
      const answer = (await reads.mock.results[0]!.value) as { rows: Array<Record<string, unknown>> };
      expect(answer.rows[0]).toEqual({ version: await versionNow(), types: null, slots: null, changes: null, closures: null });
    } finally {
      reads.mockRestore();
    }

    // A change through another store is seen at once by this one.
    const slot = first.slots[0]!;
    await other.updateSlot({ ...slot, capacity: slot.capacity + 3 });
    const second = await store.load();
    expect(second).not.toBe(first);
    expect(second.slots.find((candidate) => candidate.slotId === slot.slotId)!.capacity).toBe(slot.capacity + 3);

    // So is a change made straight in SQL, and a closure (another of the four tables).
    await pool.query('UPDATE timetable_class_types SET coach = $1', ['Ana']);
    expect((await store.load()).classTypes.every((type) => type.coach === 'Ana')).toBe(true);
    await pool.query(`INSERT INTO timetable_closures (date, notice) VALUES ('2026-12-25', 'Navidad')`);
    expect((await store.load()).closures).toEqual([{ date: '2026-12-25', notice: 'Navidad' }]);
    await pool.query('TRUNCATE timetable_closures');
    expect((await store.load()).closures).toEqual([]);
  });

  it('never keeps a change that was not committed, nor misses it once it is', async () => {
    const store = new TimetableStore(pool);
    const before = await store.load();
    const slot = before.slots[1]!;
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE timetable_slots SET capacity = capacity + 1 WHERE slot_id = $1', [slot.slotId]);
      // Not committed: the reader still sees the timetable as it was.
      expect(await store.load()).toBe(before);
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    expect((await store.load()).slots.find((candidate) => candidate.slotId === slot.slotId)!.capacity).toBe(slot.capacity + 1);
  });

  it('hands out a timetable no caller can change under the others', async () => {
    const timetable = await new TimetableStore(pool).load();
    expect(() => {
      (timetable.slots[0] as { capacity: number }).capacity = 99;
    }).toThrow(TypeError);
    expect(() => timetable.closures.push({ date: '2026-12-31', notice: 'x' })).toThrow(TypeError);
  });

  it('keeps nothing when the version row is missing, and still answers the tables', async () => {
    const store = new TimetableStore(pool);
    const kept = await store.load();
    await pool.query('DELETE FROM timetable_version');
    try {
      const first = await store.load();
      const second = await store.load();
      expect(second).not.toBe(first);
      expect(second).toEqual(kept);
    } finally {
      await pool.query('INSERT INTO timetable_version (id, version) VALUES (true, 1000)');
    }
  });
});
