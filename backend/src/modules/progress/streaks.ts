import { addDays, daysBetween, type LocalDate } from '../../shared/studio-day';

export interface Streaks {
  /** Consecutive active days ending today, or ending yesterday while today is still open; otherwise 0. */
  currentStreak: number;
  longestStreak: number;
}

/**
 * Streaks from the set of days on which a member trained, as of `today`.
 *
 * The input is a set, not a counter kept up to date event by event: two workouts on
 * one day count once, and events that arrive out of order change nothing. "Current"
 * is decided here, at read time, so no midnight timer has to break a streak. Days
 * after `today` are ignored, which makes the answer "as of that day" on any replay.
 */
export function computeStreaks(activeDays: Iterable<LocalDate>, today: LocalDate): Streaks {
  const days = [...new Set(activeDays)].filter((day) => day <= today).sort();
  if (days.length === 0) return { currentStreak: 0, longestStreak: 0 };

  let longestStreak = 1;
  let run = 1;
  for (let i = 1; i < days.length; i += 1) {
    run = daysBetween(days[i - 1]!, days[i]!) === 1 ? run + 1 : 1;
    if (run > longestStreak) longestStreak = run;
  }

  const lastDay = days[days.length - 1]!;
  const currentStreak = daysBetween(lastDay, today) <= 1 ? run : 0;
  return { currentStreak, longestStreak };
}

/** Length of the run of consecutive active days that contains `day` (0 if `day` is not active). */
export function runLengthThrough(activeDays: ReadonlySet<LocalDate>, day: LocalDate): number {
  if (!activeDays.has(day)) return 0;
  let length = 1;
  for (let before = addDays(day, -1); activeDays.has(before); before = addDays(before, -1)) length += 1;
  for (let after = addDays(day, 1); activeDays.has(after); after = addDays(after, 1)) length += 1;
  return length;
}
