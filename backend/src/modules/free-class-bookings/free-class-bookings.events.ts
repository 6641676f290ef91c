import type { DomainEvent } from '../../shared/decider';

/** The stream the retention job records its deletions on (one per deployment). */
export const FREE_CLASS_RETENTION_STREAM = 'retention-free-class-bookings';

/**
 * The retention job deleted the free-class bookings whose class was before `cutoff`
 * (`FREE_CLASS_RETENTION_MONTHS`, ADR 0204): how many, never who. Shown in the staff log.
 */
export type FreeClassBookingsPurged = DomainEvent<
  'FreeClassBookingsPurged',
  { cutoff: string; retentionMonths: number; bookingsDeleted: number; mailsDeleted: number; occurredAt: string }
>;

export const FREE_CLASS_RETENTION_EVENT_TYPES: ReadonlyArray<FreeClassBookingsPurged['type']> = ['FreeClassBookingsPurged'];

export const FREE_CLASS_BOOKING_STREAM_PREFIX = 'free-class-booking-';

export function freeClassBookingStreamName(bookingId: string): string {
  return `${FREE_CLASS_BOOKING_STREAM_PREFIX}${bookingId}`;
}

export const FREE_CLASS_OUTCOMES = ['attended', 'no-show', 'converted'] as const;
export type FreeClassOutcome = (typeof FREE_CLASS_OUTCOMES)[number];

/**
 * On `free-class-booking-{id}`: what became of the booking, marked by staff (ADR 0084); the last
 * one recorded is the booking's current outcome.
 */
export type FreeClassOutcomeRecorded = DomainEvent<'FreeClassOutcomeRecorded', { bookingId: string; outcome: FreeClassOutcome; occurredAt: string }>;
