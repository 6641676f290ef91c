import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { IdentityReason } from './identity-errors';

export const CODE_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

const digest = (code: string) => createHash('sha256').update(code).digest();

/**
 * One live 6-digit code per account. Only its hash is stored; it is single use,
 * expires, and dies after a few wrong guesses (10^6 codes / 5 attempts).
 */
@Injectable()
export class VerificationCodes {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async issue(accountId: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.pool.query(
      `INSERT INTO identity_verification_codes (account_id, code_hash, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))
       ON CONFLICT (account_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()`,
      [accountId, digest(code).toString('hex'), CODE_TTL_MINUTES],
    );
    return code;
  }

  /** Consumes the code on success; must run inside the caller's transaction so verification and consumption are atomic. */
  async check(client: PoolClient, accountId: string, code: string): Promise<IdentityReason | undefined> {
    const { rows } = await client.query<{ code_hash: string; expired: boolean; attempts: number }>(
      `SELECT code_hash, expires_at <= now() AS expired, attempts FROM identity_verification_codes WHERE account_id = $1 FOR UPDATE`,
      [accountId],
    );
    const row = rows[0];
    if (!row) return 'form_code_incorrect';
    if (row.expired) return 'verification_expired';
    if (row.attempts >= MAX_CODE_ATTEMPTS) return 'verification_failed';
    const matches = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), digest(code));
    if (!matches) {
      await client.query('UPDATE identity_verification_codes SET attempts = attempts + 1 WHERE account_id = $1', [accountId]);
      return row.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'verification_failed' : 'form_code_incorrect';
    }
    await client.query('DELETE FROM identity_verification_codes WHERE account_id = $1', [accountId]);
    return undefined;
  }
}
