import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { MemberStreams, type MemberCommandKind } from '../members/member-streams';
import type { ConfirmMembershipPurchaseDto, RecordMembershipSaleDto, StaffMembershipDto } from './dto/memberships.dto';
import { decideStudioMembership } from './membership.decider';
import { staffMembershipOf } from './membership-view';
import { MEMBERSHIP_MESSAGES } from './memberships.rules';

/** A member's stream written by the desk: the member is the stream, the staff member the actor. */
export function deskWrite(staff: AuthUser, userId: string) {
  return {
    user: { userId, email: '', firstName: '', lastName: '', role: 'member' as const, secondFactor: false },
    actedBy: { userId: staff.userId, role: staff.role, ...(staff.firstName ? { name: `${staff.firstName} ${staff.lastName}`.trim() } : {}) },
  };
}

export class RecordMembershipPurchase extends Command<StaffMembershipDto> {
  constructor(
    readonly staff: AuthUser,
    readonly userId: string,
    readonly channel: 'desk' | 'payment-link',
    readonly body: RecordMembershipSaleDto | ConfirmMembershipPurchaseDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * The desk records a sale (`MembershipSold`) or confirms a payment-link purchase
 * (`MembershipPurchaseConfirmed`); the plan in force bought again is a `MembershipRenewed` (ADR 0350).
 * The holder and every member named to share the pool must be members the desk can find.
 */
@CommandHandler(RecordMembershipPurchase)
export class RecordMembershipPurchaseHandler implements ICommandHandler<RecordMembershipPurchase, StaffMembershipDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  async execute({ staff, userId, channel, body, idempotencyKey }: RecordMembershipPurchase): Promise<StaffMembershipDto> {
    if (!(await this.contacts.contactOf(userId))) throw new DomainError('not-found', MEMBERSHIP_MESSAGES.memberNotFound, { field: 'userId' });
    const sharedWith = body.sharedWith ?? [];
    for (const memberId of sharedWith)
      if (memberId !== userId && !(await this.contacts.contactOf(memberId)))
        throw new DomainError('not-found', MEMBERSHIP_MESSAGES.sharedMemberNotFound, { field: 'sharedWith' });
    const billing = body.billing ?? 'one-time';
    const paymentMethod = channel === 'payment-link' ? 'enlace-de-pago' : (body as RecordMembershipSaleDto).paymentMethod;
    const reference = body.reference ?? null;
    const kind: MemberCommandKind = channel === 'desk' ? 'record-membership-sale' : 'confirm-membership-purchase';
    const written = await this.members.write({
      ...deskWrite(staff, userId),
      kind,
      idempotencyKey,
      input: { planId: body.planId, billing, paymentMethod, reference, sharedWith },
      decide: decideStudioMembership,
      command: (commandId, now) => ({
        type: 'RecordMembershipPurchase',
        data: { planId: body.planId, billing, paymentMethod, reference, sharedWith, holderId: userId, channel, membershipId: commandId, now },
      }),
    });
    return staffMembershipOf(userId, written);
  }
}
