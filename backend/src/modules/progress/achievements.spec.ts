import { ACHIEVEMENTS, evaluateAchievements, reachedAchievements, type AchievementCode, type MemberActivity } from './achievements';
import { addDays, localDateOf } from '../../shared/studio-day';

function workoutAt(occurredAt: string): MemberActivity {
  return { kind: 'workout-completed', occurredAt, localDate: localDateOf(occurredAt) };
}

/** One workout a day at 07:00 in San Salvador (13:00 UTC), `step` days apart. */
function dailyWorkouts(firstDay: string, count: number, step = 1): MemberActivity[] {
  return Array.from({ length: count }, (_, index) => workoutAt(`${addDays(firstDay, index * step)}T13:00:00.000Z`));
}

/** `count` workouts on one day, a minute apart from 07:00 local. */
function sameDayWorkouts(day: string, count: number): MemberActivity[] {
  return Array.from({ length: count }, (_, index) => workoutAt(`${day}T13:${String(index).padStart(2, '0')}:00.000Z`));
}

function enrolledAt(occurredAt: string, planId: string): MemberActivity {
  return { kind: 'enrolled-in-plan', occurredAt, planId };
}

function statusOf(code: AchievementCode, history: MemberActivity[], today: string) {
  return evaluateAchievements(history, today).find((achievement) => achievement.code === code)!;
}

describe('achievements', () => {
  it('are the nine of spec section 9, each with a Spanish title and a description', () => {
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
    ]);
    expect(ACHIEVEMENTS.find((achievement) => achievement.code === 'streak-3')?.title).toBe('3 días seguidos');
    expect(ACHIEVEMENTS.find((achievement) => achievement.code === 'multi-plan')?.title).toBe('Multi-Plan');
    for (const achievement of ACHIEVEMENTS) {
      expect(achievement.title).not.toBe('');
      expect(achievement.description).toMatch(/\.$/);
    }
  });

  it('are all locked with no progress for a new member', () => {
    expect(evaluateAchievements([], '2026-11-22').every((achievement) => !achievement.unlocked && achievement.progress === 0 && achievement.unlockedAt === null)).toBe(true);
  });

  describe.each([
    ['workouts-10', 10],
    ['workouts-30', 30],
    ['workouts-100', 100],
  ] as const)('%s', (code, threshold) => {
    // Every third day, so no streak builds up beside the count.
    const history = dailyWorkouts('2025-01-06', threshold, 3);
    const today = localDateOf(history[threshold - 1]!.occurredAt);

    it(`stays locked at ${threshold - 1} workouts with progress ${threshold - 1}`, () => {
      expect(statusOf(code, history.slice(0, threshold - 1), today)).toMatchObject({ unlocked: false, progress: threshold - 1, unlockedAt: null });
    });

    it(`unlocks at workout number ${threshold}, at its moment`, () => {
      expect(statusOf(code, history, today)).toMatchObject({ unlocked: true, progress: threshold, unlockedAt: history[threshold - 1]!.occurredAt });
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
      expect(statusOf(code, history, lastDay)).toMatchObject({ unlocked: true, progress: threshold, unlockedAt: history[threshold - 1]!.occurredAt });
    });

    it('does not count the same days twice', () => {
      const doubled = history.slice(0, threshold - 1).flatMap((workout) => [workout, workout]);
      expect(statusOf(code, doubled, lastDay).unlocked).toBe(false);
    });
  });

  it('unlocks a streak across UTC midnight by local days', () => {
    // Local days 19, 20 and 21 November; in UTC two of them fall on the 20th.
    const history = ['2026-11-20T05:00:00.000Z', '2026-11-20T07:00:00.000Z', '2026-11-21T07:00:00.000Z'].map(workoutAt);
    expect(history.map((workout) => (workout.kind === 'workout-completed' ? workout.localDate : ''))).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(statusOf('streak-3', history, '2026-11-21')).toMatchObject({ unlocked: true, unlockedAt: '2026-11-21T07:00:00.000Z' });

    // Three UTC days in a row that are only two local days, with a gap between them.
    const notAStreak = ['2026-11-20T03:00:00.000Z', '2026-11-21T12:00:00.000Z', '2026-11-22T03:00:00.000Z'].map(workoutAt);
    expect(statusOf('streak-3', notAStreak, '2026-11-21').unlocked).toBe(false);
  });

  it('keeps a streak achievement after the streak breaks, and shows the current streak for the next one', () => {
    const history = [...dailyWorkouts('2026-10-01', 7), ...dailyWorkouts('2026-10-20', 2)];
    const streak7 = statusOf('streak-7', history, '2026-10-21');
    expect(streak7).toMatchObject({ unlocked: true, unlockedAt: history[6]!.occurredAt });
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
      expect(statusOf('month-5', history, '2026-11-22')).toMatchObject({ unlocked: true, unlockedAt: history[4]!.occurredAt });
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
    const first = evaluateAchievements(history, '2026-10-20');
    expect(evaluateAchievements([...history], '2026-10-20')).toEqual(first);
    const later = evaluateAchievements(history, '2027-03-01');
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

  it('reports reached thresholds from one moment of metrics, for projections that go event by event', () => {
    const metrics = { totalWorkouts: 9, streakDays: 2, workoutsInOneMonth: 4, workoutsInOneWeek: 4, distinctPlans: 1 };
    expect(reachedAchievements(metrics)).toEqual([]);
    expect(reachedAchievements({ totalWorkouts: 10, streakDays: 3, workoutsInOneMonth: 5, workoutsInOneWeek: 5, distinctPlans: 2 })).toEqual([
      'streak-3',
      'workouts-10',
      'month-5',
      'multi-plan',
      'week-5',
    ]);
    expect(reachedAchievements({ ...metrics, totalWorkouts: 100, streakDays: 30 })).toEqual(['streak-3', 'workouts-10', 'streak-7', 'workouts-30', 'streak-30', 'workouts-100']);
  });
});
