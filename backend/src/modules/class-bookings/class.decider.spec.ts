import { DomainError } from '../../shared/domain-error';
import type { ClassEvent } from './class-booking.events';
import { CLASS_BOOKING_MESSAGES } from './class-bookings.rules';
import { decideClass, evolveClass, initialClassState, waitlistOf, type ClassCommand, type ClassState } from './class.decider';

const slotId = '6f1c2a8e-1111-4222-8333-444455556666';
const date = '2026-12-10';
const now = '2026-12-10T10:00:00.000Z';
const cancelCutoffAt = '2026-12-10T21:00:00.000Z';
const promoteUntil = '2026-12-10T21:00:00.000Z';

const given = (events: ClassEvent[]): ClassState => events.reduce(evolveClass, initialClassState());
const booked = (bookingId: string, memberId = `m-${bookingId}`): ClassEvent => ({
  type: 'ClassSeatBooked',
  data: { bookingId, memberId, slotId, date, occurredAt: now },
});
const waiting = (bookingId: string, order: number, memberId = `m-${bookingId}`): ClassEvent => ({
  type: 'ClassWaitlistJoined',
  data: { bookingId, memberId, slotId, date, order, occurredAt: now },
});
const book = (bookingId: string, capacity: number, waitlist = false, memberId = `m-${bookingId}`): ClassCommand => ({
  type: 'BookClass',
  data: { bookingId, memberId, capacity, waitlist, slotId, date, now, waitlistUntil: promoteUntil },
});
const cancel = (bookingId: string, at = now, extra: Partial<{ creditBackWhenLate: boolean; byStudio: boolean }> = {}): ClassCommand => ({
  type: 'CancelClassBooking',
  data: { bookingId, slotId, date, now: at, cancelCutoffAt, promoteUntil, capacity: 2, creditBackWhenLate: false, byStudio: false, ...extra },
});

function refusal(command: ClassCommand, state: ClassState): DomainError {
  try {
    decideClass(command, state);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('class decider', () => {
  it('gives a seat while booked and checked-in seats are under capacity', () => {
    expect(decideClass(book('b3', 3), given([booked('b1'), booked('b2')]))).toEqual([booked('b3')]);
  });

  it('refuses a full class without the waitlist, and counts checked-in seats as taken', () => {
    const state = given([booked('b1'), booked('b2'), { type: 'ClassCheckedIn', data: { bookingId: 'b1', memberId: 'm-b1', occurredAt: now } }]);
    const error = refusal(book('b3', 2), state);
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(CLASS_BOOKING_MESSAGES.full);
    expect(error.details).toEqual({ field: 'waitlist' });
  });

  it('puts a full class booking in line after the last one when asked', () => {
    expect(decideClass(book('b4', 2, true), given([booked('b1'), booked('b2'), waiting('b3', 1)]))).toEqual([waiting('b4', 2)]);
  });

  it('keeps the line closed after the waitlist cutoff', () => {
    const command = book('b2', 1, true);
    const late = { ...command, data: { ...command.data, now: '2026-12-10T21:30:00.000Z' } } as ClassCommand;
    expect(refusal(late, given([booked('b1')])).message).toBe(CLASS_BOOKING_MESSAGES.waitlistClosed);
  });

  it('takes each booking id once and a member once per class', () => {
    expect(refusal(book('b1', 5), given([booked('b1')])).message).toBe(CLASS_BOOKING_MESSAGES.alreadyBooked);
    expect(refusal(book('b2', 5, false, 'm-b1'), given([booked('b1')])).message).toBe(CLASS_BOOKING_MESSAGES.alreadyBooked);
  });

  it('lets a member book again after cancelling', () => {
    const state = given([
      booked('b1'),
      { type: 'ClassBookingCancelled', data: { bookingId: 'b1', memberId: 'm-b1', late: false, creditBack: true, byStudio: false, occurredAt: now } },
    ]);
    expect(decideClass(book('b2', 1, false, 'm-b1'), state)).toEqual([booked('b2', 'm-b1')]);
  });

  it('cancelling in time gives the credit back and promotes the first in line, once', () => {
    const state = given([booked('b1'), booked('b2'), waiting('b4', 2), waiting('b3', 1)]);
    const events = decideClass(cancel('b1'), state);
    expect(events).toEqual([
      { type: 'ClassBookingCancelled', data: { bookingId: 'b1', memberId: 'm-b1', late: false, creditBack: true, byStudio: false, occurredAt: now } },
      { type: 'ClassWaitlistPromoted', data: { bookingId: 'b3', memberId: 'm-b3', occurredAt: now } },
    ]);
    const after = events.reduce(evolveClass, state);
    expect(after.seats).toBe(2);
    expect(waitlistOf(after).map((booking) => booking.bookingId)).toEqual(['b4']);
    expect(decideClass(cancel('b1'), after)).toEqual([]);
  });

  it('never promotes after the waitlist cutoff, and a late cancellation follows the setting', () => {
    const state = given([booked('b1'), waiting('b2', 1)]);
    const late = '2026-12-10T22:00:00.000Z';
    expect(decideClass(cancel('b1', late), state)).toEqual([
      { type: 'ClassBookingCancelled', data: { bookingId: 'b1', memberId: 'm-b1', late: true, creditBack: false, byStudio: false, occurredAt: late } },
    ]);
    expect(decideClass(cancel('b1', late, { creditBackWhenLate: true }), state)[0].data).toMatchObject({ late: true, creditBack: true });
  });

  it('lets a waitlisted booking leave the line with its credit', () => {
    expect(decideClass(cancel('b2'), given([booked('b1'), waiting('b2', 1)]))).toEqual([
      { type: 'ClassWaitlistLeft', data: { bookingId: 'b2', memberId: 'm-b2', reason: 'member', occurredAt: now } },
    ]);
  });

  it('refuses an unknown booking and a cancellation after check-in', () => {
    expect(refusal(cancel('nope'), given([])).code).toBe('not-found');
    const state = given([booked('b1'), { type: 'ClassCheckedIn', data: { bookingId: 'b1', memberId: 'm-b1', occurredAt: now } }]);
    expect(refusal(cancel('b1'), state).code).toBe('conflict');
  });

  it('checks in a seat once, and never a place in line', () => {
    const state = given([booked('b1'), waiting('b2', 1)]);
    const checkIn = (bookingId: string): ClassCommand => ({ type: 'CheckInToClass', data: { bookingId, slotId, date, now } });
    const events = decideClass(checkIn('b1'), state);
    expect(events).toEqual([{ type: 'ClassCheckedIn', data: { bookingId: 'b1', memberId: 'm-b1', occurredAt: now } }]);
    expect(decideClass(checkIn('b1'), events.reduce(evolveClass, state))).toEqual([]);
    expect(refusal(checkIn('b2'), state).code).toBe('conflict');
  });

  it('closes the line at the cutoff and marks the seats not checked in as no-shows', () => {
    const state = given([
      booked('b1'),
      booked('b2'),
      { type: 'ClassCheckedIn', data: { bookingId: 'b2', memberId: 'm-b2', occurredAt: now } },
      waiting('b3', 1),
    ]);
    expect(decideClass({ type: 'CloseWaitlist', data: { slotId, date, now, reason: 'cutoff' } }, state)).toEqual([
      { type: 'ClassWaitlistLeft', data: { bookingId: 'b3', memberId: 'm-b3', reason: 'cutoff', occurredAt: now } },
    ]);
    expect(decideClass({ type: 'MarkNoShows', data: { slotId, date, now, creditBack: false } }, state)).toEqual([
      { type: 'ClassNoShowMarked', data: { bookingId: 'b1', memberId: 'm-b1', creditBack: false, occurredAt: now } },
    ]);
  });

  describe('free-class guests (ADR 0380)', () => {
    const guest = (bookingId: string): ClassEvent => ({ type: 'ClassGuestSeatBooked', data: { bookingId, slotId, date, occurredAt: now } });
    const seat = (bookingId: string, capacity: number): ClassCommand => ({ type: 'SeatGuest', data: { bookingId, capacity, slotId, date, now } });

    it('seats a guest while a seat is free, counting members and guests alike, never into the line', () => {
      expect(decideClass(seat('g2', 3), given([booked('b1'), guest('g1')]))).toEqual([guest('g2')]);
      const full = given([booked('b1'), guest('g1'), { type: 'ClassCheckedIn', data: { bookingId: 'b1', memberId: 'm-b1', occurredAt: now } }]);
      const error = refusal(seat('g2', 2), full);
      expect(error.code).toBe('conflict');
      expect(error.message).toBe(CLASS_BOOKING_MESSAGES.guestFull);
      expect(error.details).toEqual({ field: 'time' });
      // A member meets the guests' seats: full, so the line.
      expect(decideClass(book('b2', 2, true), full)).toEqual([waiting('b2', 1)]);
      expect(given([guest('g1')]).seats).toBe(1);
    });

    it('answers the same seat once, and gives a guest seat back only while held', () => {
      const state = given([guest('g1')]);
      expect(decideClass(seat('g1', 1), state)).toEqual([]);
      const release = (bookingId: string): ClassCommand => ({ type: 'ReleaseGuestSeat', data: { bookingId, slotId, date, now } });
      const released = decideClass(release('g1'), state);
      expect(released).toEqual([{ type: 'ClassGuestSeatReleased', data: { bookingId: 'g1', occurredAt: now } }]);
      const after = released.reduce(evolveClass, state);
      expect(after.seats).toBe(0);
      expect(decideClass(release('g1'), after)).toEqual([]);
      // A member's seat is never released this way.
      expect(decideClass(release('b1'), given([booked('b1')]))).toEqual([]);
    });

    it('leaves a guest out of check-ins, cancellations and no-shows: their arrival is the free-class outcome', () => {
      const state = given([booked('b1'), guest('g1')]);
      expect(refusal({ type: 'CheckInToClass', data: { bookingId: 'g1', slotId, date, now } }, state).code).toBe('conflict');
      expect(refusal(cancel('g1'), state).code).toBe('not-found');
      expect(decideClass({ type: 'MarkNoShows', data: { slotId, date, now, creditBack: false } }, state)).toEqual([
        { type: 'ClassNoShowMarked', data: { bookingId: 'b1', memberId: 'm-b1', creditBack: false, occurredAt: now } },
      ]);
      // Another guest is not "the same member" booking twice.
      expect(decideClass(seat('g2', 5), state)).toEqual([guest('g2')]);
    });
  });
});
