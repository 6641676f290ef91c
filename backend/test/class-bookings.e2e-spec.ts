import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import type { AuthUser } from '../src/infrastructure/auth/auth-user';
import { bookingIdOf } from '../src/modules/class-bookings/book-class.command';
import { ClassBookingStore } from '../src/modules/class-bookings/class-booking.store';
import { CLASS_BOOKING_MESSAGES } from '../src/modules/class-bookings/class-bookings.rules';
import { ClassBookingsScheduler, PENDING_CREDIT_GRACE_MS } from '../src/modules/class-bookings/class-bookings.scheduler';
import { CheckedInMembers } from '../src/modules/class-bookings/checked-in-members';
import { SendWaitlistPromotionHandler } from '../src/modules/class-bookings/send-class-mails';
import { UseClassCredit } from '../src/modules/memberships/class-credits.command';
import { addDays, isoWeekday, localDateOf } from '../src/shared/studio-day';
import { bearerFor, studioMember, type StudioMember as Member } from './support/auth';
import { waitForRebuild, watchHandler } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/** Issue 40, point 3: booking with waitlist, credits, check-in; seats and credits exact under concurrency. */
describe('class bookings (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  let classTypeId: string;
  const http = () => request(t.app.getHttpServer());
  // Tomorrow evening: always in the future, before every cutoff, inside the booking window.
  const date = addDays(localDateOf(new Date()), 1);
  let slotMinute = 0;

  const member = (firstName: string, planId = 'four-classes') => studioMember(t, staff, firstName, planId ? { planId } : undefined);

  /** A class of its own for each test: tomorrow, 20:00 onwards, with `capacity` seats. */
  async function newClass(capacity: number): Promise<string> {
    const startTime = `20:${String(slotMinute++).padStart(2, '0')}`;
    const slot = await http()
      .post('/api/staff/timetable/slots')
      .set('Authorization', staff)
      .send({ weekday: isoWeekday(date), startTime, classTypeId, capacity })
      .expect(201);
    return slot.body.slotId as string;
  }

  const book = (who: Member, slotId: string, waitlist = false, key: string = randomUUID()) =>
    http().post(`/api/classes/${date}/${slotId}/bookings`).set('Authorization', who.bearer).set('Idempotency-Key', key).send({ waitlist });
  const classesLeft = async (who: Member) => (await http().get('/api/memberships/me').set('Authorization', who.bearer).expect(200)).body.membership.classesLeft;
  const roster = async (slotId: string) => (await http().get(`/api/staff/classes/${date}/${slotId}/roster`).set('Authorization', staff).expect(200)).body;
  const count = async (sql: string, values: unknown[] = []) => Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n);
  const bookingRows = () => count('SELECT count(*) AS n FROM class_bookings');

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', firstName: 'Rosa', lastName: 'Recepción' });
    const type = await http()
      .post('/api/staff/timetable/class-types')
      .set('Authorization', staff)
      .send({ name: `Clase ${randomUUID().slice(0, 6)}`, lengthMin: 60, defaultCapacity: 20, coach: 'Andrea' })
      .expect(201);
    classTypeId = type.body.classTypeId;
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('books a seat with one credit, answers a retry the same, and shows it to the member only', async () => {
    const ana = await member('Ana');
    const beto = await member('Beto');
    const slotId = await newClass(10);
    const key = randomUUID();
    const first = await book(ana, slotId, false, key).expect(201);
    expect(first.body).toEqual({ bookingId: bookingIdOf(ana.userId, key), status: 'booked', waitlistPosition: null, classesLeft: 3 });
    const again = await book(ana, slotId, false, key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(await classesLeft(ana)).toBe(3);
    // A second booking of the same class is refused and uses nothing.
    const twice = await book(ana, slotId).expect(409);
    expect(twice.body.message).toBe(CLASS_BOOKING_MESSAGES.alreadyBooked);
    expect(await classesLeft(ana)).toBe(3);

    const classes = (await http().get(`/api/classes?from=${date}&days=1`).set('Authorization', ana.bearer).expect(200)).body;
    expect(classes.policy).toEqual({
      bookingOpensDays: 7,
      cancelCutoffHours: 2,
      waitlistCutoffHours: 2,
      lateCancelKeepsCredit: false,
      noShowKeepsCredit: false,
      reminderHours: 3,
    });
    expect(classes.membership).toMatchObject({ planTitle: '4 Classes', classesLeft: 3 });
    const mine = classes.days[0].classes.find((entry: { slotId: string }) => entry.slotId === slotId);
    expect(mine).toMatchObject({ capacity: 10, booked: 1, free: 9, waitlist: 0, bookable: true, notBookableReason: null });
    expect(mine.myBooking).toEqual({ bookingId: first.body.bookingId, status: 'booked', waitlistPosition: null, cancelFree: true });
    const theirs = (await http().get(`/api/classes?from=${date}&days=1`).set('Authorization', beto.bearer).expect(200)).body;
    expect(theirs.days[0].classes.find((entry: { slotId: string }) => entry.slotId === slotId).myBooking).toBeNull();
    // The public timetable counts the seat.
    const weeks = (await http().get('/api/timetable').expect(200)).body.weeks;
    const listed = weeks.flatMap((week: { days: Array<{ classes: Array<{ slotId: string; date: string; free: number }> }> }) =>
      week.days.flatMap((day) => day.classes),
    );
    expect(listed.find((entry: { slotId: string; date: string }) => entry.slotId === slotId && entry.date === date)?.free).toBe(9);

    // Another member never reaches it.
    const id = first.body.bookingId as string;
    expect((await http().delete(`/api/classes/bookings/${id}`).set('Authorization', beto.bearer).expect(404)).body.message).toBe(
      CLASS_BOOKING_MESSAGES.bookingNotFound,
    );
    await http().get(`/api/classes/bookings/${id}.ics`).set('Authorization', beto.bearer).expect(404);
    await http().get(`/api/classes/bookings/${id}/check-in-code`).set('Authorization', beto.bearer).expect(404);
    expect((await http().get('/api/classes/bookings/me').set('Authorization', beto.bearer).expect(200)).body).toEqual({ upcoming: [], past: [] });

    const ics = await http().get(`/api/classes/bookings/${id}.ics`).set('Authorization', ana.bearer).expect(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.text).toContain('BEGIN:VEVENT');
    expect(ics.text).toContain('TZID=America/El_Salvador');
    // The member's calendar feed holds the class too, under the same UID; the other member's does not.
    const feedOf = async (who: Member) =>
      (
        await http()
          .get(new URL((await http().get('/api/training/calendar/feed').set('Authorization', who.bearer).expect(200)).body.url).pathname)
          .expect(200)
      ).text;
    expect(await feedOf(ana)).toContain(`UID:${id}@pulso-clases`);
    expect(await feedOf(beto)).not.toContain('@pulso-clases');
    expect(ics.text).toContain(`UID:${id}@pulso-clases`);
    const me = (await http().get('/api/classes/bookings/me').set('Authorization', ana.bearer).expect(200)).body;
    expect(me.upcoming).toEqual([expect.objectContaining({ bookingId: id, date, slotId, status: 'booked', late: false, coach: 'Andrea' })]);

    // The desk checks her in with the QR, twice answering the same; the board reads who is in.
    const { code } = (await http().get(`/api/classes/bookings/${id}/check-in-code`).set('Authorization', ana.bearer).expect(200)).body;
    const checkIn = await http().post(`/api/staff/classes/${date}/${slotId}/check-ins`).set('Authorization', staff).send({ code }).expect(200);
    expect(checkIn.body).toMatchObject({ bookingId: id, memberId: ana.userId, status: 'checked-in' });
    const twiceIn = await http().post(`/api/staff/classes/${date}/${slotId}/check-ins`).set('Authorization', staff).send({ bookingId: id }).expect(200);
    expect(twiceIn.body).toEqual(checkIn.body);
    await http()
      .post(`/api/staff/classes/${date}/${slotId}/check-ins`)
      .set('Authorization', staff)
      .send({ code: `${id}.forged` })
      .expect(404);
    expect(await t.app.get(CheckedInMembers).checkedIn(date, slotId)).toEqual([ana.userId]);
    expect((await roster(slotId)).booked).toEqual([
      { bookingId: id, memberId: ana.userId, name: 'Ana', status: 'checked-in', checkedInAt: checkIn.body.checkedInAt },
    ]);
  });

  it('names each member on the desk’s roster in full, as Miembros and the board do, seats and waitlist alike', async () => {
    const lucia = await member('Lucía');
    const mario = await member('Mario');
    for (const [who, firstName] of [
      [lucia, 'Lucía'],
      [mario, 'Mario'],
    ] as const)
      await db.query(`INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash) VALUES ($1, $2, $3, 'Ramírez', 'x')`, [
        who.userId,
        who.email,
        firstName,
      ]);
    const slotId = await newClass(1);
    await book(lucia, slotId).expect(201);
    await book(mario, slotId, true).expect(201);
    const list = await roster(slotId);
    expect(list.booked.map((entry: { name: string }) => entry.name)).toEqual(['Lucía Ramírez']);
    expect(list.waitlist.map((entry: { name: string }) => entry.name)).toEqual(['Mario Ramírez']);
  });

  it('cancels in time with the credit back, and refuses bad input in Spanish storing nothing', async () => {
    const carla = await member('Carla');
    const slotId = await newClass(5);
    const booked = await book(carla, slotId).expect(201);
    const cancelled = await http().delete(`/api/classes/bookings/${booked.body.bookingId}`).set('Authorization', carla.bearer).expect(200);
    expect(cancelled.body).toEqual({ bookingId: booked.body.bookingId, status: 'cancelled', late: false, creditReturned: true });
    expect(await classesLeft(carla)).toBe(4);
    expect((await http().delete(`/api/classes/bookings/${booked.body.bookingId}`).set('Authorization', carla.bearer).expect(200)).body).toEqual(cancelled.body);
    expect(await classesLeft(carla)).toBe(4);

    const rows = await bookingRows();
    const bad: Array<[request.Test, number, string]> = [
      [http().post(`/api/classes/${date}/${slotId}/bookings`).set('Authorization', carla.bearer).send({ waitlist: false }), 400, 'Idempotency-Key'],
      [book(carla, slotId, 'sí' as unknown as boolean), 400, CLASS_BOOKING_MESSAGES.waitlistType],
      [
        http()
          .post(`/api/classes/2026-02-31/${slotId}/bookings`)
          .set('Authorization', carla.bearer)
          .set('Idempotency-Key', randomUUID())
          .send({ waitlist: false }),
        400,
        CLASS_BOOKING_MESSAGES.badDate,
      ],
      [
        http()
          .post(`/api/classes/${date}/no-es-uuid/bookings`)
          .set('Authorization', carla.bearer)
          .set('Idempotency-Key', randomUUID())
          .send({ waitlist: false }),
        400,
        CLASS_BOOKING_MESSAGES.badSlot,
      ],
      [book(carla, randomUUID()), 404, CLASS_BOOKING_MESSAGES.noSuchClass],
      [
        http()
          .post(`/api/classes/${addDays(date, 20)}/${slotId}/bookings`)
          .set('Authorization', carla.bearer)
          .set('Idempotency-Key', randomUUID())
          .send({ waitlist: false }),
        404,
        CLASS_BOOKING_MESSAGES.noSuchClass,
      ],
      [
        http()
          .post(`/api/classes/${addDays(date, 14)}/${slotId}/bookings`)
          .set('Authorization', carla.bearer)
          .set('Idempotency-Key', randomUUID())
          .send({ waitlist: false }),
        422,
        CLASS_BOOKING_MESSAGES.notOpen,
      ],
      [http().get('/api/classes?days=15').set('Authorization', carla.bearer), 400, CLASS_BOOKING_MESSAGES.badDays],
      [http().delete('/api/classes/bookings/no-es-id').set('Authorization', carla.bearer), 400, CLASS_BOOKING_MESSAGES.badBookingId],
      [
        http().put('/api/staff/class-booking-settings').set('Authorization', staff).send({ bookingOpensDays: 0 }),
        400,
        'La apertura de reservas debe ser un número entero de 1 a 28.',
      ],
    ];
    for (const [pending, status, message] of bad) {
      const answer = await pending.expect(status);
      expect(answer.body.message).toContain(message);
    }
    expect(await bookingRows()).toBe(rows);
    expect(await classesLeft(carla)).toBe(4);
    // Without a membership: 409, nothing used.
    const dani = await member('Dani', '');
    expect((await book(dani, slotId).expect(409)).body.message).toBe(CLASS_BOOKING_MESSAGES.noClassesLeft);
    expect(await bookingRows()).toBe(rows);
  });

  it('gives exactly the last 5 seats to 50 members booking at once: the rest get the full class or the waitlist, and credits stay exact', async () => {
    const slotId = await newClass(8);
    const early = await Promise.all([member('E0'), member('E1'), member('E2')]);
    for (const who of early) await book(who, slotId).expect(201);
    const crowd: Member[] = [];
    for (let batch = 0; batch < 5; batch++) crowd.push(...(await Promise.all(Array.from({ length: 10 }, (_, index) => member(`P${batch}${index}`)))));
    const answers = await Promise.all(crowd.map((who, index) => book(who, slotId, index % 2 === 0)));
    const booked = answers.filter((answer) => answer.status === 201 && answer.body.status === 'booked');
    const waitlisted = answers.filter((answer) => answer.status === 201 && answer.body.status === 'waitlisted');
    const full = answers.filter((answer) => answer.status === 409);
    expect(booked).toHaveLength(5);
    expect(waitlisted.length + full.length).toBe(45);
    expect(answers.every((answer) => [201, 409].includes(answer.status))).toBe(true);
    for (const answer of full) expect(answer.body).toMatchObject({ statusCode: 409, message: CLASS_BOOKING_MESSAGES.full, details: { field: 'waitlist' } });
    expect(waitlisted.map((answer) => answer.body.waitlistPosition).sort((a, b) => a - b)).toEqual(waitlisted.map((_, index) => index + 1));
    const credits = await Promise.all(crowd.map(classesLeft));
    crowd.forEach((_, index) => expect(credits[index]).toBe(answers[index]!.status === 201 ? 3 : 4));
    const list = await roster(slotId);
    expect(list.booked).toHaveLength(8);
    expect(list.waitlist).toHaveLength(waitlisted.length);
  });

  it('promotes exactly as many waitlisted members as seats cancelled in parallel, in order, each once, with one email each; a rebuild changes nothing and sends nothing', async () => {
    const slotId = await newClass(20);
    const seated: Member[] = await Promise.all(Array.from({ length: 20 }, (_, index) => member(`S${index}`)));
    await Promise.all(seated.map((who) => book(who, slotId).expect(201)));
    const waiting: Member[] = await Promise.all(Array.from({ length: 25 }, (_, index) => member(`W${index}`)));
    const places: string[] = [];
    for (const who of waiting) places.push((await book(who, slotId, true).expect(201)).body.bookingId);
    const mine = await Promise.all(
      seated.map(
        async (who) => (await http().get('/api/classes/bookings/me').set('Authorization', who.bearer).expect(200)).body.upcoming[0].bookingId as string,
      ),
    );

    const mailer = watchHandler(t.app, SendWaitlistPromotionHandler);
    const cancels = await Promise.all(seated.map((who, index) => http().delete(`/api/classes/bookings/${mine[index]}`).set('Authorization', who.bearer)));
    expect(cancels.every((answer) => answer.status === 200 && answer.body.creditReturned)).toBe(true);
    await mailer.drained();
    const list = await roster(slotId);
    expect(list.booked.map((entry: { bookingId: string }) => entry.bookingId).sort()).toEqual(places.slice(0, 20).sort());
    expect(list.waitlist.map((entry: { bookingId: string; position: number }) => [entry.bookingId, entry.position])).toEqual(
      places.slice(20).map((id, index) => [id, index + 1]),
    );
    const promotions = await count(`SELECT count(*) AS n FROM class_bookings WHERE slot_id = $1 AND status = 'booked'`, [slotId]);
    expect(promotions).toBe(20);
    const emails = () =>
      count(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'class-waitlist-promotion' AND recipient = ANY($1::text[])`, [waiting.map((who) => who.email)]);
    expect(await emails()).toBe(20);
    for (const who of waiting.slice(0, 20))
      expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'class-waitlist-promotion' AND recipient = $1`, [who.email])).toBe(1);

    const outbox = await count('SELECT count(*) AS n FROM mail_outbox');
    const before = (await db.query('SELECT * FROM class_bookings ORDER BY booking_id')).rows;
    const handled = mailer.handled();
    const started = await http().post('/api/staff/projections/class_bookings/rebuild').set('Authorization', staff).expect(202);
    await waitForRebuild(t.app, staff, started.body);
    await mailer.drained();
    expect((await db.query('SELECT * FROM class_bookings ORDER BY booking_id')).rows).toEqual(before);
    expect(await roster(slotId)).toEqual(list);
    expect(mailer.handled()).toBe(handled);
    expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(outbox);
    mailer.restore();
  });

  it('completes a booking whose credit was used before a crash when retried with the same key, and the sweep returns a credit used without a seat', async () => {
    const eva = await member('Eva');
    const slotId = await newClass(5);
    const staffUser: AuthUser = { userId: randomUUID(), email: '', firstName: 'Rosa', lastName: '', role: 'staff', secondFactor: true };
    const store = t.app.get(ClassBookingStore);
    const commands = t.app.get(CommandBus);
    // The first request used the credit, then the process died before the seat.
    const key = randomUUID();
    const crashed = bookingIdOf(eva.userId, key);
    await store.creditPending(crashed, eva.userId, slotId, date);
    await commands.execute(new UseClassCredit(eva.userId, crashed, staffUser));
    expect(await classesLeft(eva)).toBe(3);
    const retried = await book(eva, slotId, false, key).expect(201);
    expect(retried.body).toMatchObject({ bookingId: crashed, status: 'booked', classesLeft: 3 });
    expect(await classesLeft(eva)).toBe(3);

    // Another crash, never retried: the sweep gives that credit back once it is older than the grace.
    const lost = bookingIdOf(eva.userId, randomUUID());
    await store.creditPending(lost, eva.userId, slotId, date);
    await commands.execute(new UseClassCredit(eva.userId, lost, staffUser));
    expect(await classesLeft(eva)).toBe(2);
    const sweeper = t.app.get(ClassBookingsScheduler);
    expect((await sweeper.sweep(new Date()))?.creditsRepaired).toBe(0);
    expect(await classesLeft(eva)).toBe(2);
    // A booking that took its seat keeps its ledger row pending until the sweep settles it, credit kept.
    const seated = (await book(eva, await newClass(5), false).expect(201)).body.bookingId as string;
    expect(await classesLeft(eva)).toBe(1);
    const ledger = async () =>
      Object.fromEntries(
        (
          await db.query<{ booking_id: string; state: string }>('SELECT booking_id, state FROM class_booking_credits WHERE member_id = $1', [eva.userId])
        ).rows.map((row) => [row.booking_id, row.state]),
      );
    expect(await ledger()).toEqual({ [crashed]: 'pending', [lost]: 'pending', [seated]: 'pending' });
    const later = new Date(Date.now() + PENDING_CREDIT_GRACE_MS + 60_000);
    expect((await sweeper.sweep(later))?.creditsRepaired).toBe(1);
    expect(await ledger()).toEqual({ [crashed]: 'held', [lost]: 'returned', [seated]: 'held' });
    expect(await classesLeft(eva)).toBe(2);
    expect((await roster(slotId)).booked.map((entry: { bookingId: string }) => entry.bookingId)).toEqual([crashed]);
    // Nothing is repaired twice.
    expect((await sweeper.sweep(later))?.creditsRepaired).toBe(0);
    expect(await classesLeft(eva)).toBe(2);
  });

  it('follows the studio rules on a late cancellation, and the desk books for a member', async () => {
    const gabi = await member('Gabi');
    const slotId = await newClass(5);
    const settings = (await http().get('/api/staff/class-booking-settings').set('Authorization', staff).expect(200)).body;
    try {
      // Every class of tomorrow is within 48 hours: late.
      await http()
        .put('/api/staff/class-booking-settings')
        .set('Authorization', staff)
        .send({ ...settings, cancelCutoffHours: 48 })
        .expect(200);
      const desk = await http()
        .post(`/api/staff/classes/${date}/${slotId}/bookings`)
        .set('Authorization', staff)
        .set('Idempotency-Key', randomUUID())
        .send({ memberId: gabi.userId, waitlist: false })
        .expect(201);
      expect(desk.body).toMatchObject({ status: 'booked', classesLeft: 3 });
      const classes = (await http().get(`/api/classes?from=${date}&days=1`).set('Authorization', gabi.bearer).expect(200)).body;
      expect(classes.days[0].classes.find((entry: { slotId: string }) => entry.slotId === slotId).myBooking).toMatchObject({
        status: 'booked',
        cancelFree: false,
      });
      const late = await http().delete(`/api/classes/bookings/${desk.body.bookingId}`).set('Authorization', gabi.bearer).expect(200);
      expect(late.body).toEqual({ bookingId: desk.body.bookingId, status: 'cancelled', late: true, creditReturned: false });
      expect(await classesLeft(gabi)).toBe(3);

      await http()
        .put('/api/staff/class-booking-settings')
        .set('Authorization', staff)
        .send({ ...settings, cancelCutoffHours: 48, lateCancelKeepsCredit: true })
        .expect(200);
      const again = await book(gabi, slotId).expect(201);
      expect(again.body.classesLeft).toBe(2);
      const kept = await http().delete(`/api/classes/bookings/${again.body.bookingId}`).set('Authorization', gabi.bearer).expect(200);
      expect(kept.body).toMatchObject({ late: true, creditReturned: true });
      expect(await classesLeft(gabi)).toBe(3);
      const past = (await http().get('/api/classes/bookings/me').set('Authorization', gabi.bearer).expect(200)).body.past;
      expect(past.map((entry: { status: string; late: boolean }) => [entry.status, entry.late])).toEqual([
        ['cancelled', true],
        ['cancelled', true],
      ]);
    } finally {
      await http().put('/api/staff/class-booking-settings').set('Authorization', staff).send(settings).expect(200);
    }
  });

  it('sends the reminder once, closes the line at the waitlist cutoff with the credits back, and marks no-shows after the class', async () => {
    const slotId = await newClass(1);
    const [seat, line] = await Promise.all([member('Hugo'), member('Iris')]);
    const seated = await book(seat, slotId).expect(201);
    await book(line, slotId, true).expect(201);
    expect(await classesLeft(line)).toBe(3);
    const start = (await roster(slotId)).startTime as string;
    const startsAt = new Date(`${date}T${start}:00-06:00`).getTime();
    const hour = 3_600_000;
    const sweeper = t.app.get(ClassBookingsScheduler);
    const reminders = () => count(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'class-reminder' AND recipient = $1`, [seat.email]);

    // Before the reminder window nothing; in it (3 h before) the reminder, once; the line is still open.
    await sweeper.sweep(new Date(startsAt - 4 * hour));
    expect(await reminders()).toBe(0);
    await sweeper.sweep(new Date(startsAt - 2.5 * hour));
    await sweeper.sweep(new Date(startsAt - 2.4 * hour));
    expect(await reminders()).toBe(1);
    expect((await roster(slotId)).waitlist).toHaveLength(1);

    // Past the waitlist cutoff (2 h): the line closes and its credit goes back.
    await sweeper.sweep(new Date(startsAt - 1.5 * hour));
    expect((await roster(slotId)).waitlist).toEqual([]);
    expect(await classesLeft(line)).toBe(4);
    const mine = (await http().get('/api/classes/bookings/me').set('Authorization', line.bearer).expect(200)).body;
    expect([...mine.upcoming, ...mine.past]).toEqual([]);

    // After the class: the seat never checked in is a no-show (the class is used up by default).
    await sweeper.sweep(new Date(startsAt + 2 * hour));
    expect((await roster(slotId)).booked).toEqual([expect.objectContaining({ bookingId: seated.body.bookingId, status: 'no-show' })]);
    expect(await classesLeft(seat)).toBe(3);
    expect(await reminders()).toBe(1);
  });

  it('lets staff read and change the studio rules, which members then read', async () => {
    const settings = (await http().get('/api/staff/class-booking-settings').set('Authorization', staff).expect(200)).body;
    const changed = { ...settings, cancelCutoffHours: 4, lateCancelKeepsCredit: true };
    expect((await http().put('/api/staff/class-booking-settings').set('Authorization', staff).send(changed).expect(200)).body).toEqual(changed);
    const fer = await member('Fer', '');
    expect((await http().get('/api/classes').set('Authorization', fer.bearer).expect(200)).body.policy).toEqual(changed);
    await http().put('/api/staff/class-booking-settings').set('Authorization', fer.bearer).send(changed).expect(403);
    await http().put('/api/staff/class-booking-settings').set('Authorization', staff).send(settings).expect(200);
  });
});
