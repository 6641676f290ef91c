import type { DomainEvent } from '../../shared/decider';
import type { LocalDate } from '../../shared/studio-day';

/**
 * One stream per class occurrence: `class-{slotId}-{date}` (ADR 0360). Events hold member ids, never names or emails; a
 * free-class guest's seat holds only the free-class booking's id (ADR 0380).
 */
export const CLASS_STREAM_PREFIX = 'class-';

export function classStreamName(slotId: string, date: LocalDate): string {
  return `${CLASS_STREAM_PREFIX}${slotId}-${date}`;
}

/** `{ slotId, date }` of a class stream; the date is the last ten characters. */
export function classOfStream(streamId: string): { slotId: string; date: LocalDate } {
  const rest = streamId.slice(CLASS_STREAM_PREFIX.length);
  return { slotId: rest.slice(0, -11), date: rest.slice(-10) };
}

// A type, not an interface: event payloads must fit `Record<string, unknown>`.
type BookingFacts = {
  bookingId: string;
  memberId: string;
  occurredAt: string;
};

/** A seat taken by a booking (its credit used first on the member's pool). */
export type ClassSeatBooked = DomainEvent<'ClassSeatBooked', BookingFacts & { slotId: string; date: LocalDate }>;
/**
 * A free-class guest took a seat (ADR 0380): `bookingId` is the free-class booking's id; no member, no credit. The
 * seat stays taken; the guest's attendance is the free-class booking's outcome, never an event of this stream.
 */
export type ClassGuestSeatBooked = DomainEvent<'ClassGuestSeatBooked', { bookingId: string; slotId: string; date: LocalDate; occurredAt: string }>;
/** A guest's seat given back because its free-class booking was not kept (refused at the same moment, or never written). */
export type ClassGuestSeatReleased = DomainEvent<'ClassGuestSeatReleased', { bookingId: string; occurredAt: string }>;
/** The class was full: the booking waits in line, holding its credit. `order` grows with each joiner. */
export type ClassWaitlistJoined = DomainEvent<'ClassWaitlistJoined', BookingFacts & { slotId: string; date: LocalDate; order: number }>;
/** The first in line took a freed seat, before the waitlist cutoff. */
export type ClassWaitlistPromoted = DomainEvent<'ClassWaitlistPromoted', BookingFacts>;
/** A booked seat given up. `late`: after the cancel cutoff; `creditBack`: the credit goes back to the pool. */
export type ClassBookingCancelled = DomainEvent<'ClassBookingCancelled', BookingFacts & { late: boolean; creditBack: boolean; byStudio: boolean }>;
/** A waitlisted booking left the line: by the member, not promoted by the cutoff, or the class cancelled. Its credit goes back. */
export type ClassWaitlistLeft = DomainEvent<'ClassWaitlistLeft', BookingFacts & { reason: 'member' | 'cutoff' | 'class-cancelled' }>;
export type ClassCheckedIn = DomainEvent<'ClassCheckedIn', BookingFacts>;
/** Booked and never checked in by the end of the class. `creditBack` follows the studio's setting. */
export type ClassNoShowMarked = DomainEvent<'ClassNoShowMarked', BookingFacts & { creditBack: boolean }>;

export type ClassEvent =
  | ClassSeatBooked
  | ClassGuestSeatBooked
  | ClassGuestSeatReleased
  | ClassWaitlistJoined
  | ClassWaitlistPromoted
  | ClassBookingCancelled
  | ClassWaitlistLeft
  | ClassCheckedIn
  | ClassNoShowMarked;

export type ClassEventType = ClassEvent['type'];

export const CLASS_EVENT_TYPES = [
  'ClassSeatBooked',
  'ClassGuestSeatBooked',
  'ClassGuestSeatReleased',
  'ClassWaitlistJoined',
  'ClassWaitlistPromoted',
  'ClassBookingCancelled',
  'ClassWaitlistLeft',
  'ClassCheckedIn',
  'ClassNoShowMarked',
] as const satisfies readonly ClassEventType[];

/** Whether the event gives the booking's credit back to the member's pool. */
export function givesCreditBack(event: ClassEvent): event is ClassWaitlistLeft | ClassBookingCancelled | ClassNoShowMarked {
  switch (event.type) {
    case 'ClassWaitlistLeft':
      return true;
    case 'ClassBookingCancelled':
    case 'ClassNoShowMarked':
      return event.data.creditBack;
    default:
      return false;
  }
}
