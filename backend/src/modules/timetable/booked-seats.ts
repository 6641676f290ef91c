import { Injectable } from '@nestjs/common';
import type { LocalDate } from '../../shared/studio-day';
import { noBookings, type BookedSeats } from './timetable.rules';

/**
 * Where the timetable learns how many seats each class has taken. Until members book from the
 * platform nothing is taken; the booking module will provide its own counts for the same range.
 */
@Injectable()
export class BookedSeatsSource {
  seatsBetween(_from: LocalDate, _to: LocalDate): Promise<BookedSeats> {
    return Promise.resolve(noBookings);
  }
}
