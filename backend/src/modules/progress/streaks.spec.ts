import { localDateOf } from '../../shared/studio-day';
import { computeStreaks, runLengthThrough } from './streaks';

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
    expect(computeStreaks(workouts.map((at) => localDateOf(at)), '2026-11-21')).toEqual({ currentStreak: 3, longestStreak: 3 });

    const lateAndEarly = ['2026-11-23T05:30:00.000Z', '2026-11-23T06:30:00.000Z'].map((at) => localDateOf(at));
    expect(lateAndEarly).toEqual(['2026-11-22', '2026-11-23']);
    expect(computeStreaks(lateAndEarly, '2026-11-23')).toEqual({ currentStreak: 2, longestStreak: 2 });

    // Two workouts on the same UTC day can be two local days, and vice versa.
    const sameUtcDay = ['2026-11-22T02:00:00.000Z', '2026-11-22T20:00:00.000Z'].map((at) => localDateOf(at));
    expect(computeStreaks(sameUtcDay, '2026-11-22').currentStreak).toBe(2);
    const sameLocalDay = ['2026-11-22T07:00:00.000Z', '2026-11-23T05:00:00.000Z'].map((at) => localDateOf(at));
    expect(computeStreaks(sameLocalDay, '2026-11-22').currentStreak).toBe(1);
  });

  it('measures the run through a given day', () => {
    const days = new Set(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-22']);
    expect(runLengthThrough(days, '2026-11-19')).toBe(3);
    expect(runLengthThrough(days, '2026-11-22')).toBe(1);
    expect(runLengthThrough(days, '2026-11-21')).toBe(0);
  });
});
