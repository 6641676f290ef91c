import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { LocalDate } from '../../shared/studio-day';
import type { BookingRecord } from './class-booking.store';
import { ClassBookingStore } from './class-booking.store';
import { ClassOccurrences, occurrencesOf } from './class-occurrences';

/** Every booking a member made, as their data export lists it (ADR 0193): the class, its status in words, when booked and checked in. */
export interface MemberClassBookingEntry {
  bookingId: string;
  className: string;
  coach: string;
  date: LocalDate;
  startTime: string;
  endTime: string;
  /** A place in line the member left, or that ended without a seat, is `cancelled` too (its label says which). */
  status: 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'no-show';
  /** The status as the member reads it, in Spanish. */
  statusLabel: string;
  bookedAt: string;
  checkedInAt: string | null;
  /** Cancelled after the studio's cutoff. */
  lateCancel: boolean;
}

/** The whole range the read model may hold: every booking, past and to come. */
const EVER: readonly [LocalDate, LocalDate] = ['0001-01-01', '9999-12-31'];

export class GetMemberClassHistory extends Query<MemberClassBookingEntry[]> {
  constructor(readonly memberId: string) {
    super();
  }
}

export function classBookingStatusLabel(booking: Pick<BookingRecord, 'status' | 'late'>): string {
  switch (booking.status) {
    case 'booked':
      return 'Reservada';
    case 'waitlisted':
      return 'En lista de espera';
    case 'checked-in':
      return 'Check-in hecho';
    case 'cancelled':
      return booking.late ? 'Cancelada tarde' : 'Cancelada';
    case 'left':
      return 'Cancelada: salió de la lista de espera';
    case 'no-show':
      return 'No llegaste';
  }
}

/** The member's bookings oldest first, with the class as the timetable names it (empty once the class left the timetable). */
@QueryHandler(GetMemberClassHistory)
export class GetMemberClassHistoryHandler implements IQueryHandler<GetMemberClassHistory, MemberClassBookingEntry[]> {
  constructor(
    private readonly classes: ClassOccurrences,
    private readonly store: ClassBookingStore,
  ) {}

  async execute({ memberId }: GetMemberClassHistory): Promise<MemberClassBookingEntry[]> {
    const bookings = await this.store.ofMember(memberId, ...EVER);
    if (bookings.length === 0) return [];
    const timetable = await this.classes.load();
    return bookings.map((booking) => {
      const occurrence = occurrencesOf(timetable, booking.date).find((candidate) => candidate.slotId === booking.slotId);
      return {
        bookingId: booking.bookingId,
        className: occurrence?.className ?? '',
        coach: occurrence?.coach ?? '',
        date: booking.date,
        startTime: occurrence?.startTime ?? '',
        endTime: occurrence?.endTime ?? '',
        status: booking.status === 'left' ? 'cancelled' : booking.status,
        statusLabel: classBookingStatusLabel(booking),
        bookedAt: booking.bookedAt,
        checkedInAt: booking.checkedInAt,
        lateCancel: booking.late,
      };
    });
  }
}
