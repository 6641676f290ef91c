import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type HeartRateConsentGiven, type HeartRateConsentWithdrawn } from '../members/member.events';

/** Each member's heart-rate consent as it stands, fed from the `member-{userId}` streams. */
export const MEMBER_HEART_RATE = 'member_heart_rate';

interface ConsentRow {
  granted: boolean;
  noticeVersion: string | null;
  at: string;
}

export const memberHeartRateProjection: Projection = {
  name: 'member_heart_rate',
  version: 1,
  eventTypes: ['HeartRateConsentGiven', 'HeartRateConsentWithdrawn'],
  tables: {
    [MEMBER_HEART_RATE]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        consent_granted boolean NOT NULL,
        notice_version text,
        consent_at timestamptz NOT NULL
      )`,
    ],
  },
  /**
   * The last decision of each member in the batch wins (log order), written with one
   * multi-row upsert: the same rows live and on a replay, whatever the batch boundaries.
   */
  async handle(events: RecordedEvent[], context) {
    const latest = new Map<string, ConsentRow>();
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      if (event.type === 'HeartRateConsentGiven') {
        const { noticeVersion, occurredAt } = event.data as HeartRateConsentGiven['data'];
        latest.set(userId, { granted: true, noticeVersion, at: occurredAt });
      } else if (event.type === 'HeartRateConsentWithdrawn') {
        const { occurredAt } = event.data as HeartRateConsentWithdrawn['data'];
        latest.set(userId, { granted: false, noticeVersion: null, at: occurredAt });
      }
    }
    if (latest.size === 0) return;
    const table = context.table(MEMBER_HEART_RATE);
    const rows = [...latest.values()];
    await context.query(
      `INSERT INTO ${table} (user_id, consent_granted, notice_version, consent_at)
       SELECT * FROM unnest($1::text[], $2::boolean[], $3::text[], $4::timestamptz[])
       ON CONFLICT (user_id) DO UPDATE SET
         consent_granted = EXCLUDED.consent_granted,
         notice_version = EXCLUDED.notice_version,
         consent_at = EXCLUDED.consent_at`,
      [[...latest.keys()], rows.map((row) => row.granted), rows.map((row) => row.noticeVersion), rows.map((row) => row.at)],
    );
  },
};
