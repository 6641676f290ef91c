import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DIGEST_PREFIX } from '../../infrastructure/privacy/data-keys';
import { ENCRYPTED_PREFIX } from '../../infrastructure/privacy/field-cipher';
import { PersonalDataPolicy } from '../../infrastructure/privacy/personal-data-policy';
import { StoredEventsRewrite } from '../../infrastructure/privacy/rewrite-stored-events';
import { MEMBER_STREAM_PREFIX } from '../members/member.events';
import { ActivityLog } from './activity-log';
import { ACTIVITY_LOG, ACTIVITY_STREAMS } from './staff-activity.projection';
import type { StaffExportDownloaded } from './staff-events';

type Filters = Record<string, unknown>;

/** A slot as the schedule names it ('4:00-5:00 pm'): anything else typed there is kept as a digest. */
const SLOT_LABEL = /^\d{1,2}:\d{2}-\d{1,2}:\d{2} (am|pm)$/;

export const EARLIER_EXPORTS_MIGRATION = 'seal-staff-export-terms-v1';

/**
 * How a staff export records its filters on the staff stream (ADR 0281), so that an erasure leaves
 * no search of the member readable. A filter that may name a person is never stored in clear:
 * - a search term (`q`) that finds exactly one member is encrypted under that member's data key:
 *   the log shows it until they are erased, "[borrado]" after, also on a rebuild;
 * - a term that finds nobody or several people (a DUI, part of a name) is kept as a keyed digest;
 * - a member or stream id stays as it is when the log knows that stream (ids key the anonymous
 *   history anyway), anything else typed there is a digest;
 * - a slot stays when it is one of the schedule's labels. Dates, event types and ids of challenges
 *   were validated to their shapes and stay in clear.
 */
@Injectable()
export class StaffSearchTerms {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly log: ActivityLog,
    private readonly policy: PersonalDataPolicy,
    private readonly rewrite: StoredEventsRewrite,
  ) {}

  /** The filters of an export as its `StaffExportDownloaded` records them. */
  async recorded(kind: StaffExportDownloaded['data']['export'], filters: Filters): Promise<Filters> {
    const out: Filters = {};
    for (const [name, value] of Object.entries(filters)) {
      if (value === undefined) continue;
      out[name] = typeof value === 'string' && value.trim() !== '' && !sealed(value) ? await this.sealed(kind, name, value) : value;
    }
    return out;
  }

  private async sealed(kind: StaffExportDownloaded['data']['export'], name: string, value: string): Promise<string> {
    if (kind === 'activity-log') {
      if (name === 'q') return this.term(value);
      if (name === 'member') return (await this.knownStream(`${MEMBER_STREAM_PREFIX}${value}`)) ? value : this.policy.protect(value, undefined);
      if (name === 'stream') return (await this.knownStream(value)) ? value : this.policy.protect(value, undefined);
      return value;
    }
    if (kind === 'free-class-bookings' && name === 'slot') return SLOT_LABEL.test(value) ? value : this.policy.protect(value, undefined);
    return value;
  }

  /** A search as staff typed it (the log's search ignores case): under the key of the one member it finds, else a digest. */
  private async term(q: string): Promise<string> {
    const term = q.trim().toLowerCase();
    const found = await this.log.membersMatching(term, 2);
    return this.policy.protect(term, found.length === 1 ? found[0] : undefined);
  }

  /** Whether the staff log has seen this stream (before its first fill, at a first boot, it knows none). */
  private async knownStream(streamId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ known: boolean }>(
      `SELECT to_regclass('${ACTIVITY_STREAMS}') IS NOT NULL AND EXISTS (SELECT 1 FROM ${ACTIVITY_STREAMS} WHERE stream_id = $1) AS known`,
      [streamId],
    );
    return rows[0].known;
  }

  /**
   * Once per database, at boot, before the projections start: the exports recorded before this
   * rule get their filters sealed the same way, in the stored events and in the staff log. A term
   * is sealed against the members as they are then (an erased member's account is gone, so their
   * terms become digests). With EventStoreDB nothing is rewritten (docs/privacy.md).
   */
  sealEarlierExports(): Promise<number> {
    return this.rewrite.once(
      EARLIER_EXPORTS_MIGRATION,
      'StaffExportDownloaded',
      async (stored) => {
        const data = stored as StaffExportDownloaded['data'];
        return { ...data, filters: await this.recorded(data.export, data.filters ?? {}) };
      },
      [ACTIVITY_LOG],
    );
  }
}

function sealed(value: string): boolean {
  return value.startsWith(ENCRYPTED_PREFIX) || value.startsWith(DIGEST_PREFIX);
}
