import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { ProgressListResponseDto } from './dto/progress.dto';
import { ProgressReadModel } from './progress.read-model';

export class ListProgress extends Query<ProgressListResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly limit: number | undefined,
    readonly offset: number | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListProgress)
export class ListProgressHandler implements IQueryHandler<ListProgress, ProgressListResponseDto> {
  constructor(private readonly progress: ProgressReadModel) {}

  execute({ user, limit, offset }: ListProgress): Promise<ProgressListResponseDto> {
    return this.progress.listFor(user.userId, { limit, offset });
  }
}
