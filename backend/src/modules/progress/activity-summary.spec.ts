import { summarizeActivity, type CompletedDay } from './activity-summary';
import { localDateOf } from '../../shared/studio-day';

const at = (localDate: string, durationSec = 1800): CompletedDay => ({ localDate, durationSec });

describe('summarizeActivity', () => {
  // Sunday 22 November 2026: its week runs Monday 16 to Sunday 22.
  const SUNDAY = '2026-11-22';

  it('is all zeros for a new member', () => {
    expect(summarizeActivity([], SUNDAY)).toEqual({
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
    const summary = summarizeActivity([at('2026-11-15'), at('2026-11-16'), at('2026-11-16'), at('2026-11-22')], SUNDAY);
    expect(summary.thisWeekCount).toBe(3);
    expect(summary.totalWorkouts).toBe(4);
  });

  it('starts a new week on Monday', () => {
    expect(summarizeActivity([at('2026-11-22'), at('2026-11-23')], '2026-11-23').thisWeekCount).toBe(1);
  });

  it('counts the calendar month of today', () => {
    const summary = summarizeActivity([at('2026-10-31'), at('2026-11-01'), at('2026-11-30')], '2026-11-30');
    expect(summary.thisMonthCount).toBe(2);
  });

  it('puts a Sunday 23:30 workout in that Sunday, its week and its month', () => {
    // 23:30 on Sunday 31 January 2027 in San Salvador is Monday 1 February in UTC.
    const day = localDateOf('2027-02-01T05:30:00.000Z');
    expect(day).toBe('2027-01-31');
    const summary = summarizeActivity([at(day)], '2027-01-31');
    expect(summary).toMatchObject({ hasWorkoutToday: true, thisWeekCount: 1, thisMonthCount: 1, currentStreak: 1 });
    expect(summarizeActivity([at(day)], '2027-02-01')).toMatchObject({ hasWorkoutToday: false, thisWeekCount: 0, thisMonthCount: 0, currentStreak: 1 });
  });

  it('sums durations and knows whether today has a workout', () => {
    const summary = summarizeActivity([at('2026-11-21', 1200), at('2026-11-22', 2700)], SUNDAY);
    expect(summary).toMatchObject({ totalDurationSec: 3900, hasWorkoutToday: true, currentStreak: 2, longestStreak: 2 });
    expect(summarizeActivity([at('2026-11-21', 1200)], SUNDAY).hasWorkoutToday).toBe(false);
  });

  it('gives the same answer whatever the order of the completions', () => {
    const completions = [at('2026-11-02'), at('2026-11-20'), at('2026-11-21'), at('2026-11-03'), at('2026-11-22')];
    expect(summarizeActivity([...completions].reverse(), SUNDAY)).toEqual(summarizeActivity(completions, SUNDAY));
  });
});
