import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { StatsResponseDto } from './dto/progress.dto';
import { ProgressReadModel } from './progress.read-model';

export class GetProgressStats extends Query<StatsResponseDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(GetProgressStats)
export class GetProgressStatsHandler implements IQueryHandler<GetProgressStats, StatsResponseDto> {
  constructor(private readonly progress: ProgressReadModel) {}

  async execute({ user }: GetProgressStats): Promise<StatsResponseDto> {
    return { stats: await this.progress.statsFor(user.userId) };
  }
}
