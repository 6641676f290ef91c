import type { DomainEvent } from '../../shared/decider';
import type { FreeClassOutcomeRecorded } from '../free-class-bookings/free-class-bookings.events';

/**
 * Events the staff console writes. Staff actions are history like any other: each one
 * is appended with the staff member as the actor (metadata.actor), so the activity
 * log shows who did what and when (ADR 0083). The outcomes staff mark on a free-class
 * booking are the booking's own events (free-class-bookings.events.ts).
 */

export const STAFF_STREAM_PREFIX = 'staff-';

export function staffStreamName(userId: string): string {
  return `${STAFF_STREAM_PREFIX}${userId}`;
}

/** On `staff-{userId}`: a staff member started a rebuild of one projection or all of them. */
export type ProjectionRebuildRequested = DomainEvent<
  'ProjectionRebuildRequested',
  { projection: string; generations: Array<{ name: string; generation: number }>; occurredAt: string }
>;

/** On `staff-{userId}`: a staff member downloaded a CSV (what and with which filters). */
export type StaffExportDownloaded = DomainEvent<
  'StaffExportDownloaded',
  { export: 'activity-log' | 'free-class-bookings' | 'challenge-participants'; filters: Record<string, unknown>; occurredAt: string }
>;

export type StaffEvent = FreeClassOutcomeRecorded | ProjectionRebuildRequested | StaffExportDownloaded;

export const STAFF_EVENT_TYPES: ReadonlyArray<StaffEvent['type']> = ['FreeClassOutcomeRecorded', 'ProjectionRebuildRequested', 'StaffExportDownloaded'];
