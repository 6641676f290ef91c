import { MONTHLY_POINTS_TARGET, SESSION_BADGE } from '../heart-rate/heart-rate.rules';
import { addDays, daysBetween, isoWeekday, localDateOf, monthOf, weekOf, type LocalDate } from '../../shared/studio-day';

/**
 * The rules of a member's progress, in one place: streaks, the nine achievements of spec
 * section 9 (ADR 0063), the heart-rate achievements after them (ADR 0145), the Puntos Pulso
 * of each month and the figures "as of today" (ADR 0055). The member_progress
 * projection folds `applyProgressEvent` over the log (live and replay alike), the read side
 * derives today's figures with `figuresAsOf` and `achievementsAsOf`, and the tests fold the
 * very same functions.
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
  | 'workouts-100'
  | 'hr-badge-1'
  | 'hr-sessions-10'
  | 'hr-points-month';

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
  | 'distinctPlans'
  /** Workouts completed with a heart-rate summary. */
  | 'heartRateSessions'
  /** Workouts that earned the session badge. */
  | 'badgeSessions'
  /** Puntos Pulso earned within one calendar month (studio days). */
  | 'pointsInOneMonth';

export type AchievementMetrics = Record<AchievementMetric, number>;

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
  {
    code: 'week-5',
    title: 'Semana intensa',
    description: 'Completa 5 entrenamientos en una misma semana, de lunes a domingo.',
    metric: 'workoutsInOneWeek',
    threshold: 5,
  },
  { code: 'streak-7', title: 'Semana perfecta', description: 'Entrena 7 días seguidos.', metric: 'streakDays', threshold: 7 },
  { code: 'workouts-30', title: 'Constancia', description: 'Completa 30 entrenamientos.', metric: 'totalWorkouts', threshold: 30 },
  { code: 'streak-30', title: 'Mes imparable', description: 'Entrena 30 días seguidos.', metric: 'streakDays', threshold: 30 },
  { code: 'workouts-100', title: 'Club de los 100', description: 'Completa 100 entrenamientos.', metric: 'totalWorkouts', threshold: 100 },
  // Heart rate (ADR 0145), after the spec's nine.
  {
    code: 'hr-badge-1',
    title: 'Primera insignia de esfuerzo',
    description: `Gana la insignia de esfuerzo: ${SESSION_BADGE.minutes} minutos al ${SESSION_BADGE.minPct} % o más de tu frecuencia cardiaca máxima en una sesión.`,
    metric: 'badgeSessions',
    threshold: 1,
  },
  {
    code: 'hr-sessions-10',
    title: '10 sesiones con sensor',
    description: 'Completa 10 entrenamientos con tu sensor de frecuencia cardiaca.',
    metric: 'heartRateSessions',
    threshold: 10,
  },
  {
    code: 'hr-points-month',
    title: `${formatThousands(MONTHLY_POINTS_TARGET)} Puntos Pulso en un mes`,
    description: `Suma ${formatThousands(MONTHLY_POINTS_TARGET)} Puntos Pulso en un mismo mes.`,
    metric: 'pointsInOneMonth',
    threshold: MONTHLY_POINTS_TARGET,
  },
];

/** 1300 → '1,300', as El Salvador writes thousands. */
function formatThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The period key of a month's Puntos Pulso in `ProgressFacts.periods`: 'P' + 'YYYY-MM'. */
export const pointsPeriod = (month: string): string => `P${month}`;
export const pointsMonthKey = (day: LocalDate): string => pointsPeriod(monthKey(day));

// ---- Calendar keys.

/** The calendar month of a day, 'YYYY-MM'. */
export const monthKey = (day: LocalDate): string => day.slice(0, 7);
/** The Monday-to-Sunday week of a day, 'W' + its Monday. */
export const weekKey = (day: LocalDate): string => `W${addDays(day, 1 - isoWeekday(day))}`;

// ---- Streaks.

/** A run of consecutive active days, both ends included. */
export interface Run {
  start: LocalDate;
  end: LocalDate;
}

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

/**
 * Which run ends latest, and how many runs there were when it was found (ADR 0279): a replay folds a
 * member's days mostly in order, and a day after that run needs no scan of the others. Whoever folds
 * the runs keeps it beside them (`ProgressFacts.latestRun`); it counts only for the very array it was
 * found in, at that length. Runs arrays change only through `joinRun` (which keeps it) or by pushing
 * runs (a length it does not know, so it is found again).
 */
export interface LatestRun {
  runs: readonly Run[];
  length: number;
  run: Run | undefined;
}

/** Where the latest run is remembered between calls; a holder of its own per call remembers nothing. */
export interface LatestRunHolder {
  latestRun?: LatestRun;
}

function latestRun(runs: Run[], holder: LatestRunHolder): Run | undefined {
  const known = holder.latestRun;
  if (known && known.runs === runs && known.length === runs.length) return known.run;
  let latest: Run | undefined;
  for (const run of runs) if (!latest || run.end > latest.end) latest = run;
  holder.latestRun = { runs, length: runs.length, run: latest };
  return latest;
}

/**
 * Adds a new active day to the runs, merging it with the run that ends the day before and the
 * one that starts the day after (a late event can join two runs), and answers the merged run.
 */
export function joinRun(runs: Run[], day: LocalDate, holder: LatestRunHolder = {}): Run {
  const latest = latestRun(runs, holder);
  let start = day;
  let end = day;
  if (latest && daysBetween(latest.end, day) === 1) {
    // The day after every run: only the latest can join it (the others end sooner, none starts later).
    start = latest.start;
    runs.splice(runs.lastIndexOf(latest), 1);
  } else if (!latest || latest.end < day) {
    // Later than every run and not next to any: a run of its own.
  } else {
    const [before, after] = [addDays(day, -1), addDays(day, 1)];
    for (let index = runs.length - 1; index >= 0; index -= 1) {
      const run = runs[index]!;
      if (run.end === before) {
        start = run.start;
        runs.splice(index, 1);
      } else if (run.start === after) {
        end = run.end;
        runs.splice(index, 1);
      }
    }
  }
  const merged = { start, end };
  runs.push(merged);
  // The merged run takes in any run it replaced: unless the latest ends after it (and so was not replaced), it is the latest now.
  holder.latestRun = { runs, length: runs.length, run: latest && latest.end > merged.end ? latest : merged };
  return merged;
}

/** Whether a day lies within one of the runs; a day after the latest run needs no scan. */
export function inRun(runs: Run[], day: LocalDate, holder: LatestRunHolder = {}): boolean {
  const latest = latestRun(runs, holder);
  if (!latest || day > latest.end) return false;
  if (day >= latest.start) return true;
  return runs.some((run) => run.start <= day && day <= run.end);
}

export const runLength = (run: Run): number => daysBetween(run.start, run.end) + 1;

// ---- The fold: achievements unlock once, at the event that first crossed the threshold.

/** The facts of a member that do not depend on "now", folded from the log in order. */
export interface ProgressFacts {
  totalWorkouts: number;
  totalDurationSec: number;
  bestStreak: number;
  bestMonth: number;
  bestWeek: number;
  planIds: string[];
  heartRateSessions: number;
  badgeSessions: number;
  /** The most Puntos Pulso earned within one calendar month. */
  bestMonthPoints: number;
  unlocked: Set<string>;
  /** The runs of consecutive active days; at least those next to the days still to be folded. */
  runs: Run[];
  /** Which of `runs` ends latest, as `joinRun` and `inRun` last found it. */
  latestRun?: LatestRun;
  /**
   * Workouts per month and per week (monthKey, weekKey) and Puntos Pulso per month (pointsMonthKey);
   * at least those of the days still to be folded.
   */
  periods: Map<string, number>;
}

export function emptyFacts(): ProgressFacts {
  return {
    totalWorkouts: 0,
    totalDurationSec: 0,
    bestStreak: 0,
    bestMonth: 0,
    bestWeek: 0,
    planIds: [],
    heartRateSessions: 0,
    badgeSessions: 0,
    bestMonthPoints: 0,
    unlocked: new Set(),
    runs: [],
    latestRun: undefined,
    periods: new Map(),
  };
}

/** What a workout's heart-rate summary adds to progress (the rest of the summary is not progress). */
export interface WorkoutHeartRateSummary {
  points: number;
  badge: boolean;
}

/** The member events progress is made of (the stream's own shapes, only the fields used). */
export type ProgressEvent =
  | { type: 'WorkoutCompleted'; data: { localDate: LocalDate; durationSec: number; occurredAt: string; heartRate?: WorkoutHeartRateSummary } }
  | { type: 'EnrolledInPlan'; data: { planId: string; occurredAt: string } };

/** Whole seconds of a workout; events written before the field existed count none. */
export const workoutSeconds = (data: { durationSec?: number }): number => Math.max(0, Math.round(data.durationSec ?? 0));

/** What a workout adds to the heart-rate figures: nothing without a summary (ADR 0145). */
export interface WorkoutHeartRate {
  points: number;
  sessions: number;
  badges: number;
}

export function workoutHeartRate(data: { heartRate?: WorkoutHeartRateSummary }): WorkoutHeartRate {
  const summary = data.heartRate;
  if (!summary) return { points: 0, sessions: 0, badges: 0 };
  return { points: Math.max(0, Math.floor(summary.points)), sessions: 1, badges: summary.badge ? 1 : 0 };
}

const NOTHING_UNLOCKED: readonly AchievementCode[] = [];

/**
 * Applies one event, in log order, and answers the achievements it unlocks (each one once,
 * stamped by the caller with the event's `occurredAt`). Mutates `facts`: a replay folds a
 * million events, and a fresh state per event would be most of its cost.
 */
export function applyProgressEvent(facts: ProgressFacts, event: ProgressEvent): readonly AchievementCode[] {
  if (event.type === 'WorkoutCompleted') {
    const day = event.data.localDate;
    facts.totalWorkouts += 1;
    facts.totalDurationSec += workoutSeconds(event.data);
    if (!inRun(facts.runs, day, facts)) {
      facts.bestStreak = Math.max(facts.bestStreak, runLength(joinRun(facts.runs, day, facts)));
    }
    facts.bestMonth = Math.max(facts.bestMonth, count(facts.periods, monthKey(day)));
    facts.bestWeek = Math.max(facts.bestWeek, count(facts.periods, weekKey(day)));
    const heartRate = workoutHeartRate(event.data);
    // Every workout keeps its month's points (0 without a sensor), so the key is there to write and remember.
    facts.bestMonthPoints = Math.max(facts.bestMonthPoints, count(facts.periods, pointsMonthKey(day), heartRate.points));
    facts.heartRateSessions += heartRate.sessions;
    facts.badgeSessions += heartRate.badges;
  } else if (!facts.planIds.includes(event.data.planId)) {
    facts.planIds.push(event.data.planId);
  }
  if (facts.unlocked.size === ACHIEVEMENTS.length) return NOTHING_UNLOCKED;
  const best: AchievementMetrics = {
    totalWorkouts: facts.totalWorkouts,
    streakDays: facts.bestStreak,
    workoutsInOneMonth: facts.bestMonth,
    workoutsInOneWeek: facts.bestWeek,
    distinctPlans: facts.planIds.length,
    heartRateSessions: facts.heartRateSessions,
    badgeSessions: facts.badgeSessions,
    pointsInOneMonth: facts.bestMonthPoints,
  };
  let unlocked: AchievementCode[] | undefined;
  for (const achievement of ACHIEVEMENTS) {
    if (best[achievement.metric] < achievement.threshold || facts.unlocked.has(achievement.code)) continue;
    facts.unlocked.add(achievement.code);
    (unlocked ??= []).push(achievement.code);
  }
  return unlocked ?? NOTHING_UNLOCKED;
}

function count(periods: Map<string, number>, key: string, amount = 1): number {
  const workouts = (periods.get(key) ?? 0) + amount;
  periods.set(key, workouts);
  return workouts;
}

// ---- As of today: what the read side derives at query time.

/** One studio-local day with workouts. */
export interface ActiveDay {
  localDate: LocalDate;
  workouts: number;
  durationSec: number;
  /** Puntos Pulso of the day's workouts (0 without heart rate). */
  points?: number;
  /** Workouts of the day with a heart-rate summary, and those with the badge. */
  heartRateSessions?: number;
  badgeSessions?: number;
}

export interface ProgressFigures extends Streaks {
  totalWorkouts: number;
  totalDurationSec: number;
  hasWorkoutToday: boolean;
  /** Workouts (not days) from Monday to Sunday of today's week. */
  thisWeekCount: number;
  /** Workouts (not days) in today's calendar month. */
  thisMonthCount: number;
}

/** The heart-rate figures as of today (ADR 0145). */
export interface HeartRateFigures {
  /** Puntos Pulso earned in today's calendar month (studio days). */
  thisMonthPoints: number;
  /** Puntos Pulso earned from Monday to Sunday of today's week. */
  thisWeekPoints: number;
  totalPoints: number;
  heartRateSessions: number;
  badgeSessions: number;
}

export const NO_HEART_RATE_FIGURES: HeartRateFigures = { thisMonthPoints: 0, thisWeekPoints: 0, totalPoints: 0, heartRateSessions: 0, badgeSessions: 0 };

/** The heart-rate figures as of `today`, from the same days as `figuresAsOf`; days after it are left out. */
export function heartRateFiguresAsOf(days: Iterable<ActiveDay>, today: LocalDate): HeartRateFigures {
  const week = weekOf(today);
  const month = monthOf(today);
  const figures = { ...NO_HEART_RATE_FIGURES };
  for (const { localDate, points = 0, heartRateSessions = 0, badgeSessions = 0 } of days) {
    if (localDate > today) continue;
    figures.totalPoints += points;
    figures.heartRateSessions += heartRateSessions;
    figures.badgeSessions += badgeSessions;
    if (localDate >= week.start && localDate <= week.end) figures.thisWeekPoints += points;
    if (localDate >= month.start && localDate <= month.end) figures.thisMonthPoints += points;
  }
  return figures;
}

/** The member's figures as of `today`; days after it are left out, so the answer is a consistent "as of". */
export function figuresAsOf(days: Iterable<ActiveDay>, today: LocalDate): ProgressFigures {
  const week = weekOf(today);
  const month = monthOf(today);
  const activeDays: LocalDate[] = [];
  const figures = { totalWorkouts: 0, totalDurationSec: 0, hasWorkoutToday: false, thisWeekCount: 0, thisMonthCount: 0 };
  for (const { localDate, workouts, durationSec } of days) {
    if (localDate > today) continue;
    activeDays.push(localDate);
    figures.totalWorkouts += workouts;
    figures.totalDurationSec += durationSec;
    if (localDate === today) figures.hasWorkoutToday = true;
    if (localDate >= week.start && localDate <= week.end) figures.thisWeekCount += workouts;
    if (localDate >= month.start && localDate <= month.end) figures.thisMonthCount += workouts;
  }
  return { ...figures, ...computeStreaks(activeDays, today) };
}

export interface AchievementStatus {
  code: AchievementCode;
  title: string;
  description: string;
  unlocked: boolean;
  /** UTC instant of the event that unlocked it. */
  unlockedAt: string | null;
  /** Toward the target as of today, capped at it; equal to it once unlocked. */
  progress: number;
  target: number;
}

/**
 * Every achievement as of `today`. One unlocked after today is not shown yet. Progress toward
 * a locked one is today's value of its metric (the current streak, this week's and this month's
 * workouts, this month's Puntos Pulso), which is what the member can still act on.
 */
export function achievementsAsOf(
  unlockedAt: ReadonlyMap<string, string>,
  figures: ProgressFigures,
  distinctPlans: number,
  today: LocalDate,
  heartRate: HeartRateFigures = NO_HEART_RATE_FIGURES,
): AchievementStatus[] {
  const current: AchievementMetrics = {
    totalWorkouts: figures.totalWorkouts,
    streakDays: figures.currentStreak,
    workoutsInOneMonth: figures.thisMonthCount,
    workoutsInOneWeek: figures.thisWeekCount,
    distinctPlans,
    heartRateSessions: heartRate.heartRateSessions,
    badgeSessions: heartRate.badgeSessions,
    pointsInOneMonth: heartRate.thisMonthPoints,
  };
  return ACHIEVEMENTS.map(({ code, title, description, metric, threshold }) => {
    const at = unlockedAt.get(code);
    const unlocked = at !== undefined && localDateOf(at) <= today;
    return {
      code,
      title,
      description,
      unlocked,
      unlockedAt: unlocked ? at : null,
      progress: unlocked ? threshold : Math.min(current[metric], threshold),
      target: threshold,
    };
  });
}
