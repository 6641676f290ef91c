import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { CatalogReadModel } from '../src/modules/catalog/catalog.read-model';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { memberStreamName, type MemberEvent } from '../src/modules/members/member.events';
import { addDays, localDateOf } from '../src/shared/studio-day';
import { enrolledInPlan, memberNewEvent, workoutCompleted } from '../src/modules/progress/testing/member-history';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

describe('progress: stats and history (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  /** Writes the member's history as the members module would, then waits until it is projected. */
  async function history(userId: string, ...events: MemberEvent[]): Promise<void> {
    const store = t.app.get(EventStore);
    let position = '';
    for (const event of events) {
      position = (await store.append(memberStreamName(userId), [memberNewEvent(userId, event)], { expectedRevision: 'any' })).position;
    }
    const waited = await t.app.get(ProjectionEngine).waitFor(position, { projections: ['progress_records', 'member_progress'] }, 15000);
    expect(waited.reached).toBe(true);
  }

  it("serves Puntos Pulso, the heart-rate achievements and each session's summary after heart-rate completions", async () => {
    const http = () => request(t.app.getHttpServer());
    const auth = await bearerFor(t);
    const workoutId = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0]._id;
    // A man of 40 (max 180 bpm): 150 bpm is zone 4 (4 points a minute), 160 bpm is 89 %, over the badge's 84 %.
    const year = Number(localDateOf(new Date()).slice(0, 4)) - 40;
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { dateOfBirth: `${year}-01-01T12:00:00.000Z`, gender: 'male', weight: 80 } })
      .expect(200);
    const complete = (body: object) =>
      http()
        .post('/api/progress/complete')
        .set('Authorization', auth)
        .set('Idempotency-Key', randomUUID())
        .send({ workoutId, planId: null, enrollmentId: null, ...body });

    // Before consent, a sensor's readings leave nothing: the dashboard shows no target yet.
    await complete({ durationSec: 600, heartRate: { samples: Array.from({ length: 600 }, () => 150) } }).expect(200);
    let stats = (await http().get('/api/progress/stats').set('Authorization', auth).expect(200)).body.stats;
    expect(stats.heartRate).toMatchObject({ consented: false, thisMonthPoints: 0, sessions: 0 });

    await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    const first = await complete({ durationSec: 600, heartRate: { samples: Array.from({ length: 600 }, () => 150) } }).expect(200);
    expect(first.body.heartRate).toMatchObject({ points: 40, badge: false });
    const second = await complete({ durationSec: 900, heartRate: { samples: Array.from({ length: 900 }, () => 160) } }).expect(200);
    expect(second.body.heartRate).toMatchObject({ points: 60, badge: true, secondsInZone: [0, 0, 0, 900, 0] });
    await complete({ durationSec: 300 }).expect(200);

    stats = (await http().get('/api/progress/stats').set('Authorization', auth).expect(200)).body.stats;
    // One number per figure: the month's points are the sum of the sessions' points the history shows.
    expect(stats.heartRate).toEqual({
      consented: true,
      thisMonthPoints: 100,
      thisWeekPoints: 100,
      totalPoints: 100,
      monthlyPointsTarget: 1300,
      sessions: 2,
      badgeSessions: 1,
    });
    const byCode = new Map(stats.achievements.map((entry: { code: string }) => [entry.code, entry]));
    expect(byCode.get('hr-badge-1')).toMatchObject({
      title: 'Primera insignia de esfuerzo',
      unlocked: true,
      unlockedAt: second.body.progress.completedAt,
      progress: 1,
      target: 1,
    });
    expect(byCode.get('hr-sessions-10')).toMatchObject({ unlocked: false, progress: 2, target: 10 });
    expect(byCode.get('hr-points-month')).toMatchObject({ title: '1,300 Puntos Pulso en un mes', unlocked: false, progress: 100, target: 1300 });

    const list = (await http().get('/api/progress').set('Authorization', auth).expect(200)).body.progress;
    expect(list.map((entry: { heartRate: { points: number } | null }) => entry.heartRate?.points ?? null)).toEqual([null, 60, 40, null]);
    expect(list[1].heartRate).toEqual(second.body.heartRate);
  });

  it('requires a signed-in member', async () => {
    await request(t.app.getHttpServer()).get('/api/progress/stats').expect(401);
    await request(t.app.getHttpServer()).get('/api/progress').expect(401);
  });

  it('answers zeros, no records and the nine locked achievements to a new member', async () => {
    const auth = await bearerFor(t);
    const stats = await request(t.app.getHttpServer()).get('/api/progress/stats').set('Authorization', auth).expect(200);
    expect(stats.body.stats).toMatchObject({
      totalWorkouts: 0,
      hasWorkoutToday: false,
      currentStreak: 0,
      longestStreak: 0,
      thisWeekCount: 0,
      thisMonthCount: 0,
      totalDurationSec: 0,
      activePlans: 0,
      recentWorkouts: [],
    });
    expect(stats.body.stats.achievements.map((entry: { code: string }) => entry.code)).toEqual([
      'streak-3',
      'workouts-10',
      'month-5',
      'multi-plan',
      'week-5',
      'streak-7',
      'workouts-30',
      'streak-30',
      'workouts-100',
      'hr-badge-1',
      'hr-sessions-10',
      'hr-points-month',
    ]);
    expect(stats.body.stats.heartRate).toEqual({
      consented: false,
      thisMonthPoints: 0,
      thisWeekPoints: 0,
      totalPoints: 0,
      monthlyPointsTarget: 1300,
      sessions: 0,
      badgeSessions: 0,
    });
    expect(stats.body.stats.achievements[0]).toEqual({
      code: 'streak-3',
      title: '3 días seguidos',
      description: 'Entrena tres días consecutivos.',
      unlocked: false,
      unlockedAt: null,
      progress: 0,
      target: 3,
    });
    const list = await request(t.app.getHttpServer()).get('/api/progress?limit=100&offset=0').set('Authorization', auth).expect(200);
    expect(list.body).toEqual({ progress: [], pagination: { limit: 100, offset: 0, total: 0, hasMore: false } });
  });

  it('serves the member own figures and history with the workout and the plan populated', async () => {
    const catalog = t.app.get(CatalogReadModel);
    const plan = catalog.listPlans()[0]!;
    const training = catalog.listWorkouts()[0]!;
    const running = catalog.listRunningWorkouts()[0]!;
    const userId = randomUUID();
    const auth = await bearerFor(t, { userId });
    const enrollmentId = randomUUID();
    const planWorkoutId = plan.workouts[0]!._id;
    // Yesterday and the day before in San Salvador, then one now: a three-day streak ending today.
    const justNow = new Date(Date.now() - 1000).toISOString();
    const today = localDateOf(justNow);
    const atLocal = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00.000-06:00`)).toISOString();
    const instants = [atLocal(addDays(today, -2), '07:00'), atLocal(addDays(today, -1), '18:30'), justNow];
    await history(
      userId,
      enrolledInPlan(
        atLocal(addDays(today, -2), '06:50'),
        plan._id,
        enrollmentId,
        plan.workouts.map((workout) => workout._id),
      ),
      workoutCompleted(instants[0]!, { workoutId: planWorkoutId, planId: plan._id, enrollmentId, durationSec: 1500 }),
      workoutCompleted(instants[1]!, { workoutId: training._id, durationSec: 1200 }),
      workoutCompleted(instants[2]!, { workoutId: running._id, isRunning: true, durationSec: 1830 }),
    );

    const stats = await request(t.app.getHttpServer()).get('/api/progress/stats').set('Authorization', auth).expect(200);
    expect(stats.body.stats).toMatchObject({
      totalWorkouts: 3,
      hasWorkoutToday: true,
      currentStreak: 3,
      longestStreak: 3,
      totalDurationSec: 4530,
      activePlans: 1,
    });
    expect(stats.body.stats.recentWorkouts).toEqual([
      { completedAt: instants[2], workoutId: { _id: running._id, title: running.title, estDurationSec: running.duration * 60 } },
      { completedAt: instants[1], workoutId: { _id: training._id, title: training.title, estDurationSec: training.estDurationSec } },
      { completedAt: instants[0], workoutId: expect.objectContaining({ _id: planWorkoutId, title: expect.any(String) }) },
    ]);
    expect(stats.body.stats.achievements.find((entry: { code: string }) => entry.code === 'streak-3')).toMatchObject({
      unlocked: true,
      unlockedAt: instants[2],
      progress: 3,
    });

    const list = await request(t.app.getHttpServer()).get('/api/progress?limit=2&offset=0').set('Authorization', auth).expect(200);
    expect(list.body.pagination).toEqual({ limit: 2, offset: 0, total: 3, hasMore: true });
    expect(list.body.progress[0]).toMatchObject({ completedAt: instants[2], isRunning: true, durationSec: 1830, planId: null, enrollmentId: null });
    expect(list.body.progress[1]).toMatchObject({ completedAt: instants[1] });
    const pastTheEnd = await request(t.app.getHttpServer()).get('/api/progress?limit=2&offset=5').set('Authorization', auth).expect(200);
    expect(pastTheEnd.body).toEqual({ progress: [], pagination: { limit: 2, offset: 5, total: 3, hasMore: false } });
    const older = await request(t.app.getHttpServer()).get('/api/progress?limit=2&offset=2').set('Authorization', auth).expect(200);
    expect(older.body.pagination).toEqual({ limit: 2, offset: 2, total: 3, hasMore: false });
    expect(older.body.progress).toEqual([
      {
        _id: expect.any(String),
        completedAt: instants[0],
        localDate: addDays(today, -2),
        workoutId: { _id: planWorkoutId, title: expect.any(String), estDurationSec: expect.any(Number) },
        planId: { _id: plan._id, title: plan.title },
        enrollmentId,
        durationSec: 1500,
        isRunning: false,
        heartRate: null,
      },
    ]);
    expect(older.body.progress[0].workoutId.title).toBe(catalog.findWorkout(planWorkoutId)?.title);

    // Another member sees none of it.
    const stranger = await bearerFor(t);
    const theirs = await request(t.app.getHttpServer()).get('/api/progress/stats').set('Authorization', stranger).expect(200);
    expect(theirs.body.stats.totalWorkouts).toBe(0);
    const theirList = await request(t.app.getHttpServer()).get('/api/progress').set('Authorization', stranger).expect(200);
    expect(theirList.body.progress).toEqual([]);
  });

  it.each([
    ['limit=0', 'El límite debe ser al menos 1.'],
    ['limit=101', 'El límite no puede ser mayor que 100.'],
    ['limit=abc', 'El límite debe ser un número entero.'],
    ['limit=2.5', 'El límite debe ser un número entero.'],
    ['offset=-1', 'El desplazamiento no puede ser negativo.'],
    ['offset=uno', 'El desplazamiento debe ser un número entero.'],
    ['offset=1e95', 'El desplazamiento no puede ser mayor que 1000000.'],
  ])('refuses %s with a Spanish message naming the field', async (query, message) => {
    const auth = await bearerFor(t);
    const response = await request(t.app.getHttpServer()).get(`/api/progress?${query}`).set('Authorization', auth).expect(400);
    expect(response.body.error).toBe(message);
    expect(response.body.message).toBe(message);
  });

  it('defaults to the first 100 records', async () => {
    const auth = await bearerFor(t);
    const response = await request(t.app.getHttpServer()).get('/api/progress').set('Authorization', auth).expect(200);
    expect(response.body.pagination).toEqual({ limit: 100, offset: 0, total: 0, hasMore: false });
  });
});
