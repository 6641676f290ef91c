import { Module } from '@nestjs/common';
import { BookedSeatsSource } from './booked-seats';
import { ClearClassChangeHandler } from './clear-class-change.command';
import { CloseDayHandler } from './close-day.command';
import { CreateClassTypeHandler } from './create-class-type.command';
import { CreateWeeklySlotHandler } from './create-weekly-slot.command';
import { DeleteClassTypeHandler } from './delete-class-type.command';
import { DeleteWeeklySlotHandler } from './delete-weekly-slot.command';
import { GetPublicTimetableHandler } from './get-public-timetable.query';
import { GetStaffTimetableHandler } from './get-staff-timetable.query';
import { GetTimetableWeeksHandler } from './get-timetable-weeks.query';
import { ReopenDayHandler } from './reopen-day.command';
import { SetClassChangeHandler } from './set-class-change.command';
import { StaffTimetableController } from './staff-timetable.controller';
import { TimetableController } from './timetable.controller';
import { TimetableStore } from './timetable.store';
import { UpdateClassTypeHandler } from './update-class-type.command';
import { UpdateWeeklySlotHandler } from './update-weekly-slot.command';

/** What the booking module uses: the seats the timetable shows are counted there, and the classes are read from here. */
export { BookedSeatsSource, TimetableStore };

/**
 * The studio's timetable: staff data in plain tables (class types, weekly slots, one-off changes,
 * closed days), the week computed by `timetable.rules.ts`, read publicly by /horarios.
 */
@Module({
  controllers: [TimetableController, StaffTimetableController],
  providers: [
    TimetableStore,
    BookedSeatsSource,
    GetPublicTimetableHandler,
    GetStaffTimetableHandler,
    GetTimetableWeeksHandler,
    CreateClassTypeHandler,
    UpdateClassTypeHandler,
    DeleteClassTypeHandler,
    CreateWeeklySlotHandler,
    UpdateWeeklySlotHandler,
    DeleteWeeklySlotHandler,
    SetClassChangeHandler,
    ClearClassChangeHandler,
    CloseDayHandler,
    ReopenDayHandler,
  ],
  exports: [BookedSeatsSource, TimetableStore],
})
export class TimetableModule {}
