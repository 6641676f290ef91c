import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { EmailPreferencesModule } from '../email-preferences/email-preferences.module';
import { MembersModule } from '../members/members.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { BookedSeatsSource, TimetableModule } from '../timetable/timetable.module';
import { BookClassHandler } from './book-class.command';
import { CancelClassBookingHandler } from './cancel-class-booking.command';
import { CancelMemberClassPlacesHandler } from './cancel-member-class-places.command';
import { CheckInCodes } from './check-in-codes';
import { CheckInToClassHandler } from './check-in-to-class.command';
import { CheckedInMembers } from './checked-in-members';
import { ClassBookingStore } from './class-booking.store';
import { ClassBookingsController, StaffClassBookingsController } from './class-bookings.controller';
import { classBookingsProjection } from './class-bookings.projection';
import {
  GetClassBookingFileHandler,
  GetClassBookingSettingsHandler,
  GetClassRosterHandler,
  GetMemberClassesHandler,
  GetMyClassBookingsHandler,
} from './class-bookings.queries';
import { ClassBookingsScheduler } from './class-bookings.scheduler';
import { ClassCredits } from './class-credits';
import { ClassOccurrences } from './class-occurrences';
import { ClassStreams } from './class-streams';
import { GetBookedClassesHandler } from './get-booked-classes.query';
import { GetMemberClassHistoryHandler } from './get-member-class-history.query';
import { PutClassBookingSettingsHandler } from './put-class-booking-settings.command';
import { GetFullFreeClassSlotsHandler } from './full-free-class-slots.handler';
import { GiveUpFreeClassGuestSeatHandler, ReleaseFreeClassGuestSeatHandler, SeatFreeClassGuestHandler } from './seat-free-class-guest.handler';
import { ClassMails, SendWaitlistPromotionHandler } from './send-class-mails';

/**
 * Class booking (ADR 0360): one event stream per class occurrence, the credit on the member's
 * pool first; waitlist, check-in, no-shows, the studio's rules, and the seats the timetable shows; free-class
 * guests take their seats here too (ADR 0380).
 */
@Module({
  imports: [MembersModule, MembershipsModule, TimetableModule, EmailPreferencesModule],
  controllers: [ClassBookingsController, StaffClassBookingsController],
  providers: [
    ClassStreams,
    ClassBookingStore,
    ClassOccurrences,
    ClassCredits,
    CheckInCodes,
    ClassMails,
    CheckedInMembers,
    BookClassHandler,
    CancelClassBookingHandler,
    CancelMemberClassPlacesHandler,
    CheckInToClassHandler,
    PutClassBookingSettingsHandler,
    GetMemberClassesHandler,
    GetMyClassBookingsHandler,
    GetClassBookingFileHandler,
    GetClassRosterHandler,
    GetClassBookingSettingsHandler,
    GetBookedClassesHandler,
    GetMemberClassHistoryHandler,
    SendWaitlistPromotionHandler,
    SeatFreeClassGuestHandler,
    GetFullFreeClassSlotsHandler,
    ReleaseFreeClassGuestSeatHandler,
    GiveUpFreeClassGuestSeatHandler,
    ClassBookingsScheduler,
  ],
  exports: [CheckedInMembers, ClassBookingStore],
})
export class ClassBookingsModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionEngine,
    private readonly seats: BookedSeatsSource,
    private readonly store: ClassBookingStore,
  ) {}

  onModuleInit(): void {
    this.projections.register(classBookingsProjection);
    this.seats.use(async (from, to) => {
      const counts = await this.store.counts(from, to);
      return (slotId, date) => counts.get(`${slotId}|${date}`)?.seats ?? 0;
    });
  }
}
