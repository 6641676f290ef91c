import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { ERASED_MESSAGE, SESSION_ENDED_MESSAGE } from '../src/infrastructure/auth/revocations';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { HEALTH_DATA_NOTICE_VERSION } from '../src/modules/privacy/consents.rules';
import { localDateOf } from '../src/shared/studio-day';
import { bearerFor, onboardedBearerFor } from './support/auth';
import { eventually } from './support/eventually';
import { fillPath, operationsOf } from './support/openapi-operations';
import { declaredAccess } from './support/route-access';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 38, point 1: an erased member is gone everywhere at once, and a sign-out ends the access
 * token's session. A token that verifies (fresh, even taken on trust by the guard's cache, even
 * minted after the erasure) opens no member route once its subject was erased or its session
 * ended, on this instance and on another one sharing the database; nothing is stored.
 */

interface World {
  enrollmentId: string;
  otherPlanId: string;
  workoutId: string;
  runningId: string;
  completionId: string;
  presetId: string;
  challengeId: string;
}

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
}

/**
 * A call each member route would accept from the member before the erasure: a new member route
 * missing here fails the test, so the refusal is proven for it too.
 */
const CALLS: Record<string, (w: World) => Call> = {
  'GET /api/identity/me': () => ({}),
  'GET /api/identity/second-factor': () => ({}),
  'POST /api/identity/second-factor/enrollment': () => ({}),
  'POST /api/identity/second-factor/enrollment/confirm': () => ({ body: { code: '123456' } }),
  'GET /api/plans': () => ({}),
  'GET /api/workouts': () => ({}),
  'GET /api/workouts/{id}': (w) => ({ params: { id: w.workoutId } }),
  'GET /api/running-workouts': () => ({}),
  'GET /api/running-workouts/{id}': (w) => ({ params: { id: w.runningId } }),
  'GET /api/platform-users/profile': () => ({}),
  'GET /api/platform-users/onboarding-status': () => ({}),
  'PUT /api/platform-users/profile': () => ({ body: { profile: { height: 160, goals: ['Volver con mis datos'] }, completeOnboarding: true } }),
  'GET /api/enrollments': () => ({}),
  'GET /api/memberships/me': () => ({}),
  'GET /api/classes': () => ({}),
  'GET /api/classes/bookings/me': () => ({}),
  'POST /api/classes/{date}/{slotId}/bookings': () => ({ params: { date: localDateOf(new Date()), slotId: randomUUID() }, body: { waitlist: true } }),
  'DELETE /api/classes/bookings/{bookingId}': () => ({ params: { bookingId: randomUUID() } }),
  'GET /api/classes/bookings/{bookingId}/check-in-code': () => ({ params: { bookingId: randomUUID() } }),
  'GET /api/classes/bookings/{file}': () => ({ params: { file: `${randomUUID()}.ics` } }),
  'POST /api/enrollments': (w) => ({ body: { planId: w.otherPlanId } }),
  'GET /api/enrollments/{id}/current': (w) => ({ params: { id: w.enrollmentId } }),
  'POST /api/enrollments/{id}/pause': (w) => ({ params: { id: w.enrollmentId } }),
  'POST /api/enrollments/{id}/resume': (w) => ({ params: { id: w.enrollmentId } }),
  'DELETE /api/enrollments/{id}': (w) => ({ params: { id: w.enrollmentId } }),
  'POST /api/progress/complete': (w) => ({ body: { workoutId: w.workoutId, planId: null, enrollmentId: null } }),
  'GET /api/progress': () => ({}),
  'GET /api/progress/stats': () => ({}),
  'GET /api/heart-rate/profile': () => ({}),
  'GET /api/heart-rate/sessions/{completionId}/readings': (w) => ({ params: { completionId: w.completionId } }),
  'PUT /api/heart-rate/max': () => ({ body: { maxHr: 185 } }),
  'PUT /api/heart-rate/consent': () => ({ body: { granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION } }),
  'GET /api/studio-class/board-name': () => ({}),
  'PUT /api/studio-class/board-name': () => ({ body: { showName: true } }),
  'GET /api/timer/presets': () => ({}),
  'POST /api/timer/presets': () => ({ body: { name: 'Rutina de vuelta', workSec: 30, restSec: 15, rounds: 6, sets: 1, setRestSec: 0 } }),
  'DELETE /api/timer/presets/{id}': (w) => ({ params: { id: w.presetId } }),
  'GET /api/challenges': () => ({}),
  'PUT /api/challenges/leaderboard-preference': () => ({ body: { visible: true, showName: true } }),
  'GET /api/challenges/{challengeId}/leaderboard': (w) => ({ params: { challengeId: w.challengeId } }),
  'POST /api/challenges/{challengeId}/join': (w) => ({ params: { challengeId: w.challengeId } }),
  'GET /api/training/calendar': () => ({ query: { from: localDateOf(new Date()), to: localDateOf(new Date(Date.now() + 6 * 86_400_000)) } }),
  'PUT /api/training/schedule': () => ({ body: { weekdays: [1, 3, 5], time: '18:00', reminderOffsetMin: 60 } }),
  'GET /api/training/calendar/feed': () => ({}),
  'POST /api/training/calendar/feed/revoke': () => ({}),
  'GET /api/email-preferences': () => ({}),
  'PUT /api/email-preferences/{topic}': () => ({ params: { topic: 'workout-reminders' }, body: { subscribed: true } }),
  'GET /api/privacy/consents': () => ({}),
  'PUT /api/privacy/consents/{consent}': () => ({ params: { consent: 'health-data' }, body: { granted: true, noticeVersion: HEALTH_DATA_NOTICE_VERSION } }),
  'GET /api/privacy/export': () => ({}),
  'GET /api/privacy/requests': () => ({}),
  'POST /api/privacy/requests': () => ({ body: { right: 'access', details: 'Quiero una copia de todo lo que guardan de mí.' } }),
};

describe('an erased member and a signed-out session are refused whatever the token (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let second: NestExpressApplication;
  let staff: string;
  const http = () => request(t.app.getHttpServer());
  const httpOnSecond = () => request(second.getHttpServer());

  /** Every table's rows as text, hashed: any row added, changed or deleted shows. */
  async function snapshot(): Promise<Record<string, string>> {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const state: Record<string, string> = {};
    for (const { table_name } of rows) {
      const { rows: hashed } = await db.query<{ n: number; h: string }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS h FROM "${table_name}" AS r`,
      );
      state[table_name] = `${hashed[0].n}:${hashed[0].h}`;
    }
    return state;
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    // Another instance of the application on the same database, as behind a load balancer.
    second = await createApp(t.config);
    await second.init();
    staff = await bearerFor(t, { role: 'staff', email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción' });
  });

  afterAll(async () => {
    await second?.close();
    await db?.end();
    await t?.close();
  });

  it('refuses an erased member’s fresh token on every member route of docs/openapi.json, on both instances, and stores nothing', async () => {
    const userId = randomUUID();
    const email = 'marta.erasmo@example.com';
    await db.query(`INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash) VALUES ($1, $2, 'Marta', 'Erasmo', 'x')`, [userId, email]);
    const member = await onboardedBearerFor(t, { userId, email, firstName: 'Marta', lastName: 'Erasmo' });

    const plans = (await http().get('/api/plans').set('Authorization', member).expect(200)).body.plans as Array<{
      _id: string;
      workouts: Array<{ _id: string }>;
    }>;
    const enrollmentId = (await http().post('/api/enrollments').set('Authorization', member).send({ planId: plans[0]._id }).expect(201)).body.enrollment
      ._id as string;
    const completed = await http()
      .post('/api/progress/complete')
      .set('Authorization', member)
      .send({ workoutId: plans[0].workouts[0]._id, planId: null, enrollmentId: null })
      .expect(200);
    const presetId = (
      await http()
        .post('/api/timer/presets')
        .set('Authorization', member)
        .send({ name: 'Mi rutina', workSec: 40, restSec: 20, rounds: 8, sets: 1, setRestSec: 0 })
        .expect(201)
    ).body.preset.id as string;
    const challenge = await http()
      .post('/api/staff/challenges')
      .set('Authorization', staff)
      .send({ name: 'Reto de prueba', month: localDateOf(new Date()).slice(0, 7), goalType: 'workouts', target: 4 })
      .expect(201);
    const running = (await http().get('/api/running-workouts').set('Authorization', member).expect(200)).body.workouts as Array<{ _id: string }>;
    const world: World = {
      enrollmentId,
      otherPlanId: plans[1]._id,
      workoutId: plans[0].workouts[1]._id,
      runningId: running[0]._id,
      completionId: completed.body.progress._id,
      presetId,
      challengeId: challenge.body.challengeId,
    };
    // Both instances have verified the token and take it on trust from now on (ADR 0245).
    await http().get('/api/identity/me').set('Authorization', member).expect(200);
    await httpOnSecond().get('/api/identity/me').set('Authorization', member).expect(200);

    await http().post(`/api/staff/members/${userId}/erasure`).set('Authorization', staff).send({ requestId: 'SOL-2026-0099' }).expect(200);
    const before = await snapshot();
    // A token signed after the erasure (Clerk keeps signing for a user until it is deleted there) is no better.
    const minted = await bearerFor(t, { userId, email, firstName: 'Marta', lastName: 'Erasmo', sessionId: randomUUID() });

    const access = declaredAccess(t);
    const memberRoutes = operationsOf().filter((operation) => access.get(operation.key) === 'member');
    expect(memberRoutes.filter((operation) => !CALLS[operation.key]).map((operation) => operation.key)).toEqual([]);
    expect(memberRoutes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    const refused = (status: number, body: { error?: string; message?: string; details?: { reason?: string } }) =>
      status === 401 && body.error === ERASED_MESSAGE && body.message === ERASED_MESSAGE && body.details?.reason === 'account_erased';
    for (const operation of memberRoutes) {
      const call = CALLS[operation.key](world);
      for (const [instance, server] of [
        ['first', http],
        ['second', httpOnSecond],
      ] as const) {
        for (const token of [member, minted]) {
          // One call per statement: a formatter would put `[method]` at the start of a line of its own.
          let pending = server()[operation.method](fillPath(operation.path, call.params ?? {}));
          pending = pending.set('Authorization', token).set('Idempotency-Key', randomUUID());
          if (call.query) pending = pending.query(call.query);
          const response = call.body === undefined ? await pending : await pending.send(call.body);
          if (!refused(response.status, response.body))
            answers.push(`${operation.key} (${instance}): ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
        }
      }
    }
    expect(answers).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the access token of a signed-out local session at once, and on the other instance within a second', async () => {
    const email = 'salida.segura@example.com';
    await http().post('/api/identity/sign-up').send({ firstName: 'Sara', lastName: 'Salida', email, password: 'Entrena-Fuerte-24' }).expect(200);
    const { rows } = await db.query<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'verification-code'`, [email]);
    const code = /\b(\d{6})\b/.exec(rows[0].text_body)![1];
    const session = await http().post('/api/identity/verify-email').send({ email, code }).expect(200);
    const token = `Bearer ${session.body.accessToken as string}`;
    const cookie = ([] as string[])
      .concat(session.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('pulso_refresh='))!
      .split(';')[0];
    await http().get('/api/identity/me').set('Authorization', token).expect(200);
    await httpOnSecond().get('/api/identity/me').set('Authorization', token).expect(200);

    await http().post('/api/identity/sign-out').set('Cookie', cookie).expect(204);

    const here = await http().post('/api/privacy/requests').set('Authorization', token).send({ right: 'access' }).expect(401);
    expect(here.body).toMatchObject({ error: SESSION_ENDED_MESSAGE, message: SESSION_ENDED_MESSAGE, details: { reason: 'session_ended' } });
    // The other instance looks at the revocations at most a second after its last look (ADR 0280); the rest is a busy machine's slack.
    await eventually(async () => httpOnSecond().get('/api/identity/me').set('Authorization', token).expect(401), { timeoutMs: 3_000, intervalMs: 25 });
    expect((await httpOnSecond().post('/api/privacy/requests').set('Authorization', token).send({ right: 'access' })).body.message).toBe(SESSION_ENDED_MESSAGE);
    expect((await db.query('SELECT count(*)::int AS n FROM rights_requests')).rows[0].n).toBe(0);

    // Signing in again opens a new session, which works.
    const again = await http().post('/api/identity/sign-in').send({ email, password: 'Entrena-Fuerte-24' }).expect(200);
    await httpOnSecond()
      .get('/api/identity/me')
      .set('Authorization', `Bearer ${again.body.session.accessToken as string}`)
      .expect(200);
  });

  it('ends the session a token names when it comes with the sign-out (Clerk’s sid), and only that one', async () => {
    const userId = randomUUID();
    const signedOut = await bearerFor(t, { userId, sessionId: 'sess_fuera' });
    const otherDevice = await bearerFor(t, { userId, sessionId: 'sess_telefono' });
    await http().get('/api/identity/me').set('Authorization', signedOut).expect(200);

    await http().post('/api/identity/sign-out').set('Authorization', signedOut).expect(204);

    const refused = await http().get('/api/identity/me').set('Authorization', signedOut).expect(401);
    expect(refused.body.message).toBe(SESSION_ENDED_MESSAGE);
    await http().get('/api/identity/me').set('Authorization', otherDevice).expect(200);
    // A sign-out with a token that does not verify ends nothing, and still answers as before.
    await http().post('/api/identity/sign-out').set('Authorization', `${otherDevice}x`).expect(204);
    await http().get('/api/identity/me').set('Authorization', otherDevice).expect(200);
  });

  it('ends the session of a stolen refresh token: the thief’s access token dies with the family', async () => {
    const email = 'robo.detectado@example.com';
    await http().post('/api/identity/sign-up').send({ firstName: 'Rita', lastName: 'Robo', email, password: 'Entrena-Fuerte-24' }).expect(200);
    const { rows } = await db.query<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'verification-code'`, [email]);
    const session = await http()
      .post('/api/identity/verify-email')
      .send({ email, code: /\b(\d{6})\b/.exec(rows[0].text_body)![1] })
      .expect(200);
    const cookie = ([] as string[])
      .concat(session.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('pulso_refresh='))!
      .split(';')[0];
    const renewed = await http().post('/api/identity/refresh').set('Cookie', cookie).expect(200);
    const thief = `Bearer ${renewed.body.accessToken as string}`;
    await http().get('/api/identity/me').set('Authorization', thief).expect(200);
    // The old cookie again, after the grace for races: a copy, so the family is revoked.
    await db.query(`UPDATE identity_refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL`);
    await http().post('/api/identity/refresh').set('Cookie', cookie).expect(401);

    expect((await http().get('/api/identity/me').set('Authorization', thief).expect(401)).body.message).toBe(SESSION_ENDED_MESSAGE);
  });
});
