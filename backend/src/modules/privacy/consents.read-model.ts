import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { SUBSCRIBED_BY_DEFAULT } from '../email-preferences/email-preferences.rules';
import { CONSENT_KINDS, type ConsentKindDefinition } from './consents.rules';
import { MEMBER_CONSENTS } from './member-consents.projection';

/** One kind of the registry as it stands for a member. */
export interface ConsentView {
  definition: ConsentKindDefinition;
  /** In force now (an email topic without a decision is subscribed by default). */
  granted: boolean;
  /** Whether the member ever decided; false for members who signed up before the registry. */
  recorded: boolean;
  /** The notice accepted; null when withdrawn or never given. */
  noticeVersion: string | null;
  /** The notice the platform shows now (null for email topics, which have none). */
  currentNoticeVersion: string | null;
  /** When the member last decided; null when never. */
  decidedAt: string | null;
  /** Who recorded the last decision: the member, or the front desk where they accepted the notice (ADR 0295); null when never. */
  recordedBy: 'member' | 'desk' | null;
}

/** Reads `member_consents` and lays it over the registry's kinds, in the registry's order. */
@Injectable()
export class ConsentsReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async forMember(userId: string): Promise<ConsentView[]> {
    const { rows } = await this.pool.query<{ kind: string; granted: boolean; notice_version: string | null; decided_at: Date; recorded_by: 'member' | 'desk' }>(
      `SELECT kind, granted, notice_version, decided_at, recorded_by FROM ${MEMBER_CONSENTS} WHERE user_id = $1`,
      [userId],
    );
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    return CONSENT_KINDS.map((definition) => {
      const row = byKind.get(definition.kind);
      const currentNoticeVersion = 'noticeVersion' in definition.recordedBy ? definition.recordedBy.noticeVersion : null;
      const granted = row ? row.granted : definition.recordedBy.by === 'email' ? SUBSCRIBED_BY_DEFAULT : false;
      return {
        definition,
        granted,
        recorded: row !== undefined,
        noticeVersion: row?.notice_version ?? null,
        currentNoticeVersion,
        decidedAt: row ? row.decided_at.toISOString() : null,
        recordedBy: row?.recorded_by ?? null,
      };
    });
  }
}
