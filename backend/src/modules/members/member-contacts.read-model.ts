import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { ERASED_VALUE } from './member-personal-data.rules';

/** Members whose last-kept address stays in memory (about 150 bytes each), so a write sends its statement only when it changes. */
const REMEMBERED = 20_000;

/**
 * `member_contacts`: the member's email as the identity token last gave it to the member writer
 * (ADR 0143), for senders that run after the request. `MemberStreams` keeps it; other modules read it.
 */
@Injectable()
export class MemberContactsReadModel {
  private readonly known = new Map<string, string>();

  /**
   * The member's address and first name; null for one never met, and for one being erased from the
   * erasure's first step (`auth_revocations`, ADR 0280), before their row goes: nothing more is sent
   * to them, and the desk no longer finds them.
   */
  async contactOf(userId: string): Promise<{ email: string; firstName: string } | null> {
    const { rows } = await this.pool.query<{ email: string; first_name: string }>(
      `SELECT c.email, c.first_name FROM member_contacts c
        WHERE c.user_id = $1 AND NOT EXISTS (SELECT 1 FROM auth_revocations r WHERE r.kind = 'subject' AND r.id = c.user_id)`,
      [userId],
    );
    return rows[0] ? { email: rows[0].email, firstName: rows[0].first_name } : null;
  }

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * The names staff know these members by (a class's roster), in one statement: the account's first
   * and last name (the kept first name when the account has none); "[borrado]" for a member erased
   * (ADR 0202), from the first step of the erasure, which records them in `auth_revocations` for
   * good; '' for one whose name is not known.
   */
  async fullNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await this.pool.query<{ user_id: string; name: string }>(
      `SELECT u.user_id,
              CASE WHEN r.id IS NOT NULL THEN $2
                   ELSE trim(coalesce(nullif(a.first_name, ''), c.first_name, '') || ' ' || coalesce(a.last_name, '')) END AS name
         FROM unnest($1::text[]) AS u(user_id)
         LEFT JOIN member_contacts c ON c.user_id = u.user_id
         LEFT JOIN auth_revocations r ON r.kind = 'subject' AND r.id = u.user_id
         LEFT JOIN identity_accounts a ON r.id IS NULL AND a.id::text = u.user_id`,
      [[...new Set(userIds)], ERASED_VALUE],
    );
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }

  /** The erasure (ADR 0202): the address and name are deleted, and forgotten by this instance too. */
  async forget(userId: string): Promise<{ email: string } | null> {
    this.known.delete(userId);
    const { rows } = await this.pool.query<{ email: string }>('DELETE FROM member_contacts WHERE user_id = $1 RETURNING email', [userId]);
    return rows[0] ?? null;
  }

  /** Called by the member writer with the token's address and first name; an empty address (a write without a session) keeps the last. */
  async keep(userId: string, email: string, firstName: string): Promise<void> {
    const address = email.trim().toLowerCase();
    const name = firstName.trim();
    const remembered = `${address}\u0000${name}`;
    if (address === '' || this.known.get(userId) === remembered) return;
    // A row that already holds both is left alone without being locked: `ON CONFLICT DO UPDATE … WHERE`
    // alone would lock it, take a transaction id and wait for the WAL to reach the disk for every member
    // this instance has not met yet (after each restart, all of them), for a write that changes nothing.
    await this.pool.query(
      `INSERT INTO member_contacts AS current (user_id, email, first_name)
       SELECT $1::text, $2::text, $3::text
        WHERE NOT EXISTS (SELECT 1 FROM member_contacts WHERE user_id = $1 AND email = $2 AND first_name = $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, updated_at = now()
        WHERE current.email <> EXCLUDED.email OR current.first_name <> EXCLUDED.first_name`,
      [userId, address, name],
    );
    if (this.known.size >= REMEMBERED) this.known.delete(this.known.keys().next().value as string);
    this.known.set(userId, remembered);
  }
}
