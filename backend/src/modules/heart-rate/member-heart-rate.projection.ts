import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type HeartRateConsentGiven, type HeartRateConsentWithdrawn, type MaxHeartRateRaised } from '../members/member.events';

/** Each member's heart-rate consent as it stands and the maximum a session raised, fed from the `member-{userId}` streams. */
export const MEMBER_HEART_RATE = 'member_heart_rate';

/** What a batch changes for one member: the last consent decision and the last raise, each only if the batch holds one. */
interface MemberPatch {
  consent?: { granted: boolean; noticeVersion: string | null; at: string };
  raisedMaxHr?: number;
}

export const memberHeartRateProjection: Projection = {
  name: 'member_heart_rate',
  // 2: the maximum raised by a session (ADR 0134).
  version: 2,
  eventTypes: ['HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'MaxHeartRateRaised'],
  tables: {
    [MEMBER_HEART_RATE]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        consent_granted boolean NOT NULL DEFAULT false,
        notice_version text,
        consent_at timestamptz,
        raised_max_hr integer
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
      }
    }
    if (patches.size === 0) return;
    const table = context.table(MEMBER_HEART_RATE);
    const rows = [...patches.values()];
    await context.query(
      `INSERT INTO ${table} AS current (user_id, consent_granted, notice_version, consent_at, raised_max_hr)
       SELECT p.user_id, COALESCE(p.granted, false), p.notice_version, p.consent_at, p.raised_max_hr
         FROM unnest($1::text[], $2::boolean[], $3::text[], $4::timestamptz[], $5::integer[]) AS p(user_id, granted, notice_version, consent_at, raised_max_hr)
       ON CONFLICT (user_id) DO UPDATE SET
         consent_granted = CASE WHEN EXCLUDED.consent_at IS NULL THEN current.consent_granted ELSE EXCLUDED.consent_granted END,
         notice_version = CASE WHEN EXCLUDED.consent_at IS NULL THEN current.notice_version ELSE EXCLUDED.notice_version END,
         consent_at = COALESCE(EXCLUDED.consent_at, current.consent_at),
         raised_max_hr = COALESCE(EXCLUDED.raised_max_hr, current.raised_max_hr)`,
      [
        [...patches.keys()],
        rows.map((row) => row.consent?.granted ?? null),
        rows.map((row) => row.consent?.noticeVersion ?? null),
        rows.map((row) => row.consent?.at ?? null),
        rows.map((row) => row.raisedMaxHr ?? null),
      ],
    );
  },
};
