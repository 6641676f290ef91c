import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { classStreamName } from '../src/modules/class-bookings/class-booking.events';
import { CLASS_BOOKING_MESSAGES } from '../src/modules/class-bookings/class-bookings.rules';
import { ClassBookingsScheduler, PENDING_CREDIT_GRACE_MS } from '../src/modules/class-bookings/class-bookings.scheduler';
import { DUI_TAKEN } from '../src/modules/free-class-bookings/book-free-class.command';
import { FREE_CLASS_CANCEL_MESSAGES } from '../src/modules/free-class-bookings/free-class-cancel-links';
import { bookableDates, openSlots, studioDate, weekdayOf } from '../src/modules/free-class-bookings/free-class-schedule';
import { SeatFreeClassGuest } from '../src/modules/free-class-bookings/seat-free-class-guest.command';
import { bearerFor, studioMember, type StudioMember as Member } from './support/auth';
import { waitForRebuild } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

interface TimetableClass {
  slotId: string;
  label: string;
  capacity: number;
  booked: number;
  free: number;
}

/**
 * Issue point 6 (ADR 0380): a free-class booking takes a seat of the timetable's class, within the one
 * capacity members book against; the desk's roster lists the guest, and checking them in is the
 * free-class outcome "Asistió"; a rebuild gives the same rosters and seats and sends nothing.
 */
describe('free-class guests take a seat in the class (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  const http = () => request(t.app.getHttpServer());
  const now = new Date();
  // A coming day with a full day of slots (not today: none has begun; not a Friday: only two slots).
  const date = bookableDates(now).find((day) => day !== studioDate(now) && weekdayOf(day) !== 5)!;
  const slots = openSlots(date, now);
  let ip = 0;
  let dui = 20_000_000;

  const guest = (slot: string, name = 'Marta', overrides: Record<string, string> = {}) => {
    dui += 1;
    return http()
      .post('/api/users/register')
      .set('X-Forwarded-For', `198.51.100.${(ip += 1) % 250}`)
      .send({
        name,
        lastname: 'Ríos',
        dui: String(dui),
        email: `${name.toLowerCase()}.${dui}@example.com`,
        cellphone: '+50370001234',
        date,
        time: slot,
        ...overrides,
      });
  };

  const member = (firstName: string) => studioMember(t, staff, firstName, { planId: 'four-classes' });

  const book = (who: Member, slotId: string, waitlist = false) =>
    http().post(`/api/classes/${date}/${slotId}/bookings`).set('Authorization', who.bearer).set('Idempotency-Key', randomUUID()).send({ waitlist });

  /** The class of that slot as the public timetable (/horarios) shows it. */
  async function publicClass(label: string): Promise<TimetableClass> {
    const weeks = (await http().get('/api/timetable').expect(200)).body.weeks as Array<{ days: Array<{ date: string; classes: TimetableClass[] }> }>;
    return weeks
      .flatMap((week) => week.days)
      .find((day) => day.date === date)!
      .classes.find((one) => one.label === label)!;
  }

  /** The class as a member's Mis Clases shows it. */
  async function memberClass(who: Member, slotId: string): Promise<{ booked: number; free: number }> {
    const days = (await http().get(`/api/classes?from=${date}&days=1`).set('Authorization', who.bearer).expect(200)).body.days;
    return days[0].classes.find((one: { slotId: string }) => one.slotId === slotId);
  }

  async function withCapacity(label: string, capacity: number): Promise<string> {
    const { slotId } = await publicClass(label);
    await http().put('/api/staff/timetable/changes').set('Authorization', staff).send({ slotId, date, cancelled: false, capacity }).expect(200);
    return slotId;
  }

  const roster = async (slotId: string) => (await http().get(`/api/staff/classes/${date}/${slotId}/roster`).set('Authorization', staff).expect(200)).body;
  const checkIn = (slotId: string, bookingId: string) =>
    http().post(`/api/staff/classes/${date}/${slotId}/check-ins`).set('Authorization', staff).send({ bookingId });
  const count = async (sql: string, values: unknown[] = []) => Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n);
  const seatsOf = (slotId: string) =>
    count(`SELECT count(*) AS n FROM class_bookings WHERE slot_id = $1 AND class_date = $2 AND status IN ('booked', 'checked-in')`, [slotId, date]);
  const outcomes = async (bookingId: string) =>
    (await t.app.get(EventStore).readStream(`free-class-booking-${bookingId}`))
      .filter((event) => event.type === 'FreeClassOutcomeRecorded')
      .map((event) => (event.data as { outcome: string }).outcome);

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', firstName: 'Rosa', lastName: 'Recepción' });
    expect(slots.length).toBeGreaterThanOrEqual(5);
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('takes a seat members see gone; a full class says so in Spanish and books nothing', async () => {
    const label = slots[0]!;
    const slotId = await withCapacity(label, 2);
    const ana = await member('Ana');
    const beto = await member('Beto');

    const marta = await guest(label, 'Marta').expect(201);
    expect(await memberClass(ana, slotId)).toMatchObject({ booked: 1, free: 1 });
    expect(await publicClass(label)).toMatchObject({ capacity: 2, booked: 1, free: 1 });
    const stream = await t.app.get(EventStore).readStream(classStreamName(slotId, date));
    expect(stream.map((event) => [event.type, event.data])).toEqual([
      ['ClassGuestSeatBooked', { bookingId: marta.body.booking.id, slotId, date, occurredAt: expect.any(String) }],
    ]);
    expect(stream[0]!.metadata.actor).toEqual({ userId: 'free-class-form', role: 'guest' });

    const fullOnForm = async () =>
      ((await http().get('/api/free-class/schedule').expect(200)).body as { days: { date: string; full: string[] }[] }).days.find((day) => day.date === date)!
        .full;
    expect(await fullOnForm()).toEqual([]);
    await book(ana, slotId).expect(201);
    expect(await publicClass(label)).toMatchObject({ booked: 2, free: 0 });
    // The form shows the slot as full before anyone fills it in.
    expect(await fullOnForm()).toEqual([label]);

    // Full: the visitor reads why, and nothing is stored nor mailed.
    const nora = await guest(label, 'Nora').expect(409);
    expect(nora.body.message).toBe(CLASS_BOOKING_MESSAGES.guestFull);
    expect(nora.body.message).toBe('Esa clase ya está llena. Escoge otro horario u otro día.');
    expect(await count(`SELECT count(*) AS n FROM free_class_bookings WHERE name = 'Nora'`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE recipient LIKE 'nora.%'`)).toBe(0);
    expect(await seatsOf(slotId)).toBe(2);
    // A member meets the guest's seat too: full, so only the line.
    expect((await book(beto, slotId).expect(409)).body.message).toBe(CLASS_BOOKING_MESSAGES.full);
    expect((await book(beto, slotId, true).expect(201)).body.status).toBe('waitlisted');
    // Another class of the day keeps its own seats.
    await guest(slots[1]!, 'Olga').expect(201);
    expect(await publicClass(slots[1]!)).toMatchObject({ booked: 1 });
  });

  it('lists the guest on the desk roster; checking them in is the free-class outcome, the one record everyone reads', async () => {
    const label = slots[2]!;
    const slotId = await withCapacity(label, 3);
    const ana = await member('Ana');
    const answer = (await guest(label, 'Lucía').expect(201)).body.booking;
    const bookingId: string = answer.id;
    await book(ana, slotId).expect(201);

    const before = await roster(slotId);
    expect(before.booked).toEqual([expect.objectContaining({ memberId: ana.userId, status: 'booked' })]);
    expect(before.guests).toEqual([{ bookingId, name: 'Lucía Ríos', status: 'booked', outcome: null, checkedInAt: null }]);

    const arrived = await checkIn(slotId, bookingId).expect(200);
    expect(arrived.body).toEqual({ bookingId, memberId: '', status: 'checked-in', checkedInAt: expect.any(String) });
    expect((await checkIn(slotId, bookingId).expect(200)).body).toEqual(arrived.body);
    expect(await outcomes(bookingId)).toEqual(['attended']);
    // The class stream holds the seat only: no second record of the arrival.
    const stream = await t.app.get(EventStore).readStream(classStreamName(slotId, date));
    expect(stream.map((event) => event.type)).toEqual(['ClassGuestSeatBooked', 'ClassSeatBooked']);
    expect((await roster(slotId)).guests).toEqual([
      { bookingId, name: 'Lucía Ríos', status: 'checked-in', outcome: 'attended', checkedInAt: arrived.body.checkedInAt },
    ]);
    // The free-class follow-up (Clases gratis) says the same.
    const followUp = (await http().get('/api/staff/free-class-bookings').query({ from: date, to: date }).set('Authorization', staff).expect(200)).body.items;
    expect(followUp.find((item: { id: string }) => item.id === bookingId)).toMatchObject({ outcome: 'attended', slot: label });

    // "Se hizo miembro" from the follow-up shows on the roster; a later check-in (or the board's end) keeps it.
    await http().post(`/api/staff/free-class-bookings/${bookingId}/outcome`).set('Authorization', staff).send({ outcome: 'converted' }).expect(200);
    expect((await roster(slotId)).guests[0]).toMatchObject({ status: 'checked-in', outcome: 'converted' });
    await checkIn(slotId, bookingId).expect(200);
    expect(await outcomes(bookingId)).toEqual(['attended', 'converted']);

    // Marked "No asistió", the guest's seat is not given back.
    await http().post(`/api/staff/free-class-bookings/${bookingId}/outcome`).set('Authorization', staff).send({ outcome: 'no-show' }).expect(200);
    expect((await roster(slotId)).guests[0]).toMatchObject({ status: 'no-show', outcome: 'no-show', checkedInAt: null });
    expect(await memberClass(ana, slotId)).toMatchObject({ booked: 2, free: 1 });

    // After the class the sweep marks the member who never came, never the guest.
    const ends = new Date(`${date}T23:59:00-06:00`);
    await t.app.get(ClassBookingsScheduler).sweep(ends);
    const marked = (await t.app.get(EventStore).readStream(classStreamName(slotId, date)))
      .filter((event) => event.type === 'ClassNoShowMarked')
      .map((event) => (event.data as { bookingId: string }).bookingId);
    expect(marked).toEqual([before.booked[0].bookingId]);
    expect((await roster(slotId)).guests).toHaveLength(1);
  });

  it('gives exactly the last seats to whoever comes first when guests and members race for them', async () => {
    const label = slots[3]!;
    const slotId = await withCapacity(label, 5);
    const early = await Promise.all([member('E0'), member('E1')]);
    for (const who of early) await book(who, slotId).expect(201);
    const members = await Promise.all(Array.from({ length: 6 }, (_, index) => member(`M${index}`)));
    const racers = [...Array.from({ length: 10 }, (_, index) => () => guest(label, `Invitada${index}`)), ...members.map((who) => () => book(who, slotId))];
    const answers = await Promise.all(racers.map((race) => race()));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 409)).toBe(true);
    const guestsIn = answers.slice(0, 10).filter((answer) => answer.status === 201).length;

    expect(await seatsOf(slotId)).toBe(5);
    expect(await count(`SELECT count(*) AS n FROM free_class_bookings WHERE class_date = $1 AND slot = $2`, [date, label])).toBe(guestsIn);
    expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'free-class-confirmation' AND recipient LIKE 'invitada%'`)).toBe(guestsIn);
    expect(await publicClass(label)).toMatchObject({ capacity: 5, booked: 5, free: 0 });
    const list = await roster(slotId);
    expect(list.booked.length + list.guests.length).toBe(5);
    expect(list.guests).toHaveLength(guestsIn);
    // The members refused got their class back.
    for (const [index, who] of members.entries()) {
      const left = (await http().get('/api/memberships/me').set('Authorization', who.bearer).expect(200)).body.membership.classesLeft;
      expect(left).toBe(answers[10 + index]!.status === 201 ? 3 : 4);
    }
  });

  it('gives back a seat whose booking was not kept: the same person twice at once, or a crash before the booking', async () => {
    const label = slots[4]!;
    const slotId = await withCapacity(label, 6);
    const same = String((dui += 1));
    const twice = await Promise.all(['a', 'b'].map((tag) => guest(label, 'Rita', { dui: same, email: `rita.${tag}.${same}@example.com` })));
    expect(twice.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(twice.find((answer) => answer.status === 409)!.body.message).toBe(DUI_TAKEN);
    expect(await seatsOf(slotId)).toBe(1);

    // The seat was taken, then the process died before the booking: the sweep gives it back once past the grace.
    const lost = randomUUID();
    expect(await t.app.get(CommandBus).execute(new SeatFreeClassGuest(lost, date, label, new Date()))).toEqual({ slotId });
    expect(await seatsOf(slotId)).toBe(2);
    const sweeper = t.app.get(ClassBookingsScheduler);
    expect((await sweeper.sweep(new Date()))?.guestSeatsReleased).toBe(0);
    expect((await sweeper.sweep(new Date(Date.now() + PENDING_CREDIT_GRACE_MS + 60_000)))?.guestSeatsReleased).toBe(1);
    expect(await seatsOf(slotId)).toBe(1);
    expect((await roster(slotId)).guests.map((one: { name: string }) => one.name)).toEqual(['Rita Ríos']);

    // A class the studio cancelled that day takes no guest.
    const cancelled = await publicClass(slots[5] ?? slots[0]!);
    await http()
      .put('/api/staff/timetable/changes')
      .set('Authorization', staff)
      .send({ slotId: cancelled.slotId, date, cancelled: true, notice: 'Mantenimiento' })
      .expect(200);
    expect((await guest(cancelled.label, 'Sara').expect(409)).body.message).toBe(CLASS_BOOKING_MESSAGES.cancelledClass);
    expect(await count(`SELECT count(*) AS n FROM free_class_bookings WHERE name = 'Sara'`)).toBe(0);
  });

  it('lets the guest cancel with the link of their confirmation until the class begins: the seat comes back, the booking and its email go', async () => {
    const label = slots[1]!;
    const { slotId } = await publicClass(label);
    const before = await seatsOf(slotId);
    const paula = (await guest(label, 'Paula').expect(201)).body.booking;
    expect(await seatsOf(slotId)).toBe(before + 1);
    const mail = await db.query<{ recipient: string; text_body: string; html_body: string }>(
      `SELECT recipient, text_body, html_body FROM mail_outbox WHERE kind = 'free-class-confirmation' AND recipient LIKE 'paula.%'`,
    );
    const link = /http\S+\/clase-gratis\/cancelar\?token=(\S+)/.exec(mail.rows[0]!.text_body);
    expect(link).not.toBeNull();
    expect(mail.rows[0]!.html_body).toContain('Cancelar mi clase gratis');
    const token = decodeURIComponent(link![1]!);

    const preview = await http().post('/api/free-class/cancellation/preview').send({ token }).expect(200);
    expect(preview.body).toEqual({ name: 'Paula', date, dateLabel: expect.any(String), time: label, className: paula.className, cancellable: true });
    // A link edited into another booking's, or cut short, is refused in Spanish and changes nothing.
    const edited = `${randomUUID()}.${token.split('.')[1]}`;
    for (const bad of [edited, token.slice(0, -1), 'x'])
      expect((await http().post('/api/free-class/cancellation').send({ token: bad }).expect(400)).body.message).toBe(FREE_CLASS_CANCEL_MESSAGES.invalidLink);
    expect(await seatsOf(slotId)).toBe(before + 1);

    expect((await http().post('/api/free-class/cancellation').send({ token }).expect(200)).body.message).toBe(FREE_CLASS_CANCEL_MESSAGES.cancelled);
    expect(await seatsOf(slotId)).toBe(before);
    expect((await roster(slotId)).guests.map((one: { bookingId: string }) => one.bookingId)).not.toContain(paula.id);
    expect(await count('SELECT count(*) AS n FROM free_class_bookings WHERE id = $1', [paula.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM mail_outbox WHERE recipient = $1', [mail.rows[0]!.recipient])).toBe(0);
    // A second click finds nothing and changes nothing; the same person may book another time.
    expect((await http().post('/api/free-class/cancellation').send({ token }).expect(404)).body.message).toBe(FREE_CLASS_CANCEL_MESSAGES.notFound);
    await http().post('/api/free-class/cancellation/preview').send({ token }).expect(404);
    expect(await seatsOf(slotId)).toBe(before);
    await guest(label, 'Paula', { dui: String(dui), email: mail.rows[0]!.recipient }).expect(201);
    expect(await seatsOf(slotId)).toBe(before + 1);
  });

  it('gives the same rosters and seats after a rebuild, and sends nothing', async () => {
    const slotIds = await Promise.all(slots.slice(0, 5).map(async (label) => (await publicClass(label)).slotId));
    const rosters = await Promise.all(slotIds.map(roster));
    const seats = await Promise.all(slots.slice(0, 5).map(publicClass));
    const rows = (await db.query('SELECT * FROM class_bookings ORDER BY booking_id')).rows;
    const outbox = await count('SELECT count(*) AS n FROM mail_outbox');
    for (const name of ['class_bookings', 'staff_activity']) {
      const started = await http().post(`/api/staff/projections/${name}/rebuild`).set('Authorization', staff).expect(202);
      await waitForRebuild(t.app, staff, started.body);
    }
    expect((await db.query('SELECT * FROM class_bookings ORDER BY booking_id')).rows).toEqual(rows);
    expect(await Promise.all(slotIds.map(roster))).toEqual(rosters);
    expect(await Promise.all(slots.slice(0, 5).map(publicClass))).toEqual(seats);
    expect(rosters.some((one) => one.guests.length > 0)).toBe(true);
    expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(outbox);
  });
});
