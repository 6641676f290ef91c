import type { Pool } from 'pg';

export type JobPass<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs one pass of a scheduled job in one instance at a time (ADR 0286): the pass holds the
 * session advisory lock `pulso-job:<job>` on one pooled connection while it runs, and an instance
 * that finds the lock taken skips its pass. The lock lives and dies with that connection, so a
 * crashed instance never leaves it held.
 */
export async function runAlone<T>(pool: Pool, job: string, pass: () => Promise<T>): Promise<JobPass<T>> {
  const key = `pulso-job:${job}`;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await pass() };
    } finally {
      // A connection that cannot unlock is closed instead: its session, and the lock, end with it.
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((error: Error) => (broken = error));
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
