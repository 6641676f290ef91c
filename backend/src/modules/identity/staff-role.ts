import type { Pool, PoolClient, Client } from 'pg';

/**
 * Gives a local account the staff role (`npm run staff:grant`). The role reaches
 * the member's next access token, at most one token lifetime later.
 */
export async function grantStaffRole(db: Pick<Pool | PoolClient | Client, 'query'>, rawEmail: string): Promise<boolean> {
  const ready = await db.query<{ ready: boolean }>(`SELECT to_regclass('identity_accounts') IS NOT NULL AS ready`);
  if (!ready.rows[0]?.ready) return false;
  const result = await db.query(`UPDATE identity_accounts SET role = 'staff', updated_at = now() WHERE email = $1`, [rawEmail.trim().toLowerCase()]);
  return (result.rowCount ?? 0) > 0;
}
