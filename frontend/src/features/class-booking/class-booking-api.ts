/*
 * The member's class-booking routes (issue 40, point 3): the generated endpoints (tags in
 * shared/api/api.ts) under the names the pages read.
 */
export {
  useListClassesQuery,
  useBookClassMutation,
  useCancelClassBookingMutation,
  useListMyClassBookingsQuery,
  useGetClassBookingCheckInCodeQuery,
} from '../../shared/api/api';
export type {
  ClassBookingSettingsDto as ClassBookingPolicy,
  ClassMembershipDto as ClassesMembership,
  MyClassBookingDto as MyClassBooking,
  MemberClassDto as BookableClass,
  ClassDayDto as ClassDay,
  ClassDaysDto as ClassesAnswer,
  BookingCreatedDto as BookClassAnswer,
  BookingCancelledDto as CancelBookingAnswer,
  MemberBookingDto as MemberBooking,
  MyBookingsDto as MyBookingsAnswer,
  CheckInCodeDto as CheckInCodeAnswer,
} from '../../shared/api/generated-api';
import type { MemberBookingDto, MyClassBookingDto } from '../../shared/api/generated-api';

/** One page of the day/week view: `from` and how many days (the route's query). */
export interface ClassesRequest {
  from: string;
  days: number;
}

export type MyBookingStatus = MyClassBookingDto['status'];
export type BookingStatus = MemberBookingDto['status'];

/** The booking's calendar file (GET, bearer token: downloaded through `downloadFile`). */
export function bookingCalendarPath(bookingId: string): string {
  return `/api/classes/bookings/${bookingId}.ics`;
}
