import { Module } from '@nestjs/common';
import { BookFreeClassHandler } from './book-free-class.command';
import { FreeClassBookingsController } from './free-class-bookings.controller';
import { FreeClassRateLimitGuard } from './free-class-rate-limit.guard';

@Module({
  controllers: [FreeClassBookingsController],
  providers: [BookFreeClassHandler, FreeClassRateLimitGuard],
})
export class FreeClassBookingsModule {}
