import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { classNameFor, slotsForWeekday, slotStartMinutes, studioDate, studioMinutes, weekdayOf } from './free-class-schedule';

/** A class is started a little before its slot: the desk's default is the slot starting within this many minutes, or the one under way. */
const STARTS_SOON_MIN = 20;

export interface ClassOfTheDay {
  /** The studio day, `YYYY-MM-DD`. */
  date: string;
  className: string;
  /** Every slot of the day, begun or not (a class is started when its slot begins). */
  slots: string[];
  /** The slot under way or starting soon; else the day's next one; else its last (null on a day without slots). */
  suggestedSlot: string | null;
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
    const slots = [...slotsForWeekday(weekdayOf(date))];
    const minutes = studioMinutes(now);
    const begun = slots.filter((slot) => slotStartMinutes(slot) <= minutes + STARTS_SOON_MIN);
    const suggestedSlot = begun.at(-1) ?? slots[0] ?? null;
    return Promise.resolve({ date, className: classNameFor(date), slots, suggestedSlot });
  }
}
