import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { addDays, localDateOf, weekOf } from '../../shared/studio-day';
import { BookedSeatsSource } from './booked-seats';
import type { PublicTimetableDto } from './dto/timetable.dto';
import { TimetableStore } from './timetable.store';
import { publicTimetable } from './timetable-views';

export class GetPublicTimetable extends Query<PublicTimetableDto> {
  constructor(readonly now: Date) {
    super();
  }
}

/** Anyone: this week's and next week's classes with their free spots. */
@QueryHandler(GetPublicTimetable)
export class GetPublicTimetableHandler implements IQueryHandler<GetPublicTimetable, PublicTimetableDto> {
  constructor(
    private readonly store: TimetableStore,
    private readonly seats: BookedSeatsSource,
  ) {}

  async execute({ now }: GetPublicTimetable): Promise<PublicTimetableDto> {
    const monday = weekOf(localDateOf(now)).start;
    const [timetable, booked] = await Promise.all([this.store.load(), this.seats.seatsBetween(monday, addDays(monday, 13))]);
    return publicTimetable(timetable, now, booked);
  }
}
