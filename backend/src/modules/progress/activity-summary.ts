import { isWithin, monthOf, weekOf, type LocalDate } from '../../shared/studio-day';
import { computeStreaks } from './streaks';

/** What the read side keeps of one workout completion for the member's figures. */
export interface CompletedDay {
  /** The studio-local day frozen on the WorkoutCompleted event. */
  localDate: LocalDate;
  durationSec: number;
}

export interface ActivitySummary {
  totalWorkouts: number;
  totalDurationSec: number;
  hasWorkoutToday: boolean;
  /** Workouts (not days) from Monday to Sunday of today's week. */
  thisWeekCount: number;
  /** Workouts (not days) in today's calendar month. */
  thisMonthCount: number;
  currentStreak: number;
  longestStreak: number;
}

/**
 * The member's figures as of `today` (the studio's current date at query time).
 * Everything that depends on "now" is derived here from stored days, never kept by a
 * timer, so rebuilding the read models and asking again gives the same answer.
 * Completions dated after `today` are left out so the answer is a consistent "as of".
 */
export function summarizeActivity(completions: readonly CompletedDay[], today: LocalDate): ActivitySummary {
  const week = weekOf(today);
  const month = monthOf(today);
  const activeDays = new Set<LocalDate>();
  let totalWorkouts = 0;
  let totalDurationSec = 0;
  let thisWeekCount = 0;
  let thisMonthCount = 0;

  for (const completion of completions) {
    if (completion.localDate > today) continue;
    totalWorkouts += 1;
    totalDurationSec += completion.durationSec;
    activeDays.add(completion.localDate);
    if (isWithin(completion.localDate, week)) thisWeekCount += 1;
    if (isWithin(completion.localDate, month)) thisMonthCount += 1;
  }

  return {
    totalWorkouts,
    totalDurationSec,
    hasWorkoutToday: activeDays.has(today),
    thisWeekCount,
    thisMonthCount,
    ...computeStreaks(activeDays, today),
  };
}
