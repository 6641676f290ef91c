import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import type { AuthUser } from '../src/infrastructure/auth/auth-user';
import { ClassBookingStore } from '../src/modules/class-bookings/class-booking.store';
import { ClassStreams } from '../src/modules/class-bookings/class-streams';
import { SendWaitlistPromotionHandler } from '../src/modules/class-bookings/send-class-mails';
import { UseClassCredit } from '../src/modules/memberships/class-credits.command';
import { addDays, isoWeekday, localDateOf } from '../src/shared/studio-day';
import { bearerFor, studioMember, type DeskSale, type StudioMember as Member } from './support/auth';
import { waitForRebuild, watchHandler } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/** The `datos.json` of a zip answer. */
async function exportedData(buffer: Buffer): Promise<Record<string, unknown>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  let json = '';
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName !== 'datos.json') return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.on('data', (chunk: Buffer) => (json += chunk.toString('utf8')));
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return JSON.parse(json);
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * Erasure and the class loop (ADR 0202, ADR 0360): the member's places in classes to come are given
 * up on the class streams (the line moves up, the credit goes back to the pool they shared), their
 * past attendance stays counted under "[borrado]", their credit ledger goes, and a rebuild of the
 * bookings gives the same rosters and sends nothing.
 */
describe('erasing a member who books classes (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  let classTypeId: string;
  const http = () => request(t.app.getHttpServer());
  const today = localDateOf(new Date());
  const tomorrow = addDays(today, 1);
  const yesterday = addDays(today, -1);
  const className = `Ciclo ${randomUUID().slice(0, 6)}`;
  let slotMinute = 0;

  const member = (firstName: string, sale?: DeskSale) => studioMember(t, staff, firstName, sale);

  async function newClass(date: string, capacity: number): Promise<string> {
    const slot = await http()
      .post('/api/staff/timetable/slots')
      .set('Authorization', staff)
      .send({ weekday: isoWeekday(date), startTime: `20:${String(slotMinute++).padStart(2, '0')}`, classTypeId, capacity })
      .expect(201);
    return slot.body.slotId as string;
  }

  const book = async (who: Member, slotId: string, waitlist = false) =>
    (
      await http()
        .post(`/api/classes/${tomorrow}/${slotId}/bookings`)
        .set('Authorization', who.bearer)
        .set('Idempotency-Key', randomUUID())
        .send({ waitlist })
        .expect(201)
    ).body as { bookingId: string; status: string };
  const roster = async (date: string, slotId: string) =>
    (await http().get(`/api/staff/classes/${date}/${slotId}/roster`).set('Authorization', staff).expect(200)).body;
  const classesLeft = async (who: Member) => (await http().get('/api/memberships/me').set('Authorization', who.bearer).expect(200)).body.membership.classesLeft;
  const count = async (sql: string, values: unknown[] = []) => Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n);
  const exportOf = async (who: Member) =>
    exportedData((await http().get('/api/privacy/export').set('Authorization', who.bearer).buffer(true).parse(binary).expect(200)).body as Buffer);
  const report = async () =>
    (await http().get('/api/staff/class-report').query({ from: yesterday, to: tomorrow }).set('Authorization', staff).expect(200)).body.classes.find(
      (entry: { className: string }) => entry.className === className,
    );

  /** A seat in a class already held: booked (its credit first, as the booking does) and checked in at the desk. */
  async function attended(who: Member, slotId: string): Promise<string> {
    const bookingId = randomUUID();
    const desk: AuthUser = { userId: randomUUID(), email: '', firstName: 'Rosa', lastName: '', role: 'staff', secondFactor: true };
    const store = t.app.get(ClassBookingStore);
    await store.creditPending(bookingId, who.userId, slotId, yesterday);
    await t.app.get(CommandBus).execute(new UseClassCredit(who.userId, bookingId, desk));
    const startsAt = new Date(`${yesterday}T19:00:00-06:00`).toISOString();
    await t.app.get(ClassStreams).write({
      slotId,
      date: yesterday,
      commandId: bookingId,
      actor: { userId: desk.userId, role: 'staff' },
      command: {
        type: 'BookClass',
        data: { bookingId, memberId: who.userId, capacity: 5, waitlist: false, slotId, date: yesterday, now: startsAt, waitlistUntil: startsAt },
      },
    });
    await store.creditSettled(bookingId, 'held');
    await http().post(`/api/staff/classes/${yesterday}/${slotId}/check-ins`).set('Authorization', staff).send({ bookingId }).expect(200);
    return bookingId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', firstName: 'Rosa', lastName: 'Recepción' });
    const type = await http()
      .post('/api/staff/timetable/class-types')
      .set('Authorization', staff)
      .send({ name: className, lengthMin: 45, defaultCapacity: 5, coach: 'Andrea' })
      .expect(201);
    classTypeId = type.body.classTypeId;
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('keeps in her export the classes she used of a couples pool that has since ended', async () => {
    const ana = await member('Ana');
    const ramon = await member('Ramón', { planId: 'casual-couples', sharedWith: [ana.userId] });
    const desk: AuthUser = { userId: randomUUID(), email: '', firstName: 'Rosa', lastName: '', role: 'staff', secondFactor: true };
    const hers = randomUUID();
    await t.app.get(CommandBus).execute(new UseClassCredit(ana.userId, hers, desk));
    // Ramón uses the rest of the pool, then buys a pack of his own: the couples membership ends, Ana is in no pool now.
    for (let used = 1; used < 16; used++) await t.app.get(CommandBus).execute(new UseClassCredit(ramon.userId, randomUUID(), desk));
    expect(await classesLeft(ramon)).toBe(0);
    await http()
      .post(`/api/staff/members/${ramon.userId}/membership/sales`)
      .set('Authorization', staff)
      .set('Idempotency-Key', randomUUID())
      .send({ planId: 'four-classes', paymentMethod: 'efectivo', reference: 'REC-8' })
      .expect(200);
    expect((await http().get('/api/memberships/me').set('Authorization', ana.bearer).expect(200)).body.membership).toBeNull();

    expect((await exportOf(ana)).membershipHistory).toEqual([
      expect.objectContaining({
        event: 'ClassCreditUsed',
        bookingId: hers,
        byYou: true,
        planTitle: 'Casual Couples',
        description: expect.stringMatching(/^Usaste una clase/),
      }),
    ]);
  });

  it('gives up her places to come, keeps her past attendance anonymous, drops her ledger, and a rebuild changes nothing', async () => {
    // Carla books on the couples plan Hugo holds; the others on packs of their own.
    const carla = await member('Carlota');
    const hugo = await member('Hugo', { planId: 'casual-couples', sharedWith: [carla.userId] });
    const [beto, diego, eva] = await Promise.all([
      member('Beto', { planId: 'four-classes' }),
      member('Diego', { planId: 'four-classes' }),
      member('Eva', { planId: 'four-classes' }),
    ]);
    const [full, line, past] = [await newClass(tomorrow, 1), await newClass(tomorrow, 1), await newClass(yesterday, 5)];

    // Tomorrow: Carla has the only seat of one class, Beto waits for it; in the other, Diego's seat, and Carla then Eva in line.
    const seat = await book(carla, full);
    expect((await book(beto, full, true)).status).toBe('waitlisted');
    await book(diego, line);
    const place = await book(carla, line, true);
    expect(place.status).toBe('waitlisted');
    expect((await book(eva, line, true)).status).toBe('waitlisted');
    // Yesterday: Carla and Diego came.
    const carlaPast = await attended(carla, past);
    await attended(diego, past);
    expect(await classesLeft(hugo)).toBe(16 - 3);

    // Her export holds her bookings with their status in Spanish, and the classes she used of the pool she shares.
    const hers = await exportOf(carla);
    expect(hers.classBookings).toEqual([
      expect.objectContaining({ bookingId: carlaPast, className, date: yesterday, status: 'checked-in', statusLabel: 'Check-in hecho', lateCancel: false }),
      expect.objectContaining({ bookingId: seat.bookingId, className, date: tomorrow, status: 'booked', statusLabel: 'Reservada', checkedInAt: null }),
      expect.objectContaining({ bookingId: place.bookingId, date: tomorrow, status: 'waitlisted', statusLabel: 'En lista de espera' }),
    ]);
    expect((hers.classBookings as Array<{ checkedInAt: string | null; startTime: string }>)[0]!.checkedInAt).toEqual(expect.any(String));
    expect(hers.membershipHistory).toHaveLength(3);
    expect(hers.membershipHistory).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: 'ClassCreditUsed',
          bookingId: seat.bookingId,
          byYou: true,
          planTitle: 'Casual Couples',
          description: expect.stringMatching(/^Usaste una clase/),
        }),
      ]),
    );
    const diegoBefore = await exportOf(diego);
    // Staff download the same for a request made at the desk.
    const desk = await exportedData(
      (await http().get(`/api/staff/members/${diego.userId}/export`).set('Authorization', staff).buffer(true).parse(binary).expect(200)).body as Buffer,
    );
    expect(desk.classBookings).toEqual(diegoBefore.classBookings);
    expect(desk.membershipHistory).toEqual(diegoBefore.membershipHistory);
    const reportBefore = await report();
    expect(await count('SELECT count(*) AS n FROM class_booking_credits WHERE member_id = $1', [carla.userId])).toBe(3);

    const mailer = watchHandler(t.app, SendWaitlistPromotionHandler);
    const erased = await http().post(`/api/staff/members/${carla.userId}/erasure`).set('Authorization', staff).send({ requestId: 'SOL-2026-0107' }).expect(200);
    expect(erased.body.rowsDeleted).toMatchObject({ class_booking_credits: 3, member_contacts: 1 });
    await mailer.drained();

    // Her seat went to Beto, told by email; the line of the other class moved up to Eva; nothing went to her.
    const fullRoster = await roster(tomorrow, full);
    expect(fullRoster.booked).toEqual([expect.objectContaining({ memberId: beto.userId, name: 'Beto', status: 'booked' })]);
    expect(fullRoster.waitlist).toEqual([]);
    expect((await roster(tomorrow, line)).waitlist).toEqual([expect.objectContaining({ memberId: eva.userId, name: 'Eva', position: 1 })]);
    expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'class-waitlist-promotion' AND recipient = $1`, [beto.email])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM mail_outbox WHERE recipient = $1', [carla.email])).toBe(0);
    const ended = await db.query<{ booking_id: string; status: string; late: boolean }>(
      'SELECT booking_id, status, late FROM class_bookings WHERE member_id = $1 ORDER BY class_date, booking_id',
      [carla.userId],
    );
    expect(Object.fromEntries(ended.rows.map((row) => [row.booking_id, [row.status, row.late]]))).toEqual({
      [carlaPast]: ['checked-in', false],
      [seat.bookingId]: ['cancelled', false],
      [place.bookingId]: ['left', false],
    });
    // Both credits of the classes to come went back to Hugo's pool; the class she attended stays used.
    expect(await classesLeft(hugo)).toBe(16 - 1);
    const holder = (await exportOf(hugo)).membershipHistory as Array<{ event: string; byYou: boolean }>;
    expect(holder.filter((entry) => entry.event === 'ClassCreditReturned' && !entry.byYou)).toHaveLength(2);
    expect(await count('SELECT count(*) AS n FROM class_booking_credits WHERE member_id = $1', [carla.userId])).toBe(0);

    // Yesterday's roster still counts her, as erased; nothing names her anywhere the desk or the owner reads.
    const pastRoster = await roster(yesterday, past);
    expect(pastRoster.booked.map((entry: { name: string; status: string }) => [entry.name, entry.status]).sort()).toEqual([
      ['Diego', 'checked-in'],
      ['[borrado]', 'checked-in'],
    ]);
    const reportAfter = await report();
    expect(reportAfter).toMatchObject({ booked: reportBefore.booked, attended: reportBefore.attended });
    expect(reportAfter).toMatchObject({ booked: 4, attended: 2, waitlistJoined: 3, waitlistPromoted: 1 });
    for (const text of [JSON.stringify([fullRoster, pastRoster, await roster(tomorrow, line)]), JSON.stringify(reportAfter)]) {
      expect(text).not.toContain('Carlota');
      expect(text).not.toContain(carla.email);
    }
    // Diego's export is as it was.
    const diegoAfter = await exportOf(diego);
    expect(diegoAfter.classBookings).toEqual(diegoBefore.classBookings);
    expect(diegoAfter.membershipHistory).toEqual(diegoBefore.membershipHistory);

    // Run again (an interrupted erasure is finished this way): nothing more to give up, nobody else told.
    const handled = mailer.handled();
    await http().post(`/api/staff/members/${carla.userId}/erasure`).set('Authorization', staff).send({ requestId: 'SOL-2026-0107' }).expect(200);
    await mailer.drained();
    expect(mailer.handled()).toBe(handled);

    // A rebuild of the bookings: the same rows, the same rosters, no email.
    const rosters = async () => [await roster(tomorrow, full), await roster(tomorrow, line), await roster(yesterday, past)];
    const before = { rows: (await db.query('SELECT * FROM class_bookings ORDER BY booking_id')).rows, rosters: await rosters() };
    const outbox = await count('SELECT count(*) AS n FROM mail_outbox');
    const started = await http().post('/api/staff/projections/class_bookings/rebuild').set('Authorization', staff).expect(202);
    await waitForRebuild(t.app, staff, started.body);
    await mailer.drained();
    expect((await db.query('SELECT * FROM class_bookings ORDER BY booking_id')).rows).toEqual(before.rows);
    expect(await rosters()).toEqual(before.rosters);
    expect(mailer.handled()).toBe(handled);
    expect(await count('SELECT count(*) AS n FROM mail_outbox')).toBe(outbox);
    mailer.restore();
  });
});
