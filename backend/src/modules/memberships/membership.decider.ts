import type { DomainCommand } from '../../shared/decider';
import { DomainError, invalidField } from '../../shared/domain-error';
import { addDays, daysBetween, localDateOf, normalizeInstant, type LocalDate } from '../../shared/studio-day';
import type { MemberState, MembershipState } from '../members/member.decider';
import type { MemberEvent, MembershipExpired, RecordedMembershipPayment } from '../members/member.events';
import {
  BOOKING_ID,
  isMembershipPlanId,
  isPaymentMethod,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PLANS,
  periodEnd,
  poolClasses,
  priceOf,
  referenceProblem,
  type BillingMode,
  type MembershipPlan,
} from './memberships.rules';

/**
 * Memberships and class credits on the holder's `member-{userId}` stream (ADR 0350): the sale at the
 * desk, the confirmation of a payment-link purchase, renewal, expiry, freeze and the class credits a
 * booking uses and returns. The pool of a couples or family plan is on its holder's stream; the
 * members named at the sale use it there.
 */

export type MembershipPurchase = {
  planId: string;
  billing: BillingMode;
  paymentMethod: string;
  reference: string | null;
  /** The other members of a couples or family plan (their user ids), in the order given. */
  sharedWith: readonly string[];
  /** The holder's own id: never one of `sharedWith`. */
  holderId: string;
};

/** The desk records a sale (`channel: desk`) or confirms a payment-link purchase (`channel: payment-link`). */
export type RecordMembershipPurchase = DomainCommand<
  'RecordMembershipPurchase',
  MembershipPurchase & { channel: RecordedMembershipPayment['channel']; membershipId: string; now: string }
>;

export type FreezeMembership = DomainCommand<'FreezeMembership', { now: string }>;
export type UnfreezeMembership = DomainCommand<'UnfreezeMembership', { now: string }>;

/** Uses one class of the pool for `bookingId`; a booking id already seen uses nothing. */
export type UseClassCredit = DomainCommand<'UseClassCredit', { bookingId: string; usedBy: string; holderId: string; now: string }>;

/** Gives back the credit of `bookingId`; one never used, or already returned, gives nothing back. */
export type ReturnClassCredit = DomainCommand<'ReturnClassCredit', { bookingId: string; now: string }>;

/** Ends a membership whose validity passed (the expiry sweep); nothing when it is in force, frozen or ended. */
export type ExpireMembership = DomainCommand<'ExpireMembership', { now: string }>;

export type StudioMembershipCommand = RecordMembershipPurchase | FreezeMembership | UnfreezeMembership | UseClassCredit | ReturnClassCredit | ExpireMembership;

export function decideStudioMembership(command: StudioMembershipCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'RecordMembershipPurchase':
      return recordPurchase(command.data, state);
    case 'FreezeMembership':
      return freeze(command.data.now, state);
    case 'UnfreezeMembership':
      return unfreeze(command.data.now, state);
    case 'UseClassCredit':
      return useCredit(command.data, state);
    case 'ReturnClassCredit':
      return returnCredit(command.data, state);
    case 'ExpireMembership':
      return expiryOf(state.membership, localDateOf(normalizeInstant(command.data.now)), normalizeInstant(command.data.now));
  }
}

/** Whether the membership is in force on `today`: not ended, and within its validity or frozen (a frozen one does not run out). */
export function inForce(membership: MembershipState | null, today: LocalDate): membership is MembershipState {
  return membership !== null && !membership.expired && (membership.frozenFrom !== null || today <= membership.validUntil);
}

/** The `MembershipExpired` a membership past its last day owes, or nothing. */
function expiryOf(membership: MembershipState | null, today: LocalDate, occurredAt: string): MembershipExpired[] {
  if (membership === null || membership.expired || membership.frozenFrom !== null || today <= membership.validUntil) return [];
  const { membershipId, validUntil, classesLeft } = membership;
  return [{ type: 'MembershipExpired', data: { membershipId, reason: 'ended', validUntil, classesLeft, occurredAt } }];
}

function checkedPurchase(input: MembershipPurchase): { plan: MembershipPlan; payment: Omit<RecordedMembershipPayment, 'channel'> } {
  if (!isMembershipPlanId(input.planId)) throw invalidField(MEMBERSHIP_MESSAGES.unknownPlan, 'planId');
  const plan = MEMBERSHIP_PLANS[input.planId];
  if (input.billing !== 'one-time' && input.billing !== 'recurring') throw invalidField(MEMBERSHIP_MESSAGES.unknownBilling, 'billing');
  if (!isPaymentMethod(input.paymentMethod)) throw invalidField(MEMBERSHIP_MESSAGES.unknownPaymentMethod, 'paymentMethod');
  if (input.paymentMethod === 'cortesia' && !plan.oncePerMember) throw invalidField(MEMBERSHIP_MESSAGES.courtesyOnlyTrial, 'paymentMethod');
  if (plan.oncePerMember && input.paymentMethod !== 'cortesia') throw invalidField(MEMBERSHIP_MESSAGES.trialIsCourtesy, 'paymentMethod');
  const problem = referenceProblem(input.paymentMethod, input.reference);
  if (problem) throw invalidField(problem, 'reference');
  if (input.sharedWith.length !== plan.people - 1) throw invalidField(MEMBERSHIP_MESSAGES.sharedWithCount(plan), 'sharedWith');
  if (input.sharedWith.includes(input.holderId)) throw invalidField(MEMBERSHIP_MESSAGES.sharedWithHolder, 'sharedWith');
  if (new Set(input.sharedWith).size !== input.sharedWith.length) throw invalidField(MEMBERSHIP_MESSAGES.sharedWithRepeated, 'sharedWith');
  const reference = input.paymentMethod === 'cortesia' ? null : input.reference!.trim();
  return { plan, payment: { method: input.paymentMethod, reference, billing: input.billing, amountUsd: priceOf(plan, input.billing) } };
}

function recordPurchase(data: RecordMembershipPurchase['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(data.now);
  const today = localDateOf(occurredAt);
  const { plan, payment: paid } = checkedPurchase(data);
  const payment: RecordedMembershipPayment = { channel: data.channel, ...paid };
  if (plan.oncePerMember && state.trialUsed) throw new DomainError('conflict', MEMBERSHIP_MESSAGES.trialUsed, { field: 'planId' });
  const receiptId = data.membershipId;
  const classes = poolClasses(plan);
  const current = state.membership;
  const sameMembers = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

  if (inForce(current, today)) {
    // The plan in force bought again: a renewal, the period runs on from its last day.
    if (current.planId === plan.id && sameMembers(current.sharedWith, data.sharedWith) && !plan.oncePerMember) {
      const validUntil = periodEnd(addDays(current.validUntil, 1), plan.validity);
      const classesLeft = classes === null || current.classesLeft === null ? null : current.classesLeft + classes;
      return [
        {
          type: 'MembershipRenewed',
          data: { membershipId: current.membershipId, planId: plan.id, validUntil, classesAdded: classes, classesLeft, payment, receiptId, occurredAt },
        },
      ];
    }
    // Another plan replaces only a trial or a pack with nothing left; otherwise the desk renews or waits.
    const replaceable = current.planId === 'platform-trial' || current.classesLeft === 0;
    if (!replaceable || current.frozenFrom !== null)
      throw new DomainError('conflict', MEMBERSHIP_MESSAGES.otherPlanActive(current.planTitle, current.validUntil), { field: 'planId' });
  }
  const ended: MemberEvent[] = inForce(current, today)
    ? [
        {
          type: 'MembershipExpired',
          data: { membershipId: current.membershipId, reason: 'replaced', validUntil: current.validUntil, classesLeft: current.classesLeft, occurredAt },
        },
      ]
    : expiryOf(current, today, occurredAt);
  const started = {
    membershipId: data.membershipId,
    planId: plan.id,
    planTitle: plan.title,
    classes,
    sharedWith: [...data.sharedWith],
    validFrom: today,
    validUntil: periodEnd(today, plan.validity),
    payment,
    receiptId,
    occurredAt,
  };
  return [...ended, data.channel === 'desk' ? { type: 'MembershipSold', data: started } : { type: 'MembershipPurchaseConfirmed', data: started }];
}

function currentOrRefuse(state: MemberState, today: LocalDate): MembershipState {
  if (!inForce(state.membership, today)) throw new DomainError('not-found', MEMBERSHIP_MESSAGES.noMembership);
  return state.membership;
}

function freeze(now: string, state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const today = localDateOf(occurredAt);
  const membership = currentOrRefuse(state, today);
  if (membership.frozenFrom !== null) throw new DomainError('conflict', MEMBERSHIP_MESSAGES.alreadyFrozen);
  return [{ type: 'MembershipFrozen', data: { membershipId: membership.membershipId, from: today, occurredAt } }];
}

/** The days from the freeze to today are added to the validity: a membership frozen for a week ends a week later. */
function unfreeze(now: string, state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const today = localDateOf(occurredAt);
  const membership = currentOrRefuse(state, today);
  if (membership.frozenFrom === null) throw new DomainError('conflict', MEMBERSHIP_MESSAGES.notFrozen);
  const frozenDays = Math.max(0, daysBetween(membership.frozenFrom, today));
  const validUntil = addDays(membership.validUntil, frozenDays);
  return [{ type: 'MembershipUnfrozen', data: { membershipId: membership.membershipId, frozenDays, validUntil, occurredAt } }];
}

function useCredit({ bookingId, usedBy, holderId, now }: UseClassCredit['data'], state: MemberState): MemberEvent[] {
  if (typeof bookingId !== 'string' || !BOOKING_ID.test(bookingId)) throw invalidField(MEMBERSHIP_MESSAGES.bookingIdType, 'bookingId');
  // The same booking never uses two credits, whatever happened to the first since (ADR 0350).
  if (state.classCredits.has(bookingId)) return [];
  const occurredAt = normalizeInstant(now);
  const membership = currentOrRefuse(state, localDateOf(occurredAt));
  if (membership.planId === 'platform-trial') throw new DomainError('conflict', MEMBERSHIP_MESSAGES.trialHasNoClasses);
  if (membership.frozenFrom !== null) throw new DomainError('conflict', MEMBERSHIP_MESSAGES.frozen);
  if (usedBy !== holderId && !membership.sharedWith.includes(usedBy)) throw new DomainError('forbidden', MEMBERSHIP_MESSAGES.notInPool);
  if (membership.classesLeft !== null && membership.classesLeft <= 0) throw new DomainError('conflict', MEMBERSHIP_MESSAGES.noClassesLeft);
  const classesLeft = membership.classesLeft === null ? null : membership.classesLeft - 1;
  return [{ type: 'ClassCreditUsed', data: { membershipId: membership.membershipId, bookingId, usedBy, classesLeft, occurredAt } }];
}

/** A credit goes back only to the membership it came from while that one is in force; a past period's is gone with it. */
function returnCredit({ bookingId, now }: ReturnClassCredit['data'], state: MemberState): MemberEvent[] {
  if (typeof bookingId !== 'string' || !BOOKING_ID.test(bookingId)) throw invalidField(MEMBERSHIP_MESSAGES.bookingIdType, 'bookingId');
  const credit = state.classCredits.get(bookingId);
  if (!credit || credit.returned) return [];
  const occurredAt = normalizeInstant(now);
  const membership = state.membership;
  if (!inForce(membership, localDateOf(occurredAt)) || membership.membershipId !== credit.membershipId) return [];
  const classesLeft = membership.classesLeft === null ? null : membership.classesLeft + 1;
  return [{ type: 'ClassCreditReturned', data: { membershipId: credit.membershipId, bookingId, usedBy: credit.usedBy, classesLeft, occurredAt } }];
}
