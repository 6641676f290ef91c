import { Query, QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { bookingSchedule, type BookableDay } from './free-class-schedule';

export interface FreeClassSchedule {
  timeZone: string;
  days: BookableDay[];
}

/** The days and slots the booking form offers at `now`: today's slots that already began are gone. */
export class GetFreeClassScheduleQuery extends Query<FreeClassSchedule> {
  constructor(readonly now: Date) {
    super();
  }
}

@QueryHandler(GetFreeClassScheduleQuery)
export class GetFreeClassScheduleHandler implements IQueryHandler<GetFreeClassScheduleQuery, FreeClassSchedule> {
  execute({ now }: GetFreeClassScheduleQuery): Promise<FreeClassSchedule> {
    return Promise.resolve(bookingSchedule(now));
  }
}
