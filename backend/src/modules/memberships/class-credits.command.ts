import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import { MEMBER_MESSAGES } from '../members/member.decider';
import { MemberStreams } from '../members/member-streams';
import { membershipOf } from './get-membership.query';
import { decideStudioMembership } from './membership.decider';
import { storedInForce } from './membership-view';
import { BOOKING_ID, MEMBERSHIP_MESSAGES } from './memberships.rules';
import { MembershipsReadModel } from './memberships.read-model';

export interface ClassCreditResult {
  /** The stream whose pool paid: the member's own, or the holder of the couples or family plan they share. */
  holderId: string;
  /** Whether the booking holds (used) or got back (returned) its credit after this call; a retry answers the same. */
  applied: boolean;
  classesLeft: number | null;
}

/**
 * One class of the member's pool for booking `bookingId` (`ClassCreditUsed`), for the booking
 * work: a booking id uses one credit at most, ever, and a retry counts once; with no class left it
 * is refused (409) and nothing is recorded. `actor` is who books (the member, or staff at the desk).
 */
export class UseClassCredit extends Command<ClassCreditResult> {
  constructor(
    readonly memberId: string,
    readonly bookingId: string,
    readonly actor: AuthUser,
  ) {
    super();
  }
}

/** Gives the credit of booking `bookingId` back to the pool it came from (`ClassCreditReturned`), once. */
export class ReturnClassCredit extends Command<ClassCreditResult> {
  constructor(
    readonly memberId: string,
    readonly bookingId: string,
    readonly actor: AuthUser,
  ) {
    super();
  }
}

function actorOf(actor: AuthUser) {
  return { userId: actor.userId, role: actor.role };
}

function holderWrite(holderId: string) {
  return { userId: holderId, email: '', firstName: '', lastName: '', role: 'member' as const, secondFactor: false };
}

@CommandHandler(UseClassCredit)
export class UseClassCreditHandler implements ICommandHandler<UseClassCredit, ClassCreditResult> {
  constructor(
    private readonly members: MemberStreams,
    private readonly memberships: MembershipsReadModel,
  ) {}

  async execute({ memberId, bookingId, actor }: UseClassCredit): Promise<ClassCreditResult> {
    if (!BOOKING_ID.test(bookingId)) throw new DomainError('invalid', MEMBERSHIP_MESSAGES.bookingIdType, { field: 'bookingId' });
    const pool = await membershipOf(this.memberships, memberId, localDateOf(new Date()));
    // The decider refuses an ended pool on the stream itself; a member who never had one is refused here.
    const holderId = storedInForce(pool, localDateOf(new Date())) ? pool.holderId : memberId;
    const written = await this.members.write({
      user: holderWrite(holderId),
      actedBy: actorOf(actor),
      kind: 'use-class-credit',
      idempotencyKey: undefined,
      clientId: bookingId,
      input: { bookingId, usedBy: memberId },
      decide: decideStudioMembership,
      command: (_commandId, now) => ({ type: 'UseClassCredit', data: { bookingId, usedBy: memberId, holderId, now } }),
    });
    const credit = written.state.classCredits.get(bookingId);
    return { holderId, applied: credit !== undefined && !credit.returned, classesLeft: written.state.membership?.classesLeft ?? null };
  }
}

@CommandHandler(ReturnClassCredit)
export class ReturnClassCreditHandler implements ICommandHandler<ReturnClassCredit, ClassCreditResult> {
  constructor(
    private readonly members: MemberStreams,
    private readonly memberships: MembershipsReadModel,
  ) {}

  async execute({ memberId, bookingId, actor }: ReturnClassCredit): Promise<ClassCreditResult> {
    if (!BOOKING_ID.test(bookingId)) throw new DomainError('invalid', MEMBERSHIP_MESSAGES.bookingIdType, { field: 'bookingId' });
    // The credit is on the member's own stream or on the stream of a pool they share.
    const holders = [memberId, ...(await this.memberships.sharedWith(memberId)).map((membership) => membership.holderId)];
    let last: ClassCreditResult | null = null;
    for (const holderId of holders) {
      const written = await this.members
        .write({
          user: holderWrite(holderId),
          actedBy: actorOf(actor),
          kind: 'return-class-credit',
          idempotencyKey: undefined,
          clientId: bookingId,
          input: { bookingId },
          decide: decideStudioMembership,
          command: (_commandId, now) => ({ type: 'ReturnClassCredit', data: { bookingId, now } }),
        })
        .catch((error: unknown) => {
          // An erased member's own pool left with them (ADR 0202): nothing goes back to it, a pool they share still takes its credit back.
          if (holderId === memberId && error instanceof DomainError && error.message === MEMBER_MESSAGES.erased) return null;
          throw error;
        });
      if (!written) continue;
      const credit = written.state.classCredits.get(bookingId);
      last = { holderId, applied: credit?.returned === true, classesLeft: written.state.membership?.classesLeft ?? null };
      if (credit) return last;
    }
    return last ?? { holderId: memberId, applied: false, classesLeft: null };
  }
}
