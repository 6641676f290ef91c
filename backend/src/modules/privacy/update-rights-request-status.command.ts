import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import { addBusinessDays, RIGHTS_REQUEST_BUSINESS_DAYS } from './business-days.rules';
import type { StaffRightsRequestDto, UpdateRightsRequestStatusDto } from './dto/privacy.dto';
import { staffRightsRequestDto } from './rights-request-view';
import { RightsRequestsReadModel } from './rights-requests.read-model';
import { checkTransition, RIGHTS_REQUEST_MESSAGES } from './rights-requests.rules';

export class UpdateRightsRequestStatus extends Command<StaffRightsRequestDto> {
  constructor(
    readonly staff: AuthUser,
    readonly requestId: string,
    readonly body: UpdateRightsRequestStatusDto,
  ) {
    super();
  }
}

/** Staff move a request along the queue; the one extension adds 20 business days to its due date (ADR 0192). */
@CommandHandler(UpdateRightsRequestStatus)
export class UpdateRightsRequestStatusHandler implements ICommandHandler<UpdateRightsRequestStatus, StaffRightsRequestDto> {
  constructor(private readonly requests: RightsRequestsReadModel) {}

  async execute({ staff, requestId, body }: UpdateRightsRequestStatus): Promise<StaffRightsRequestDto> {
    const now = new Date().toISOString();
    const request = await this.requests.byId(requestId);
    if (!request) throw new DomainError('not-found', RIGHTS_REQUEST_MESSAGES.notFound, { field: 'requestId' });
    if (!checkTransition(request.status, body.status, request.extended)) return staffRightsRequestDto(request, localDateOf(now));
    const extending = body.status === 'extended';
    const changed = await this.requests.changeStatus(request.id, request.status, {
      status: body.status,
      at: now,
      by: staff.email,
      dueOn: extending ? addBusinessDays(request.dueOn, RIGHTS_REQUEST_BUSINESS_DAYS) : request.dueOn,
      extended: request.extended || extending,
    });
    if (!changed) throw new DomainError('conflict', 'Otra persona cambió esta solicitud al mismo tiempo. Actualiza la lista e inténtalo de nuevo.');
    return staffRightsRequestDto(changed, localDateOf(now));
  }
}
