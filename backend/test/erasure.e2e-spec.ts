import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { bookableDates, openSlots } from '../src/modules/free-class-bookings/free-class-schedule';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { StaffAudit } from '../src/modules/staff/staff-audit';
import { staffStreamName } from '../src/modules/staff/staff-events';
import { EARLIER_EXPORTS_MIGRATION, StaffSearchTerms } from '../src/modules/staff/staff-search-terms';
import { bearerFor } from './support/auth';
import { eventually, waitForRebuild } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Erasure by crypto-shredding (issue "Privacy and data rights", ADR 0202): after staff erase a
 * member and every projection is rebuilt, no table of the database holds the member's name,
 * email, date of birth, body measures or own words, while the anonymous history the studio's
 * figures are counted from is unchanged.
 */
describe('erasing a member’s personal data (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  let carla: string;
  let diego: string;
  const carlaId = randomUUID();
  const diegoId = randomUUID();
  const email = 'carlota.quintanilla@example.com';
  const http = () => request(t.app.getHttpServer());

  /** What must never be found again, as text anywhere in the database. */
  const personal = {
    email,
    firstName: 'Carlota',
    lastName: 'Quintanillaerasmo',
    dateOfBirth: '1987-03-14',
    goal: 'Correr la media maratón de Zapotitán',
    preset: 'Rutina de Carlota en casa',
    timerSession: 'Tabata del parque Quintanilla',
    label: 'Carlota Q.',
    dui: '04567891',
    cellphone: '+50377114433',
  };
  /** Body measures are numbers: found as JSON members, in any table. */
  const bodyPatterns = ['"(height|after|before)":\\s*187\\b', '"(weight|after|before)":\\s*93\\b'];

  /** Every base table of the schema whose rows, as text, contain the value (case-insensitive). */
  async function tablesHolding(value: string, regex = false): Promise<string[]> {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const found: string[] = [];
    for (const { table_name } of rows) {
      const sql = `SELECT count(*)::int AS n FROM "${table_name}" AS r WHERE r::text ${regex ? '~*' : 'ILIKE'} $1`;
      const { rows: counted } = await db.query<{ n: number }>(sql, [regex ? value : `%${value}%`]);
      if (counted[0].n > 0) found.push(table_name);
    }
    return found;
  }

  async function leftovers(): Promise<Record<string, string[]>> {
    const result: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(personal)) {
      const tables = await tablesHolding(value);
      if (tables.length > 0) result[name] = tables;
    }
    for (const pattern of bodyPatterns) {
      const tables = await tablesHolding(pattern, true);
      if (tables.length > 0) result[pattern] = tables;
    }
    return result;
  }

  /** The anonymous figures: what staff count per member and for the studio. */
  async function figures() {
    const members = (await http().get('/api/staff/members?limit=200').set('Authorization', staff).expect(200)).body.items as Array<{
      userId: string;
      totalWorkouts: number;
      activePlans: number;
    }>;
    const completions = (await http().get('/api/staff/events?type=WorkoutCompleted&limit=200').set('Authorization', staff).expect(200)).body.items.length;
    const carlaRow = members.find((member) => member.userId === carlaId);
    const diegoRow = members.find((member) => member.userId === diegoId);
    const records = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM progress_records')).rows[0].n;
    return { carla: { totalWorkouts: carlaRow?.totalWorkouts, activePlans: carlaRow?.activePlans }, diego: diegoRow, completions, records };
  }

  /** A CSV download as staff make it, read whole. */
  async function download(path: string, query: Record<string, string>): Promise<string> {
    const response = await http()
      .get(path)
      .query(query)
      .set('Authorization', staff)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    return response.body as string;
  }

  /** The search terms the staff log shows for the exports downloaded so far. */
  async function exportTerms(): Promise<string[]> {
    const items: Array<{ data: { filters: Record<string, string> } }> = (
      await http().get('/api/staff/events').query({ type: 'StaffExportDownloaded', limit: 100 }).set('Authorization', staff).expect(200)
    ).body.items;
    return items.flatMap((item) => ['q', 'member', 'stream', 'slot'].map((name) => item.data.filters[name]).filter((value) => value !== undefined)).sort();
  }

  async function rebuildAll(): Promise<void> {
    const started = await http().post('/api/staff/projections/rebuild-all').set('Authorization', staff).expect(202);
    await waitForRebuild(t.app, staff, started.body);
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    staff = await bearerFor(t, { role: 'staff', userId: randomUUID(), email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción' });
    await db.query(`INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash) VALUES ($1, $2, $3, $4, 'x')`, [
      carlaId,
      email,
      personal.firstName,
      personal.lastName,
    ]);
    carla = await bearerFor(t, { userId: carlaId, email, firstName: personal.firstName, lastName: personal.lastName });
    diego = await bearerFor(t, { userId: diegoId, email: 'diego.figueroa@example.com', firstName: 'Diego', lastName: 'Figueroa' });

    // Carla's whole history: profile, a free class with her email, a plan, workouts with heart
    // rate (readings kept, a summary mailed), a timer of her own, the leaderboard under her name.
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', carla)
      .send({
        profile: { dateOfBirth: personal.dateOfBirth, gender: 'female', height: 187, weight: 93, fitnessLevel: 'intermediate', goals: [personal.goal] },
        completeOnboarding: true,
      })
      .expect(200);
    const now = new Date();
    const date = bookableDates(now).at(-1)!;
    await http()
      .post('/api/users/register')
      .set('X-Forwarded-For', '203.0.113.91')
      .send({
        name: personal.firstName,
        lastname: personal.lastName,
        dui: personal.dui,
        email,
        cellphone: personal.cellphone,
        date,
        time: openSlots(date, now)[0],
      })
      .expect(201);
    const plans: Array<{ _id: string; workouts: Array<{ _id: string }> }> = (await http().get('/api/plans').set('Authorization', carla).expect(200)).body.plans;
    await http().post('/api/enrollments').set('Authorization', carla).send({ planId: plans[0]._id }).expect(201);
    const workoutId = plans[0].workouts[0]._id;
    await http().post('/api/progress/complete').set('Authorization', carla).send({ workoutId, planId: null, enrollmentId: null }).expect(200);
    await http().put('/api/heart-rate/consent').set('Authorization', carla).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    await http().put('/api/heart-rate/max').set('Authorization', carla).send({ maxHr: 190 }).expect(200);
    const samples = Array.from({ length: 600 }, () => 150);
    await http()
      .post('/api/progress/complete')
      .set('Authorization', carla)
      .send({ workoutId, planId: null, enrollmentId: null, durationSec: samples.length, heartRate: { samples } })
      .expect(200);
    await http()
      .post('/api/timer/presets')
      .set('Authorization', carla)
      .send({ name: personal.preset, workSec: 40, restSec: 20, rounds: 8, sets: 2, setRestSec: 60 })
      .expect(201);
    await http()
      .post('/api/progress/complete')
      .set('Authorization', carla)
      .send({
        workoutId: 'interval-timer',
        planId: null,
        enrollmentId: null,
        durationSec: 240,
        intervalTimer: { kind: 'tabata', name: personal.timerSession, workSec: 20, restSec: 10, rounds: 8, sets: 1, setRestSec: 0 },
      })
      .expect(200);
    await http().put('/api/challenges/leaderboard-preference').set('Authorization', carla).send({ visible: true, showName: true }).expect(200);
    await http().get('/api/training/calendar/feed').set('Authorization', carla).expect(200);
    // Her request to be erased, in her own words (the queue keeps it as proof, without them, once answered).
    await http()
      .post('/api/privacy/requests')
      .set('Authorization', carla)
      .send({ right: 'erasure', details: `Borren mis datos; mi meta era: ${personal.goal}` })
      .expect(201);
    // Diego trains too: his figures must not move.
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', diego)
      .send({ profile: { height: 171, weight: 70 } })
      .expect(200);
    await http().post('/api/progress/complete').set('Authorization', diego).send({ workoutId, planId: null, enrollmentId: null }).expect(200);

    // The performance summary is mailed after the answer: wait for it, so the outbox holds it.
    await eventually(async () =>
      expect((await db.query(`SELECT 1 FROM mail_outbox WHERE kind = 'performance-summary' AND recipient = $1`, [email])).rows).toHaveLength(1),
    );
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('leaves no name, email, body data or own words anywhere once erased, also after a full rebuild; the anonymous figures stay', async () => {
    // Staff look her up by email, name and DUI, and download what they find; some typed in the wrong box (issue 38).
    const fullName = `${personal.firstName} ${personal.lastName}`;
    for (const q of [email, fullName, personal.lastName, personal.dui]) {
      await http().get('/api/staff/events').query({ q }).set('Authorization', staff).expect(200);
      await http().get('/api/staff/members').query({ q }).set('Authorization', staff).expect(200);
      await download('/api/staff/events/export.csv', { q });
    }
    await http().get('/api/staff/mail-outbox').query({ recipient: email }).set('Authorization', staff).expect(200);
    await http().get('/api/staff/free-class-bookings').set('Authorization', staff).expect(200);
    expect(await download('/api/staff/free-class-bookings/export.csv', {})).toContain(personal.dui);
    await download('/api/staff/events/export.csv', { member: email, stream: personal.dui });
    await download('/api/staff/free-class-bookings/export.csv', { slot: personal.dui });
    // The log shows what she was searched by while she exists; a term that names nobody (her DUI, what was typed as an id or slot) only as a digest.
    const digest = /^pulso:hmac:v1:[A-Za-z0-9_-]{43}$/;
    const terms = await exportTerms();
    expect(terms.filter((term) => !digest.test(term))).toEqual([email, fullName.toLowerCase(), personal.lastName.toLowerCase()].sort());
    expect(terms.filter((term) => digest.test(term))).toHaveLength(4);

    // Before: the values are where the product keeps them, and the stored events and the staff log hold none in clear.
    const before = await leftovers();
    expect(before.email).not.toContain('activity_log__g1');
    expect(before.dui).toEqual(['free_class_bookings']);
    expect(before.email).toEqual(expect.arrayContaining(['identity_accounts', 'member_contacts', 'mail_outbox', 'free_class_bookings', 'rights_requests']));
    expect(before.goal).toContain('rights_requests');
    expect(before.dateOfBirth).toContain('member_profiles__g1');
    expect(before.dateOfBirth).not.toContain('event_store_events');
    expect(before.goal).not.toContain('event_store_events');
    expect(before.preset).not.toContain('event_store_events');
    expect(Object.values(before).flat()).not.toContain('event_store_events');
    expect((await db.query('SELECT count(*)::int AS n FROM heart_rate_series WHERE user_id = $1', [carlaId])).rows[0].n).toBe(1);
    const figuresBefore = await figures();
    expect(figuresBefore.carla.totalWorkouts).toBe(3);
    expect(before.timerSession).toEqual(expect.arrayContaining(['progress_records__g1']));

    const erased = await http().post(`/api/staff/members/${carlaId}/erasure`).set('Authorization', staff).send({ requestId: 'SOL-2026-0042' }).expect(200);
    expect(erased.body).toMatchObject({ userId: carlaId, requestId: 'SOL-2026-0042', keysDestroyed: 1, consistent: true });
    expect(erased.body.rowsDeleted).toMatchObject({
      heart_rate_series: 1,
      member_contacts: 1,
      identity_accounts: 1,
      free_class_bookings: 1,
      calendar_feed_tokens: 1,
    });
    expect(erased.body.rowsDeleted.mail_outbox).toBeGreaterThanOrEqual(2);

    expect(await leftovers()).toEqual({});
    // Her searches read "[borrado]" in the staff log; the digests stay what they were.
    expect((await exportTerms()).filter((term) => term === '[borrado]')).toHaveLength(3);
    // A session still open writes nothing more, and gives the platform no address again (every route: revoked-access.e2e-spec.ts).
    const late = await http()
      .put('/api/platform-users/profile')
      .set('Authorization', carla)
      .send({ profile: { height: 187 } })
      .expect(401);
    expect(late.body.message).toBe('Los datos personales de esta cuenta fueron borrados. Para volver a entrenar con Pulso, crea una cuenta nueva.');
    expect(await leftovers()).toEqual({});
    await rebuildAll();
    expect(await leftovers()).toEqual({});
    expect((await exportTerms()).filter((term) => term === '[borrado]')).toHaveLength(3);
    // The whole log as staff download it, her searches included, names none of it either.
    const whole = (await download('/api/staff/events/export.csv', {})).toLowerCase();
    for (const value of Object.values(personal)) expect(whole).not.toContain(value.toLowerCase());

    // The anonymous history is still counted: Carla's workouts, the studio's completions, Diego untouched.
    expect(await figures()).toEqual(figuresBefore);

    // The staff log says who erased, when and for which request; her fields read "[borrado]".
    const timeline = (await http().get(`/api/staff/members/${carlaId}/timeline`).set('Authorization', staff).expect(200)).body;
    expect(timeline.member).toEqual({ userId: carlaId, firstName: null, lastName: null, email: null });
    const erasure = timeline.items.find((item: { type: string }) => item.type === 'MemberDataErased');
    expect(erasure.actor).toMatchObject({ role: 'staff', name: 'Rosa Recepción' });
    expect(erasure.summary).toContain('SOL-2026-0042');
    const profile = timeline.items.find((item: { type: string }) => item.type === 'ProfileUpdated');
    expect(profile.changes).toContainEqual({ field: 'height', before: '[borrado]', after: '[borrado]' });
    const text = await download('/api/staff/events/export.csv', { member: carlaId });
    expect(text).toContain('[borrado]');
    for (const value of Object.values(personal)) expect(text.toLowerCase()).not.toContain(value.toLowerCase());
    expect(text).toContain('SOL-2026-0042');
  });

  it('seals the search terms of exports recorded before the rule, once, in the stored events and the staff log', async () => {
    const diegoEmail = 'diego.figueroa@example.com';
    await db.query(`INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash) VALUES ($1, $2, 'Diego', 'Figueroa', 'x')`, [
      diegoId,
      diegoEmail,
    ]);
    // Two exports as an older version recorded them: the term in clear, and an id nobody has.
    const rosa = { userId: randomUUID(), email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción', role: 'staff' as const, secondFactor: true };
    const occurredAt = new Date().toISOString();
    await t.app.get(StaffAudit).record(staffStreamName(rosa.userId), rosa, {
      type: 'StaffExportDownloaded',
      data: { export: 'activity-log', filters: { q: diegoEmail, type: 'WorkoutCompleted' }, occurredAt },
    });
    await t.app.get(StaffAudit).record(staffStreamName(rosa.userId), rosa, {
      type: 'StaffExportDownloaded',
      data: { export: 'activity-log', filters: { stream: 'Diego Figueroa' }, occurredAt },
    });
    expect(await tablesHolding(diegoEmail)).toEqual(expect.arrayContaining([expect.stringMatching(/^activity_log__g\d+$/), 'event_store_events']));
    await db.query('DELETE FROM personal_data_migrations WHERE name = $1', [EARLIER_EXPORTS_MIGRATION]);

    expect(await t.app.get(StaffSearchTerms).sealEarlierExports()).toBe(2);

    expect(await tablesHolding(diegoEmail)).toEqual(['identity_accounts', 'member_contacts']);
    expect(await tablesHolding('Diego Figueroa')).toEqual([]);
    const sealed: Array<{ data: { filters: Record<string, string> } }> = (
      await http()
        .get('/api/staff/events')
        .query({ stream: staffStreamName(rosa.userId) })
        .set('Authorization', staff)
        .expect(200)
    ).body.items;
    expect(sealed.map((item) => item.data.filters)).toEqual([
      { stream: expect.stringMatching(/^pulso:hmac:v1:/) },
      { q: diegoEmail, type: 'WorkoutCompleted' },
    ]);
    expect(await t.app.get(StaffSearchTerms).sealEarlierExports()).toBe(0);
  });
});
