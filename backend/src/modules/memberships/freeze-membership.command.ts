import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { MemberStreams } from '../members/member-streams';
import type { StaffMembershipDto } from './dto/memberships.dto';
import { decideStudioMembership } from './membership.decider';
import { staffMembershipOf } from './membership-view';
import { MEMBERSHIP_MESSAGES } from './memberships.rules';
import { deskWrite } from './record-membership-purchase.command';

export class SetMembershipFrozen extends Command<StaffMembershipDto> {
  constructor(
    readonly staff: AuthUser,
    readonly userId: string,
    readonly frozen: boolean,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * The desk freezes a holder's membership (`MembershipFrozen`: no class is used, the validity stops
 * running) or unfreezes it (`MembershipUnfrozen`: the days frozen are added to its last day).
 */
@CommandHandler(SetMembershipFrozen)
export class SetMembershipFrozenHandler implements ICommandHandler<SetMembershipFrozen, StaffMembershipDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  async execute({ staff, userId, frozen, idempotencyKey }: SetMembershipFrozen): Promise<StaffMembershipDto> {
    if (!(await this.contacts.contactOf(userId))) throw new DomainError('not-found', MEMBERSHIP_MESSAGES.memberNotFound, { field: 'userId' });
    const written = await this.members.write({
      ...deskWrite(staff, userId),
      kind: frozen ? 'freeze-membership' : 'unfreeze-membership',
      idempotencyKey,
      input: { frozen },
      decide: decideStudioMembership,
      command: (_commandId, now) => (frozen ? { type: 'FreezeMembership', data: { now } } : { type: 'UnfreezeMembership', data: { now } }),
    });
    return staffMembershipOf(userId, written);
  }
}
