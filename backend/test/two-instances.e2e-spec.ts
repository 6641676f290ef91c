import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import type { RecordedEvent } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { FREE_CLASS_ATTEMPTS_PER_WINDOW } from '../src/modules/free-class-bookings/free-class-rate-limit.guard';
import { FreeClassRetentionScheduler, type RetentionRun } from '../src/modules/free-class-bookings/free-class-retention.scheduler';
import { staffActivityProjection } from '../src/modules/staff/staff-activity.projection';
import { reminderWindow } from '../src/modules/training-calendar/training-calendar.rules';
import { ReminderClock, WorkoutReminderScheduler } from '../src/modules/training-calendar/workout-reminder.scheduler';
import { addDays, localDateOf } from '../src/shared/studio-day';
import { bearerFor, onboardedBearerFor } from './support/auth';
import { eventually } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 38, point 6: two instances of the app on one database, as behind a load balancer. They
 * share every limit (reached at the same count as one instance, and still after a restart), send
 * one reminder per member, record one retention run, and project each event once.
 */
describe('two instances on one database (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const extra: NestExpressApplication[] = [];
  let one: NestExpressApplication;
  let two: NestExpressApplication;

  /** Another instance on the same database and configuration. */
  async function instance(): Promise<NestExpressApplication> {
    const app = await createApp(t.config);
    await app.init();
    extra.push(app);
    return app;
  }

  beforeAll(async () => {
    t = await createTestApp({ FREE_CLASS_RETENTION_MONTHS: '6' });
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    one = t.app;
    two = await instance();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await db?.end();
    for (const app of extra.reverse()) await app.close().catch(() => undefined);
    await t?.close();
  });

  /** The status of each attempt, sent in turn to the given instances, from one client address. */
  async function statuses(apps: NestExpressApplication[], count: number, send: (http: request.Agent, index: number) => request.Test): Promise<number[]> {
    const seen: number[] = [];
    for (let index = 0; index < count; index++) seen.push((await send(request.agent(apps[index % apps.length].getHttpServer()), index)).status);
    return seen;
  }

  const firstRefused = (seen: number[]) => seen.indexOf(429);

  it('reaches the booking limit at the same count as one instance, and keeps it after a restart', async () => {
    const book = (address: string) => (http: request.Agent) => http.post('/api/users/register').set('X-Forwarded-For', address).send({});
    const alone = await statuses([one], FREE_CLASS_ATTEMPTS_PER_WINDOW + 1, book('203.0.113.10'));
    const together = await statuses([one, two], FREE_CLASS_ATTEMPTS_PER_WINDOW + 1, book('203.0.113.11'));
    expect(firstRefused(alone)).toBe(FREE_CLASS_ATTEMPTS_PER_WINDOW);
    expect(firstRefused(together)).toBe(FREE_CLASS_ATTEMPTS_PER_WINDOW);

    // A restart: a new instance on the same database still refuses that address, and its 429 says when to come back.
    const restarted = await instance();
    const after = await request(restarted.getHttpServer()).post('/api/users/register').set('X-Forwarded-For', '203.0.113.11').send({});
    expect(after.status).toBe(429);
    expect(after.body.error).toBe('Demasiados intentos de registro desde tu conexión. Espera unos minutos e inténtalo de nuevo.');
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('reaches the sign-in limit (20 wrong passwords per address) at the same count as one instance', async () => {
    const signIn = (address: string) => (http: request.Agent, index: number) =>
      http
        .post('/api/identity/sign-in')
        .set('X-Forwarded-For', address)
        .send({ email: `nadie-${index}@example.com`, password: 'Incorrecta-123' });
    const alone = await statuses([one], 21, signIn('203.0.113.20'));
    const together = await statuses([one, two], 21, signIn('203.0.113.21'));
    expect(firstRefused(alone)).toBe(20);
    expect(firstRefused(together)).toBe(20);
    // 42 password checks (scrypt) on a busy machine.
  }, 120_000);

  it('reaches the codes-per-account limit (5 an hour) at the same count as one instance', async () => {
    const codes = (email: string) => async (apps: NestExpressApplication[]) => {
      await request(apps[0].getHttpServer())
        .post('/api/identity/sign-up')
        .send({ firstName: 'Ana', lastName: 'Rivas', email, password: 'Entrena-Fuerte-24' })
        .expect(200);
      // The sign-up mailed the first code; each resend asks for another.
      return statuses(apps, 6, (http) => http.post('/api/identity/verification-code').send({ email }));
    };
    const alone = await codes('codigos.uno@example.com')([one]);
    const together = await codes('codigos.dos@example.com')([one, two]);
    expect(firstRefused(alone)).toBe(4);
    expect(firstRefused(together)).toBe(4);
    const mailed = await db.query<{ recipient: string; n: number }>(
      "SELECT recipient, count(*)::int AS n FROM mail_outbox WHERE kind = 'verification-code' AND recipient LIKE 'codigos.%' GROUP BY 1 ORDER BY 1",
    );
    expect(mailed.rows).toEqual([
      { recipient: 'codigos.dos@example.com', n: 5 },
      { recipient: 'codigos.uno@example.com', n: 5 },
    ]);
  });

  it('sends one reminder per member when both instances tick in the window', async () => {
    const email = 'recordatorio.compartido@example.com';
    const auth = await onboardedBearerFor(t, { email });
    const plans: Array<{ _id: string }> = (await request(one.getHttpServer()).get('/api/plans').set('Authorization', auth).expect(200)).body.plans;
    await request(one.getHttpServer()).post('/api/enrollments').set('Authorization', auth).send({ planId: plans[0]!._id }).expect(201);
    await request(two.getHttpServer())
      .put('/api/training/schedule')
      .set('Authorization', auth)
      .send({ weekdays: [1, 2, 3, 4, 5, 6, 7], time: '09:30', reminderOffsetMin: 30 })
      .expect(200);
    const inside = new Date(reminderWindow(addDays(localDateOf(new Date()), 1), { time: '09:30', reminderOffsetMin: 30 }).from.getTime() + 60_000);
    const tick = (app: NestExpressApplication) => {
      jest.spyOn(app.get(ReminderClock), 'now').mockReturnValue(inside);
      return app.get(WorkoutReminderScheduler).tick();
    };
    const sent = await Promise.all([tick(one), tick(two)]);
    const later = await Promise.all([tick(two), tick(one)]);
    const reminders = await db.query("SELECT 1 FROM mail_outbox WHERE kind = 'workout-reminder' AND recipient = $1", [email]);
    expect(reminders.rowCount).toBe(1);
    expect([...sent, ...later].reduce((sum, count) => sum + count, 0)).toBe(1);
  });

  it('records one retention run when both instances purge at the same moment', async () => {
    for (const email of ['vieja.uno@example.com', 'vieja.dos@example.com']) {
      await db.query(
        `INSERT INTO free_class_bookings (id, name, lastname, dui, email, cellphone, class_date, slot, class_name)
         VALUES ($1, 'Marta', 'Rivas', $2, $3, '+50370001111', '2025-01-10', '07:00', 'HIIT')`,
        [randomUUID(), String(10_000_000 + Math.floor(Math.random() * 89_999_999)), email],
      );
    }
    const now = new Date('2026-11-24T15:00:00.000Z');
    const runs: RetentionRun[] = await Promise.all([one, two].map((app) => app.get(FreeClassRetentionScheduler).purge(now)));
    expect(runs.map((run) => run.bookingsDeleted).sort()).toEqual([0, 2]);
    const recorded = await db.query('SELECT bookings_deleted FROM free_class_retention_runs');
    expect(recorded.rows).toEqual([{ bookings_deleted: 2 }]);
    const purged = await db.query("SELECT 1 FROM event_store_events WHERE event_type = 'FreeClassBookingsPurged'");
    expect(purged.rowCount).toBe(1);
  });

  it('projects each event once: one runner per asynchronous projection across the instances', async () => {
    const asynchronous = one
      .get(ProjectionEngine)
      .registered()
      .filter((projection) => projection.lifecycle !== 'inline')
      .map((projection) => projection.name);
    expect(asynchronous).toContain(staffActivityProjection.name);
    for (const name of asynchronous) {
      const states = await Promise.all([one, two].map(async (app) => (await app.get(ProjectionEngine).status()).find((status) => status.name === name)?.state));
      expect({ name, states: states.sort() }).toEqual({ name, states: ['running', 'standby'] });
    }

    // The staff log's handler is one object in this process: every batch either instance applies passes through it.
    const handled: string[] = [];
    const original = staffActivityProjection.apply.bind(staffActivityProjection);
    jest.spyOn(staffActivityProjection, 'apply').mockImplementation((events: RecordedEvent[], context) => {
      for (const event of events) handled.push(event.metadata.eventId);
      return original(events, context);
    });
    const members = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, userId] of members.entries()) {
      const auth = await bearerFor(t, { userId });
      for (const [turn, app] of [one, two, one, two].entries()) {
        await request(app.getHttpServer())
          .put('/api/platform-users/profile')
          .set('Authorization', auth)
          .send({ profile: { weight: 60 + index + turn } })
          .expect(200);
      }
    }
    const streams = members.map((userId) => `member-${userId}`);
    const written = (await db.query<{ id: string }>('SELECT event_id::text AS id FROM event_store_events WHERE stream_id = ANY ($1)', [streams])).rows.map(
      (row) => row.id,
    );
    expect(written.length).toBeGreaterThanOrEqual(members.length * 4);
    const projected = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM activity_log WHERE stream_id = ANY ($1)', [streams])).rows[0].n;
    await eventually(async () => expect(await projected()).toBe(written.length), { timeoutMs: 20_000 });
    const times = new Map<string, number>();
    for (const id of handled) times.set(id, (times.get(id) ?? 0) + 1);
    expect(written.map((id) => times.get(id) ?? 0)).toEqual(written.map(() => 1));
  });
});
