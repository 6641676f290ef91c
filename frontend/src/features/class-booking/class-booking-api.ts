import { api } from '../../shared/api/api';

/*
 * The member's class-booking routes (issue 40, point 3), written by hand from the booking contract
 * while they are not in docs/openapi.json yet (the way of ADR 0070). Temporary: once the backend's
 * routes are in the document, `npm run openapi && npm run api:codegen` generates them; then the
 * endpoints below go, their tags move into api.ts's `enhanceEndpoints`, and the hooks at the end of
 * this file re-export the generated ones. The pages import only those hooks and these types, so
 * nothing else changes.
 */

/** The studio's rules, as `policy` inside GET /api/classes (read-only for members). */
export interface ClassBookingPolicy {
  /** Members book from today to today + N − 1. */
  bookingOpensDays: number;
  /** Cancelling at least this many hours before the start gives the class back. */
  cancelCutoffHours: number;
  /** Waitlist promotions happen only until this many hours before the start. */
  waitlistCutoffHours: number;
  /** false: a late cancellation uses up the class (never a money fee). */
  lateCancelKeepsCredit: boolean;
  /** false: a no-show uses up the class. */
  noShowKeepsCredit: boolean;
  /** Reminder email this many hours before (0: none). */
  reminderHours: number;
}

/** The membership in force, or null: what the page shows at the top. */
export interface ClassesMembership {
  planTitle: string;
  /** null: unlimited. */
  classesLeft: number | null;
  validUntil: string;
}

export type MyBookingStatus = 'booked' | 'waitlisted' | 'checked-in';

export interface MyClassBooking {
  bookingId: string;
  status: MyBookingStatus;
  waitlistPosition: number | null;
  /** Cancelling now gives the class back. */
  cancelFree: boolean;
}

export interface BookableClass {
  slotId: string;
  date: string;
  startTime: string;
  endTime: string;
  /** "5:15-6:15 am", as the timetable writes it. */
  label: string;
  className: string;
  description: string;
  coach: string;
  lengthMin: number;
  capacity: number;
  booked: number;
  free: number;
  waitlist: number;
  cancelled: boolean;
  notice: string;
  bookable: boolean;
  notBookableReason: string | null;
  myBooking: MyClassBooking | null;
}

export interface ClassDay {
  date: string;
  dayName: string;
  closed: string | null;
  classes: BookableClass[];
}

export interface ClassesAnswer {
  policy: ClassBookingPolicy;
  membership: ClassesMembership | null;
  days: ClassDay[];
}

export interface ClassesRequest {
  from: string;
  days: number;
}

export interface BookClassRequest {
  date: string;
  slotId: string;
  waitlist: boolean;
  /** A fresh uuid per attempt, the same on a retry of it. */
  idempotencyKey: string;
}

export interface BookClassAnswer {
  bookingId: string;
  status: 'booked' | 'waitlisted';
  waitlistPosition: number | null;
  classesLeft: number | null;
}

export interface CancelBookingAnswer {
  bookingId: string;
  status: 'cancelled';
  late: boolean;
  creditReturned: boolean;
}

export type BookingStatus = 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'no-show' | 'attended';

export interface MemberBooking {
  bookingId: string;
  date: string;
  slotId: string;
  startTime: string;
  endTime: string;
  className: string;
  coach: string;
  status: BookingStatus;
  waitlistPosition: number | null;
  late: boolean;
}

export interface MyBookingsAnswer {
  upcoming: MemberBooking[];
  past: MemberBooking[];
}

export interface CheckInCodeAnswer {
  code: string;
}

/** Free spots and the member's own bookings move together: every booking change refreshes both, and the membership's classes left. */
const bookingChanged = ['ClassBooking' as const, 'Membership' as const];

const classBookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    listClasses: build.query<ClassesAnswer, ClassesRequest>({
      query: ({ from, days }) => ({ url: '/api/classes', params: { from, days } }),
      providesTags: ['ClassBooking'],
      // Free spots change as others book: a minute, not the five of the member's own data.
      keepUnusedDataFor: 60,
    }),
    bookClass: build.mutation<BookClassAnswer, BookClassRequest>({
      query: ({ date, slotId, waitlist, idempotencyKey }) => ({
        url: `/api/classes/${date}/${slotId}/bookings`,
        method: 'POST',
        body: { waitlist },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_answer, error) => (error ? [] : bookingChanged),
    }),
    cancelClassBooking: build.mutation<CancelBookingAnswer, { bookingId: string }>({
      query: ({ bookingId }) => ({ url: `/api/classes/bookings/${bookingId}`, method: 'DELETE' }),
      invalidatesTags: (_answer, error) => (error ? [] : bookingChanged),
    }),
    listMyClassBookings: build.query<MyBookingsAnswer, void>({
      query: () => ({ url: '/api/classes/bookings/me' }),
      providesTags: ['ClassBooking'],
      keepUnusedDataFor: 60,
    }),
    // Valid that day only: asked each time the member opens it.
    getClassBookingCheckInCode: build.query<CheckInCodeAnswer, { bookingId: string }>({
      query: ({ bookingId }) => ({ url: `/api/classes/bookings/${bookingId}/check-in-code` }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListClassesQuery, useBookClassMutation, useCancelClassBookingMutation, useListMyClassBookingsQuery, useGetClassBookingCheckInCodeQuery } =
  classBookingApi;

/** The booking's calendar file (GET, bearer token: downloaded through `downloadFile`). */
export function bookingCalendarPath(bookingId: string): string {
  return `/api/classes/bookings/${bookingId}.ics`;
}
