import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { addDays } from '../../shared/studio-day';
import { classStreamName } from './class-booking.events';
import { CLASS_BOOKINGS, classBookingsProjection } from './class-bookings.projection';
import { classDecider, waitlistOf, type ClassCommand, type ClassState } from './class.decider';

const SLOTS = ['6f1c2a8e-1111-4222-8333-444455556666', '7a2d3b9f-2222-4333-8444-555566667777'];

/** Weeks of classes as the decider records them: bookings past capacity into the line, cancellations with promotions, check-ins, no-shows, lines closed. */
function histories(days: number, members: number) {
  const log: RecordedEvent[] = [];
  const states = new Map<string, ClassState>();
  let step = 0;
  const record = (slotId: string, date: string, command: ClassCommand) => {
    const stream = classStreamName(slotId, date);
    let state = states.get(stream) ?? classDecider.initialState();
    let events;
    try {
      events = classDecider.decide(command, state);
    } catch {
      return; // A refusal records nothing.
    }
    for (const event of events) {
      state = classDecider.evolve(state, event);
      appendRecorded(log, stream, event);
    }
    states.set(stream, state);
  };
  for (let day = 0; day < days; day++) {
    const date = addDays('2026-11-01', day);
    for (const slotId of SLOTS) {
      const now = (hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`;
      const capacity = 3 + (day % 3);
      const base = { slotId, date };
      // Free-class guests take seats first, some of them given back (ADR 0380).
      for (let guest = 0; guest < 1 + (day % 2); guest++) {
        step++;
        record(slotId, date, { type: 'SeatGuest', data: { ...base, bookingId: `g${step}`, capacity, now: now(7) } });
        if (guest === 1) record(slotId, date, { type: 'ReleaseGuestSeat', data: { ...base, bookingId: `g${step}`, now: now(7) } });
      }
      for (let member = 0; member < members; member++) {
        step++;
        record(slotId, date, {
          type: 'BookClass',
          data: { ...base, bookingId: `b${step}`, memberId: `m${member}`, capacity, waitlist: member % 2 === 0, now: now(8), waitlistUntil: now(16) },
        });
      }
      const stream = classStreamName(slotId, date);
      const seated = [...(states.get(stream)?.bookings.values() ?? [])].filter((booking) => booking.status === 'booked' && !booking.guest);
      for (const [index, booking] of seated.entries()) {
        if (index % 2 === 0)
          record(slotId, date, {
            type: 'CancelClassBooking',
            data: {
              ...base,
              bookingId: booking.bookingId,
              now: now(index === 0 ? 10 : 17),
              cancelCutoffAt: now(15),
              creditBackWhenLate: false,
              promoteUntil: now(16),
              capacity,
              byStudio: false,
            },
          });
        else record(slotId, date, { type: 'CheckInToClass', data: { ...base, bookingId: booking.bookingId, now: now(17) } });
      }
      record(slotId, date, { type: 'CloseWaitlist', data: { ...base, now: now(16), reason: 'cutoff' } });
      if (day % 2 === 0) record(slotId, date, { type: 'MarkNoShows', data: { ...base, now: now(20), creditBack: false } });
    }
  }
  return { log, states };
}

describe('class_bookings projection (PostgreSQL)', () => {
  const bed = projectionTestBed(classBookingsProjection);

  async function project(log: RecordedEvent[], batchSize: number) {
    const table = await bed.project(log, batchSize);
    return (
      await bed
        .pool()
        .query(
          `SELECT booking_id, slot_id, to_char(class_date, 'YYYY-MM-DD') AS class_date, member_id, status, waitlist_order, late, credit_back, booked_at, checked_in_at FROM ${table(CLASS_BOOKINGS)} ORDER BY booking_id`,
        )
    ).rows;
  }

  it('holds every booking as its class stream decided it, the same live as on a replay of any batch size', async () => {
    const { log, states } = histories(6, 7);
    for (const type of [
      'ClassSeatBooked',
      'ClassGuestSeatBooked',
      'ClassGuestSeatReleased',
      'ClassWaitlistJoined',
      'ClassWaitlistPromoted',
      'ClassBookingCancelled',
      'ClassWaitlistLeft',
      'ClassCheckedIn',
      'ClassNoShowMarked',
    ])
      expect(log.filter((event) => event.type === type).length).toBeGreaterThan(0);
    const live = await project(log, 1);
    expect(await project(log, 7)).toEqual(live);
    expect(await project(log, log.length)).toEqual(live);
    const expected = [...states.entries()].flatMap(([, state]) =>
      [...state.bookings.values()].map((booking) => ({ booking_id: booking.bookingId, member_id: booking.memberId, status: booking.status })),
    );
    const byId = (a: { booking_id: string }, b: { booking_id: string }) => a.booking_id.localeCompare(b.booking_id);
    expect(live.map(({ booking_id, member_id, status }) => ({ booking_id, member_id, status })).sort(byId)).toEqual(expected.sort(byId));
    // Seats never exceed capacity and the line keeps its order.
    for (const state of states.values()) {
      expect(state.seats).toBeLessThanOrEqual(5);
      const line = waitlistOf(state).map((booking) => booking.order);
      expect(line).toEqual([...line].sort((a, b) => (a ?? 0) - (b ?? 0)));
    }
    // A late cancellation keeps no credit; one in time, a line left, give it back.
    const cancelled = live.filter((row) => row.status === 'cancelled');
    expect(cancelled.some((row) => row.late && !row.credit_back)).toBe(true);
    expect(cancelled.some((row) => !row.late && row.credit_back)).toBe(true);
    expect(live.filter((row) => row.status === 'left').every((row) => row.credit_back)).toBe(true);
    expect(live.filter((row) => row.status === 'checked-in').every((row) => row.checked_in_at !== null)).toBe(true);
    // A guest's seat has no member and is never checked in nor marked absent on the class stream.
    const guests = live.filter((row) => row.booking_id.startsWith('g'));
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((row) => row.member_id === '' && (row.status === 'booked' || row.status === 'cancelled'))).toBe(true);
  });
});
