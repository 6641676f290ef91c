import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in a transaction on a connection of its own: committed when it returns, rolled back
 * when it throws (the rollback's own failure is not allowed to hide the cause). What `work` answers is
 * answered once the COMMIT has succeeded.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
