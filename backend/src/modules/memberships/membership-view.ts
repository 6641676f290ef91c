import { localDateOf, type LocalDate } from '../../shared/studio-day';
import type { MemberState } from '../members/member.decider';
import type { MembershipDto, StaffMembershipDto } from './dto/memberships.dto';
import type { StoredMembership } from './memberships.read-model';

/** A membership as the member and the desk read it on `today`: one past its last day reads as expired before its event is recorded. */
export function membershipView(membership: StoredMembership, viewerId: string, today: LocalDate): MembershipDto {
  const ended = membership.expired || (membership.frozenFrom === null && membership.validUntil < today);
  return {
    planId: membership.planId,
    planTitle: membership.planTitle,
    status: ended ? 'expired' : membership.frozenFrom !== null ? 'frozen' : 'active',
    unlimited: membership.classesPerPeriod === null,
    classesLeft: membership.classesLeft,
    classesPerPeriod: membership.classesPerPeriod,
    validFrom: membership.validFrom,
    validUntil: membership.validUntil,
    frozenFrom: membership.frozenFrom,
    holder: membership.holderId === viewerId,
    people: membership.sharedWith.length + 1,
  };
}

/** Whether a stored membership is in force on `today` (frozen ones are). */
export function storedInForce(membership: StoredMembership | null, today: LocalDate): membership is StoredMembership {
  return membership !== null && !membership.expired && (membership.frozenFrom !== null || membership.validUntil >= today);
}

/** The desk's answer after a write: the holder's membership as the write left it. */
export function staffMembershipOf(userId: string, written: { state: MemberState; now: string }): StaffMembershipDto {
  const membership = written.state.membership;
  if (!membership) return { userId, membership: null, sharedWith: [] };
  const stored: StoredMembership = { ...membership, holderId: userId, sharedWith: [...membership.sharedWith], updatedAt: written.now };
  return { userId, membership: membershipView(stored, userId, localDateOf(written.now)), sharedWith: [...membership.sharedWith] };
}
