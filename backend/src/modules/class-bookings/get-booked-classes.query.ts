import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LocalDate } from '../../shared/studio-day';
import { ClassBookingStore } from './class-booking.store';
import { ClassOccurrences, occurrencesOf } from './class-occurrences';

/** A class the member holds a seat in (booked or checked in), as a calendar shows it. */
export interface BookedClass {
  bookingId: string;
  date: LocalDate;
  /** `HH:MM`, studio time. */
  startTime: string;
  lengthMin: number;
  className: string;
  coach: string;
}

/** The member's booked classes between two dates, for their calendar feed. */
export class GetBookedClasses extends Query<BookedClass[]> {
  constructor(
    readonly memberId: string,
    readonly from: LocalDate,
    readonly to: LocalDate,
  ) {
    super();
  }
}

@QueryHandler(GetBookedClasses)
export class GetBookedClassesHandler implements IQueryHandler<GetBookedClasses, BookedClass[]> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
  ) {}

  async execute({ memberId, from, to }: GetBookedClasses): Promise<BookedClass[]> {
    const bookings = (await this.store.ofMember(memberId, from, to)).filter((booking) => booking.status === 'booked' || booking.status === 'checked-in');
    if (bookings.length === 0) return [];
    const timetable = await this.classes.load();
    return bookings.flatMap((booking) => {
      const occurrence = occurrencesOf(timetable, booking.date).find((candidate) => candidate.slotId === booking.slotId);
      if (!occurrence || occurrence.cancelled) return [];
      const { startTime, lengthMin, className, coach } = occurrence;
      return [{ bookingId: booking.bookingId, date: booking.date, startTime, lengthMin, className, coach }];
    });
  }
}
