import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { seedEvents } from '../../../test/support/seed-events';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres/postgres-event-store';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { quietLog } from '../../infrastructure/projections/testing/projection-test-kit';
import type { CatalogReadModel } from '../catalog/catalog.read-model';
import { memberHeartRateProjection } from '../heart-rate/member-heart-rate.projection';
import { memberStreamName, type MemberEvent } from '../members/member.events';
import { addDays, localDateOf } from '../../shared/studio-day';
import { memberProgressProjection } from './member-progress.projection';
import { progressRecordsProjection } from './progress-records.projection';
import { ProgressReadModel } from './progress.read-model';
import type { ProgressEvent } from './progress.rules';
import { enrolledInPlan, heartRateSummary, memberHistory, memberNewEvent, seededRandom, workoutCompleted } from './testing/member-history';
import { progressAsOf } from './testing/progress-fold';

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let engine: ProjectionEngine;
let progress: ProgressReadModel;

/** Titles are covered by the e2e test on the real catalogue; here every id is unknown to it. */
const emptyCatalogue = { findWorkout: () => undefined, findRunningWorkout: () => undefined, findPlan: () => undefined } as unknown as CatalogReadModel;
// Consent lives in the heart-rate module's projection, not registered here: nobody has consented.
const NAMES = [progressRecordsProjection.name, memberProgressProjection.name];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 10 });
  store = new PostgresEventStore(pool);
  // Small batches, so one member's history is split across many of them.
  engine = new ProjectionEngine(pool, store, { batchSize: 7, superviseIntervalMs: 200, log: quietLog });
  engine.register(progressRecordsProjection);
  engine.register(memberProgressProjection);
  // The stats read the member's heart-rate consent from its read model.
  engine.register(memberHeartRateProjection);
  await engine.start();
  progress = new ProgressReadModel(pool, emptyCatalogue);
});

afterAll(async () => {
  await engine.stop();
  await store.close();
  await pool.end();
  await database.drop();
});

/** Appends as the API would, one decision at a time, then waits for both projections. */
async function append(userId: string, ...events: MemberEvent[]): Promise<void> {
  let position = '';
  for (const event of events) {
    position = await seedEvents(store, memberStreamName(userId), [memberNewEvent(userId, event)]);
  }
  expect((await engine.waitFor(position, { projections: NAMES }, 15000)).reached).toBe(true);
}

/** An instant given as local San Salvador time (UTC-6). */
const local = (dateTime: string) => new Date(Date.parse(`${dateTime}:00.000-06:00`));
const achievement = async (userId: string, code: string, now: Date) =>
  (await progress.statsFor(userId, now)).achievements.find((entry) => entry.code === code)!;

describe('progress projections and stats (PostgreSQL)', () => {
  it('starts a new member at zero with every achievement locked', async () => {
    const stats = await progress.statsFor(randomUUID(), local('2026-11-22T10:00'));
    expect(stats).toMatchObject({
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
    // The nine of the spec, then the three of heart rate.
    expect(stats.achievements).toHaveLength(12);
    expect(stats.achievements.every((entry) => !entry.unlocked && entry.progress === 0 && entry.unlockedAt === null)).toBe(true);
    expect(stats.heartRate).toEqual({
      consented: false,
      thisMonthPoints: 0,
      thisWeekPoints: 0,
      totalPoints: 0,
      monthlyPointsTarget: 1300,
      sessions: 0,
      badgeSessions: 0,
    });
  });

  it('sums Puntos Pulso by studio month, serves each entry its summary, and unlocks the heart-rate achievements at their sessions', async () => {
    const userId = randomUUID();
    // 23:30 on 31 October local is 1 November in UTC: October's points.
    const lastOctober = workoutCompleted('2026-11-01T05:30:00.000Z', { heartRate: heartRateSummary(700, true) });
    const firstNovember = workoutCompleted('2026-11-01T14:00:00.000Z', { heartRate: heartRateSummary(650) });
    const noSensor = workoutCompleted('2026-11-02T14:00:00.000Z');
    const crossing = workoutCompleted('2026-11-03T14:00:00.000Z', { heartRate: heartRateSummary(650) });
    await append(userId, workoutCompleted('2026-10-05T14:00:00.000Z', { heartRate: heartRateSummary(599) }), lastOctober, firstNovember, noSensor);
    expect((await progress.statsFor(userId, local('2026-10-31T23:50'))).heartRate).toMatchObject({
      thisMonthPoints: 1299,
      totalPoints: 1299,
      sessions: 2,
      badgeSessions: 1,
    });
    const before = await progress.statsFor(userId, local('2026-11-02T20:00'));
    expect(before.heartRate).toMatchObject({ thisMonthPoints: 650, totalPoints: 1949, sessions: 3 });
    expect(before.achievements.find((entry) => entry.code === 'hr-points-month')).toMatchObject({ unlocked: false, progress: 650, target: 1300 });
    expect(before.achievements.find((entry) => entry.code === 'hr-badge-1')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-01T05:30:00.000Z' });

    await append(userId, crossing);
    const after = await progress.statsFor(userId, local('2026-11-03T20:00'));
    expect(after.heartRate).toMatchObject({ thisMonthPoints: 1300, thisWeekPoints: 650, sessions: 4 });
    expect(after.achievements.find((entry) => entry.code === 'hr-points-month')).toMatchObject({
      unlocked: true,
      unlockedAt: '2026-11-03T14:00:00.000Z',
      progress: 1300,
    });

    const history = (await progress.listFor(userId)).progress;
    expect(history.map((entry) => entry.heartRate?.points ?? null)).toEqual([650, null, 650, 700, 599]);
    expect(history[0]!.heartRate).toEqual(heartRateSummary(650));
  });

  it('puts a workout at 23:30 on a Sunday in San Salvador (05:30 Monday UTC) on that Sunday, its week and its month', async () => {
    const userId = randomUUID();
    // Sunday 31 January 2027, 23:30 local = Monday 1 February 05:30 UTC.
    await append(userId, workoutCompleted('2027-02-01T05:30:00.000Z', { durationSec: 1500 }));
    const records = await progress.listFor(userId);
    expect(records.progress[0]).toMatchObject({ completedAt: '2027-02-01T05:30:00.000Z', localDate: '2027-01-31' });
    expect(await progress.statsFor(userId, local('2027-01-31T23:45'))).toMatchObject({
      totalWorkouts: 1,
      hasWorkoutToday: true,
      thisWeekCount: 1,
      thisMonthCount: 1,
      currentStreak: 1,
      totalDurationSec: 1500,
    });
    // Monday morning: a new week and a new month, the streak still alive from yesterday.
    expect(await progress.statsFor(userId, local('2027-02-01T08:00'))).toMatchObject({
      hasWorkoutToday: false,
      thisWeekCount: 0,
      thisMonthCount: 0,
      currentStreak: 1,
      longestStreak: 1,
    });
    // Tuesday: the streak is broken, computed at query time without any timer.
    expect(await progress.statsFor(userId, local('2027-02-02T08:00'))).toMatchObject({ currentStreak: 0, longestStreak: 1, totalWorkouts: 1 });
  });

  it('counts a streak across the UTC midnight by local days and unlocks streak-3 at the third day', async () => {
    const userId = randomUUID();
    // Local 19, 20 and 21 November; the first two are both on 20 November in UTC.
    const instants = ['2026-11-20T05:00:00.000Z', '2026-11-20T07:00:00.000Z', '2026-11-21T07:00:00.000Z'];
    await append(userId, workoutCompleted(instants[0]!), workoutCompleted(instants[1]!));
    expect(await achievement(userId, 'streak-3', local('2026-11-20T12:00'))).toMatchObject({ unlocked: false, progress: 2, target: 3 });
    await append(userId, workoutCompleted(instants[2]!));
    const stats = await progress.statsFor(userId, local('2026-11-21T12:00'));
    expect(stats).toMatchObject({ currentStreak: 3, longestStreak: 3, hasWorkoutToday: true });
    expect(stats.achievements.find((entry) => entry.code === 'streak-3')).toMatchObject({ unlocked: true, unlockedAt: instants[2], progress: 3 });
    // Three UTC days in a row that are only two local days with a gap are no streak.
    const other = randomUUID();
    await append(other, ...['2026-11-20T03:00:00.000Z', '2026-11-21T12:00:00.000Z', '2026-11-22T03:00:00.000Z'].map((at) => workoutCompleted(at)));
    // Local days 19, 21 and 21 November.
    expect(await progress.statsFor(other, local('2026-11-21T22:00'))).toMatchObject({ currentStreak: 1, longestStreak: 1, totalWorkouts: 3 });
    expect((await achievement(other, 'streak-3', local('2026-11-21T22:00'))).unlocked).toBe(false);
  });

  it('joins two runs when a late day arrives between them', async () => {
    const userId = randomUUID();
    await append(userId, workoutCompleted('2026-11-20T13:00:00.000Z'), workoutCompleted('2026-11-22T13:00:00.000Z'));
    expect(await progress.statsFor(userId, local('2026-11-22T12:00'))).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    await append(userId, workoutCompleted('2026-11-21T13:00:00.000Z'));
    expect(await progress.statsFor(userId, local('2026-11-22T12:00'))).toMatchObject({ currentStreak: 3, longestStreak: 3 });
    expect(await achievement(userId, 'streak-3', local('2026-11-22T12:00'))).toMatchObject({ unlocked: true, unlockedAt: '2026-11-21T13:00:00.000Z' });
  });

  it('splits weeks on Monday and months on the first, in local days', async () => {
    const userId = randomUUID();
    // Saturday 31 October 23:30 local is 1 November in UTC; Sunday 1 November; Monday 2 November.
    await append(
      userId,
      workoutCompleted('2026-11-01T05:30:00.000Z'),
      workoutCompleted('2026-11-01T18:00:00.000Z'),
      workoutCompleted('2026-11-02T18:00:00.000Z'),
    );
    expect(await progress.statsFor(userId, local('2026-11-01T20:00'))).toMatchObject({ thisWeekCount: 2, thisMonthCount: 1, currentStreak: 2 });
    expect(await progress.statsFor(userId, local('2026-11-02T20:00'))).toMatchObject({ thisWeekCount: 1, thisMonthCount: 2, currentStreak: 3 });
  });

  it.each([
    ['workouts-10', 10],
    ['workouts-30', 30],
    ['workouts-100', 100],
  ] as const)('unlocks %s exactly at workout number %i, at its moment, and never locks it again', async (code, threshold) => {
    const userId = randomUUID();
    // Every third day at 07:00 local, so no streak or week record builds up beside the count.
    const instants = Array.from({ length: threshold }, (_, index) => `${addDays('2025-01-06', index * 3)}T13:00:00.000Z`);
    await append(userId, ...instants.slice(0, threshold - 1).map((at) => workoutCompleted(at)));
    const before = local(`${localDateOf(instants[threshold - 2]!)}T20:00`);
    expect(await achievement(userId, code, before)).toMatchObject({ unlocked: false, unlockedAt: null, progress: threshold - 1, target: threshold });
    await append(userId, workoutCompleted(instants[threshold - 1]!));
    const after = local(`${localDateOf(instants[threshold - 1]!)}T20:00`);
    expect(await achievement(userId, code, after)).toMatchObject({ unlocked: true, unlockedAt: instants[threshold - 1], progress: threshold });
    // A year later, and after more workouts, it is still unlocked at the same moment.
    await append(userId, workoutCompleted(`${addDays(localDateOf(instants[threshold - 1]!), 400)}T13:00:00.000Z`));
    expect(await achievement(userId, code, local(`${addDays(localDateOf(instants[threshold - 1]!), 401)}T12:00`))).toMatchObject({
      unlocked: true,
      unlockedAt: instants[threshold - 1],
    });
    const rows = await pool.query('SELECT count(*)::int AS count FROM member_achievements WHERE user_id = $1 AND code = $2', [userId, code]);
    expect(rows.rows[0].count).toBe(1);
  });

  it('keeps streak-7 after the streak breaks and shows the current streak toward streak-30', async () => {
    const userId = randomUUID();
    const week = Array.from({ length: 7 }, (_, index) => `${addDays('2026-10-01', index)}T13:00:00.000Z`);
    await append(userId, ...week.slice(0, 6).map((at) => workoutCompleted(at)));
    expect(await achievement(userId, 'streak-7', local('2026-10-06T20:00'))).toMatchObject({ unlocked: false, progress: 6 });
    await append(userId, workoutCompleted(week[6]!), workoutCompleted('2026-10-20T13:00:00.000Z'), workoutCompleted('2026-10-21T13:00:00.000Z'));
    expect(await achievement(userId, 'streak-7', local('2026-10-21T20:00'))).toMatchObject({ unlocked: true, unlockedAt: week[6] });
    expect(await achievement(userId, 'streak-30', local('2026-10-21T20:00'))).toMatchObject({ unlocked: false, progress: 2 });
    expect(await achievement(userId, 'streak-30', local('2026-10-23T20:00'))).toMatchObject({ unlocked: false, progress: 0 });
  });

  it('unlocks month-5 and week-5 within one month and one Monday-to-Sunday week only', async () => {
    const userId = randomUUID();
    // Friday 30 and Saturday 31 October (the last at 23:30 local, 1 November UTC), then Sunday 1 November.
    await append(
      userId,
      workoutCompleted('2026-10-30T14:00:00.000Z'),
      workoutCompleted('2026-10-30T15:00:00.000Z'),
      workoutCompleted('2026-11-01T05:30:00.000Z'),
      workoutCompleted('2026-11-01T15:00:00.000Z'),
      workoutCompleted('2026-11-01T16:00:00.000Z'),
    );
    // Five in the week of Monday 26 October, but three in October and two in November.
    const sunday = local('2026-11-01T20:00');
    expect(await achievement(userId, 'week-5', sunday)).toMatchObject({ unlocked: true, unlockedAt: '2026-11-01T16:00:00.000Z' });
    expect(await achievement(userId, 'month-5', sunday)).toMatchObject({ unlocked: false, progress: 2 });
    await append(userId, ...['2026-11-02T15:00:00.000Z', '2026-11-03T15:00:00.000Z', '2026-11-04T15:00:00.000Z'].map((at) => workoutCompleted(at)));
    expect(await achievement(userId, 'month-5', local('2026-11-04T20:00'))).toMatchObject({ unlocked: true, unlockedAt: '2026-11-04T15:00:00.000Z' });
  });

  it('unlocks Multi-Plan at the second distinct plan and counts active plans from the enrolments', async () => {
    const userId = randomUUID();
    const first = randomUUID();
    await append(userId, enrolledInPlan('2026-11-01T13:00:00.000Z', 'plan-a', first));
    await append(userId, { type: 'EnrollmentAbandoned', data: { enrollmentId: first, planId: 'plan-a', occurredAt: '2026-11-02T13:00:00.000Z' } });
    await append(userId, enrolledInPlan('2026-11-03T13:00:00.000Z', 'plan-a'));
    const now = local('2026-11-10T12:00');
    expect(await progress.statsFor(userId, now)).toMatchObject({ activePlans: 1 });
    expect(await achievement(userId, 'multi-plan', now)).toMatchObject({ unlocked: false, progress: 1, target: 2 });
    const second = randomUUID();
    await append(userId, enrolledInPlan('2026-11-10T13:00:00.000Z', 'plan-b', second));
    expect(await progress.statsFor(userId, local('2026-11-10T12:00'))).toMatchObject({ activePlans: 2 });
    expect(await achievement(userId, 'multi-plan', local('2026-11-10T12:00'))).toMatchObject({ unlocked: true, unlockedAt: '2026-11-10T13:00:00.000Z' });
    await append(userId, {
      type: 'EnrollmentPaused',
      data: { enrollmentId: second, planId: 'plan-b', pausedBy: 'member', occurredAt: '2026-11-11T13:00:00.000Z' },
    });
    expect(await progress.statsFor(userId, local('2026-11-11T12:00'))).toMatchObject({ activePlans: 1 });
  });

  it('keeps members apart', async () => {
    const [ana, beto] = [randomUUID(), randomUUID()];
    await append(ana, workoutCompleted('2026-11-20T13:00:00.000Z'), workoutCompleted('2026-11-21T13:00:00.000Z'));
    await append(beto, workoutCompleted('2026-11-21T14:00:00.000Z', { durationSec: 600 }));
    const now = local('2026-11-21T20:00');
    expect(await progress.statsFor(ana, now)).toMatchObject({ totalWorkouts: 2, currentStreak: 2, totalDurationSec: 3600 });
    expect(await progress.statsFor(beto, now)).toMatchObject({ totalWorkouts: 1, currentStreak: 1, totalDurationSec: 600 });
    expect((await progress.listFor(beto)).progress.map((record) => record.completedAt)).toEqual(['2026-11-21T14:00:00.000Z']);
  });

  it('pages the history newest first', async () => {
    const userId = randomUUID();
    const instants = Array.from({ length: 5 }, (_, index) => `${addDays('2026-11-01', index)}T13:00:00.000Z`);
    await append(userId, ...instants.map((at) => workoutCompleted(at, { planId: 'plan-a', enrollmentId: randomUUID() })));
    const page = await progress.listFor(userId, { limit: 2, offset: 1 });
    expect(page.pagination).toEqual({ limit: 2, offset: 1, total: 5, hasMore: true });
    expect(page.progress.map((record) => record.completedAt)).toEqual([instants[3], instants[2]]);
    expect(page.progress[0]!.planId).toEqual({ _id: 'plan-a', title: 'Plan no disponible' });
    const last = await progress.listFor(userId, { limit: 2, offset: 4 });
    expect(last.pagination.hasMore).toBe(false);
    expect((await progress.listFor(userId, { limit: 2, offset: 10 })).progress).toEqual([]);
  });

  it('matches the pure rules on realistic histories, and a rebuild from the log gives the same tables', async () => {
    const catalogue = {
      trainingWorkoutIds: ['wk-a', 'wk-b', 'wk-c'],
      runningWorkoutIds: ['run-a', 'run-b'],
      plans: [
        { id: 'plan-a', workoutIds: ['wk-a', 'wk-b', 'wk-c', 'wk-a'] },
        { id: 'plan-b', workoutIds: ['wk-c', 'wk-b'] },
        { id: 'plan-c', workoutIds: ['wk-b', 'wk-a', 'wk-c', 'wk-b', 'wk-a', 'wk-c'] },
      ],
    };
    const random = seededRandom(20261122);
    const members = Array.from({ length: 12 }, () => randomUUID());
    const histories = new Map(members.map((userId, index) => [userId, memberHistory(random, 60 + index * 10, '2026-06-01', catalogue)]));
    // Interleave the members' histories in time order, as the studio's day would.
    const queue = [...histories.entries()].flatMap(([userId, events]) => events.map((event) => ({ userId, event })));
    queue.sort((a, b) => a.event.data.occurredAt.localeCompare(b.event.data.occurredAt));
    let position = '';
    for (const { userId, event } of queue) {
      position = await seedEvents(store, memberStreamName(userId), [memberNewEvent(userId, event)]);
    }
    expect((await engine.waitFor(position, { projections: NAMES }, 30000)).reached).toBe(true);

    const lastDay = localDateOf(queue[queue.length - 1]!.event.data.occurredAt);
    for (const today of ['2026-08-15', addDays(lastDay, 1)]) {
      const now = local(`${today}T12:00`);
      for (const [userId, events] of histories) {
        const progressEvents = events.filter(
          (event): event is ProgressEvent & MemberEvent => event.type === 'WorkoutCompleted' || event.type === 'EnrolledInPlan',
        );
        const expected = progressAsOf(progressEvents, today);
        const stats = await progress.statsFor(userId, now);
        expect(stats).toMatchObject(expected.figures);
        // The projected achievements, batch after batch, equal the rules folded over the whole history at once.
        expect(stats.achievements).toEqual(expected.achievements);
      }
    }

    const snapshot = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const [table, order] of [
        ['progress_records', 'user_id, completion_id'],
        ['member_active_days', 'user_id, local_date'],
        ['member_streak_runs', 'user_id, start_date'],
        ['member_progress_totals', 'user_id'],
        ['member_achievements', 'user_id, code'],
        ['member_plan_enrollments', 'enrollment_id'],
        ['member_period_counts', 'user_id, period'],
      ]) {
        tables[table] = (await pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
      }
      return tables;
    };
    const live = await snapshot();
    expect(live.member_achievements!.length).toBeGreaterThan(20);
    for (const name of NAMES) {
      const [generation] = await engine.rebuild(name);
      expect(await engine.waitUntilActive(name, generation!, 30000)).toBe(true);
    }
    expect(await snapshot()).toEqual(live);
  }, 90000);
});
