import type { DomainEvent } from '../../shared/decider';

/**
 * Events the staff console writes. Staff actions are history like any other: each one
 * is appended with the staff member as the actor (metadata.actor), so the activity
 * log shows who did what and when (ADR 0083).
 */

export const STAFF_STREAM_PREFIX = 'staff-';
export const FREE_CLASS_BOOKING_STREAM_PREFIX = 'free-class-booking-';

export function staffStreamName(userId: string): string {
  return `${STAFF_STREAM_PREFIX}${userId}`;
}

export function freeClassBookingStreamName(bookingId: string): string {
  return `${FREE_CLASS_BOOKING_STREAM_PREFIX}${bookingId}`;
}

export const FREE_CLASS_OUTCOMES = ['attended', 'no-show', 'converted'] as const;
export type FreeClassOutcome = (typeof FREE_CLASS_OUTCOMES)[number];

/** On `free-class-booking-{id}`: the last one recorded is the booking's current outcome. */
export type FreeClassOutcomeRecorded = DomainEvent<'FreeClassOutcomeRecorded', { bookingId: string; outcome: FreeClassOutcome; occurredAt: string }>;

/** On `staff-{userId}`: a staff member started a rebuild of one projection or all of them. */
export type ProjectionRebuildRequested = DomainEvent<
  'ProjectionRebuildRequested',
  { projection: string; generations: Array<{ name: string; generation: number }>; occurredAt: string }
>;

/** On `staff-{userId}`: a staff member downloaded a CSV (what and with which filters). */
export type StaffExportDownloaded = DomainEvent<'StaffExportDownloaded', { export: 'activity-log' | 'free-class-bookings' | 'challenge-participants'; filters: Record<string, unknown>; occurredAt: string }>;

export type StaffEvent = FreeClassOutcomeRecorded | ProjectionRebuildRequested | StaffExportDownloaded;

export const STAFF_EVENT_TYPES: ReadonlyArray<StaffEvent['type']> = ['FreeClassOutcomeRecorded', 'ProjectionRebuildRequested', 'StaffExportDownloaded'];
