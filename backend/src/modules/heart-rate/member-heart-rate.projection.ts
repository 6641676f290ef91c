import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import {
  MEMBER_STREAM_PREFIX,
  type HeartRateConsentGiven,
  type HeartRateConsentWithdrawn,
  type HeartRateDataDeleted,
  type MaxHeartRateRaised,
} from '../members/member.events';

/** Each member's heart-rate consent as it stands and the maximum a session raised, fed from the `member-{userId}` streams. */
export const MEMBER_HEART_RATE = 'member_heart_rate';

/**
 * What a batch changes for one member: the last consent decision, the last raise and the last
 * deletion, each only if the batch holds one. A deletion clears a raise before it in the batch.
 */
interface MemberPatch {
  consent?: { granted: boolean; noticeVersion: string | null; at: string };
  raisedMaxHr?: number;
  dataDeletedAt?: string;
}

export const memberHeartRateProjection: Projection = {
  name: 'member_heart_rate',
  // 2: the maximum raised by a session (ADR 0134). 3: the deletion of the data kept (ADR 0144).
  version: 3,
  eventTypes: ['HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'MaxHeartRateRaised', 'HeartRateDataDeleted'],
  tables: {
    [MEMBER_HEART_RATE]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        consent_granted boolean NOT NULL DEFAULT false,
        notice_version text,
        consent_at timestamptz,
        raised_max_hr integer,
        data_deleted_at timestamptz
      )`,
    ],
  },
  /**
   * The last of each kind per member in the batch wins (log order), written with one
   * multi-row upsert that leaves alone what the batch does not change: the same rows live
   * and on a replay, whatever the batch boundaries.
   */
  async handle(events: RecordedEvent[], context) {
    const patches = new Map<string, MemberPatch>();
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      const patch = patches.get(userId) ?? {};
      patches.set(userId, patch);
      if (event.type === 'HeartRateConsentGiven') {
        const { noticeVersion, occurredAt } = event.data as HeartRateConsentGiven['data'];
        patch.consent = { granted: true, noticeVersion, at: occurredAt };
      } else if (event.type === 'HeartRateConsentWithdrawn') {
        const { occurredAt } = event.data as HeartRateConsentWithdrawn['data'];
        patch.consent = { granted: false, noticeVersion: null, at: occurredAt };
      } else if (event.type === 'MaxHeartRateRaised') {
        patch.raisedMaxHr = (event.data as MaxHeartRateRaised['data']).maxHr;
      } else if (event.type === 'HeartRateDataDeleted') {
        patch.dataDeletedAt = (event.data as HeartRateDataDeleted['data']).occurredAt;
        patch.raisedMaxHr = undefined;
      }
    }
    if (patches.size === 0) return;
    const table = context.table(MEMBER_HEART_RATE);
    const rows = [...patches.values()];
    await context.query(
      `INSERT INTO ${table} AS current (user_id, consent_granted, notice_version, consent_at, raised_max_hr, data_deleted_at)
       SELECT p.user_id, COALESCE(p.granted, false), p.notice_version, p.consent_at, p.raised_max_hr, p.data_deleted_at
         FROM unnest($1::text[], $2::boolean[], $3::text[], $4::timestamptz[], $5::integer[], $6::timestamptz[])
              AS p(user_id, granted, notice_version, consent_at, raised_max_hr, data_deleted_at)
       ON CONFLICT (user_id) DO UPDATE SET
         consent_granted = CASE WHEN EXCLUDED.consent_at IS NULL THEN current.consent_granted ELSE EXCLUDED.consent_granted END,
         notice_version = CASE WHEN EXCLUDED.consent_at IS NULL THEN current.notice_version ELSE EXCLUDED.notice_version END,
         consent_at = COALESCE(EXCLUDED.consent_at, current.consent_at),
         raised_max_hr = CASE
           WHEN EXCLUDED.raised_max_hr IS NOT NULL THEN EXCLUDED.raised_max_hr
           WHEN EXCLUDED.data_deleted_at IS NOT NULL THEN NULL
           ELSE current.raised_max_hr END,
         data_deleted_at = COALESCE(EXCLUDED.data_deleted_at, current.data_deleted_at)`,
      [
        [...patches.keys()],
        rows.map((row) => row.consent?.granted ?? null),
        rows.map((row) => row.consent?.noticeVersion ?? null),
        rows.map((row) => row.consent?.at ?? null),
        rows.map((row) => row.raisedMaxHr ?? null),
        rows.map((row) => row.dataDeletedAt ?? null),
      ],
    );
  },
};
