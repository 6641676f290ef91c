import { EventBus, type IEvent } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { bookableDates, openSlots } from '../src/modules/free-class-bookings/free-class-schedule';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { SendPerformanceSummaryHandler } from '../src/modules/heart-rate/send-performance-summary.handler';
import { MemberEventRecorded } from '../src/modules/members/member-streams';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { bearerFor, onboardedBearerFor } from './support/auth';
import { eventually, waitForInline, waitForRebuild, watchHandler } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

/**
 * A replay rebuilds read models from the log and must do nothing else: no mail, no outbox
 * message, no side-effect event on the EventBus, no achievement unlocked a second time or at
 * another moment. Side effects belong to the writer, after a real append (ADR 0100).
 */
describe('a full rebuild has no side effects (e2e)', () => {
  let t: TestApp;
  let db: Client;
  let staff: string;
  let member: string;
  const staffId = randomUUID();
  const published: IEvent[] = [];
  const http = () => request(t.app.getHttpServer());

  const outboxRows = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox')).rows[0].n);
  const stats = async () => (await http().get('/api/progress/stats').set('Authorization', member).expect(200)).body.stats;
  /** Every figure a member reads, heart rate included: stats, the history with its summaries, the heart-rate profile. */
  const figures = async () => ({
    stats: await stats(),
    history: (await http().get('/api/progress').set('Authorization', member).expect(200)).body,
    heartRate: (await http().get('/api/heart-rate/profile').set('Authorization', member).expect(200)).body,
  });

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
    t.app.get(EventBus).subscribe((event: IEvent) => published.push(event));
    staff = await bearerFor(t, { role: 'staff', userId: staffId });
    member = await onboardedBearerFor(t);

    // A history with side effects: a booking confirmation mail, an enrolment, and completions
    // that unlock achievements.
    const now = new Date();
    const date = bookableDates(now).at(-1)!;
    await http()
      .post('/api/users/register')
      .set('X-Forwarded-For', '203.0.113.77')
      .send({
        name: 'Ana',
        lastname: 'Martínez',
        dui: '09876543',
        email: 'ana.rebuild@example.com',
        cellphone: '+50370001234',
        date,
        time: openSlots(date, now)[0],
      })
      .expect(201);
    // Two plans unlock 'Multi-Plan'; five workouts today unlock 'Semana intensa' and 'Mes en movimiento'.
    const plans: Array<{ _id: string; workouts: Array<{ _id: string }> }> = (await http().get('/api/plans').set('Authorization', member).expect(200)).body
      .plans;
    for (const plan of plans.slice(0, 2)) await http().post('/api/enrollments').set('Authorization', member).send({ planId: plan._id }).expect(201);
    const workoutId = plans[0].workouts[0]._id;
    for (let index = 0; index < 5; index += 1) {
      await http().post('/api/progress/complete').set('Authorization', member).send({ workoutId, planId: null, enrollmentId: null }).expect(200);
    }
    // A session with heart rate: a summary, Puntos Pulso, a raised maximum (40 s at 230 bpm) and its email.
    await http().put('/api/heart-rate/consent').set('Authorization', member).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    const samples = [...Array.from({ length: 600 }, () => 160), ...Array.from({ length: 40 }, () => 230)];
    const withHeartRate = await http()
      .post('/api/progress/complete')
      .set('Authorization', member)
      .send({ workoutId, planId: null, enrollmentId: null, durationSec: samples.length, heartRate: { samples } })
      .expect(200);
    expect(withHeartRate.body.heartRate.points).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('rebuilds every projection to identical figures, heart rate included, without mail, outbox rows or recorded-event notices', async () => {
    // The "Resumen de rendimiento" is mailed by a handler after the completion answered: wait for it,
    // so the count before the rebuild holds every mail the history sends.
    const summaries = async () => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'performance-summary'`)).rows[0].n);
    await eventually(async () => expect(await summaries()).toBe(1));
    const before = { outbox: await outboxRows(), ...(await figures()) };
    expect(before.heartRate.maxHrSource).toBe('raised');
    expect(before.stats.heartRate.thisMonthPoints).toBeGreaterThan(0);
    expect(before.outbox).toBeGreaterThan(0);
    expect(before.stats.achievements.some((achievement: { unlocked: boolean }) => achievement.unlocked)).toBe(true);
    expect(published.filter((event) => event instanceof MemberEventRecorded).length).toBeGreaterThan(0);
    published.length = 0;

    const started = await http().post('/api/staff/projections/rebuild-all').set('Authorization', staff).expect(202);
    await waitForRebuild(t.app, staff, started.body);

    expect(await outboxRows()).toBe(before.outbox);
    expect(published.filter((event) => event instanceof MemberEventRecorded)).toEqual([]);
    const after = await figures();
    expect(after.stats).toEqual(before.stats);
    expect(after.history).toEqual(before.history);
    expect(after.heartRate).toEqual(before.heartRate);
  });

  it('puts the member read models back in the append transactions after the rebuild, where a completion unlocks nothing a second time', async () => {
    const engine = t.app.get(ProjectionEngine);
    const inlineNames = engine
      .registered()
      .filter((projection) => projection.lifecycle === 'inline')
      .map((projection) => projection.name);
    expect(inlineNames).toEqual(expect.arrayContaining(['member_progress', 'progress_records', 'member_enrollments', 'member_profiles']));
    await waitForInline(t.app, inlineNames);
    const unlockedBefore = (await stats()).achievements.filter((achievement: { unlocked: boolean }) => achievement.unlocked);
    const outboxBefore = await outboxRows();
    published.length = 0;
    const mailer = watchHandler(t.app, SendPerformanceSummaryHandler);
    const plans: Array<{ workouts: Array<{ _id: string }> }> = (await http().get('/api/plans').set('Authorization', member).expect(200)).body.plans;
    const answer = await http()
      .post('/api/progress/complete')
      .set('Authorization', member)
      .send({ workoutId: plans[0].workouts[0]._id, planId: null, enrollmentId: null })
      .expect(200);
    expect(answer.headers['x-read-your-writes']).toBe('ok');
    const after = await stats();
    // Already unlocked before: still unlocked, at the same moment.
    for (const achievement of unlockedBefore) expect(after.achievements).toContainEqual(achievement);
    // One completion, one notice; no mail of the history sent again (a completion without heart rate mails nothing).
    expect(published.filter((event) => event instanceof MemberEventRecorded)).toHaveLength(1);
    // Whatever the notice was going to mail has been mailed by now.
    await mailer.drained();
    expect(mailer.handled()).toBe(1);
    mailer.restore();
    expect(await outboxRows()).toBe(outboxBefore);
  });
});
