import { Module } from '@nestjs/common';
import { BookFreeClassHandler } from './book-free-class.command';
import { CancelFreeClassByLinkHandler, GetFreeClassByLinkHandler } from './cancel-free-class.command';
import { FreeClassCancelLinks } from './free-class-cancel-links';
import { FreeClassCancellationController } from './free-class-cancellation.controller';
import { ListFreeClassBookingsByEmailHandler } from './list-free-class-bookings-by-email.query';
import { FreeClassBookingsController } from './free-class-bookings.controller';
import { FreeClassRateLimitGuard } from './free-class-rate-limit.guard';
import { FreeClassRetentionScheduler } from './free-class-retention.scheduler';
import { FreeClassScheduleController } from './free-class-schedule.controller';
import { GetFreeClassScheduleHandler } from './get-free-class-schedule.query';
import { GetClassOfTheDayHandler } from './get-class-of-the-day.query';

@Module({
  controllers: [FreeClassBookingsController, FreeClassScheduleController, FreeClassCancellationController],
  providers: [
    ListFreeClassBookingsByEmailHandler,
    BookFreeClassHandler,
    GetFreeClassScheduleHandler,
    FreeClassRateLimitGuard,
    FreeClassRetentionScheduler,
    GetClassOfTheDayHandler,
    FreeClassCancelLinks,
    GetFreeClassByLinkHandler,
    CancelFreeClassByLinkHandler,
  ],
})
export class FreeClassBookingsModule {}
