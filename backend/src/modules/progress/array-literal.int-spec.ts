import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { arrayLiteral } from './array-literal';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('arrayLiteral (PostgreSQL)', () => {
  it('gives PostgreSQL back exactly the values, quoted only when they need it', async () => {
    const texts = ['7f0c1c2e-3b9a-4c5d-8e6f-1a2b3c4d5e6f', 'user_2abc', 'null', 'NULL', '', 'a,b', '{x}', 'dice "hola"', 'barra \\ invertida', ' espacio ', 'ñandú', null];
    const result = await pool.query<{ values: (string | null)[] }>('SELECT $1::text[] AS values', [arrayLiteral(texts)]);
    expect(result.rows[0]!.values).toEqual(texts);
  });

  it('sends numbers, booleans, dates and instants as their types read them', async () => {
    const result = await pool.query<{ n: number[]; b: boolean[]; d: string; t: string }>(
      `SELECT $1::int[] AS n, $2::boolean[] AS b, $3::date[]::text AS d, ($4::timestamptz[])[1] = '2026-11-23T05:30:00.000Z'::timestamptz AS t`,
      [arrayLiteral([0, -3, 1800, null]), arrayLiteral([true, false]), arrayLiteral(['2026-11-22', '2027-01-31']), arrayLiteral(['2026-11-23T05:30:00.000Z'])],
    );
    expect(result.rows[0]).toEqual({ n: [0, -3, 1800, null], b: [true, false], d: '{2026-11-22,2027-01-31}', t: true });
    expect(arrayLiteral([])).toBe('{}');
  });
});
