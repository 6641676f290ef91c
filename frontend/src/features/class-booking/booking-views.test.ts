import {
  attemptFor,
  bookedText,
  bookingCost,
  bookingErrorMessage,
  bookingStatusLabel,
  cancelConsequence,
  cancelIsFree,
  cancelledText,
  classesLeftLabel,
  classStartsAt,
  dayChip,
  dayHeading,
  isClassFull,
  isRetriable,
  membershipBlock,
  myStatusLabel,
  openDays,
  rulesText,
  spotsLabel,
  splitStarted,
  spotsSentence,
  timeRange,
  weekPages,
} from './booking-views';
import type { ClassBookingPolicy, ClassDay } from './class-booking-api';

const POLICY: ClassBookingPolicy = {
  bookingOpensDays: 7,
  cancelCutoffHours: 2,
  waitlistCutoffHours: 2,
  lateCancelKeepsCredit: false,
  noShowKeepsCredit: false,
  reminderHours: 3,
};

const day = (date: string): ClassDay => ({ date, dayName: '', closed: null, classes: [] });

describe('the days the page shows', () => {
  it('asks for weeks of 7 days from today, as many as booking opens', () => {
    expect(weekPages('2026-12-07', 7)).toEqual([{ from: '2026-12-07', days: 7 }]);
    expect(weekPages('2026-12-07', 3)).toEqual([{ from: '2026-12-07', days: 7 }]);
    expect(weekPages('2026-12-28', 15)).toEqual([
      { from: '2026-12-28', days: 7 },
      { from: '2027-01-04', days: 7 },
      { from: '2027-01-11', days: 7 },
    ]);
  });

  it('keeps only the days from today to today + bookingOpensDays − 1', () => {
    const week = ['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10'].map(day);
    expect(openDays(week, '2026-12-07', 3).map((d) => d.date)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    expect(openDays(week, '2026-12-07', 1).map((d) => d.date)).toEqual(['2026-12-07']);
  });

  it('names the days in Spanish, today and tomorrow first', () => {
    expect(dayHeading('2026-12-07', '2026-12-07')).toBe('Hoy, lunes 7 de diciembre');
    expect(dayHeading('2026-12-08', '2026-12-07')).toBe('Mañana, martes 8 de diciembre');
    expect(dayHeading('2026-12-13', '2026-12-07')).toBe('domingo 13 de diciembre');
    expect(dayHeading('2027-01-01', '2026-12-30')).toBe('viernes 1 de enero');
    expect(dayChip('2026-12-07', '2026-12-07')).toEqual({ top: 'Hoy', day: '7' });
    expect(dayChip('2026-12-09', '2026-12-07')).toEqual({ top: 'Mié', day: '9' });
  });

  it("writes a class's hours the way the timetable does", () => {
    expect(timeRange('05:15', '06:15')).toBe('5:15-6:15 am');
    expect(timeRange('17:15', '18:15')).toBe('5:15-6:15 pm');
    expect(timeRange('11:30', '12:30')).toBe('11:30 am-12:30 pm');
    expect(timeRange('12:00', '13:00')).toBe('12:00-1:00 pm');
  });
});

describe('classes that already began', () => {
  it('fold away unless the member booked them, in studio time', () => {
    const at = (slotId: string, startTime: string, mine = false) =>
      ({ slotId, date: '2026-12-07', startTime, myBooking: mine ? { bookingId: slotId } : null }) as never;
    const classes = [at('temprano', '06:30'), at('mia', '08:00', true), at('mediodia', '12:00'), at('tarde', '18:00')];
    // 12:00 in San Salvador is 18:00 UTC: the noon class has just begun.
    const { started, shown } = splitStarted<{ slotId: string; date: string; startTime: string; myBooking: null }>(classes, Date.parse('2026-12-07T18:00:00Z'));
    expect(started.map((item) => item.slotId)).toEqual(['temprano', 'mediodia']);
    expect(shown.map((item) => item.slotId)).toEqual(['mia', 'tarde']);
  });
});

describe('labels', () => {
  it('says how many spots are free, and how long the waitlist of a full class is', () => {
    expect(spotsLabel({ cancelled: false, free: 3, waitlist: 0 })).toBe('3 lugares');
    expect(spotsLabel({ cancelled: false, free: 1, waitlist: 0 })).toBe('1 lugar');
    expect(spotsLabel({ cancelled: false, free: 0, waitlist: 2 })).toBe('Llena · 2 en espera');
    expect(spotsLabel({ cancelled: false, free: 0, waitlist: 0 })).toBe('Llena');
    expect(spotsLabel({ cancelled: true, free: 0, waitlist: 0 })).toBe('Cancelada');
    expect(spotsSentence({ free: 1, waitlist: 0 })).toBe('Queda 1 lugar.');
    expect(spotsSentence({ free: 4, waitlist: 0 })).toBe('Quedan 4 lugares.');
    expect(spotsSentence({ free: 0, waitlist: 3 })).toBe('La clase está llena y hay 3 en la lista de espera.');
  });

  it("gives the member's own status, with the waitlist place", () => {
    expect(myStatusLabel({ bookingId: 'b', status: 'booked', waitlistPosition: null, cancelFree: true })).toBe('Reservada');
    expect(myStatusLabel({ bookingId: 'b', status: 'waitlisted', waitlistPosition: 2, cancelFree: true })).toBe('En lista de espera · lugar 2');
    expect(myStatusLabel({ bookingId: 'b', status: 'checked-in', waitlistPosition: null, cancelFree: false })).toBe('Check-in hecho');
    expect(bookingStatusLabel({ status: 'attended', waitlistPosition: null, late: false }, true)).toBe('Asististe');
    expect(bookingStatusLabel({ status: 'no-show', waitlistPosition: null, late: false }, true)).toBe('No llegaste');
    expect(bookingStatusLabel({ status: 'cancelled', waitlistPosition: null, late: true }, true)).toBe('Cancelada tarde');
    expect(bookingStatusLabel({ status: 'cancelled', waitlistPosition: null, late: false }, true)).toBe('Cancelada');
    expect(bookingStatusLabel({ status: 'waitlisted', waitlistPosition: 1, late: false }, false)).toBe('En lista de espera · lugar 1');
    expect(bookingStatusLabel({ status: 'waitlisted', waitlistPosition: 1, late: false }, true)).toBe('No se liberó un lugar');
  });

  it('says what the membership leaves, and what stops a booking', () => {
    expect(classesLeftLabel({ planTitle: '4 Classes', classesLeft: 3, validUntil: '2026-12-31' })).toBe('Te quedan 3 clases');
    expect(classesLeftLabel({ planTitle: 'One Class', classesLeft: 1, validUntil: '2026-12-31' })).toBe('Te queda 1 clase');
    expect(classesLeftLabel({ planTitle: 'Elite', classesLeft: null, validUntil: '2026-12-31' })).toBe('Clases ilimitadas');
    expect(membershipBlock(null)).toBe('Aún no tienes una membresía. Con una puedes reservar tus clases en el estudio.');
    expect(membershipBlock({ planTitle: '4 Classes', classesLeft: 0, validUntil: '2026-12-31' })).toMatch(/Ya usaste todas las clases/);
    expect(membershipBlock({ planTitle: 'Elite', classesLeft: null, validUntil: '2026-12-31' })).toBeNull();
    expect(bookingCost({ planTitle: '4 Classes', classesLeft: 3, validUntil: '2026-12-31' }, false)).toBe(
      'Reservar usa 1 clase de tu membresía (te quedan 3).',
    );
    expect(bookingCost({ planTitle: 'One Class', classesLeft: 1, validUntil: '2026-12-31' }, true)).toBe(
      'Tu lugar en la lista aparta 1 clase de tu membresía (te queda 1).',
    );
  });
});

describe("the studio's rules in words", () => {
  it('states free cancellation, the class used by a late cancel or a no-show, no fees, and the waitlist', () => {
    expect(rulesText(POLICY)).toEqual([
      'Puedes cancelar sin costo hasta 2 h antes de la clase: la clase regresa a tu membresía.',
      'Si cancelas después o no llegas, la clase se descuenta de tu membresía.',
      'Nunca te cobramos recargos: lo más que se descuenta es la clase.',
      'Si la clase está llena, únete a la lista de espera: si se libera un lugar hasta 2 h antes de la clase, entras en orden y te avisamos por correo.',
      'Tu lugar en la lista de espera aparta una clase de tu membresía; si no entras, te la devolvemos.',
      'Te recordamos tu clase por correo 3 h antes.',
    ]);
  });

  it('follows each setting on its own', () => {
    const rules = rulesText({ ...POLICY, cancelCutoffHours: 12, waitlistCutoffHours: 0, lateCancelKeepsCredit: true, reminderHours: 0 });
    expect(rules[0]).toBe('Puedes cancelar sin costo hasta 12 h antes de la clase: la clase regresa a tu membresía.');
    expect(rules).toContain('Si cancelas después, la clase igual regresa a tu membresía.');
    expect(rules).toContain('Si no llegas, la clase se descuenta de tu membresía.');
    expect(rules.find((rule) => rule.startsWith('Si la clase está llena'))).toMatch(/hasta que empiece la clase, entras en orden/);
    expect(rules.some((rule) => rule.startsWith('Te recordamos'))).toBe(false);
    expect(rulesText({ ...POLICY, lateCancelKeepsCredit: true, noShowKeepsCredit: true })[1]).toBe(
      'Si cancelas después o no llegas, la clase igual regresa a tu membresía.',
    );
  });

  it('has no late cancellation when the studio lets members cancel until the start', () => {
    const rules = rulesText({ ...POLICY, cancelCutoffHours: 0 });
    expect(rules[0]).toBe('Puedes cancelar sin costo hasta que empiece la clase: la clase regresa a tu membresía.');
    expect(rules[1]).toBe('Si no llegas, la clase se descuenta de tu membresía.');
    expect(rules.some((rule) => rule.startsWith('Si cancelas después'))).toBe(false);
  });
});

describe('cancelling', () => {
  const booking = { date: '2026-12-07', startTime: '17:15', status: 'booked' as const };

  it('reads the class start in El Salvador time', () => {
    expect(new Date(classStartsAt('2026-12-07', '17:15')).toISOString()).toBe('2026-12-07T23:15:00.000Z');
  });

  it('is free until the cutoff before the start, always for a waitlist place', () => {
    const start = classStartsAt('2026-12-07', '17:15');
    expect(cancelIsFree(booking, POLICY, start - 2 * 3_600_000)).toBe(true);
    expect(cancelIsFree(booking, POLICY, start - 2 * 3_600_000 + 1)).toBe(false);
    expect(cancelIsFree({ ...booking, status: 'waitlisted' }, POLICY, start - 60_000)).toBe(true);
  });

  it('says before the tap whether the class comes back', () => {
    expect(cancelConsequence({ status: 'booked', cancelFree: true }, POLICY, false)).toBe('Cancelas a tiempo: la clase regresa a tu membresía.');
    expect(cancelConsequence({ status: 'booked', cancelFree: false }, POLICY, false)).toBe(
      'Faltan menos de 2 h para la clase: si cancelas ahora, la clase se descuenta de tu membresía y no regresa. No hay ningún cargo extra.',
    );
    expect(cancelConsequence({ status: 'booked', cancelFree: false }, { ...POLICY, lateCancelKeepsCredit: true }, false)).toMatch(/igual regresa/);
    expect(cancelConsequence({ status: 'waitlisted', cancelFree: true }, POLICY, false)).toMatch(/^Sales de la lista de espera/);
    expect(cancelConsequence({ status: 'booked', cancelFree: false }, POLICY, true)).toMatch(/ilimitado/);
  });

  it('says what the server did, from its answer', () => {
    const answer = { bookingId: 'b', status: 'cancelled' as const, late: false, creditReturned: true };
    expect(cancelledText(answer, false, false)).toBe('Reserva cancelada. La clase regresó a tu membresía.');
    expect(cancelledText({ ...answer, late: true, creditReturned: false }, false, false)).toBe(
      'Reserva cancelada. Como fue tarde, la clase se descontó de tu membresía.',
    );
    expect(cancelledText(answer, true, false)).toBe('Saliste de la lista de espera. La clase regresó a tu membresía.');
  });
});

describe('booking answers and failures', () => {
  const item = { className: 'Box and Burn', date: '2026-12-07', label: '5:15-6:15 pm' };

  it('says what the member got', () => {
    expect(bookedText({ bookingId: 'b', status: 'booked', waitlistPosition: null, classesLeft: 2 }, item, POLICY)).toBe(
      '¡Listo! Tienes tu lugar en Box and Burn, lunes 7 de diciembre, 5:15-6:15 pm. Te quedan 2 clases.',
    );
    expect(bookedText({ bookingId: 'b', status: 'booked', waitlistPosition: null, classesLeft: null }, item, POLICY)).toBe(
      '¡Listo! Tienes tu lugar en Box and Burn, lunes 7 de diciembre, 5:15-6:15 pm.',
    );
    expect(bookedText({ bookingId: 'b', status: 'waitlisted', waitlistPosition: 3, classesLeft: 2 }, item, POLICY)).toBe(
      'Estás en la lista de espera de Box and Burn, en el lugar 3. Si se libera un lugar hasta 2 h antes de la clase, entras solo y te avisamos por correo.',
    );
  });

  it("shows the server's Spanish message, not its error name", () => {
    const full = {
      status: 409,
      data: { statusCode: 409, error: 'Conflict', message: 'La clase está llena. Puedes unirte a la lista de espera.', field: 'waitlist' },
    };
    expect(bookingErrorMessage(full)).toBe('La clase está llena. Puedes unirte a la lista de espera.');
    expect(isClassFull(full)).toBe(true);
    expect(isClassFull({ status: 409, data: { message: 'No te quedan clases en tu membresía.' } })).toBe(false);
    expect(bookingErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toMatch(/Revisa tu conexión/);
  });

  it('retries only what an answer never settled', () => {
    expect(isRetriable({ status: 'FETCH_ERROR' })).toBe(true);
    expect(isRetriable({ status: 503 })).toBe(true);
    expect(isRetriable({ status: 409 })).toBe(false);
    expect(isRetriable({ status: 422 })).toBe(false);
  });

  it('keeps the key of an attempt on a retry and takes a fresh one for another request', () => {
    let next = 0;
    const newKey = () => `key-${++next}`;
    const first = attemptFor(null, { date: '2026-12-07', slotId: 's1', waitlist: false }, newKey);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, { date: '2026-12-07', slotId: 's1', waitlist: false }, newKey)).toBe(first);
    expect(attemptFor(first, { date: '2026-12-07', slotId: 's1', waitlist: true }, newKey).key).toBe('key-2');
    expect(attemptFor(first, { date: '2026-12-08', slotId: 's1', waitlist: false }, newKey).key).toBe('key-3');
  });
});
