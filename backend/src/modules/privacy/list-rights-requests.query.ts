import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { localDateOf } from '../../shared/studio-day';
import type { RightsRequestsDto, StaffRightsRequestsDto } from './dto/privacy.dto';
import { rightsRequestDto, staffRightsRequestDto } from './rights-request-view';
import { RightsRequestsReadModel } from './rights-requests.read-model';

/** How many requests the staff queue lists: every open one in practice, and the latest closed. */
const QUEUE_LIMIT = 500;

export class ListMyRightsRequests extends Query<RightsRequestsDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** The member's own requests with their status and due date, the latest first. */
@QueryHandler(ListMyRightsRequests)
export class ListMyRightsRequestsHandler implements IQueryHandler<ListMyRightsRequests, RightsRequestsDto> {
  constructor(private readonly requests: RightsRequestsReadModel) {}

  async execute({ user }: ListMyRightsRequests): Promise<RightsRequestsDto> {
    return { requests: (await this.requests.forMember(user.userId)).map(rightsRequestDto) };
  }
}

export class ListRightsRequests extends Query<StaffRightsRequestsDto> {}

/** Staff: the queue, open requests first by due date, with the business days each has left. */
@QueryHandler(ListRightsRequests)
export class ListRightsRequestsHandler implements IQueryHandler<ListRightsRequests, StaffRightsRequestsDto> {
  constructor(private readonly requests: RightsRequestsReadModel) {}

  async execute(): Promise<StaffRightsRequestsDto> {
    const today = localDateOf(new Date());
    return { requests: (await this.requests.queue(QUEUE_LIMIT)).map((row) => staffRightsRequestDto(row, today)) };
  }
}
