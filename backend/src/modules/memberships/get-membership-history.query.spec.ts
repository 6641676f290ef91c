import { classBookingStatusLabel } from '../class-bookings/get-member-class-history.query';
import { membershipHistory } from './get-membership-history.query';

const payment = { channel: 'desk', method: 'efectivo', reference: 'REC-1', billing: 'one-time', amountUsd: 100 };
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T15:00:00.000Z`;

/** A couple's pool held by `hugo`, shared with `carla`: a sale, classes used and returned by both, a freeze, a renewal and the end. */
const hugoStream = [
  {
    type: 'MembershipSold',
    data: {
      membershipId: 'm1',
      planId: 'casual-couples',
      planTitle: 'Casual Couples',
      classes: 16,
      sharedWith: ['carla'],
      validFrom: '2026-11-01',
      validUntil: '2026-11-30',
      payment,
      receiptId: 'm1',
      occurredAt: at(1),
    },
  },
  { type: 'WorkoutCompleted', data: { occurredAt: at(2) } },
  { type: 'ClassCreditUsed', data: { membershipId: 'm1', bookingId: 'b1', usedBy: 'hugo', classesLeft: 15, occurredAt: at(3) } },
  { type: 'ClassCreditUsed', data: { membershipId: 'm1', bookingId: 'b2', usedBy: 'carla', classesLeft: 14, occurredAt: at(4) } },
  { type: 'ClassCreditReturned', data: { membershipId: 'm1', bookingId: 'b2', usedBy: 'carla', classesLeft: 15, occurredAt: at(5) } },
  { type: 'MembershipFrozen', data: { membershipId: 'm1', from: '2026-11-06', occurredAt: at(6) } },
  { type: 'MembershipUnfrozen', data: { membershipId: 'm1', frozenDays: 1, validUntil: '2026-12-01', occurredAt: at(7) } },
  {
    type: 'MembershipRenewed',
    data: {
      membershipId: 'm1',
      planId: 'casual-couples',
      validUntil: '2026-12-31',
      classesAdded: 16,
      classesLeft: 31,
      payment,
      receiptId: 'r2',
      occurredAt: at(8),
    },
  },
  { type: 'MembershipExpired', data: { membershipId: 'm1', reason: 'ended', validUntil: '2026-12-31', classesLeft: 2, occurredAt: at(9) } },
];

describe('the membership history of the data export', () => {
  it('tells the holder every sale, freeze, renewal, end and class of the pool in Spanish, oldest first', () => {
    const history = membershipHistory(hugoStream, 'hugo', true);
    expect(history.map((entry) => entry.description)).toEqual([
      'Compraste en recepción la membresía Casual Couples (16 clases, compartida con 1 persona), vigente del 2026-11-01 al 2026-11-30',
      'Usaste una clase de la membresía (quedan 15)',
      'Otra persona de tu membresía usó una clase (quedan 14)',
      'Se devolvió una clase a otra persona de tu membresía (quedan 15)',
      'Membresía congelada desde el 2026-11-06',
      'Membresía descongelada tras 1 día: vigente hasta el 2026-12-01',
      'Renovaste tu membresía Casual Couples hasta el 2026-12-31 (+16 clases; quedan 31)',
      'Venció tu membresía (último día 2026-12-31); no usaste 2 clases',
    ]);
    expect(history[0]).toMatchObject({
      event: 'MembershipSold',
      planTitle: 'Casual Couples',
      payment: { method: 'efectivo', reference: 'REC-1' },
      sharedWithPeople: 1,
    });
    // Another person's id is never exported: only whether it was the member.
    expect(JSON.stringify(history)).not.toContain('carla');
    expect(history.every((entry) => entry.planTitle === 'Casual Couples')).toBe(true);
  });

  it('gives a member who shares the pool only their own classes of it', () => {
    const history = membershipHistory(hugoStream, 'carla', false);
    expect(history.map((entry) => [entry.event, entry.bookingId, entry.byYou, entry.description])).toEqual([
      ['ClassCreditUsed', 'b2', true, 'Usaste una clase de la membresía (quedan 14)'],
      ['ClassCreditReturned', 'b2', true, 'Se te devolvió una clase (quedan 15)'],
    ]);
  });

  it('names each booking status as the member reads it', () => {
    expect(
      (['booked', 'waitlisted', 'checked-in', 'cancelled', 'left', 'no-show'] as const).map((status) => classBookingStatusLabel({ status, late: false })),
    ).toEqual(['Reservada', 'En lista de espera', 'Check-in hecho', 'Cancelada', 'Cancelada: salió de la lista de espera', 'No llegaste']);
    expect(classBookingStatusLabel({ status: 'cancelled', late: true })).toBe('Cancelada tarde');
  });
});
