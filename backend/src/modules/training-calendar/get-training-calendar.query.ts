import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { CalendarLayoutReader } from './calendar-layout';
import type { TrainingCalendarDto, TrainingCalendarQueryDto } from './dto/training-calendar.dto';
import { DEFAULT_REMINDER_OFFSET_MIN, DEFAULT_TRAINING_TIME, rangeProblem, recommendedWeekdays } from './training-calendar.rules';

export class GetTrainingCalendar extends Query<TrainingCalendarDto> {
  constructor(
    readonly user: AuthUser,
    readonly range: TrainingCalendarQueryDto,
  ) {
    super();
  }
}

/** The member's calendar between two studio days: done, planned and missed days, the schedule and what to preselect. */
@QueryHandler(GetTrainingCalendar)
export class GetTrainingCalendarHandler implements IQueryHandler<GetTrainingCalendar, TrainingCalendarDto> {
  constructor(private readonly layouts: CalendarLayoutReader) {}

  async execute({ user, range }: GetTrainingCalendar): Promise<TrainingCalendarDto> {
    const problem = rangeProblem({ start: range.from, end: range.to });
    if (problem) throw new DomainError('invalid', problem, { field: 'from' });
    const layout = await this.layouts.layout(user.userId, { start: range.from, end: range.to }, new Date());
    const { schedule } = layout;
    return {
      today: layout.today,
      schedule: schedule ? { weekdays: [...schedule.weekdays], time: schedule.time, reminderOffsetMin: schedule.reminderOffsetMin } : null,
      recommended: {
        weekdays: recommendedWeekdays(layout.recommendedDaysPerWeek),
        time: DEFAULT_TRAINING_TIME,
        reminderOffsetMin: DEFAULT_REMINDER_OFFSET_MIN,
      },
      plan: layout.plan,
      days: layout.days,
    };
  }
}
