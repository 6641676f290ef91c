import { Injectable } from '@nestjs/common';
import type { LocalDate } from '../../shared/studio-day';
import { ClassCheckIns } from '../studio-class/studio-class.module';
import { ClassBookingStore } from './class-booking.store';

/** Who is checked in to a class, for the studio board's start: member ids in check-in order (the port `ClassCheckIns`). */
@Injectable()
export class CheckedInMembers extends ClassCheckIns {
  constructor(private readonly store: ClassBookingStore) {
    super();
  }

  checkedIn(date: LocalDate, slotId: string): Promise<string[]> {
    return this.store.checkedIn(date, slotId);
  }
}
