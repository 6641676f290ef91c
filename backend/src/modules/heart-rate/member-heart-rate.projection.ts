import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
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

interface HeartRate {
  consentGranted: boolean;
  noticeVersion: string | null;
  consentAt: string | null;
  raisedMaxHr: number | null;
  measuredMaxHr: number | null;
  dataDeletedAt: string | null;
}

/**
 * The last consent decision, the last raise of the maximum and the maximum the member measured. A
 * measured maximum, a deletion of the data kept (ADR 0144) and an erasure (ADR 0202) clear a raise
 * before them; an erasure also clears the measured maximum (body data), while the consent decisions
 * stay as the record they are.
 */
export const memberHeartRateProjection: DocumentProjection<HeartRate | null> = {
  name: 'member_heart_rate',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: the maximum raised by a session (ADR 0134). 3: the deletion of the data kept (ADR 0144).
  // 4: the maximum the member measured (ADR 0147).
  version: 4,
  eventTypes: ['HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'MaxHeartRateRaised', 'MaxHeartRateMeasured', 'HeartRateDataDeleted', 'MemberDataErased'],
  tables: {
    [MEMBER_HEART_RATE]: {
      columns: `user_id text, consent_granted boolean, notice_version text?, consent_at timestamptz?,
        raised_max_hr integer?, measured_max_hr integer?, data_deleted_at timestamptz?`,
      key: ['user_id'],
    },
  },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => null,
  evolve(current, event) {
    const member: HeartRate = {
      ...(current ?? { consentGranted: false, noticeVersion: null, consentAt: null, raisedMaxHr: null, measuredMaxHr: null, dataDeletedAt: null }),
    };
    switch (event.type) {
      case 'HeartRateConsentGiven': {
        const { noticeVersion, occurredAt } = event.data as HeartRateConsentGiven['data'];
        return { ...member, consentGranted: true, noticeVersion, consentAt: occurredAt };
      }
      case 'HeartRateConsentWithdrawn':
        return { ...member, consentGranted: false, noticeVersion: null, consentAt: (event.data as HeartRateConsentWithdrawn['data']).occurredAt };
      case 'MaxHeartRateRaised':
        return { ...member, raisedMaxHr: (event.data as MaxHeartRateRaised['data']).maxHr };
      case 'MaxHeartRateMeasured':
        return { ...member, measuredMaxHr: (event.data as MaxHeartRateMeasured['data']).maxHr, raisedMaxHr: null };
      case 'HeartRateDataDeleted':
        return { ...member, dataDeletedAt: (event.data as HeartRateDataDeleted['data']).occurredAt, raisedMaxHr: null };
      case 'MemberDataErased':
        return { ...member, measuredMaxHr: null, raisedMaxHr: null };
      default:
        return member;
    }
  },
  toRows: (member, userId) => ({ [MEMBER_HEART_RATE]: member ? [rowOf({ user_id: userId }, member)] : [] }),
  fromRows: (rows) => (rows[MEMBER_HEART_RATE]![0] ? fieldsOf<HeartRate>(rows[MEMBER_HEART_RATE]![0], 'user_id') : null),
};
