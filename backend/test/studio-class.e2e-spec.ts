import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { SendPerformanceSummaryHandler } from '../src/modules/heart-rate/send-performance-summary.handler';
import { memberStreamName } from '../src/modules/members/member.events';
import { EventBus } from '@nestjs/cqrs';
import { ClassCheckIns, MemberCheckedInToClass } from '../src/modules/studio-class/class-check-ins';
import { AssignStrapAtCheckInHandler } from '../src/modules/studio-class/remembered-straps.handlers';
import { isoWeekday, localDateOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
import { watchHandler } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 19: a class on the studio board, from its start to the records it leaves (ADRs 0180–0184).
 * The class is moved ten minutes into the past once started, so the readings of a whole class fit.
 */
describe('class on the studio board (e2e)', () => {
  let t: TestApp;
  let staff: string;
  let mailer: ReturnType<typeof watchHandler>;
  const http = () => request(t.app.getHttpServer());
  const pool = () => t.app.get<Pool>(PG_POOL);

  async function member(firstName: string, consent: boolean): Promise<{ auth: string; userId: string; email: string }> {
    const userId = randomUUID();
    const email = `clase-${userId.slice(0, 8)}@example.com`;
    const auth = await bearerFor(t, { userId, email, firstName });
    const year = Number(localDateOf(new Date()).slice(0, 4)) - 40;
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { dateOfBirth: `${year}-01-01T12:00:00.000Z`, gender: 'female', weight: 60 } })
      .expect(200);
    if (consent)
      await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    return { auth, userId, email };
  }

  /** The emails of a kind to someone, once the performance summaries of every class recorded so far have been handled. */
  async function mails(kind: string, to: string): Promise<{ subject: string; text_body: string }[]> {
    await mailer.drained();
    return (
      await pool().query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM mail_outbox WHERE kind = $1 AND recipient = $2', [kind, to])
    ).rows;
  }

  beforeAll(async () => {
    t = await createTestApp();
    staff = await bearerFor(t, { role: 'staff', email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Staff' });
    mailer = watchHandler(t.app, SendPerformanceSummaryHandler);
  });

  afterAll(async () => {
    mailer?.restore();
    await t.close();
  });

  it('runs a class: start, assign a member and a guest, readings in batches, the board, the end recorded once', async () => {
    const lucia = await member('Lucía', true);
    const sinConsentimiento = await member('Beto', false);
    const today = localDateOf(new Date());
    const bookingId = randomUUID();
    const guestEmail = `invitada-${bookingId.slice(0, 8)}@example.com`;
    await pool().query(
      `INSERT INTO free_class_bookings (id, name, lastname, dui, email, cellphone, class_date, slot, class_name) VALUES ($1, 'Marta', 'Invitada', $2, $3, '77778888', $4, '6:00-7:00 pm', 'Box and Burn')`,
      [bookingId, String(Math.floor(10000000 + Math.random() * 89999999)), guestEmail, today],
    );

    const before = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body;
    expect(before.session).toBeNull();
    await http().get('/api/staff/studio-class').set('Authorization', lucia.auth).expect(403);
    await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: 'a las tres' }).expect(400);
    const started = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: before.today.slots[0] }).expect(201)).body;
    expect(started.session).toMatchObject({ className: before.today.className, slot: before.today.slots[0], endedAt: null });
    const sessionId: string = started.session.id;
    await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: before.today.slots[0] }).expect(409);
    await pool().query(`UPDATE studio_class_sessions SET started_at = started_at - interval '10 minutes' WHERE id = $1`, [sessionId]);
    const startedAt = (
      await pool().query<{ started_at: Date }>('SELECT started_at FROM studio_class_sessions WHERE id = $1', [sessionId])
    ).rows[0]!.started_at.getTime();

    // Who the desk can find: the member with consent, the one without, and today's guest.
    const people = (await http().get('/api/staff/studio-class/people').query({ q: 'lucía' }).set('Authorization', staff).expect(200)).body;
    expect(people.members).toEqual([expect.objectContaining({ userId: lucia.userId, consented: true })]);
    expect(people.guests).toEqual([]);
    const everyone = (await http().get('/api/staff/studio-class/people').set('Authorization', staff).expect(200)).body;
    expect(everyone.members).toEqual([]);
    expect(everyone.guests.map((guest: { bookingId: string }) => guest.bookingId)).toContain(bookingId);

    const assign = (body: object) =>
      http()
        .put('/api/staff/studio-class/assignments')
        .set('Authorization', staff)
        .send({ sessionId, ...body });
    const refused = await assign({ sensorId: 'Polar H10 B', userId: sinConsentimiento.userId }).expect(409);
    expect(refused.body.message).toContain('consentimiento');
    expect(refused.body.message).toContain('en recepción');
    await assign({ sensorId: 'Polar H10 C', bookingId }).expect(400);
    await assign({ sensorId: 'Polar H10 A', userId: lucia.userId }).expect(200);
    const assigned = (await assign({ sensorId: 'Polar H10 C', bookingId, guestAge: 30, guestAcceptedNotice: true }).expect(200)).body;
    // Tokens forged here leave no identity account, so the desk knows the member's first name only.
    expect(assigned.participants.map((p: { sensorId: string; label: string }) => [p.sensorId, p.label])).toEqual([
      ['Polar H10 A', 'L.'],
      ['Polar H10 C', 'M. I.'],
    ]);
    const accepted = (await pool().query('SELECT guest_notice_version, guest_accepted_by FROM studio_class_participants WHERE booking_id = $1', [bookingId]))
      .rows[0];
    expect(accepted.guest_notice_version).toBeTruthy();
    expect(accepted.guest_accepted_by).not.toBeNull();

    // Ten minutes at 150 bpm for both, in batches of a minute; a retried batch stores nothing more.
    for (let minute = 0; minute < 10; minute += 1) {
      const readings = Array.from({ length: 60 }, (_, index) => {
        const at = new Date(startedAt + (minute * 60 + index) * 1000 + 300).toISOString();
        return [
          { sensorId: 'Polar H10 A', at, bpm: 150 },
          { sensorId: 'Polar H10 C', at, bpm: 150 },
        ];
      }).flat();
      const first = (await http().post('/api/staff/studio-class/readings').set('Authorization', staff).send({ sessionId, readings }).expect(200)).body;
      expect(first.stored).toBe(120);
      const again = (await http().post('/api/staff/studio-class/readings').set('Authorization', staff).send({ sessionId, readings }).expect(200)).body;
      expect(again.stored).toBe(0);
    }

    // The member chooses to show her name; the board follows.
    await http().put('/api/studio-class/board-name').set('Authorization', lucia.auth).send({ showName: true }).expect(200);
    expect((await http().get('/api/studio-class/board-name').set('Authorization', lucia.auth).expect(200)).body).toEqual({ showName: true });
    const board = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body;
    const tile = board.participants[0];
    // 40 years: max 180 bpm (Tanaka 208 − 0.7 × 40), 150 bpm is 83 %, zone 4 (4 points a minute).
    expect(tile).toMatchObject({ label: 'Lucía', bpm: 150, pctMax: 83, zone: 4, points: 40, maxHr: 180 });
    expect(tile.secondsInZone[3]).toBe(600);

    // The end: one class in Lucía's history, one email each, the guest marked "Asistió" — and again, nothing twice.
    const ended = (await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200)).body;
    expect(ended.session.endedAt).not.toBeNull();
    expect(ended.results).toEqual([
      expect.objectContaining({ sensorId: 'Polar H10 A', recorded: true, points: 40 }),
      expect.objectContaining({ sensorId: 'Polar H10 C', recorded: true, points: 40 }),
    ]);
    const again = (await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200)).body;
    expect(again.results).toEqual(ended.results);

    const stream = await t.app.get(EventStore).readStream(memberStreamName(lucia.userId));
    const attended = stream.filter((event) => event.type === 'StudioClassAttended');
    expect(attended).toHaveLength(1);
    expect(attended[0]!.metadata.actor).toMatchObject({ role: 'staff' });
    expect(attended[0]!.data).toMatchObject({ className: before.today.className, classSessionId: sessionId });

    const stats = (await http().get('/api/progress/stats').set('Authorization', lucia.auth).expect(200)).body.stats;
    expect(stats.totalWorkouts).toBe(1);
    expect(stats.recentWorkouts[0].workoutId.title).toBe(before.today.className);
    expect(stats.heartRate.thisMonthPoints).toBe(40);
    const history = (await http().get('/api/progress').set('Authorization', lucia.auth).expect(200)).body;
    expect(history.progress[0]).toMatchObject({ workoutId: { _id: 'studio-class', title: before.today.className }, heartRate: { points: 40 } });

    expect(await mails('performance-summary', lucia.email)).toHaveLength(1);
    const guestMails = await mails('studio-class-guest-summary', guestEmail);
    expect(guestMails).toHaveLength(1);
    expect(guestMails[0]!.text_body).toContain('/memberships');
    const outcomes = (await t.app.get(EventStore).readStream(`free-class-booking-${bookingId}`)).filter((event) => event.type === 'FreeClassOutcomeRecorded');
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.data).toMatchObject({ outcome: 'attended' });

    // Nothing for the member without consent; readings after the end are not taken.
    expect((await t.app.get(EventStore).readStream(memberStreamName(sinConsentimiento.userId))).some((event) => event.type === 'StudioClassAttended')).toBe(
      false,
    );
    const late = (
      await http()
        .post('/api/staff/studio-class/readings')
        .set('Authorization', staff)
        .send({ sessionId, readings: [{ sensorId: 'Polar H10 A', at: new Date().toISOString(), bpm: 120 }] })
        .expect(200)
    ).body;
    expect(late.stored).toBe(0);
  });

  it('finds members whatever the accents typed, and lists members and guests in Spanish order (ADR 0277)', async () => {
    // A tag of its own keeps this test's people apart from the other tests' on the shared database.
    const tag = `qz${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`;
    const names = ['Zoila', 'Óscar', 'Ñusta', 'Nora', 'Ángela', 'Ana'];
    const people = new Map<string, string>();
    for (const name of names) people.set((await member(`${name} ${tag}`, false)).userId, name);
    const found = async (q: string): Promise<string[]> =>
      (await http().get('/api/staff/studio-class/people').query({ q }).set('Authorization', staff).expect(200)).body.members.map((person: { userId: string }) =>
        people.get(person.userId),
      );
    expect(await found(tag)).toEqual(['Ana', 'Ángela', 'Nora', 'Ñusta', 'Óscar', 'Zoila']);
    // Typed without the accent, or with one the name lacks: the same member.
    expect(await found(`angela ${tag}`)).toEqual(['Ángela']);
    expect(await found(`ÓSCAR ${tag}`)).toEqual(['Óscar']);
    // "ñ" is a letter of its own, not an "n" with an accent.
    expect(await found(`nusta ${tag}`)).toEqual([]);
    // The pattern's own wildcards are literal text.
    expect(await found(`%${tag}`)).toEqual([]);

    const today = localDateOf(new Date());
    const guests = new Map<string, string>();
    for (const [name, lastname] of [
      ['Úrsula', 'Pérez'],
      ['Elena', 'Zamora'],
      ['Álvaro', 'Ibáñez'],
      ['elena', 'Ábrego'],
    ]) {
      const id = randomUUID();
      guests.set(id, `${name} ${lastname}`);
      await pool().query(
        `INSERT INTO free_class_bookings (id, name, lastname, dui, email, cellphone, class_date, slot, class_name) VALUES ($1, $2, $3, $4, $5, '77778888', $6, '5:00-6:00 am', 'Box and Burn')`,
        [id, name, lastname, String(Math.floor(10000000 + Math.random() * 89999999)), `invitado-${id.slice(0, 8)}@example.com`, today],
      );
    }
    const listed = (await http().get('/api/staff/studio-class/people').set('Authorization', staff).expect(200)).body.guests
      .map((guest: { bookingId: string }) => guests.get(guest.bookingId))
      .filter(Boolean);
    expect(listed).toEqual(['Álvaro Ibáñez', 'elena Ábrego', 'Elena Zamora', 'Úrsula Pérez']);
  });

  it('keeps the class, its assignments and its readings across a restart: another instance on the same database ends it', async () => {
    const ana = await member('Ana', true);
    const today = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.today;
    const sessionId: string = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: today.slots[0] }).expect(201)).body.session
      .id;
    await pool().query(`UPDATE studio_class_sessions SET started_at = started_at - interval '2 minutes' WHERE id = $1`, [sessionId]);
    const startedAt = (
      await pool().query<{ started_at: Date }>('SELECT started_at FROM studio_class_sessions WHERE id = $1', [sessionId])
    ).rows[0]!.started_at.getTime();
    await http()
      .put('/api/staff/studio-class/assignments')
      .set('Authorization', staff)
      .send({ sessionId, sensorId: 'Garmin 1', userId: ana.userId })
      .expect(200);
    const readings = Array.from({ length: 60 }, (_, index) => ({ sensorId: 'Garmin 1', at: new Date(startedAt + index * 1000 + 500).toISOString(), bpm: 150 }));
    await http().post('/api/staff/studio-class/readings').set('Authorization', staff).send({ sessionId, readings }).expect(200);

    const restarted = await createApp(t.config);
    await restarted.init();
    try {
      const other = () => request(restarted.getHttpServer());
      const state = (await other().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body;
      expect(state.session).toMatchObject({ id: sessionId, endedAt: null });
      expect(state.participants).toEqual([expect.objectContaining({ sensorId: 'Garmin 1', userId: ana.userId, points: 4 })]);
      // The board PC retries the batch it was sending when the server went down: nothing twice.
      expect((await other().post('/api/staff/studio-class/readings').set('Authorization', staff).send({ sessionId, readings }).expect(200)).body.stored).toBe(
        0,
      );
      const ended = (await other().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200)).body;
      expect(ended.results).toEqual([expect.objectContaining({ sensorId: 'Garmin 1', recorded: true, points: 4 })]);
    } finally {
      await restarted.close();
    }
    const stats = (await http().get('/api/progress/stats').set('Authorization', ana.auth).expect(200)).body.stats;
    expect(stats.totalWorkouts).toBe(1);
  });

  it('records at the desk the consent a member accepts on its screen, then gives them a strap; the member sees it and withdraws it (ADR 0295)', async () => {
    const beto = await member('Beto', false);
    const today = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.today;
    const sessionId: string = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: today.slots[0] }).expect(201)).body.session
      .id;
    const assign = () =>
      http().put('/api/staff/studio-class/assignments').set('Authorization', staff).send({ sessionId, sensorId: 'Polar H10 Recepción', userId: beto.userId });
    expect((await assign().expect(409)).body.message).toContain('aquí en recepción');

    const desk = (body: object, userId = beto.userId, key?: string) => {
      const call = http().put(`/api/staff/members/${userId}/heart-rate-consent`).set('Authorization', staff);
      return (key ? call.set('Idempotency-Key', key) : call).send(body);
    };
    const consentEvents = async () =>
      (await t.app.get(EventStore).readStream(memberStreamName(beto.userId))).filter((event) => event.type.startsWith('HeartRateConsent'));
    // Refused, and nothing recorded: the member did not accept, an old notice, no notice, a member nobody knows, a member's own token.
    expect((await desk({ noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: false }).expect(400)).body).toMatchObject({
      message: 'Registra el consentimiento solo cuando el miembro haya leído el aviso en esta pantalla y lo haya aceptado.',
    });
    expect((await desk({ noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(400)).body.message).toBe('La aceptación del miembro debe ser verdadero o falso.');
    expect((await desk({ noticeVersion: '2025-01-01', memberAccepted: true }).expect(409)).body.details).toMatchObject({
      currentNoticeVersion: HEART_RATE_NOTICE_VERSION,
    });
    expect((await desk({ memberAccepted: true }).expect(400)).body.message).toMatch(/^La versión del aviso/);
    await desk({ noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: true }, randomUUID()).expect(404);
    await http()
      .put(`/api/staff/members/${beto.userId}/heart-rate-consent`)
      .set('Authorization', beto.auth)
      .send({ noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: true })
      .expect(403);
    expect(await consentEvents()).toEqual([]);

    const key = randomUUID();
    const recorded = (await desk({ noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: true }, beto.userId, key).expect(200)).body;
    expect(recorded).toMatchObject({ userId: beto.userId, granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION, recordedAtDesk: true });
    // A retry of the same request, and the same consent again: still one event.
    expect((await desk({ noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: true }, beto.userId, key).expect(200)).body).toEqual(recorded);
    await desk({ noticeVersion: HEART_RATE_NOTICE_VERSION, memberAccepted: true }).expect(200);
    const [given, ...more] = await consentEvents();
    expect(more).toEqual([]);
    // On the member's own stream, with the notice's version and the staff member who recorded it.
    expect(given!.data).toMatchObject({ noticeVersion: HEART_RATE_NOTICE_VERSION, recordedAtDeskBy: given!.metadata.actor!.userId });
    expect(given!.metadata.actor).toMatchObject({ role: 'staff' });
    expect(given!.metadata.actor!.userId).not.toBe(beto.userId);

    // The desk now finds the member with consent and gives them the strap.
    const found = (await http().get('/api/staff/studio-class/people').query({ q: beto.email }).set('Authorization', staff).expect(200)).body.members;
    expect(found).toEqual([expect.objectContaining({ userId: beto.userId, consented: true })]);
    expect((await assign().expect(200)).body.participants).toEqual([expect.objectContaining({ sensorId: 'Polar H10 Recepción', userId: beto.userId })]);

    // The member: consent to the notice in force (so pairing a sensor never asks again), "en recepción" in the registry, withdrawable.
    const profile = (await http().get('/api/heart-rate/profile').set('Authorization', beto.auth).expect(200)).body;
    expect(profile.consent).toMatchObject({ granted: true, noticeVersion: profile.currentNoticeVersion });
    const registry = async () =>
      ((await http().get('/api/privacy/consents').set('Authorization', beto.auth).expect(200)).body.consents as { kind: string }[]).find(
        (consent) => consent.kind === 'heart-rate',
      );
    expect(await registry()).toMatchObject({ granted: true, recorded: true, noticeVersion: HEART_RATE_NOTICE_VERSION, recordedBy: 'desk', withdrawable: true });
    await http().put('/api/privacy/consents/heart-rate').set('Authorization', beto.auth).send({ granted: false }).expect(200);
    expect(await registry()).toMatchObject({ granted: false, recordedBy: 'member' });
    expect((await consentEvents()).map((event) => event.type)).toEqual(['HeartRateConsentGiven', 'HeartRateConsentWithdrawn']);

    await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200);
  });

  it("lists the straps whose readings arrive while nobody wears them, until one is given (the board's notice)", async () => {
    const fede = await member('Fede', true);
    const today = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.today;
    const sessionId: string = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: today.slots[0] }).expect(201)).body.session
      .id;
    await pool().query(`UPDATE studio_class_sessions SET started_at = started_at - interval '1 minute' WHERE id = $1`, [sessionId]);
    const startedAt = (
      await pool().query<{ started_at: Date }>('SELECT started_at FROM studio_class_sessions WHERE id = $1', [sessionId])
    ).rows[0]!.started_at.getTime();
    await http()
      .put('/api/staff/studio-class/assignments')
      .set('Authorization', staff)
      .send({ sessionId, sensorId: 'Banda de Fede', userId: fede.userId })
      .expect(200);
    const at = (second: number) => new Date(startedAt + second * 1000 + 500).toISOString();
    const readings = [
      { sensorId: 'Banda de Fede', at: at(1), bpm: 130 },
      { sensorId: 'Banda suelta', at: at(1), bpm: 140 },
      { sensorId: 'Banda suelta', at: at(2), bpm: 142 },
    ];
    await http().post('/api/staff/studio-class/readings').set('Authorization', staff).send({ sessionId, readings }).expect(200);
    const state = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body;
    expect(state.unassignedSensors).toEqual([{ sensorId: 'Banda suelta', bpm: 142, lastReadingAt: at(2) }]);
    expect(state.participants.map((participant: { sensorId: string }) => participant.sensorId)).toEqual(['Banda de Fede']);

    const otro = await member('Otto', true);
    const assigned = (
      await http()
        .put('/api/staff/studio-class/assignments')
        .set('Authorization', staff)
        .send({ sessionId, sensorId: 'Banda suelta', userId: otro.userId })
        .expect(200)
    ).body;
    expect(assigned.unassignedSensors).toEqual([]);
    expect(assigned.participants).toContainEqual(expect.objectContaining({ sensorId: 'Banda suelta', userId: otro.userId, bpm: 142 }));
    await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200);
  });

  it("counts a class toward the month's challenge like a workout", async () => {
    const eva = await member('Eva', true);
    const month = localDateOf(new Date()).slice(0, 7);
    const challengeId: string = (
      await http().post('/api/staff/challenges').set('Authorization', staff).send({ name: 'Reto del mes', month, goalType: 'workouts', target: 1 }).expect(201)
    ).body.challengeId;
    await http()
      .post(`/api/challenges/${challengeId}/join`)
      .set('Authorization', eva.auth)
      .expect((response) => expect([200, 201]).toContain(response.status));

    const today = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.today;
    const sessionId: string = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: today.slots[0] }).expect(201)).body.session
      .id;
    await pool().query(`UPDATE studio_class_sessions SET started_at = started_at - interval '1 minute' WHERE id = $1`, [sessionId]);
    const startedAt = (
      await pool().query<{ started_at: Date }>('SELECT started_at FROM studio_class_sessions WHERE id = $1', [sessionId])
    ).rows[0]!.started_at.getTime();
    await http()
      .put('/api/staff/studio-class/assignments')
      .set('Authorization', staff)
      .send({ sessionId, sensorId: 'Wahoo 1', userId: eva.userId })
      .expect(200);
    const readings = Array.from({ length: 30 }, (_, index) => ({ sensorId: 'Wahoo 1', at: new Date(startedAt + index * 1000 + 500).toISOString(), bpm: 150 }));
    await http().post('/api/staff/studio-class/readings').set('Authorization', staff).send({ sessionId, readings }).expect(200);
    await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200);

    const rows = (await pool().query<{ workouts: number }>('SELECT workouts FROM member_challenge_months WHERE user_id = $1', [eva.userId])).rows;
    expect(rows).toEqual([{ workouts: 1 }]);
  });

  it('remembers straps, gives them at the start of a timetable class to the members checked in, and at check-in to a late arrival', async () => {
    const [ana, bruno, ciro, dora] = [await member('Ana', true), await member('Bruno', true), await member('Ciro', true), await member('Dora', true)];
    const straps = async () =>
      ((await http().get('/api/staff/studio-class/straps').set('Authorization', staff).expect(200)).body.straps as { userId: string; sensorId: string }[])
        .filter((strap) => [ana, bruno, ciro, dora].some((one) => one.userId === strap.userId))
        .map((strap) => [strap.userId, strap.sensorId]);

    // A first class started by its label: pairing remembers each member's strap.
    const before = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.today;
    const first: string = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slot: before.slots[0] }).expect(201)).body.session
      .id;
    for (const [who, sensorId] of [
      [ana, 'Banda de Ana'],
      [bruno, 'Banda de Bruno'],
      [dora, 'Banda de Dora'],
    ] as const)
      await http().put('/api/staff/studio-class/assignments').set('Authorization', staff).send({ sessionId: first, sensorId, userId: who.userId }).expect(200);
    await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId: first }).expect(200);
    expect(await straps()).toEqual([
      [ana.userId, 'Banda de Ana'],
      [bruno.userId, 'Banda de Bruno'],
      [dora.userId, 'Banda de Dora'],
    ]);
    await http().get('/api/staff/studio-class/straps').set('Authorization', ana.auth).expect(403);

    // Withdrawing the heart-rate consent forgets the strap; consenting again does not bring it back.
    await http().put('/api/privacy/consents/heart-rate').set('Authorization', dora.auth).send({ granted: false }).expect(200);
    await http().put('/api/heart-rate/consent').set('Authorization', dora.auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    expect((await pool().query('SELECT 1 FROM studio_remembered_straps WHERE user_id = $1', [dora.userId])).rowCount).toBe(0);
    expect((await straps()).map(([userId]) => userId)).not.toContain(dora.userId);

    // Today's class in the timetable, and who the booking module says is checked in for it.
    const today = localDateOf(new Date());
    const classTypeId: string = (
      await http()
        .post('/api/staff/timetable/class-types')
        .set('Authorization', staff)
        .send({ name: 'Clase con bandas', description: 'Con banda', lengthMin: 60, defaultCapacity: 20, coach: 'Rosa' })
        .expect(201)
    ).body.classTypeId;
    const slotId: string = (
      await http()
        .post('/api/staff/timetable/slots')
        .set('Authorization', staff)
        .send({ weekday: isoWeekday(today), startTime: '23:50', classTypeId, capacity: 20 })
        .expect(201)
    ).body.slotId;
    const checkIns = t.app.get(ClassCheckIns, { strict: false });
    const checkedIn = jest
      .spyOn(checkIns, 'checkedIn')
      .mockImplementation((date, slot) => Promise.resolve(date === today && slot === slotId ? [ana.userId, ciro.userId, dora.userId] : []));
    try {
      const state = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body;
      const scheduled = state.today.classes.find((one: { slotId: string }) => one.slotId === slotId);
      expect(scheduled).toMatchObject({ className: 'Clase con bandas', startTime: '23:50', coach: 'Rosa', cancelled: false });

      // Bad starts answer in Spanish and start nothing.
      const sessions = async () => (await pool().query('SELECT count(*)::int AS n FROM studio_class_sessions')).rows[0].n as number;
      const count = await sessions();
      const unknown = await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slotId: randomUUID() }).expect(404);
      expect(unknown.body.message).toBe('Esa clase no está en el horario de hoy.');
      await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slotId: 'la de las seis' }).expect(400);
      expect((await http().post('/api/staff/studio-class').set('Authorization', staff).send({}).expect(400)).body.message).toBe(
        'Elige uno de los horarios de hoy.',
      );
      expect(await sessions()).toBe(count);

      // Started from the timetable: named after its class; Ana (checked in, strap remembered) is on the board at once,
      // Ciro (no strap) and Dora (strap forgotten) are not, Bruno (not checked in) is not.
      const started = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slotId }).expect(201)).body;
      expect(started.session).toMatchObject({ className: 'Clase con bandas', slotId, slot: scheduled.label, endedAt: null });
      expect(started.participants.map((p: { userId: string; sensorId: string }) => [p.userId, p.sensorId])).toEqual([[ana.userId, 'Banda de Ana']]);
      const sessionId: string = started.session.id;

      // Bruno checks in after the start: his strap is given at check-in; a check-in for another class gives nothing.
      const watched = watchHandler(t.app, AssignStrapAtCheckInHandler);
      try {
        t.app.get(EventBus).publish(new MemberCheckedInToClass(today, randomUUID(), bruno.userId, 'recepcion'));
        await watched.drained();
        expect((await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.participants).toHaveLength(1);
        t.app.get(EventBus).publish(new MemberCheckedInToClass(today, slotId, bruno.userId, 'recepcion'));
        t.app.get(EventBus).publish(new MemberCheckedInToClass(today, slotId, bruno.userId, 'recepcion'));
        await watched.drained();
        expect(watched.handled()).toBe(3);
      } finally {
        watched.restore();
      }
      const board = (await http().get('/api/staff/studio-class').set('Authorization', staff).expect(200)).body.participants;
      expect(board.map((p: { userId: string; sensorId: string }) => [p.userId, p.sensorId])).toEqual([
        [ana.userId, 'Banda de Ana'],
        [bruno.userId, 'Banda de Bruno'],
      ]);

      // The desk gives Ana's strap to Ciro: it is Ciro's from now on.
      await http()
        .put('/api/staff/studio-class/assignments')
        .set('Authorization', staff)
        .send({ sessionId, sensorId: 'Banda de Ana', userId: ciro.userId })
        .expect(200);
      expect(await straps()).toEqual([
        [bruno.userId, 'Banda de Bruno'],
        [ciro.userId, 'Banda de Ana'],
      ]);
      await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId }).expect(200);
    } finally {
      checkedIn.mockRestore();
    }

    // The desk forgets a strap; forgetting one that is not there is a Spanish 404.
    await http().delete(`/api/staff/studio-class/straps/${ciro.userId}`).set('Authorization', staff).expect(200);
    const again = await http().delete(`/api/staff/studio-class/straps/${ciro.userId}`).set('Authorization', staff).expect(404);
    expect(again.body.message).toBe('Ese miembro no tiene una banda recordada.');
    await http().delete(`/api/staff/studio-class/straps/${bruno.userId}`).set('Authorization', bruno.auth).expect(403);
    expect(await straps()).toEqual([[bruno.userId, 'Banda de Bruno']]);

    // Erasure removes it (as the erasure is recorded, or with the member's other rows).
    expect((await pool().query('SELECT 1 FROM studio_remembered_straps WHERE user_id = $1', [bruno.userId])).rowCount).toBe(1);
    await http().post(`/api/staff/members/${bruno.userId}/erasure`).set('Authorization', staff).send({ requestId: 'SOL-2026-0140' }).expect(200);
    expect((await pool().query('SELECT 1 FROM studio_remembered_straps WHERE user_id = $1', [bruno.userId])).rowCount).toBe(0);
  });

  it('starts a timetable class even when who is checked in cannot be read: the desk pairs the straps by hand', async () => {
    const today = localDateOf(new Date());
    const classTypeId: string = (
      await http()
        .post('/api/staff/timetable/class-types')
        .set('Authorization', staff)
        .send({ name: 'Clase sin lista', description: '', lengthMin: 45, defaultCapacity: 10, coach: '' })
        .expect(201)
    ).body.classTypeId;
    const slotId: string = (
      await http()
        .post('/api/staff/timetable/slots')
        .set('Authorization', staff)
        .send({ weekday: isoWeekday(today), startTime: '23:55', classTypeId, capacity: 10 })
        .expect(201)
    ).body.slotId;
    const checkedIn = jest.spyOn(t.app.get(ClassCheckIns, { strict: false }), 'checkedIn').mockRejectedValue(new Error('sin conexión'));
    try {
      const started = (await http().post('/api/staff/studio-class').set('Authorization', staff).send({ slotId }).expect(201)).body;
      expect(started.session).toMatchObject({ className: 'Clase sin lista', slotId, endedAt: null });
      expect(started.participants).toEqual([]);
      expect(checkedIn).toHaveBeenCalledWith(today, slotId);
      await http().post('/api/staff/studio-class/end').set('Authorization', staff).send({ sessionId: started.session.id }).expect(200);
    } finally {
      checkedIn.mockRestore();
    }
  });
});
