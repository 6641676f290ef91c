import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { DocumentProjection, Row, Rows } from '../../infrastructure/projections/projection';
import type { LocalDate } from '../../shared/studio-day';
import { MEMBER_STREAM_PREFIX, type EnrolledInPlan, type EnrollmentAbandoned, type StudioClassAttended } from '../members/member.events';
import { applyProgressEvent, emptyFacts, workoutHeartRate, workoutSeconds, type ProgressEvent, type ProgressFacts } from './progress.rules';

/**
 * Each member's progress facts (ADR 0055), folded with the progress rules: the studio-local days with
 * workouts and their figures, the runs of consecutive days, the workouts of each month and week and the
 * Puntos Pulso of each month, the best values of the achievement metrics, the achievements with the
 * moment of the event that crossed their threshold, and the enrolments' status. Nothing here depends on
 * "now": the current streak, this week and this month are derived at query time by ProgressReadModel.
 */
export const MEMBER_ACTIVE_DAYS = 'member_active_days';
export const MEMBER_STREAK_RUNS = 'member_streak_runs';
export const MEMBER_PROGRESS_TOTALS = 'member_progress_totals';
export const MEMBER_ACHIEVEMENTS = 'member_achievements';
export const MEMBER_PLAN_ENROLLMENTS = 'member_plan_enrollments';
export const MEMBER_PERIOD_COUNTS = 'member_period_counts';

type EnrollmentStatus = 'active' | 'paused' | 'completed' | 'abandoned';

const ENROLLMENT_STATUS_OF: Record<string, EnrollmentStatus> = {
  EnrolledInPlan: 'active',
  EnrollmentResumed: 'active',
  EnrollmentPaused: 'paused',
  EnrollmentCompleted: 'completed',
  EnrollmentAbandoned: 'abandoned',
};

interface DayFigures {
  workouts: number;
  durationSec: number;
  points: number;
  heartRateSessions: number;
  badgeSessions: number;
}

/** One member's progress: the facts the rules fold, and what the tables hold besides. */
interface MemberProgress {
  facts: ProgressFacts;
  days: Map<LocalDate, DayFigures>;
  unlockedAt: Map<string, string>;
  enrollments: Map<string, { planId: string; status: EnrollmentStatus; updatedAt: string }>;
}

export const memberProgressProjection: DocumentProjection<MemberProgress> = {
  name: 'member_progress',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: Puntos Pulso per day and month, heart-rate sessions and badges, the heart-rate achievements (ADR 0145).
  // 3: a class on the studio board counts as a workout (StudioClassAttended, ADR 0180).
  version: 3,
  eventTypes: [
    'WorkoutCompleted',
    'StudioClassAttended',
    'EnrolledInPlan',
    'EnrollmentPaused',
    'EnrollmentResumed',
    'EnrollmentCompleted',
    'EnrollmentAbandoned',
  ],
  tables: {
    [MEMBER_ACTIVE_DAYS]: {
      columns: `user_id text, local_date date, workouts integer, duration_sec bigint, points integer,
        heart_rate_sessions integer, badge_sessions integer`,
      key: ['user_id', 'local_date'],
    },
    [MEMBER_STREAK_RUNS]: {
      columns: 'user_id text, start_date date, end_date date',
      key: ['user_id', 'start_date'],
      indexes: { by_end: '(user_id, end_date)' },
    },
    // period: 'YYYY-MM' for a calendar month, 'W' + its Monday for a week (workouts: the workouts counted);
    // 'P' + 'YYYY-MM' for the Puntos Pulso of a calendar month (workouts: the points).
    [MEMBER_PERIOD_COUNTS]: { columns: 'user_id text, period text, workouts integer', key: ['user_id', 'period'] },
    [MEMBER_PROGRESS_TOTALS]: {
      columns: `user_id text, total_workouts integer, total_duration_sec bigint, best_streak integer,
        best_month integer, best_week integer, plan_ids text[], heart_rate_sessions integer,
        badge_sessions integer, best_month_points integer, unlocked text[]`,
      key: ['user_id'],
    },
    [MEMBER_ACHIEVEMENTS]: { columns: 'user_id text, code text, unlocked_at timestamptz', key: ['user_id', 'code'] },
    [MEMBER_PLAN_ENROLLMENTS]: {
      columns: 'enrollment_id text, user_id text, plan_id text, status text, updated_at timestamptz',
      key: ['enrollment_id'],
      indexes: { by_member: '(user_id)' },
    },
  },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => ({ facts: emptyFacts(), days: new Map(), unlockedAt: new Map(), enrollments: new Map() }),

  /** In log order, so an achievement takes the moment of the event that crossed its threshold. */
  evolve(member, event) {
    const status = ENROLLMENT_STATUS_OF[event.type];
    if (status) {
      const { enrollmentId, planId, occurredAt } = event.data as EnrollmentAbandoned['data'];
      member.enrollments.set(enrollmentId, { planId: member.enrollments.get(enrollmentId)?.planId ?? planId, status, updatedAt: occurredAt });
      if (event.type !== 'EnrolledInPlan') return member;
    }
    const progressEvent = asProgressEvent(event);
    if (progressEvent.type === 'WorkoutCompleted') addToDay(member.days, progressEvent.data);
    for (const code of applyProgressEvent(member.facts, progressEvent)) member.unlockedAt.set(code, progressEvent.data.occurredAt);
    return member;
  },

  toRows(member, userId) {
    const { facts } = member;
    // Written once the member has trained or enrolled: enrolment status changes alone leave no totals.
    const totals: Row[] =
      facts.totalWorkouts > 0 || facts.planIds.length > 0
        ? [
            {
              user_id: userId,
              total_workouts: facts.totalWorkouts,
              total_duration_sec: facts.totalDurationSec,
              best_streak: facts.bestStreak,
              best_month: facts.bestMonth,
              best_week: facts.bestWeek,
              plan_ids: facts.planIds,
              heart_rate_sessions: facts.heartRateSessions,
              badge_sessions: facts.badgeSessions,
              best_month_points: facts.bestMonthPoints,
              unlocked: [...facts.unlocked],
            },
          ]
        : [];
    return {
      [MEMBER_ACTIVE_DAYS]: [...member.days].map(([day, figures]) => ({
        user_id: userId,
        local_date: day,
        workouts: figures.workouts,
        duration_sec: figures.durationSec,
        points: figures.points,
        heart_rate_sessions: figures.heartRateSessions,
        badge_sessions: figures.badgeSessions,
      })),
      [MEMBER_STREAK_RUNS]: facts.runs.map((run) => ({ user_id: userId, start_date: run.start, end_date: run.end })),
      [MEMBER_PERIOD_COUNTS]: [...facts.periods].map(([period, workouts]) => ({ user_id: userId, period, workouts })),
      [MEMBER_PROGRESS_TOTALS]: totals,
      [MEMBER_ACHIEVEMENTS]: [...member.unlockedAt].map(([code, at]) => ({ user_id: userId, code, unlocked_at: at })),
      [MEMBER_PLAN_ENROLLMENTS]: [...member.enrollments].map(([id, enrollment]) => ({
        enrollment_id: id,
        user_id: userId,
        plan_id: enrollment.planId,
        status: enrollment.status,
        updated_at: enrollment.updatedAt,
      })),
    };
  },

  fromRows(rows: Rows) {
    const member = memberProgressProjection.initial('');
    const { facts } = member;
    const totals = rows[MEMBER_PROGRESS_TOTALS]![0];
    if (totals) {
      facts.totalWorkouts = totals.total_workouts as number;
      facts.totalDurationSec = totals.total_duration_sec as number;
      facts.bestStreak = totals.best_streak as number;
      facts.bestMonth = totals.best_month as number;
      facts.bestWeek = totals.best_week as number;
      facts.planIds = [...(totals.plan_ids as string[])];
      facts.heartRateSessions = totals.heart_rate_sessions as number;
      facts.badgeSessions = totals.badge_sessions as number;
      facts.bestMonthPoints = totals.best_month_points as number;
      facts.unlocked = new Set(totals.unlocked as string[]);
    }
    for (const row of rows[MEMBER_STREAK_RUNS]!) facts.runs.push({ start: row.start_date as LocalDate, end: row.end_date as LocalDate });
    for (const row of rows[MEMBER_PERIOD_COUNTS]!) facts.periods.set(row.period as string, row.workouts as number);
    for (const row of rows[MEMBER_ACTIVE_DAYS]!) {
      member.days.set(row.local_date as LocalDate, {
        workouts: row.workouts as number,
        durationSec: row.duration_sec as number,
        points: row.points as number,
        heartRateSessions: row.heart_rate_sessions as number,
        badgeSessions: row.badge_sessions as number,
      });
    }
    for (const row of rows[MEMBER_ACHIEVEMENTS]!) member.unlockedAt.set(row.code as string, row.unlocked_at as string);
    for (const row of rows[MEMBER_PLAN_ENROLLMENTS]!) {
      member.enrollments.set(row.enrollment_id as string, {
        planId: row.plan_id as string,
        status: row.status as EnrollmentStatus,
        updatedAt: row.updated_at as string,
      });
    }
    return member;
  },
};

/** A class on the studio board folds exactly as a completed workout does (ADR 0180). */
function asProgressEvent(event: RecordedEvent): ProgressEvent {
  if (event.type === 'EnrolledInPlan') {
    const { planId, occurredAt } = event.data as EnrolledInPlan['data'];
    return { type: 'EnrolledInPlan', data: { planId, occurredAt } };
  }
  const data = event.data as StudioClassAttended['data'];
  return {
    type: 'WorkoutCompleted',
    data: { localDate: data.localDate, durationSec: data.durationSec, occurredAt: data.occurredAt, heartRate: data.heartRate },
  };
}

function addToDay(days: Map<LocalDate, DayFigures>, workout: Extract<ProgressEvent, { type: 'WorkoutCompleted' }>['data']): void {
  const heartRate = workoutHeartRate(workout);
  const day = days.get(workout.localDate) ?? { workouts: 0, durationSec: 0, points: 0, heartRateSessions: 0, badgeSessions: 0 };
  day.workouts += 1;
  day.durationSec += workoutSeconds(workout);
  day.points += heartRate.points;
  day.heartRateSessions += heartRate.sessions;
  day.badgeSessions += heartRate.badges;
  days.set(workout.localDate, day);
}
