import { summarizeActivity } from './activity-summary';
import { localDateOf, monthOf, weekOf, type LocalDate } from '../../shared/studio-day';
import { runLengthThrough } from './streaks';

/**
 * The nine achievements of the product (spec section 9). The client of the original
 * product computed them on every render; here they are facts with a moment: each one
 * unlocks once, at the event that first crossed its threshold, and stays unlocked.
 * The moment is taken from the ordered history, so a replay finds the same one.
 */

export type AchievementCode =
  | 'streak-3'
  | 'workouts-10'
  | 'month-5'
  | 'multi-plan'
  | 'week-5'
  | 'streak-7'
  | 'workouts-30'
  | 'streak-30'
  | 'workouts-100';

/** What an achievement measures. Every metric only grows over a member's history. */
export type AchievementMetric =
  /** Workouts completed in total. */
  | 'totalWorkouts'
  /** Consecutive studio-local days with at least one workout. */
  | 'streakDays'
  /** Workouts completed within one calendar month. */
  | 'workoutsInOneMonth'
  /** Workouts completed within one Monday-to-Sunday week. */
  | 'workoutsInOneWeek'
  /** Distinct plans the member has enrolled in. */
  | 'distinctPlans';

export interface AchievementDefinition {
  code: AchievementCode;
  title: string;
  description: string;
  metric: AchievementMetric;
  threshold: number;
}

/** In the order of spec section 9, which is the order the SPA shows them in. */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { code: 'streak-3', title: '3 días seguidos', description: 'Entrena tres días consecutivos.', metric: 'streakDays', threshold: 3 },
  { code: 'workouts-10', title: 'Primeros 10', description: 'Completa 10 entrenamientos.', metric: 'totalWorkouts', threshold: 10 },
  { code: 'month-5', title: 'Mes en movimiento', description: 'Completa 5 entrenamientos en un mismo mes.', metric: 'workoutsInOneMonth', threshold: 5 },
  { code: 'multi-plan', title: 'Multi-Plan', description: 'Inscríbete en 2 planes distintos.', metric: 'distinctPlans', threshold: 2 },
  { code: 'week-5', title: 'Semana intensa', description: 'Completa 5 entrenamientos en una misma semana, de lunes a domingo.', metric: 'workoutsInOneWeek', threshold: 5 },
  { code: 'streak-7', title: 'Semana perfecta', description: 'Entrena 7 días seguidos.', metric: 'streakDays', threshold: 7 },
  { code: 'workouts-30', title: 'Constancia', description: 'Completa 30 entrenamientos.', metric: 'totalWorkouts', threshold: 30 },
  { code: 'streak-30', title: 'Mes imparable', description: 'Entrena 30 días seguidos.', metric: 'streakDays', threshold: 30 },
  { code: 'workouts-100', title: 'Club de los 100', description: 'Completa 100 entrenamientos.', metric: 'totalWorkouts', threshold: 100 },
];

export type AchievementMetrics = Record<AchievementMetric, number>;

/**
 * The achievements whose thresholds the metrics reach. A projection that handles one
 * event at a time passes the metrics right after that event (the run through the
 * workout's day, the count of its month and of its week …) and records each code it
 * gets back once, with the event's `occurredAt`.
 */
export function reachedAchievements(metrics: AchievementMetrics): AchievementCode[] {
  return ACHIEVEMENTS.filter((achievement) => metrics[achievement.metric] >= achievement.threshold).map(
    (achievement) => achievement.code,
  );
}

/** The facts of a member's history that achievements are made of, in log order. */
export type MemberActivity =
  | { kind: 'workout-completed'; occurredAt: string; localDate: LocalDate }
  | { kind: 'enrolled-in-plan'; occurredAt: string; planId: string };

export interface AchievementStatus {
  code: AchievementCode;
  title: string;
  description: string;
  threshold: number;
  /** Toward the threshold as of today, capped at it; equal to it once unlocked. */
  progress: number;
  unlocked: boolean;
  /** UTC instant of the event that unlocked it. */
  unlockedAt: string | null;
}

/**
 * Every achievement of one member as of `today`, from the ordered history.
 *
 * Unlocking looks at the best value a metric has ever had (a 7-day streak in March
 * stays earned in May); progress toward a locked one looks at today's value (the
 * current streak, this week's and this month's workouts), which is what the member
 * can still act on.
 */
export function evaluateAchievements(history: readonly MemberActivity[], today: LocalDate): AchievementStatus[] {
  const unlockedAt = new Map<AchievementCode, string>();
  const activeDays = new Set<LocalDate>();
  const workoutsPerMonth = new Map<LocalDate, number>();
  const workoutsPerWeek = new Map<LocalDate, number>();
  const plans = new Set<string>();
  const best: AchievementMetrics = {
    totalWorkouts: 0,
    streakDays: 0,
    workoutsInOneMonth: 0,
    workoutsInOneWeek: 0,
    distinctPlans: 0,
  };
  const completions: { localDate: LocalDate; durationSec: number }[] = [];

  for (const activity of history) {
    if (activity.kind === 'workout-completed') {
      if (activity.localDate > today) continue;
      const day = activity.localDate;
      completions.push({ localDate: day, durationSec: 0 });
      activeDays.add(day);
      const month = monthOf(day).start;
      const week = weekOf(day).start;
      workoutsPerMonth.set(month, (workoutsPerMonth.get(month) ?? 0) + 1);
      workoutsPerWeek.set(week, (workoutsPerWeek.get(week) ?? 0) + 1);
      best.totalWorkouts += 1;
      best.streakDays = Math.max(best.streakDays, runLengthThrough(activeDays, day));
      best.workoutsInOneMonth = Math.max(best.workoutsInOneMonth, workoutsPerMonth.get(month)!);
      best.workoutsInOneWeek = Math.max(best.workoutsInOneWeek, workoutsPerWeek.get(week)!);
    } else {
      if (localDateOf(activity.occurredAt) > today) continue;
      plans.add(activity.planId);
      best.distinctPlans = plans.size;
    }
    for (const code of reachedAchievements(best)) {
      if (!unlockedAt.has(code)) unlockedAt.set(code, activity.occurredAt);
    }
  }

  const summary = summarizeActivity(completions, today);
  const current: AchievementMetrics = {
    totalWorkouts: summary.totalWorkouts,
    streakDays: summary.currentStreak,
    workoutsInOneMonth: summary.thisMonthCount,
    workoutsInOneWeek: summary.thisWeekCount,
    distinctPlans: plans.size,
  };

  return ACHIEVEMENTS.map((achievement) => {
    const at = unlockedAt.get(achievement.code) ?? null;
    return {
      code: achievement.code,
      title: achievement.title,
      description: achievement.description,
      threshold: achievement.threshold,
      progress: at ? achievement.threshold : Math.min(current[achievement.metric], achievement.threshold),
      unlocked: at !== null,
      unlockedAt: at,
    };
  });
}
