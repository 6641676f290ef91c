import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fieldsOf, rowOf, type DocumentProjection, type TableShape } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type MemberEvent } from '../members/member.events';

/** Each holder's membership as it stands (ADR 0350), fed from the membership and credit events of the `member-{userId}` streams. */
export const MEMBER_MEMBERSHIPS = 'member_memberships';
/**
 * Who shares, or once shared, the pool of a holder's couples or family membership: one row per (holder,
 * member), `in_force` while it is the membership in force (a member's data export reads the others too).
 */
export const MEMBER_MEMBERSHIP_SHARES = 'member_membership_shares';

export const MEMBERSHIP_EVENT_TYPES = [
  'MembershipSold',
  'MembershipPurchaseConfirmed',
  'MembershipRenewed',
  'MembershipExpired',
  'MembershipFrozen',
  'MembershipUnfrozen',
  'ClassCreditUsed',
  'ClassCreditReturned',
] as const satisfies readonly MemberEvent['type'][];

export interface MembershipDocument {
  membershipId: string;
  planId: string;
  planTitle: string;
  /** Null when unlimited. */
  classesLeft: number | null;
  /** The pool's classes per period; null when unlimited. */
  classesPerPeriod: number | null;
  sharedWith: string[];
  /** Members who shared an earlier membership of this holder and not this one. */
  sharedBefore: string[];
  validFrom: string;
  validUntil: string;
  frozenFrom: string | null;
  expired: boolean;
  updatedAt: string;
}

const MEMBERSHIP_ROWS: TableShape = {
  columns:
    'user_id text, membership_id text, plan_id text, plan_title text, classes_left integer?, classes_per_period integer?, shared_with text[], shared_before text[], valid_from text, valid_until text, frozen_from text?, expired boolean, updated_at text',
  key: ['user_id'],
  // The desk's "vencen esta semana": memberships in force by their last day.
  indexes: { in_force_until: '(valid_until) WHERE NOT expired' },
};

const SHARE_ROWS: TableShape = {
  columns: 'user_id text, member_id text, in_force boolean',
  key: ['user_id', 'member_id'],
  indexes: { member: '(member_id)' },
};

export const memberMembershipsProjection: DocumentProjection<MembershipDocument | null> = {
  name: 'member_memberships',
  // The member's dashboard and the desk's next screen read it: in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 3,
  // An erased member's membership leaves with them: the desk no longer lists it (ADR 0202).
  eventTypes: [...MEMBERSHIP_EVENT_TYPES, 'MemberDataErased'],
  tables: { [MEMBER_MEMBERSHIPS]: MEMBERSHIP_ROWS, [MEMBER_MEMBERSHIP_SHARES]: SHARE_ROWS },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => null,
  evolve: (document, recorded) => evolveMembership(document, recorded),
  toRows: (document, userId) => ({
    [MEMBER_MEMBERSHIPS]: document ? [rowOf({ user_id: userId }, document)] : [],
    [MEMBER_MEMBERSHIP_SHARES]: document
      ? [
          ...document.sharedWith.map((memberId) => ({ user_id: userId, member_id: memberId, in_force: !document.expired })),
          ...document.sharedBefore.map((memberId) => ({ user_id: userId, member_id: memberId, in_force: false })),
        ]
      : [],
  }),
  fromRows: (rows) => {
    const row = rows[MEMBER_MEMBERSHIPS]![0];
    return row ? fieldsOf<MembershipDocument>(row, 'user_id') : null;
  },
};

function evolveMembership(document: MembershipDocument | null, recorded: RecordedEvent): MembershipDocument | null {
  const event = { type: recorded.type, data: recorded.data } as MemberEvent;
  switch (event.type) {
    case 'MemberDataErased':
      return null;
    case 'MembershipSold':
    case 'MembershipPurchaseConfirmed': {
      const { membershipId, planId, planTitle, classes, sharedWith, validFrom, validUntil, occurredAt } = event.data;
      const before = document ? [...document.sharedBefore, ...document.sharedWith] : [];
      return {
        membershipId,
        planId,
        planTitle,
        classesLeft: classes,
        classesPerPeriod: classes,
        sharedWith: [...sharedWith],
        sharedBefore: [...new Set(before)].filter((memberId) => !sharedWith.includes(memberId)),
        validFrom,
        validUntil,
        frozenFrom: null,
        expired: false,
        updatedAt: occurredAt,
      };
    }
    case 'MembershipRenewed':
      return document && { ...document, validUntil: event.data.validUntil, classesLeft: event.data.classesLeft, updatedAt: event.data.occurredAt };
    case 'MembershipExpired':
      return document && { ...document, expired: true, frozenFrom: null, updatedAt: event.data.occurredAt };
    case 'MembershipFrozen':
      return document && { ...document, frozenFrom: event.data.from, updatedAt: event.data.occurredAt };
    case 'MembershipUnfrozen':
      return document && { ...document, frozenFrom: null, validUntil: event.data.validUntil, updatedAt: event.data.occurredAt };
    case 'ClassCreditUsed':
    case 'ClassCreditReturned':
      return document && { ...document, classesLeft: event.data.classesLeft, updatedAt: event.data.occurredAt };
    default:
      return document;
  }
}
