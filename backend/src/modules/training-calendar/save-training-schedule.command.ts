import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import type { SetTrainingScheduleDto, TrainingScheduleDto } from './dto/training-calendar.dto';
import { decideTrainingSchedule } from './training-schedule.decider';

export class SaveTrainingSchedule extends Command<TrainingScheduleDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: SetTrainingScheduleDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * Records the member's training days, time and reminder offset on their stream
 * (`TrainingScheduleSet`); the writer keeps the address the reminders go to (ADR 0143).
 */
@CommandHandler(SaveTrainingSchedule)
export class SaveTrainingScheduleHandler implements ICommandHandler<SaveTrainingSchedule, TrainingScheduleDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, body, idempotencyKey }: SaveTrainingSchedule): Promise<TrainingScheduleDto> {
    const { weekdays, time, reminderOffsetMin } = body;
    const written = await this.members.write({
      user,
      kind: 'set-training-schedule',
      idempotencyKey,
      input: { weekdays, time, reminderOffsetMin },
      decide: decideTrainingSchedule,
      command: (_commandId, now) => ({ type: 'SetTrainingSchedule', data: { weekdays, time, reminderOffsetMin, now } }),
    });
    const schedule = written.state.trainingSchedule!;
    return { weekdays: [...schedule.weekdays], time: schedule.time, reminderOffsetMin: schedule.reminderOffsetMin };
  }
}
