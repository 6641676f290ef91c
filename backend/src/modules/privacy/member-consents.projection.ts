import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
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

type Decisions = Record<string, { granted: boolean; noticeVersion: string | null; decidedAt: string; recordedBy: 'member' | 'desk' }>;

/** The last decision per member and kind wins (log order). */
export const memberConsentsProjection: DocumentProjection<Decisions> = {
  name: 'member_consents',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: the studio board's name choice joins the registry (ADR 0183). 3: who recorded the decision (ADR 0295).
  version: 3,
  eventTypes: ['ConsentGiven', 'ConsentWithdrawn', 'HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'EmailPreferenceChanged', 'StudioBoardNameChosen'],
  tables: {
    [MEMBER_CONSENTS]: {
      columns: 'user_id text, kind text, granted boolean, notice_version text?, decided_at timestamptz, recorded_by text',
      key: ['user_id', 'kind'],
    },
  },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => ({}),
  evolve(decisions, event) {
    const decision = consentDecisionOf(event);
    if (!decision) return decisions;
    return {
      ...decisions,
      [decision.kind]: { granted: decision.granted, noticeVersion: decision.noticeVersion, decidedAt: decision.at, recordedBy: decision.recordedBy },
    };
  },
  toRows: (decisions, userId) => ({ [MEMBER_CONSENTS]: Object.entries(decisions).map(([kind, decision]) => rowOf({ user_id: userId, kind }, decision)) }),
  fromRows: (rows) => Object.fromEntries(rows[MEMBER_CONSENTS]!.map((row) => [row.kind as string, fieldsOf<Decisions[string]>(row, 'user_id', 'kind')])),
};
