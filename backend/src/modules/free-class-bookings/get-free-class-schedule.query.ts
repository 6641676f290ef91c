import { Query, QueryBus, QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { bookingSchedule, type BookableDay } from './free-class-schedule';
import { GetFullFreeClassSlots } from './get-full-free-class-slots.query';

export interface FreeClassSchedule {
  timeZone: string;
  /** Each day's open slots; `full` names those whose class has no seat left (shown, not bookable). */
  days: (BookableDay & { full: string[] })[];
}

/** The days and slots the booking form offers at `now`: today's slots that already began are gone. */
export class GetFreeClassScheduleQuery extends Query<FreeClassSchedule> {
  constructor(readonly now: Date) {
    super();
  }
}

@QueryHandler(GetFreeClassScheduleQuery)
export class GetFreeClassScheduleHandler implements IQueryHandler<GetFreeClassScheduleQuery, FreeClassSchedule> {
  constructor(private readonly queryBus: QueryBus) {}

  async execute({ now }: GetFreeClassScheduleQuery): Promise<FreeClassSchedule> {
    const schedule = bookingSchedule(now);
    const full = await this.queryBus.execute(new GetFullFreeClassSlots(schedule.days.map((day) => day.date)));
    return { ...schedule, days: schedule.days.map((day) => ({ ...day, full: day.slots.filter((slot) => full[day.date]?.includes(slot)) })) };
  }
}
