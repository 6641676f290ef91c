import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type EmailPreferenceChanged } from '../members/member.events';

/** Each member's choice per email topic, fed from the `member-{userId}` streams; no row means subscribed (ADR 0142). */
export const MEMBER_EMAIL_PREFERENCES = 'member_email_preferences';

export const memberEmailPreferencesProjection: Projection = {
  name: 'member_email_preferences',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['EmailPreferenceChanged'],
  tables: {
    [MEMBER_EMAIL_PREFERENCES]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        topic text NOT NULL,
        subscribed boolean NOT NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, topic)
      )`,
    ],
  },
  /** The last choice per member and topic in the batch wins (log order), written with one multi-row upsert. */
  async handle(events: RecordedEvent[], context) {
    const latest = new Map<string, { userId: string; topic: string; subscribed: boolean; at: string }>();
    for (const event of events) {
      if (event.type !== 'EmailPreferenceChanged') continue;
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      const { topic, subscribed, occurredAt } = event.data as EmailPreferenceChanged['data'];
      latest.set(`${userId}\u0000${topic}`, { userId, topic, subscribed, at: occurredAt });
    }
    if (latest.size === 0) return;
    const rows = [...latest.values()];
    await context.query(
      `INSERT INTO ${context.table(MEMBER_EMAIL_PREFERENCES)} (user_id, topic, subscribed, changed_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::timestamptz[])
       ON CONFLICT (user_id, topic) DO UPDATE SET subscribed = EXCLUDED.subscribed, changed_at = EXCLUDED.changed_at`,
      [rows.map((row) => row.userId), rows.map((row) => row.topic), rows.map((row) => row.subscribed), rows.map((row) => row.at)],
    );
  },
};
