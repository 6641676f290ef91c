import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type EmailPreferenceChanged } from '../members/member.events';

/** Each member's choice per email topic, fed from the `member-{userId}` streams; no row means subscribed (ADR 0142). */
export const MEMBER_EMAIL_PREFERENCES = 'member_email_preferences';

type Choices = Record<string, { subscribed: boolean; changedAt: string }>;

/** The last choice per member and topic wins (log order). */
export const memberEmailPreferencesProjection: DocumentProjection<Choices> = {
  name: 'member_email_preferences',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['EmailPreferenceChanged'],
  tables: {
    [MEMBER_EMAIL_PREFERENCES]: { columns: 'user_id text, topic text, subscribed boolean, changed_at timestamptz', key: ['user_id', 'topic'] },
  },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => ({}),
  evolve(choices, event) {
    const { topic, subscribed, occurredAt } = event.data as EmailPreferenceChanged['data'];
    return { ...choices, [topic]: { subscribed, changedAt: occurredAt } };
  },
  toRows: (choices, userId) => ({ [MEMBER_EMAIL_PREFERENCES]: Object.entries(choices).map(([topic, choice]) => rowOf({ user_id: userId, topic }, choice)) }),
  fromRows: (rows) =>
    Object.fromEntries(rows[MEMBER_EMAIL_PREFERENCES]!.map((row) => [row.topic as string, fieldsOf<Choices[string]>(row, 'user_id', 'topic')])),
};
