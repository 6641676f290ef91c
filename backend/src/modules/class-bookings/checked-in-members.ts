import { Injectable } from '@nestjs/common';
import type { LocalDate } from '../../shared/studio-day';
import { ClassBookingStore } from './class-booking.store';

/** Who is checked in to a class, for the studio board's start: member ids in check-in order. */
@Injectable()
export class CheckedInMembers {
  constructor(private readonly store: ClassBookingStore) {}

  checkedIn(date: LocalDate, slotId: string): Promise<string[]> {
    return this.store.checkedIn(date, slotId);
  }
}
