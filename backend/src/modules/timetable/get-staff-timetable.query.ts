import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { addDays, localDateOf, weekOf } from '../../shared/studio-day';
import { BookedSeatsSource } from './booked-seats';
import type { StaffTimetableDto } from './dto/timetable.dto';
import { TimetableStore } from './timetable.store';
import { staffTimetable } from './timetable-views';

export class GetStaffTimetable extends Query<StaffTimetableDto> {
  constructor(readonly now: Date) {
    super();
  }
}

/** Staff: class types, the weekly slots, the changes and closed days to come, and the two weeks. */
@QueryHandler(GetStaffTimetable)
export class GetStaffTimetableHandler implements IQueryHandler<GetStaffTimetable, StaffTimetableDto> {
  constructor(
    private readonly store: TimetableStore,
    private readonly seats: BookedSeatsSource,
  ) {}

  async execute({ now }: GetStaffTimetable): Promise<StaffTimetableDto> {
    const monday = weekOf(localDateOf(now)).start;
    const [timetable, booked] = await Promise.all([this.store.load(), this.seats.seatsBetween(monday, addDays(monday, 13))]);
    return staffTimetable(timetable, now, booked);
  }
}
