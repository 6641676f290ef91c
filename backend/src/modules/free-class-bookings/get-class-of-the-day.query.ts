import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { classNameFor, slotsForWeekday, studioDate, weekdayOf } from './free-class-schedule';

export interface ClassOfTheDay {
  /** The studio day, `YYYY-MM-DD`. */
  date: string;
  className: string;
  /** Every slot of the day, begun or not (a class is started when its slot begins). */
  slots: string[];
}

/** The class the schedule gives on the studio day of `now`, for the class board (issue 19). */
export class GetClassOfTheDay extends Query<ClassOfTheDay> {
  constructor(readonly now: Date) {
    super();
  }
}

@QueryHandler(GetClassOfTheDay)
export class GetClassOfTheDayHandler implements IQueryHandler<GetClassOfTheDay, ClassOfTheDay> {
  execute({ now }: GetClassOfTheDay): Promise<ClassOfTheDay> {
    const date = studioDate(now);
    return Promise.resolve({ date, className: classNameFor(date), slots: [...slotsForWeekday(weekdayOf(date))] });
  }
}
