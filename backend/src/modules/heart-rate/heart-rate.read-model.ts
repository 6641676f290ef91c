import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { MEMBER_HEART_RATE } from './member-heart-rate.projection';

export interface HeartRateConsentView {
  granted: boolean;
  noticeVersion: string | null;
  at: string | null;
}

export const NO_CONSENT: HeartRateConsentView = { granted: false, noticeVersion: null, at: null };

/**
 * Whether the member consented, as one SQL expression over the parameter `userIdParam` (`$1`), for a
 * read model that reads it within its own statement: false for a member who never decided.
 */
export function heartRateConsentedSql(userIdParam: string): string {
  return `coalesce((SELECT consent_granted FROM ${MEMBER_HEART_RATE} WHERE user_id = ${userIdParam}), false)`;
}

/**
 * Whether the member of `userIdColumn` has consent in force that was decided at or before
 * `sinceColumn`, as one SQL condition: something kept since then (a remembered strap, ADR 0370)
 * stops counting once the member decides again.
 */
export function heartRateConsentInForceSinceSql(userIdColumn: string, sinceColumn: string): string {
  return `EXISTS (SELECT 1 FROM ${MEMBER_HEART_RATE} h WHERE h.user_id = ${userIdColumn} AND h.consent_granted AND h.consent_at <= ${sinceColumn})`;
}

/** Reads `member_heart_rate`; a member who never decided has not consented, and has the estimated maximum. */
@Injectable()
export class HeartRateReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async forMember(
    userId: string,
  ): Promise<{ consent: HeartRateConsentView; raisedMaxHr: number | null; measuredMaxHr: number | null; dataDeletedAt: string | null }> {
    const { rows } = await this.pool.query<{
      consent_granted: boolean;
      notice_version: string | null;
      consent_at: Date | null;
      raised_max_hr: number | null;
      measured_max_hr: number | null;
      data_deleted_at: Date | null;
    }>(`SELECT consent_granted, notice_version, consent_at, raised_max_hr, measured_max_hr, data_deleted_at FROM ${MEMBER_HEART_RATE} WHERE user_id = $1`, [
      userId,
    ]);
    const row = rows[0];
    if (!row) return { consent: NO_CONSENT, raisedMaxHr: null, measuredMaxHr: null, dataDeletedAt: null };
    return {
      consent: { granted: row.consent_granted, noticeVersion: row.notice_version, at: row.consent_at?.toISOString() ?? null },
      raisedMaxHr: row.raised_max_hr,
      measuredMaxHr: row.measured_max_hr,
      dataDeletedAt: row.data_deleted_at?.toISOString() ?? null,
    };
  }
}
