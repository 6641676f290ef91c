import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import { rightsRequestDueDate } from './business-days.rules';
import type { FileRightsRequestDto, RightsRequestDto } from './dto/privacy.dto';
import { rightsRequestDto } from './rights-request-view';
import { RightsRequestsReadModel } from './rights-requests.read-model';
import { RIGHTS_REQUEST_MESSAGES } from './rights-requests.rules';

export class FileRightsRequest extends Command<RightsRequestDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: FileRightsRequestDto,
  ) {
    super();
  }
}

/**
 * A member exercises a right from the profile (ADR 0192): received today (studio day), due 20
 * business days later. One open request per right: a second one of the same right is a conflict.
 */
@CommandHandler(FileRightsRequest)
export class FileRightsRequestHandler implements ICommandHandler<FileRightsRequest, RightsRequestDto> {
  constructor(private readonly requests: RightsRequestsReadModel) {}

  async execute({ user, body }: FileRightsRequest): Promise<RightsRequestDto> {
    const receivedAt = new Date().toISOString();
    const receivedOn = localDateOf(receivedAt);
    const details = body.details?.trim() || null;
    const filed = await this.requests.insert({
      id: randomUUID(),
      userId: user.userId,
      memberEmail: user.email,
      memberName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      type: body.right,
      details,
      receivedOn,
      dueOn: rightsRequestDueDate(receivedOn),
      receivedAt,
    });
    if (!filed) throw new DomainError('conflict', RIGHTS_REQUEST_MESSAGES.openOfType, { field: 'right' });
    return rightsRequestDto(filed);
  }
}
