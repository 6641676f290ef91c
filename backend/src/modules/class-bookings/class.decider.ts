import type { Decider, DomainCommand } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import type { LocalDate } from '../../shared/studio-day';
import type { ClassEvent } from './class-booking.events';
import { CLASS_BOOKING_MESSAGES } from './class-bookings.rules';

export type BookingStatus = 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'left' | 'no-show';

export interface ClassBooking {
  bookingId: string;
  /** Empty for a free-class guest. */
  memberId: string;
  /** A free-class guest's seat (ADR 0380): no credit, no line, no check-in or no-show here (the free-class outcome says whether they came). */
  guest: boolean;
  status: BookingStatus;
  /** Place in the line while waitlisted (smaller first); kept after. */
  order: number | null;
}

/** One class occurrence as its stream tells it (ADR 0360). */
export interface ClassState {
  bookings: ReadonlyMap<string, ClassBooking>;
  /** Seats taken: booked and checked in. */
  seats: number;
  /** The last waitlist order given. */
  lastOrder: number;
}

/** Facts a rule needs from outside the stream arrive with the command: the class, the studio's settings, the time. */
type ClassFacts = {
  slotId: string;
  date: LocalDate;
  now: string;
};

/** Take a seat, or the next place in line when full and `waitlist` is asked. */
export type BookClass = DomainCommand<
  'BookClass',
  ClassFacts & { bookingId: string; memberId: string; capacity: number; waitlist: boolean; /** No one joins the line from then on. */ waitlistUntil: string }
>;
/**
 * Give up a booking: a seat (late after `cancelCutoffAt`; `creditBackWhenLate` the studio's setting) or a place
 * in line. A freed seat goes to the first in line while `now` is before `promoteUntil`.
 */
export type CancelClassBooking = DomainCommand<
  'CancelClassBooking',
  ClassFacts & { bookingId: string; cancelCutoffAt: string; creditBackWhenLate: boolean; promoteUntil: string; capacity: number; byStudio: boolean }
>;
/** A free-class guest takes a seat (ADR 0380): only while one is free; never the line. `bookingId` is the free-class booking's id. */
export type SeatGuest = DomainCommand<'SeatGuest', ClassFacts & { bookingId: string; capacity: number }>;
/** The seat of a guest whose free-class booking was not kept goes back. */
export type ReleaseGuestSeat = DomainCommand<'ReleaseGuestSeat', ClassFacts & { bookingId: string }>;
export type CheckInToClass = DomainCommand<'CheckInToClass', ClassFacts & { bookingId: string }>;
/** The sweep at the waitlist cutoff: whoever is still in line leaves it, credit back. */
export type CloseWaitlist = DomainCommand<'CloseWaitlist', ClassFacts & { reason: 'cutoff' | 'class-cancelled' }>;
/** The sweep after the class: every seat booked and not checked in is a no-show. */
export type MarkNoShows = DomainCommand<'MarkNoShows', ClassFacts & { creditBack: boolean }>;

export type ClassCommand = BookClass | SeatGuest | ReleaseGuestSeat | CancelClassBooking | CheckInToClass | CloseWaitlist | MarkNoShows;

const ACTIVE: ReadonlySet<BookingStatus> = new Set(['booked', 'waitlisted', 'checked-in']);

export function initialClassState(): ClassState {
  return { bookings: new Map(), seats: 0, lastOrder: 0 };
}

/** The line in order. */
export function waitlistOf(state: ClassState): ClassBooking[] {
  return [...state.bookings.values()].filter((booking) => booking.status === 'waitlisted').sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export function decideClass(command: ClassCommand, state: ClassState): ClassEvent[] {
  const occurredAt = command.data.now;
  switch (command.type) {
    case 'BookClass': {
      const { bookingId, memberId, capacity, waitlist, slotId, date } = command.data;
      // The same booking id once, ever (a retried request is answered from its stored events before this).
      if (state.bookings.has(bookingId)) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.alreadyBooked, { field: 'bookingId' });
      for (const booking of state.bookings.values())
        if (booking.memberId === memberId && ACTIVE.has(booking.status)) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.alreadyBooked);
      if (state.seats < capacity) return [{ type: 'ClassSeatBooked', data: { bookingId, memberId, slotId, date, occurredAt } }];
      if (!waitlist) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.full, { field: 'waitlist' });
      if (occurredAt >= command.data.waitlistUntil) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.waitlistClosed, { field: 'waitlist' });
      return [{ type: 'ClassWaitlistJoined', data: { bookingId, memberId, slotId, date, order: state.lastOrder + 1, occurredAt } }];
    }
    case 'SeatGuest': {
      const { bookingId, capacity, slotId, date } = command.data;
      if (state.bookings.has(bookingId)) return [];
      if (state.seats >= capacity) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.guestFull, { field: 'time' });
      return [{ type: 'ClassGuestSeatBooked', data: { bookingId, slotId, date, occurredAt } }];
    }
    case 'ReleaseGuestSeat': {
      const booking = state.bookings.get(command.data.bookingId);
      if (!booking?.guest || booking.status !== 'booked') return [];
      return [{ type: 'ClassGuestSeatReleased', data: { bookingId: booking.bookingId, occurredAt } }];
    }
    case 'CancelClassBooking': {
      const { bookingId, cancelCutoffAt, creditBackWhenLate, promoteUntil, capacity, byStudio } = command.data;
      const booking = state.bookings.get(bookingId);
      if (!booking || booking.guest) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.bookingNotFound);
      const { memberId } = booking;
      if (booking.status === 'waitlisted')
        return [{ type: 'ClassWaitlistLeft', data: { bookingId, memberId, reason: byStudio ? 'class-cancelled' : 'member', occurredAt } }];
      if (booking.status === 'cancelled' || booking.status === 'left') return [];
      if (booking.status !== 'booked') throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.alreadyEnded);
      const late = !byStudio && occurredAt > cancelCutoffAt;
      const events: ClassEvent[] = [
        { type: 'ClassBookingCancelled', data: { bookingId, memberId, late, creditBack: !late || creditBackWhenLate, byStudio, occurredAt } },
      ];
      // A promotion only before the waitlist cutoff, the first in line, into a seat that is free.
      if (!byStudio && occurredAt < promoteUntil && state.seats - 1 < capacity) {
        const first = waitlistOf(state)[0];
        if (first) events.push({ type: 'ClassWaitlistPromoted', data: { bookingId: first.bookingId, memberId: first.memberId, occurredAt } });
      }
      return events;
    }
    case 'CheckInToClass': {
      const booking = state.bookings.get(command.data.bookingId);
      if (!booking) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.bookingNotFound);
      // A guest's arrival is their free-class outcome: one record, never a second one here.
      if (booking.guest) throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.notCheckable);
      if (booking.status === 'checked-in') return [];
      // A no-show marked too early (a desk that checks in late) is still let in: the seat was theirs.
      if (booking.status !== 'booked' && booking.status !== 'no-show') throw new DomainError('conflict', CLASS_BOOKING_MESSAGES.notCheckable);
      return [{ type: 'ClassCheckedIn', data: { bookingId: booking.bookingId, memberId: booking.memberId, occurredAt } }];
    }
    case 'CloseWaitlist':
      return waitlistOf(state).map((booking) => ({
        type: 'ClassWaitlistLeft',
        data: { bookingId: booking.bookingId, memberId: booking.memberId, reason: command.data.reason, occurredAt },
      }));
    case 'MarkNoShows':
      return [...state.bookings.values()]
        .filter((booking) => booking.status === 'booked' && !booking.guest)
        .map((booking) => ({
          type: 'ClassNoShowMarked',
          data: { bookingId: booking.bookingId, memberId: booking.memberId, creditBack: command.data.creditBack, occurredAt },
        }));
  }
}

const SEATED: ReadonlySet<BookingStatus> = new Set(['booked', 'checked-in']);

function withStatus(state: ClassState, bookingId: string, status: BookingStatus): ClassState {
  const booking = state.bookings.get(bookingId);
  if (!booking) return state;
  const bookings = new Map(state.bookings);
  bookings.set(bookingId, { ...booking, status });
  const seats = state.seats - (SEATED.has(booking.status) ? 1 : 0) + (SEATED.has(status) ? 1 : 0);
  return { ...state, bookings, seats };
}

export function evolveClass(state: ClassState, event: ClassEvent): ClassState {
  switch (event.type) {
    case 'ClassSeatBooked':
    case 'ClassWaitlistJoined': {
      const bookings = new Map(state.bookings);
      const waiting = event.type === 'ClassWaitlistJoined';
      bookings.set(event.data.bookingId, {
        bookingId: event.data.bookingId,
        memberId: event.data.memberId,
        guest: false,
        status: waiting ? 'waitlisted' : 'booked',
        order: waiting ? event.data.order : null,
      });
      return {
        bookings,
        seats: state.seats + (waiting ? 0 : 1),
        lastOrder: waiting ? Math.max(state.lastOrder, event.data.order) : state.lastOrder,
      };
    }
    case 'ClassGuestSeatBooked': {
      const bookings = new Map(state.bookings);
      bookings.set(event.data.bookingId, { bookingId: event.data.bookingId, memberId: '', guest: true, status: 'booked', order: null });
      return { ...state, bookings, seats: state.seats + 1 };
    }
    case 'ClassWaitlistPromoted':
      return withStatus(state, event.data.bookingId, 'booked');
    case 'ClassBookingCancelled':
    case 'ClassGuestSeatReleased':
      return withStatus(state, event.data.bookingId, 'cancelled');
    case 'ClassWaitlistLeft':
      return withStatus(state, event.data.bookingId, 'left');
    case 'ClassCheckedIn':
      return withStatus(state, event.data.bookingId, 'checked-in');
    case 'ClassNoShowMarked':
      return withStatus(state, event.data.bookingId, 'no-show');
    default:
      return state;
  }
}

export const classDecider: Decider<ClassCommand, ClassEvent, ClassState> = {
  decide: decideClass,
  evolve: evolveClass,
  initialState: initialClassState,
};
