import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { Revocations } from '../../infrastructure/auth/revocations';
import { PG_POOL } from '../../infrastructure/database/database.module';

export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  accountId: string;
  /** The sign-in this token continues: the access tokens' session (`sid`), ended with the family (ADR 0280). */
  familyId: string;
  /** Whether the sign-in that started this family passed the second factor (ADR 0210); every successor inherits it. */
  secondFactor: boolean;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A used token presented again this soon is a race, not a theft: a reload or a second
 * page sent the same cookie before the rotated one arrived (ADR 0021).
 */
export const REUSE_GRACE_SECONDS = 10;

/**
 * Rotating refresh tokens grouped in families (one family per sign-in). Each token
 * works once; presenting a used or revoked one means it was copied, so the whole
 * family is revoked and every holder must sign in again (ADR 0021). A family is the
 * session of the access tokens it renews: revoking it ends that session too, so its
 * access tokens are refused before they expire (ADR 0280).
 */
@Injectable()
export class RefreshTokens {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly revocations: Revocations,
  ) {}

  async issue(accountId: string, familyId: string = randomUUID(), db: Pick<Pool, 'query'> = this.pool, secondFactor = false): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await db.query<{ expires_at: Date }>(
      `INSERT INTO identity_refresh_tokens (id, family_id, account_id, token_hash, expires_at, second_factor)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5), $6) RETURNING expires_at`,
      [randomUUID(), familyId, accountId, digest(token), REFRESH_TOKEN_TTL_DAYS, secondFactor],
    );
    return { token, expiresAt: rows[0].expires_at, accountId, familyId, secondFactor };
  }

  /** The successor token, or `undefined` when the presented one is unknown, expired, used or revoked. */
  async rotate(token: string): Promise<IssuedRefreshToken | undefined> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{
        id: string;
        family_id: string;
        account_id: string;
        second_factor: boolean;
        usable: boolean;
        racing: boolean;
        reused: boolean;
      }>(
        `SELECT id, family_id, account_id, second_factor,
                used_at IS NULL AND revoked_at IS NULL AND expires_at > now() AS usable,
                used_at > now() - make_interval(secs => $2) AND revoked_at IS NULL AND expires_at > now() AS racing,
                used_at IS NOT NULL OR revoked_at IS NOT NULL AS reused
           FROM identity_refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [digest(token), REUSE_GRACE_SECONDS],
      );
      const row = rows[0];
      if (row?.racing) {
        // The racing caller gets a sibling in the same family, so a later theft still revokes both.
        const sibling = await this.issue(row.account_id, row.family_id, client, row.second_factor);
        await client.query('COMMIT');
        return sibling;
      }
      if (!row || !row.usable) {
        if (row?.reused) {
          await client.query('UPDATE identity_refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [row.family_id]);
        }
        await client.query('COMMIT');
        // A copied token: the thief's access tokens die with the family, not 10 minutes later.
        if (row?.reused) await this.revocations.endSession(row.family_id);
        return undefined;
      }
      await client.query('UPDATE identity_refresh_tokens SET used_at = now() WHERE id = $1', [row.id]);
      const next = await this.issue(row.account_id, row.family_id, client, row.second_factor);
      await client.query('COMMIT');
      return next;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  async isActive(token: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'SELECT 1 FROM identity_refresh_tokens WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()',
      [digest(token)],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Signs the family out: its refresh tokens stop working, and so do the access tokens of its session. */
  async revokeFamilyOf(token: string): Promise<void> {
    const { rows } = await this.pool.query<{ family_id: string }>('SELECT family_id FROM identity_refresh_tokens WHERE token_hash = $1', [digest(token)]);
    if (!rows[0]) return;
    await this.pool.query('UPDATE identity_refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND family_id = $1', [rows[0].family_id]);
    await this.revocations.endSession(rows[0].family_id);
  }
}
