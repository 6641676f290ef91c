import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import {
  MEMBER_STREAM_PREFIX,
  type ConsentGiven,
  type ConsentWithdrawn,
  type EmailPreferenceChanged,
  type HeartRateConsentGiven,
  type HeartRateConsentWithdrawn,
  type StudioBoardNameChosen,
} from '../members/member.events';

/**
 * The consent registry's read model (ADR 0190): each member's last decision per consent kind,
 * with the notice's version and its time, from every event that records a consent. No row means
 * the member never decided (an email topic then stays subscribed by default).
 */
export const MEMBER_CONSENTS = 'member_consents';

interface Decision {
  userId: string;
  kind: string;
  granted: boolean;
  noticeVersion: string | null;
  at: string;
  /** Who recorded it: the member, or the front desk where the member accepted the notice (ADR 0295). */
  recordedBy: 'member' | 'desk';
}

/** The registry kind and decision an event records, or null for an event of another type. */
export function consentDecisionOf(event: RecordedEvent): Decision | null {
  const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
  switch (event.type) {
    case 'ConsentGiven': {
      const { kind, noticeVersion, occurredAt } = event.data as ConsentGiven['data'];
      return { userId, kind, granted: true, noticeVersion, at: occurredAt, recordedBy: 'member' };
    }
    case 'ConsentWithdrawn': {
      const { kind, occurredAt } = event.data as ConsentWithdrawn['data'];
      return { userId, kind, granted: false, noticeVersion: null, at: occurredAt, recordedBy: 'member' };
    }
    case 'HeartRateConsentGiven': {
      const { noticeVersion, occurredAt, recordedAtDeskBy } = event.data as HeartRateConsentGiven['data'];
      return { userId, kind: 'heart-rate', granted: true, noticeVersion, at: occurredAt, recordedBy: recordedAtDeskBy ? 'desk' : 'member' };
    }
    case 'HeartRateConsentWithdrawn': {
      const { occurredAt } = event.data as HeartRateConsentWithdrawn['data'];
      return { userId, kind: 'heart-rate', granted: false, noticeVersion: null, at: occurredAt, recordedBy: 'member' };
    }
    case 'EmailPreferenceChanged': {
      const { topic, subscribed, occurredAt } = event.data as EmailPreferenceChanged['data'];
      return { userId, kind: `email-${topic}`, granted: subscribed, noticeVersion: null, at: occurredAt, recordedBy: 'member' };
    }
    case 'StudioBoardNameChosen': {
      const { showName, occurredAt } = event.data as StudioBoardNameChosen['data'];
      return { userId, kind: 'studio-board-name', granted: showName, noticeVersion: null, at: occurredAt, recordedBy: 'member' };
    }
    default:
      return null;
  }
}

export const memberConsentsProjection: Projection = {
  name: 'member_consents',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: the studio board's name choice joins the registry (ADR 0183). 3: who recorded the decision (ADR 0295).
  version: 3,
  eventTypes: ['ConsentGiven', 'ConsentWithdrawn', 'HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'EmailPreferenceChanged', 'StudioBoardNameChosen'],
  tables: {
    [MEMBER_CONSENTS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        kind text NOT NULL,
        granted boolean NOT NULL,
        notice_version text,
        decided_at timestamptz NOT NULL,
        recorded_by text NOT NULL,
        PRIMARY KEY (user_id, kind)
      )`,
    ],
  },
  /** The last decision per member and kind in the batch wins (log order), written with one multi-row upsert. */
  async handle(events: RecordedEvent[], context) {
    const latest = new Map<string, Decision>();
    for (const event of events) {
      const decision = consentDecisionOf(event);
      if (decision) latest.set(`${decision.userId}\u0000${decision.kind}`, decision);
    }
    if (latest.size === 0) return;
    const rows = [...latest.values()];
    await context.query(
      `INSERT INTO ${context.table(MEMBER_CONSENTS)} (user_id, kind, granted, notice_version, decided_at, recorded_by)
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::timestamptz[], $6::text[])
       ON CONFLICT (user_id, kind) DO UPDATE
         SET granted = EXCLUDED.granted, notice_version = EXCLUDED.notice_version, decided_at = EXCLUDED.decided_at, recorded_by = EXCLUDED.recorded_by`,
      [
        rows.map((row) => row.userId),
        rows.map((row) => row.kind),
        rows.map((row) => row.granted),
        rows.map((row) => row.noticeVersion),
        rows.map((row) => row.at),
        rows.map((row) => row.recordedBy),
      ],
    );
  },
};
