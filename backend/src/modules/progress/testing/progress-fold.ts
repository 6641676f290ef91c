import type { LocalDate } from '../../../shared/studio-day';
import {
  achievementsAsOf,
  applyProgressEvent,
  emptyFacts,
  figuresAsOf,
  heartRateFiguresAsOf,
  workoutHeartRate,
  workoutSeconds,
  type AchievementStatus,
  type ActiveDay,
  type HeartRateFigures,
  type ProgressEvent,
  type ProgressFigures,
} from '../progress.rules';

/**
 * A whole history folded in memory with the progress rules, then read as of `today`: what
 * the projection and the read side together must answer, without batches or tables.
 */
export function progressAsOf(
  history: Iterable<ProgressEvent>,
  today: LocalDate,
): { figures: ProgressFigures; heartRate: HeartRateFigures; achievements: AchievementStatus[] } {
  const facts = emptyFacts();
  const unlockedAt = new Map<string, string>();
  const days = new Map<LocalDate, ActiveDay>();
  for (const event of history) {
    for (const code of applyProgressEvent(facts, event)) unlockedAt.set(code, event.data.occurredAt);
    if (event.type !== 'WorkoutCompleted') continue;
    const day = days.get(event.data.localDate) ?? {
      localDate: event.data.localDate,
      workouts: 0,
      durationSec: 0,
      points: 0,
      heartRateSessions: 0,
      badgeSessions: 0,
    };
    const heartRate = workoutHeartRate(event.data);
    day.workouts += 1;
    day.durationSec += workoutSeconds(event.data);
    day.points! += heartRate.points;
    day.heartRateSessions! += heartRate.sessions;
    day.badgeSessions! += heartRate.badges;
    days.set(day.localDate, day);
  }
  const figures = figuresAsOf(days.values(), today);
  const heartRate = heartRateFiguresAsOf(days.values(), today);
  return { figures, heartRate, achievements: achievementsAsOf(unlockedAt, figures, facts.planIds.length, today, heartRate) };
}
