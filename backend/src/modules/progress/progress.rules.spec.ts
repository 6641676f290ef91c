import type { HeartRateSummary } from '../heart-rate/heart-rate.rules';
import { addDays, localDateOf } from '../../shared/studio-day';
import {
  ACHIEVEMENTS,
  applyProgressEvent,
  computeStreaks,
  emptyFacts,
  figuresAsOf,
  inRun,
  joinRun,
  runLength,
  type AchievementCode,
  type ActiveDay,
  type ProgressEvent,
} from './progress.rules';
import { progressAsOf } from './testing/progress-fold';

describe('streaks', () => {
  const TODAY = '2026-11-22';

  it('is zero without activity', () => {
    expect(computeStreaks([], TODAY)).toEqual({ currentStreak: 0, longestStreak: 0 });
  });

  it('keeps the current streak alive when the last active day is today', () => {
    expect(computeStreaks(['2026-11-20', '2026-11-21', '2026-11-22'], TODAY)).toEqual({ currentStreak: 3, longestStreak: 3 });
  });

  it('keeps the current streak alive when the last active day is yesterday', () => {
    expect(computeStreaks(['2026-11-20', '2026-11-21'], TODAY)).toEqual({ currentStreak: 2, longestStreak: 2 });
  });

  it('breaks the current streak after a whole day without training, keeping the longest', () => {
    expect(computeStreaks(['2026-11-19', '2026-11-20'], TODAY)).toEqual({ currentStreak: 0, longestStreak: 2 });
  });

  it('counts a day once however many workouts it has, in any order', () => {
    expect(computeStreaks(['2026-11-22', '2026-11-21', '2026-11-22', '2026-11-21'], TODAY)).toEqual({ currentStreak: 2, longestStreak: 2 });
  });

  it('finds the longest run among several, across months and years', () => {
    const days = ['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-05', '2027-01-06'];
    expect(computeStreaks(days, '2027-01-07')).toEqual({ currentStreak: 2, longestStreak: 4 });
  });

  it('ignores days after today, so the answer is "as of today"', () => {
    expect(computeStreaks(['2026-11-21', '2026-11-22', '2026-11-23'], TODAY)).toEqual({ currentStreak: 2, longestStreak: 2 });
  });

  it('follows local days across UTC midnight: evenings in San Salvador are the next day in UTC', () => {
    // Three evenings at 19:00 local are three UTC mornings; a 23:30 Sunday workout and
    // a 00:30 Monday one, six hours apart in UTC days, are two consecutive local days.
    const workouts = ['2026-11-20T01:00:00.000Z', '2026-11-21T01:00:00.000Z', '2026-11-22T01:00:00.000Z'];
    expect(
      computeStreaks(
        workouts.map((at) => localDateOf(at)),
        '2026-11-21',
      ),
    ).toEqual({ currentStreak: 3, longestStreak: 3 });

    const lateAndEarly = ['2026-11-23T05:30:00.000Z', '2026-11-23T06:30:00.000Z'].map((at) => localDateOf(at));
    expect(lateAndEarly).toEqual(['2026-11-22', '2026-11-23']);
    expect(computeStreaks(lateAndEarly, '2026-11-23')).toEqual({ currentStreak: 2, longestStreak: 2 });

    // Two workouts on the same UTC day can be two local days, and vice versa.
    const sameUtcDay = ['2026-11-22T02:00:00.000Z', '2026-11-22T20:00:00.000Z'].map((at) => localDateOf(at));
    expect(computeStreaks(sameUtcDay, '2026-11-22').currentStreak).toBe(2);
    const sameLocalDay = ['2026-11-22T07:00:00.000Z', '2026-11-23T05:00:00.000Z'].map((at) => localDateOf(at));
    expect(computeStreaks(sameLocalDay, '2026-11-22').currentStreak).toBe(1);
  });

  it('joins a new day to the runs beside it, merging two runs when it fills the gap between them', () => {
    const runs = [
      { start: '2026-11-18', end: '2026-11-20' },
      { start: '2026-11-22', end: '2026-11-22' },
    ];
    const alone = joinRun(runs, '2026-11-25');
    expect([alone, runLength(alone)]).toEqual([{ start: '2026-11-25', end: '2026-11-25' }, 1]);
    const merged = joinRun(runs, '2026-11-21');
    expect([merged, runLength(merged)]).toEqual([{ start: '2026-11-18', end: '2026-11-22' }, 5]);
    expect(runs).toEqual([alone, merged]);
  });

  it('keeps the runs exactly as a scan of every run would, days in order or late, runs loaded from outside or not', () => {
    // The runs of a set of days, found the plain way.
    const expected = (days: Set<string>): string[] => {
      const sorted = [...days].sort();
      const found: string[] = [];
      let start = sorted[0];
      sorted.forEach((day, index) => {
        const next = sorted[index + 1];
        if (next === addDays(day, 1)) return;
        found.push(`${start}..${day}`);
        start = next;
      });
      return found;
    };
    const shown = (runs: { start: string; end: string }[]) => runs.map((run) => `${run.start}..${run.end}`).sort();
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 200; trial += 1) {
      const runs: { start: string; end: string }[] = [];
      // Where the fold keeps the latest run between calls, as the facts of a member do.
      const holder = {};
      const days = new Set<string>();
      let day = '2026-01-01';
      for (let step = 0; step < 60; step += 1) {
        // Mostly in order (a replay), sometimes a day weeks back (a late event), sometimes a run loaded as it is stored.
        const roll = random();
        if (roll < 0.05) {
          const loaded = { start: addDays(day, 3), end: addDays(day, 5) };
          if ([0, 1, 2, 3, 4, 5, 6].some((offset) => days.has(addDays(day, offset)))) continue;
          runs.push(loaded);
          for (let offset = 3; offset <= 5; offset += 1) days.add(addDays(day, offset));
          continue;
        }
        const candidate = roll < 0.15 ? addDays(day, -Math.floor(random() * 30)) : (day = addDays(day, Math.floor(random() * 3)));
        const inside = inRun(runs, candidate, holder);
        expect(inside).toBe(days.has(candidate));
        if (!inside) {
          const merged = joinRun(runs, candidate, holder);
          days.add(candidate);
          expect(merged.start <= candidate && candidate <= merged.end).toBe(true);
        }
        expect(shown(runs)).toEqual(expected(days));
      }
    }
  });
});

const at = (localDate: string, durationSec = 1800): ActiveDay => ({ localDate, workouts: 1, durationSec });

describe('figures as of today', () => {
  // Sunday 22 November 2026: its week runs Monday 16 to Sunday 22.
  const SUNDAY = '2026-11-22';

  it('is all zeros for a new member', () => {
    expect(figuresAsOf([], SUNDAY)).toEqual({
      totalWorkouts: 0,
      totalDurationSec: 0,
      hasWorkoutToday: false,
      thisWeekCount: 0,
      thisMonthCount: 0,
      currentStreak: 0,
      longestStreak: 0,
    });
  });

  it('counts workouts, not days, from Monday to Sunday', () => {
    const summary = figuresAsOf([at('2026-11-15'), at('2026-11-16'), at('2026-11-16'), at('2026-11-22')], SUNDAY);
    expect(summary.thisWeekCount).toBe(3);
    expect(summary.totalWorkouts).toBe(4);
  });

  it('starts a new week on Monday', () => {
    expect(figuresAsOf([at('2026-11-22'), at('2026-11-23')], '2026-11-23').thisWeekCount).toBe(1);
  });

  it('counts the calendar month of today', () => {
    const summary = figuresAsOf([at('2026-10-31'), at('2026-11-01'), at('2026-11-30')], '2026-11-30');
    expect(summary.thisMonthCount).toBe(2);
  });

  it('puts a Sunday 23:30 workout in that Sunday, its week and its month', () => {
    // 23:30 on Sunday 31 January 2027 in San Salvador is Monday 1 February in UTC.
    const day = localDateOf('2027-02-01T05:30:00.000Z');
    expect(day).toBe('2027-01-31');
    const summary = figuresAsOf([at(day)], '2027-01-31');
    expect(summary).toMatchObject({ hasWorkoutToday: true, thisWeekCount: 1, thisMonthCount: 1, currentStreak: 1 });
    expect(figuresAsOf([at(day)], '2027-02-01')).toMatchObject({ hasWorkoutToday: false, thisWeekCount: 0, thisMonthCount: 0, currentStreak: 1 });
  });

  it('sums durations and knows whether today has a workout', () => {
    const summary = figuresAsOf([at('2026-11-21', 1200), at('2026-11-22', 2700)], SUNDAY);
    expect(summary).toMatchObject({ totalDurationSec: 3900, hasWorkoutToday: true, currentStreak: 2, longestStreak: 2 });
    expect(figuresAsOf([at('2026-11-21', 1200)], SUNDAY).hasWorkoutToday).toBe(false);
  });

  it('gives the same answer whatever the order of the completions', () => {
    const completions = [at('2026-11-02'), at('2026-11-20'), at('2026-11-21'), at('2026-11-03'), at('2026-11-22')];
    expect(figuresAsOf([...completions].reverse(), SUNDAY)).toEqual(figuresAsOf(completions, SUNDAY));
  });
});

function workoutAt(occurredAt: string): ProgressEvent {
  return { type: 'WorkoutCompleted', data: { occurredAt, localDate: localDateOf(occurredAt), durationSec: 1800 } };
}

/** One workout a day at 07:00 in San Salvador (13:00 UTC), `step` days apart. */
function dailyWorkouts(firstDay: string, count: number, step = 1): ProgressEvent[] {
  return Array.from({ length: count }, (_, index) => workoutAt(`${addDays(firstDay, index * step)}T13:00:00.000Z`));
}

/** `count` workouts on one day, a minute apart from 07:00 local. */
function sameDayWorkouts(day: string, count: number): ProgressEvent[] {
  return Array.from({ length: count }, (_, index) => workoutAt(`${day}T13:${String(index).padStart(2, '0')}:00.000Z`));
}

function enrolledAt(occurredAt: string, planId: string): ProgressEvent {
  return { type: 'EnrolledInPlan', data: { occurredAt, planId } };
}

const achievementsOf = (history: ProgressEvent[], today: string) => progressAsOf(history, today).achievements;

function statusOf(code: AchievementCode, history: ProgressEvent[], today: string) {
  return achievementsOf(history, today).find((achievement) => achievement.code === code)!;
}

describe('achievements', () => {
  it('are the nine of spec section 9 then the heart-rate ones, each with a Spanish title and a description', () => {
    expect(ACHIEVEMENTS.map((achievement) => [achievement.code, achievement.threshold])).toEqual([
      ['streak-3', 3],
      ['workouts-10', 10],
      ['month-5', 5],
      ['multi-plan', 2],
      ['week-5', 5],
      ['streak-7', 7],
      ['workouts-30', 30],
      ['streak-30', 30],
      ['workouts-100', 100],
      ['hr-badge-1', 1],
      ['hr-sessions-10', 10],
      ['hr-points-month', 1300],
    ]);
    expect(ACHIEVEMENTS.slice(9).map((achievement) => achievement.title)).toEqual([
      'Primera insignia de esfuerzo',
      '10 sesiones con sensor',
      '1,300 Puntos Pulso en un mes',
    ]);
    expect(ACHIEVEMENTS.find((achievement) => achievement.code === 'streak-3')?.title).toBe('3 días seguidos');
    expect(ACHIEVEMENTS.find((achievement) => achievement.code === 'multi-plan')?.title).toBe('Multi-Plan');
    for (const achievement of ACHIEVEMENTS) {
      expect(achievement.title).not.toBe('');
      expect(achievement.description).toMatch(/\.$/);
    }
  });

  it('are all locked with no progress for a new member', () => {
    expect(
      achievementsOf([], '2026-11-22').every((achievement) => !achievement.unlocked && achievement.progress === 0 && achievement.unlockedAt === null),
    ).toBe(true);
  });

  describe.each([
    ['workouts-10', 10],
    ['workouts-30', 30],
    ['workouts-100', 100],
  ] as const)('%s', (code, threshold) => {
    // Every third day, so no streak builds up beside the count.
    const history = dailyWorkouts('2025-01-06', threshold, 3);
    const today = localDateOf(history[threshold - 1]!.data.occurredAt);

    it(`stays locked at ${threshold - 1} workouts with progress ${threshold - 1}`, () => {
      expect(statusOf(code, history.slice(0, threshold - 1), today)).toMatchObject({ unlocked: false, progress: threshold - 1, unlockedAt: null });
    });

    it(`unlocks at workout number ${threshold}, at its moment`, () => {
      expect(statusOf(code, history, today)).toMatchObject({ unlocked: true, progress: threshold, unlockedAt: history[threshold - 1]!.data.occurredAt });
    });
  });

  describe.each([
    ['streak-3', 3],
    ['streak-7', 7],
    ['streak-30', 30],
  ] as const)('%s', (code, threshold) => {
    const history = dailyWorkouts('2026-10-01', threshold);
    const lastDay = addDays('2026-10-01', threshold - 1);

    it(`stays locked after ${threshold - 1} days in a row, with the current streak as progress`, () => {
      expect(statusOf(code, history.slice(0, threshold - 1), lastDay)).toMatchObject({ unlocked: false, progress: threshold - 1 });
    });

    it(`unlocks on day ${threshold} in a row`, () => {
      expect(statusOf(code, history, lastDay)).toMatchObject({ unlocked: true, progress: threshold, unlockedAt: history[threshold - 1]!.data.occurredAt });
    });

    it('does not count the same days twice', () => {
      const doubled = history.slice(0, threshold - 1).flatMap((workout) => [workout, workout]);
      expect(statusOf(code, doubled, lastDay).unlocked).toBe(false);
    });
  });

  it('unlocks a streak across UTC midnight by local days', () => {
    // Local days 19, 20 and 21 November; in UTC two of them fall on the 20th.
    const history = ['2026-11-20T05:00:00.000Z', '2026-11-20T07:00:00.000Z', '2026-11-21T07:00:00.000Z'].map(workoutAt);
    expect(history.map((workout) => (workout.type === 'WorkoutCompleted' ? workout.data.localDate : ''))).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(statusOf('streak-3', history, '2026-11-21')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-21T07:00:00.000Z' });

    // Three UTC days in a row that are only two local days, with a gap between them.
    const notAStreak = ['2026-11-20T03:00:00.000Z', '2026-11-21T12:00:00.000Z', '2026-11-22T03:00:00.000Z'].map(workoutAt);
    expect(statusOf('streak-3', notAStreak, '2026-11-21').unlocked).toBe(false);
  });

  it('keeps a streak achievement after the streak breaks, and shows the current streak for the next one', () => {
    const history = [...dailyWorkouts('2026-10-01', 7), ...dailyWorkouts('2026-10-20', 2)];
    const streak7 = statusOf('streak-7', history, '2026-10-21');
    expect(streak7).toMatchObject({ unlocked: true, unlockedAt: history[6]!.data.occurredAt });
    expect(statusOf('streak-30', history, '2026-10-21')).toMatchObject({ unlocked: false, progress: 2 });
    expect(statusOf('streak-30', history, '2026-10-23')).toMatchObject({ unlocked: false, progress: 0 });
  });

  it('unlocks a streak when a late day joins two runs', () => {
    const history = [workoutAt('2026-11-20T13:00:00.000Z'), workoutAt('2026-11-22T13:00:00.000Z'), workoutAt('2026-11-21T13:00:00.000Z')];
    expect(statusOf('streak-3', history, '2026-11-22')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-21T13:00:00.000Z' });
  });

  describe('month-5', () => {
    it('stays locked at 4 workouts in one month, with this month as progress', () => {
      expect(statusOf('month-5', sameDayWorkouts('2026-11-10', 4), '2026-11-22')).toMatchObject({ unlocked: false, progress: 4 });
    });

    it('unlocks at the fifth workout of one calendar month', () => {
      const history = dailyWorkouts('2026-11-02', 5, 5);
      expect(statusOf('month-5', history, '2026-11-22')).toMatchObject({ unlocked: true, unlockedAt: history[4]!.data.occurredAt });
    });

    it('does not add two months together', () => {
      const history = [...sameDayWorkouts('2026-10-31', 3), ...sameDayWorkouts('2026-11-01', 2)];
      expect(statusOf('month-5', history, '2026-11-01')).toMatchObject({ unlocked: false, progress: 2 });
    });

    it('puts a 23:30 workout on the last evening of a month in that month', () => {
      // 23:30 on 31 October in San Salvador is already 1 November in UTC.
      const history = [...sameDayWorkouts('2026-10-20', 4), workoutAt('2026-11-01T05:30:00.000Z')];
      expect(statusOf('month-5', history, '2026-11-01')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-01T05:30:00.000Z' });
    });
  });

  describe('week-5', () => {
    it('stays locked at 4 workouts in one week', () => {
      expect(statusOf('week-5', sameDayWorkouts('2026-11-18', 4), '2026-11-22')).toMatchObject({ unlocked: false, progress: 4 });
    });

    it('unlocks at the fifth workout between Monday and Sunday', () => {
      const history = [...sameDayWorkouts('2026-11-16', 1), ...sameDayWorkouts('2026-11-18', 3), workoutAt('2026-11-23T05:30:00.000Z')];
      // The last one is Sunday 23:30 local: still the same week.
      expect(statusOf('week-5', history, '2026-11-22')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-23T05:30:00.000Z' });
    });

    it('does not add two weeks together', () => {
      const history = [...sameDayWorkouts('2026-11-22', 3), ...sameDayWorkouts('2026-11-23', 2)];
      expect(statusOf('week-5', history, '2026-11-23')).toMatchObject({ unlocked: false, progress: 2 });
    });
  });

  describe('multi-plan', () => {
    it('stays locked with one plan, even enrolled twice', () => {
      const history = [enrolledAt('2026-11-01T13:00:00.000Z', 'plan-a'), enrolledAt('2026-11-10T13:00:00.000Z', 'plan-a')];
      expect(statusOf('multi-plan', history, '2026-11-22')).toMatchObject({ unlocked: false, progress: 1 });
    });

    it('unlocks at the enrolment in a second plan', () => {
      const history = [enrolledAt('2026-11-01T13:00:00.000Z', 'plan-a'), enrolledAt('2026-11-10T13:00:00.000Z', 'plan-b')];
      expect(statusOf('multi-plan', history, '2026-11-22')).toMatchObject({ unlocked: true, progress: 2, unlockedAt: '2026-11-10T13:00:00.000Z' });
    });
  });

  it('gives the same answer on a replay, and the same moments whatever today is', () => {
    const history = [enrolledAt('2026-09-01T12:00:00.000Z', 'plan-a'), ...dailyWorkouts('2026-09-01', 40), enrolledAt('2026-10-20T12:00:00.000Z', 'plan-b')];
    const first = achievementsOf(history, '2026-10-20');
    expect(achievementsOf([...history], '2026-10-20')).toEqual(first);
    const later = achievementsOf(history, '2027-03-01');
    expect(later.map(({ code, unlocked, unlockedAt }) => ({ code, unlocked, unlockedAt }))).toEqual(
      first.map(({ code, unlocked, unlockedAt }) => ({ code, unlocked, unlockedAt })),
    );
    expect(first.filter((achievement) => achievement.unlocked).map((achievement) => achievement.code)).toEqual([
      'streak-3',
      'workouts-10',
      'month-5',
      'multi-plan',
      'week-5',
      'streak-7',
      'workouts-30',
      'streak-30',
    ]);
  });

  it('leaves out what happened after today', () => {
    const history = dailyWorkouts('2026-11-20', 3);
    expect(statusOf('streak-3', history, '2026-11-21')).toMatchObject({ unlocked: false, progress: 2 });
  });

  it('unlocks at the event that crossed the threshold, once, whatever follows', () => {
    const facts = emptyFacts();
    const unlockedBy = [
      ...dailyWorkouts('2026-11-02', 3),
      enrolledAt('2026-11-05T12:00:00.000Z', 'plan-a'),
      enrolledAt('2026-11-06T12:00:00.000Z', 'plan-b'),
      ...dailyWorkouts('2026-11-04', 3),
    ].map((event) => applyProgressEvent(facts, event));
    expect(unlockedBy).toEqual([[], [], ['streak-3'], [], ['multi-plan'], [], ['month-5', 'week-5'], []]);
    expect(facts).toMatchObject({ totalWorkouts: 6, bestStreak: 5, bestMonth: 6, bestWeek: 6, planIds: ['plan-a', 'plan-b'] });
  });
});

/** A session's summary with the points and badge given (the other figures as a sensor would give them). */
function summary(points: number, badge = false): HeartRateSummary {
  return {
    avgBpm: 140,
    maxBpm: 176,
    secondsInZone: [60, 300, 600, 540, badge ? 240 : 0],
    secondsAtBadgeIntensity: badge ? 780 : 120,
    points,
    kcal: null,
    badge,
    samples: 1740,
    recovery1MinBpm: null,
  };
}

function sessionAt(occurredAt: string, points: number, badge = false): ProgressEvent {
  return { type: 'WorkoutCompleted', data: { occurredAt, localDate: localDateOf(occurredAt), durationSec: 1800, heartRate: summary(points, badge) } };
}

const hrOnly = (achievements: { code: string }[]) => achievements.filter((achievement) => achievement.code.startsWith('hr-'));

describe('heart-rate achievements and Puntos Pulso', () => {
  describe('hr-badge-1 "Primera insignia de esfuerzo"', () => {
    it('given sessions with a sensor but no badge, when read, then it stays locked at 0 / 1', () => {
      const history = [sessionAt('2026-11-02T13:00:00.000Z', 40), sessionAt('2026-11-04T13:00:00.000Z', 55)];
      expect(statusOf('hr-badge-1', history, '2026-11-22')).toMatchObject({ unlocked: false, progress: 0, target: 1 });
    });

    it('given a first session with the badge, then it unlocks at that session, and a later badge changes nothing', () => {
      const history = [
        workoutAt('2026-11-01T13:00:00.000Z'),
        sessionAt('2026-11-02T13:00:00.000Z', 40),
        sessionAt('2026-11-05T13:00:00.000Z', 70, true),
        sessionAt('2026-11-07T13:00:00.000Z', 80, true),
      ];
      expect(statusOf('hr-badge-1', history, '2026-11-22')).toMatchObject({ unlocked: true, progress: 1, unlockedAt: '2026-11-05T13:00:00.000Z' });
    });
  });

  describe('hr-sessions-10 "10 sesiones con sensor"', () => {
    const sessions = Array.from({ length: 10 }, (_, index) => sessionAt(`${addDays('2026-09-01', index * 3)}T13:00:00.000Z`, 20));

    it('given 9 sessions with a sensor and workouts without one, then it stays locked at 9 / 10', () => {
      const history = [...sessions.slice(0, 9), ...dailyWorkouts('2026-10-10', 5, 2)];
      expect(statusOf('hr-sessions-10', history, '2026-11-22')).toMatchObject({ unlocked: false, progress: 9 });
    });

    it('given the tenth session with a sensor, then it unlocks at it', () => {
      expect(statusOf('hr-sessions-10', sessions, '2026-11-22')).toMatchObject({ unlocked: true, progress: 10, unlockedAt: sessions[9]!.data.occurredAt });
    });
  });

  describe('hr-points-month "1,300 Puntos Pulso en un mes" (calendar months in America/El_Salvador)', () => {
    it('given 1,299 points in November, then it stays locked with this month as progress', () => {
      const history = [sessionAt('2026-11-02T13:00:00.000Z', 650), sessionAt('2026-11-20T13:00:00.000Z', 649)];
      expect(statusOf('hr-points-month', history, '2026-11-22')).toMatchObject({ unlocked: false, progress: 1299, target: 1300 });
      expect(progressAsOf(history, '2026-11-22').heartRate).toMatchObject({ thisMonthPoints: 1299, totalPoints: 1299, heartRateSessions: 2, badgeSessions: 0 });
    });

    it('given the session that reaches 1,300 in one month, then it unlocks at that session', () => {
      const history = [sessionAt('2026-11-02T13:00:00.000Z', 650), sessionAt('2026-11-20T13:00:00.000Z', 649), sessionAt('2026-11-21T13:00:00.000Z', 1)];
      expect(statusOf('hr-points-month', history, '2026-11-22')).toMatchObject({ unlocked: true, progress: 1300, unlockedAt: '2026-11-21T13:00:00.000Z' });
    });

    it('does not add two months together', () => {
      const history = [sessionAt('2026-10-20T13:00:00.000Z', 900), sessionAt('2026-11-02T13:00:00.000Z', 900)];
      expect(statusOf('hr-points-month', history, '2026-11-22')).toMatchObject({ unlocked: false, progress: 900 });
    });

    it('puts a session at 23:30 on 31 October in San Salvador (1 November in UTC) in October', () => {
      const lateEvening = sessionAt('2026-11-01T05:30:00.000Z', 400);
      const history = [sessionAt('2026-10-10T13:00:00.000Z', 900), lateEvening];
      expect(lateEvening.data).toMatchObject({ localDate: '2026-10-31' });
      expect(statusOf('hr-points-month', history, '2026-10-31')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-01T05:30:00.000Z' });
      // On 1 November local the month starts again from zero.
      expect(progressAsOf(history, '2026-10-31').heartRate.thisMonthPoints).toBe(1300);
      expect(progressAsOf(history, '2026-11-01').heartRate.thisMonthPoints).toBe(0);
    });

    it('puts a session at 00:30 on 1 December in San Salvador (06:30 UTC) in December', () => {
      const history = [sessionAt('2026-11-30T13:00:00.000Z', 1000), sessionAt('2026-12-01T06:30:00.000Z', 300)];
      expect(history[1]!.data).toMatchObject({ localDate: '2026-12-01' });
      expect(statusOf('hr-points-month', history, '2026-12-01')).toMatchObject({ unlocked: false, progress: 300 });
    });
  });

  it('counts this week and this month from Monday and the 1st, and leaves out days after today', () => {
    const history = [
      sessionAt('2026-11-15T13:00:00.000Z', 10),
      sessionAt('2026-11-16T13:00:00.000Z', 20, true),
      sessionAt('2026-11-22T13:00:00.000Z', 30),
      sessionAt('2026-11-23T13:00:00.000Z', 40),
    ];
    expect(progressAsOf(history, '2026-11-22').heartRate).toEqual({
      thisMonthPoints: 60,
      thisWeekPoints: 50,
      totalPoints: 60,
      heartRateSessions: 3,
      badgeSessions: 1,
    });
  });

  it('folds workouts without a sensor as before: no points, no sessions, no heart-rate achievement', () => {
    const facts = emptyFacts();
    const unlocked = dailyWorkouts('2026-11-01', 12).flatMap((event) => applyProgressEvent(facts, event));
    expect(unlocked.filter((code) => code.startsWith('hr-'))).toEqual([]);
    expect(facts).toMatchObject({ heartRateSessions: 0, badgeSessions: 0, bestMonthPoints: 0 });
    expect(facts.periods.get('P2026-11')).toBe(0);
  });

  it('unlocks all three at the events that crossed them, with the same moments on a replay and whatever today is', () => {
    const history = [
      ...Array.from({ length: 9 }, (_, index) => sessionAt(`${addDays('2026-11-01', index * 2)}T13:00:00.000Z`, 140)),
      sessionAt('2026-11-20T13:00:00.000Z', 90, true),
    ];
    const first = hrOnly(achievementsOf(history, '2026-11-22')) as ReturnType<typeof achievementsOf>;
    expect(first.map(({ code, unlockedAt }) => [code, unlockedAt])).toEqual([
      ['hr-badge-1', '2026-11-20T13:00:00.000Z'],
      ['hr-sessions-10', '2026-11-20T13:00:00.000Z'],
      ['hr-points-month', '2026-11-20T13:00:00.000Z'],
    ]);
    const later = hrOnly(achievementsOf([...history], '2027-02-01')) as ReturnType<typeof achievementsOf>;
    expect(later.map(({ code, unlocked, unlockedAt }) => [code, unlocked, unlockedAt])).toEqual(
      first.map(({ code, unlocked, unlockedAt }) => [code, unlocked, unlockedAt]),
    );
  });
});
