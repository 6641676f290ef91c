import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import type { SetTrainingScheduleDto, TrainingScheduleDto } from './dto/training-calendar.dto';
import { TrainingCalendarReadModel } from './training-calendar.read-model';

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
 * Records the member's training days, time and reminder on their stream (`TrainingScheduleSet`),
 * and keeps the address the reminders go to, which only the identity token knows.
 */
@CommandHandler(SaveTrainingSchedule)
export class SaveTrainingScheduleHandler implements ICommandHandler<SaveTrainingSchedule, TrainingScheduleDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly calendars: TrainingCalendarReadModel,
  ) {}

  async execute({ user, body, idempotencyKey }: SaveTrainingSchedule): Promise<TrainingScheduleDto> {
    const { weekdays, time, reminderOffsetMin } = body;
    const written = await this.members.write({
      user,
      kind: 'set-training-schedule',
      idempotencyKey,
      input: { weekdays, time, reminderOffsetMin },
      command: (_commandId, now) => ({ type: 'SetTrainingSchedule', data: { weekdays, time, reminderOffsetMin, now } }),
    });
    if (user.email) await this.calendars.rememberEmail(user.userId, user.email);
    const schedule = written.state.trainingSchedule!;
    return { weekdays: [...schedule.weekdays], time: schedule.time, reminderOffsetMin: schedule.reminderOffsetMin };
  }
}
