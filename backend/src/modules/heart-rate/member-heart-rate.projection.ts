import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import {
  MEMBER_STREAM_PREFIX,
  type HeartRateConsentGiven,
  type HeartRateConsentWithdrawn,
  type HeartRateDataDeleted,
  type MaxHeartRateMeasured,
  type MaxHeartRateRaised,
} from '../members/member.events';

/** Each member's heart-rate consent as it stands and the maximum a session raised, fed from the `member-{userId}` streams. */
export const MEMBER_HEART_RATE = 'member_heart_rate';

/**
 * What a batch changes for one member: the last consent decision, the last raise and the last
 * deletion, each only if the batch holds one. A deletion, or a measured maximum, clears a raise
 * before it in the batch.
 */
interface MemberPatch {
  consent?: { granted: boolean; noticeVersion: string | null; at: string };
  raisedMaxHr?: number;
  clearRaised?: boolean;
  /** Set when the batch holds a MaxHeartRateMeasured: its value, null when cleared. */
  measuredMaxHr?: number | null;
  dataDeletedAt?: string;
}

export const memberHeartRateProjection: Projection = {
  name: 'member_heart_rate',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: the maximum raised by a session (ADR 0134). 3: the deletion of the data kept (ADR 0144).
  // 4: the maximum the member measured (ADR 0147).
  version: 4,
  eventTypes: ['HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'MaxHeartRateRaised', 'MaxHeartRateMeasured', 'HeartRateDataDeleted', 'MemberDataErased'],
  tables: {
    [MEMBER_HEART_RATE]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        consent_granted boolean NOT NULL DEFAULT false,
        notice_version text,
        consent_at timestamptz,
        raised_max_hr integer,
        measured_max_hr integer,
        data_deleted_at timestamptz
      )`,
    ],
  },
  /**
   * The last of each kind per member in the batch wins (log order), written with one
   * multi-row update that leaves alone what the batch does not change: the same rows live
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
      } else if (event.type === 'MaxHeartRateMeasured') {
        patch.measuredMaxHr = (event.data as MaxHeartRateMeasured['data']).maxHr;
        patch.raisedMaxHr = undefined;
        patch.clearRaised = true;
      } else if (event.type === 'MemberDataErased') {
        // The maxima are body data (ADR 0202); the consent decisions stay as the record they are.
        patch.measuredMaxHr = null;
        patch.raisedMaxHr = undefined;
        patch.clearRaised = true;
      } else if (event.type === 'HeartRateDataDeleted') {
        patch.dataDeletedAt = (event.data as HeartRateDataDeleted['data']).occurredAt;
        patch.raisedMaxHr = undefined;
      }
    }
    if (patches.size === 0) return;
    const table = context.table(MEMBER_HEART_RATE);
    const userIds = [...patches.keys()];
    const rows = [...patches.values()];
    // A row for each member first, then one update that leaves alone what the batch does not change
    // (a raise or a measured maximum may also be cleared, which an upsert's EXCLUDED cannot say).
    await context.query(`INSERT INTO ${table} (user_id) SELECT unnest($1::text[]) ON CONFLICT (user_id) DO NOTHING`, [userIds]);
    await context.query(
      `UPDATE ${table} AS current SET
         consent_granted = CASE WHEN p.consent_at IS NULL THEN current.consent_granted ELSE p.granted END,
         notice_version = CASE WHEN p.consent_at IS NULL THEN current.notice_version ELSE p.notice_version END,
         consent_at = COALESCE(p.consent_at, current.consent_at),
         raised_max_hr = CASE
           WHEN p.raised_max_hr IS NOT NULL THEN p.raised_max_hr
           WHEN p.clear_raised OR p.data_deleted_at IS NOT NULL THEN NULL
           ELSE current.raised_max_hr END,
         measured_max_hr = CASE WHEN p.measured_set THEN p.measured_max_hr ELSE current.measured_max_hr END,
         data_deleted_at = COALESCE(p.data_deleted_at, current.data_deleted_at)
       FROM unnest($1::text[], $2::boolean[], $3::text[], $4::timestamptz[], $5::integer[], $6::boolean[], $7::boolean[], $8::integer[], $9::timestamptz[])
            AS p(user_id, granted, notice_version, consent_at, raised_max_hr, clear_raised, measured_set, measured_max_hr, data_deleted_at)
       WHERE current.user_id = p.user_id`,
      [
        userIds,
        rows.map((row) => row.consent?.granted ?? null),
        rows.map((row) => row.consent?.noticeVersion ?? null),
        rows.map((row) => row.consent?.at ?? null),
        rows.map((row) => row.raisedMaxHr ?? null),
        rows.map((row) => row.clearRaised ?? false),
        rows.map((row) => row.measuredMaxHr !== undefined),
        rows.map((row) => row.measuredMaxHr ?? null),
        rows.map((row) => row.dataDeletedAt ?? null),
      ],
    );
  },
};
