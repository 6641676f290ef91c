import { Injectable } from '@nestjs/common';
import type { LocalDate } from '../../shared/studio-day';
import { noBookings, type BookedSeats } from './timetable.rules';

/** Counts the seats taken per class between two dates. */
export type SeatCounter = (from: LocalDate, to: LocalDate) => Promise<BookedSeats>;

/**
 * Where the timetable learns how many seats each class has taken. The booking module plugs its
 * read model in (`use`) when it starts; without it nothing is taken.
 */
@Injectable()
export class BookedSeatsSource {
  private counter: SeatCounter = () => Promise.resolve(noBookings);

  use(counter: SeatCounter): void {
    this.counter = counter;
  }

  seatsBetween(from: LocalDate, to: LocalDate): Promise<BookedSeats> {
    return this.counter(from, to);
  }
}
