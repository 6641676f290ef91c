import { localDateOf, STUDIO_TIME_ZONE } from '../../shared/studio-day';
import type { PublicTimetableDto, StaffTimetableDto } from './dto/timetable.dto';
import { currentWeeks, type BookedSeats, type Timetable } from './timetable.rules';

export function publicTimetable(timetable: Timetable, now: Date, booked: BookedSeats): PublicTimetableDto {
  return { timeZone: STUDIO_TIME_ZONE, today: localDateOf(now), weeks: currentWeeks(timetable, now, booked) };
}

/** What the staff page edits, with the two weeks as members will see them. */
export function staffTimetable(timetable: Timetable, now: Date, booked: BookedSeats): StaffTimetableDto {
  const view = publicTimetable(timetable, now, booked);
  return {
    ...view,
    classTypes: timetable.classTypes,
    slots: timetable.slots,
    changes: timetable.changes.filter((change) => change.date >= view.today),
    closures: timetable.closures.filter((closure) => closure.date >= view.today),
  };
}
