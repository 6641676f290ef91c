import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ClassBookingsScheduler } from '../src/modules/class-bookings/class-bookings.scheduler';
import { CLASS_REPORT_MESSAGES } from '../src/modules/class-report/class-report.rules';
import { addDays, isoWeekday, localDateOf, weekOf } from '../src/shared/studio-day';
import { bearerFor, studioMember, type StudioMember as Member } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/** Issue 40, point 5: the owner's report counts what the booking loop recorded, and refuses bad ranges in Spanish. */
describe('the class report (e2e)', () => {
  let t: TestApp;
  let staff: string;
  const http = () => request(t.app.getHttpServer());
  const today = localDateOf(new Date());
  // Tomorrow at 20:00: always in the future, before every cutoff, inside the booking window.
  const date = addDays(today, 1);

  const member = (firstName: string, planId: string, paymentMethod = 'efectivo') => studioMember(t, staff, firstName, { planId, paymentMethod });

  const book = (who: Member, slotId: string, waitlist = false) =>
    http().post(`/api/classes/${date}/${slotId}/bookings`).set('Authorization', who.bearer).set('Idempotency-Key', randomUUID()).send({ waitlist }).expect(201);
  const report = async (query: Record<string, string>) =>
    (await http().get('/api/staff/class-report').query(query).set('Authorization', staff).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await bearerFor(t, { role: 'staff', firstName: 'Rosa', lastName: 'Recepción' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts seats, attendance, no-shows and the waitlist of a class, and the memberships by classes left and last day', async () => {
    const range = { from: today, to: date };
    const before = await report(range);
    const className = `Reporte ${randomUUID().slice(0, 6)}`;
    const type = await http()
      .post('/api/staff/timetable/class-types')
      .set('Authorization', staff)
      .send({ name: className, lengthMin: 60, defaultCapacity: 2, coach: 'Andrea' })
      .expect(201);
    const slot = await http()
      .post('/api/staff/timetable/slots')
      .set('Authorization', staff)
      .send({ weekday: isoWeekday(date), startTime: '20:00', classTypeId: type.body.classTypeId, capacity: 2 })
      .expect(201);
    const slotId = slot.body.slotId as string;

    const [ana, beto, carla, dora] = await Promise.all(['Ana', 'Beto', 'Carla', 'Dora'].map((name) => member(name, 'four-classes')));
    const elena = await member('Elena', 'platform-trial', 'cortesia');
    const anaBooking = (await book(ana!, slotId)).body.bookingId as string;
    const betoBooking = (await book(beto!, slotId)).body.bookingId as string;
    expect((await book(carla!, slotId, true)).body.status).toBe('waitlisted');
    expect((await book(dora!, slotId, true)).body.status).toBe('waitlisted');
    // Beto cancels in time: Carla takes his seat; the desk checks Ana in.
    await http().delete(`/api/classes/bookings/${betoBooking}`).set('Authorization', beto!.bearer).expect(200);
    await http().post(`/api/staff/classes/${date}/${slotId}/check-ins`).set('Authorization', staff).send({ bookingId: anaBooking }).expect(200);

    const booked = (await report(range)).classes.find((entry: { className: string }) => entry.className === className);
    expect(booked).toMatchObject({
      classes: 1,
      capacity: 2,
      booked: 2,
      attended: 1,
      noShows: 0,
      waitlistJoined: 2,
      waitlistPromoted: 1,
      occupancy: 1,
      noShowRate: 0,
    });

    // After the class Carla never came, and Dora's place in line ended at the cutoff.
    await t.app.get(ClassBookingsScheduler).sweep(new Date(`${date}T21:05:00-06:00`));
    const after = await report(range);
    const figures = after.classes.find((entry: { className: string }) => entry.className === className);
    expect(figures).toMatchObject({
      classes: 1,
      capacity: 2,
      booked: 2,
      attended: 1,
      noShows: 1,
      waitlistJoined: 2,
      waitlistPromoted: 1,
      occupancy: 1,
      noShowRate: 0.5,
    });
    const week = figures.weeks.find((entry: { weekStart: string }) => entry.weekStart === weekOf(date).start);
    expect(week).toMatchObject({ weekEnd: weekOf(date).end, classes: 1, booked: 2, attended: 1, noShows: 1 });
    // The whole range moved by exactly this class's bookings (the seeded classes have none).
    expect(after.total.booked - before.total.booked).toBe(2);
    expect(after.total.capacity - before.total.capacity).toBe(2);
    expect(after.from).toBe(weekOf(today).start);
    expect(after.to).toBe(weekOf(date).end);

    // Ana and Carla used a class, Beto and Dora got theirs back; Elena's trial has none and ends within the week.
    const buckets = Object.fromEntries(after.memberships.classesLeft.map((bucket: { label: string; count: number }) => [bucket.label, bucket.count]));
    expect(buckets).toEqual({ 'Sin clases': 1, '1 o 2': 0, '3 a 5': 4, '6 o más': 0, Ilimitadas: 0 });
    expect(after.memberships.today).toBe(today);
    expect(after.memberships.expiring).toHaveLength(4);
    // Expiring: this week and the next three, from today; the 4 Classes packs run 4 weeks, so they are in only when today is a Monday.
    const lastDay = async (who: Member) =>
      (await http().get('/api/memberships/me').set('Authorization', who.bearer).expect(200)).body.membership.validUntil as string;
    const windowEnd = addDays(weekOf(today).start, 27);
    const [packUntil, trialUntil] = [await lastDay(ana!), await lastDay(elena)];
    const expected = new Map<string, number>();
    for (const [until, count] of [
      [packUntil, 4],
      [trialUntil, 1],
    ] as const)
      if (until <= windowEnd) expected.set(weekOf(until).start, (expected.get(weekOf(until).start) ?? 0) + count);
    expect(after.memberships.expiring).toEqual(
      [0, 7, 14, 21].map((days) => {
        const weekStart = addDays(weekOf(today).start, days);
        return { weekStart, weekEnd: addDays(weekStart, 6), count: expected.get(weekStart) ?? 0 };
      }),
    );
    expect(trialUntil <= windowEnd).toBe(true);
  });

  it('defaults to the last 4 weeks with this one, and refuses a bad range in Spanish', async () => {
    const body = await report({});
    expect(body.weeks.map((week: { weekStart: string }) => week.weekStart)).toEqual([21, 14, 7, 0].map((days) => addDays(weekOf(today).start, -days)));

    const refused = async (query: Record<string, string>, message: string) => {
      const answer = await http().get('/api/staff/class-report').query(query).set('Authorization', staff).expect(400);
      expect(answer.body).toMatchObject({ statusCode: 400, message });
    };
    await refused({ from: '2026-02-30' }, CLASS_REPORT_MESSAGES.badDate);
    await refused({ to: '30/11/2026' }, CLASS_REPORT_MESSAGES.badDate);
    await refused({ from: '2026-12-07', to: '2026-11-30' }, CLASS_REPORT_MESSAGES.reversed);
    await refused({ from: '2026-06-07', to: '2026-12-06' }, CLASS_REPORT_MESSAGES.tooLong);
    expect((await report({ from: '2026-06-08', to: '2026-12-06' })).weeks).toHaveLength(26);
  });

  it('is for staff only', async () => {
    const memberBearer = await bearerFor(t, { userId: randomUUID(), firstName: 'Fede' });
    await http().get('/api/staff/class-report').set('Authorization', memberBearer).expect(403);
    await http().get('/api/staff/class-report').expect(401);
  });
});
