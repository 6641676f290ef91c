import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { TimerPresetsResponseDto } from './dto/interval-timer.dto';
import { TimerPresetsReadModel } from './timer-presets.read-model';

export class ListTimerPresets extends Query<TimerPresetsResponseDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(ListTimerPresets)
export class ListTimerPresetsHandler implements IQueryHandler<ListTimerPresets, TimerPresetsResponseDto> {
  constructor(private readonly presets: TimerPresetsReadModel) {}

  async execute({ user }: ListTimerPresets): Promise<TimerPresetsResponseDto> {
    return { presets: await this.presets.listForMember(user.userId) };
  }
}
