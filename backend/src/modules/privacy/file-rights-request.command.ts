import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import { rightsRequestDueDate } from './business-days.rules';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import type { FileRightsRequestDto, RightsRequestDto, StaffFileRightsRequestDto, StaffRightsRequestDto } from './dto/privacy.dto';
import { rightsRequestDto, staffRightsRequestDto } from './rights-request-view';
import { RightsRequestsReadModel, type RightsRequestRow } from './rights-requests.read-model';
import { RIGHTS_REQUEST_MESSAGES } from './rights-requests.rules';

export class FileRightsRequest extends Command<RightsRequestDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: FileRightsRequestDto,
  ) {
    super();
  }
}

/** A request received at the studio's desk, registered by staff for the member (ADR 0192). */
export class FileRightsRequestAtDesk extends Command<StaffRightsRequestDto> {
  constructor(
    readonly staff: AuthUser,
    readonly body: StaffFileRightsRequestDto,
  ) {
    super();
  }
}

/** Files a request received today (studio day), due 20 business days later; one open per member and right. */
async function fileRequest(
  requests: RightsRequestsReadModel,
  member: { userId: string; email: string; name: string },
  body: FileRightsRequestDto,
  by: string,
): Promise<RightsRequestRow> {
  const receivedAt = new Date().toISOString();
  const receivedOn = localDateOf(receivedAt);
  const filed = await requests.insert(
    {
      id: randomUUID(),
      userId: member.userId,
      memberEmail: member.email,
      memberName: member.name,
      type: body.right,
      details: body.details?.trim() || null,
      receivedOn,
      dueOn: rightsRequestDueDate(receivedOn),
      receivedAt,
    },
    by,
  );
  if (!filed) throw new DomainError('conflict', RIGHTS_REQUEST_MESSAGES.openOfType, { field: 'right' });
  return filed;
}

/**
 * A member exercises a right from the profile (ADR 0192): received today (studio day), due 20
 * business days later. One open request per right: a second one of the same right is a conflict.
 */
@CommandHandler(FileRightsRequest)
export class FileRightsRequestHandler implements ICommandHandler<FileRightsRequest, RightsRequestDto> {
  constructor(private readonly requests: RightsRequestsReadModel) {}

  async execute({ user, body }: FileRightsRequest): Promise<RightsRequestDto> {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
    return rightsRequestDto(await fileRequest(this.requests, { userId: user.userId, email: user.email, name }, body, user.email));
  }
}

/** Staff register a request a member made at the desk; the member then sees it in their profile. */
@CommandHandler(FileRightsRequestAtDesk)
export class FileRightsRequestAtDeskHandler implements ICommandHandler<FileRightsRequestAtDesk, StaffRightsRequestDto> {
  constructor(
    private readonly requests: RightsRequestsReadModel,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  async execute({ staff, body }: FileRightsRequestAtDesk): Promise<StaffRightsRequestDto> {
    const contact = await this.contacts.contactOf(body.userId);
    if (!contact) throw new DomainError('not-found', RIGHTS_REQUEST_MESSAGES.memberNotFound, { field: 'userId' });
    const filed = await fileRequest(this.requests, { userId: body.userId, email: contact.email, name: contact.firstName || contact.email }, body, staff.email);
    return staffRightsRequestDto(filed, filed.receivedOn);
  }
}
