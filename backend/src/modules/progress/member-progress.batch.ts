import type { RecordedEvent, Statement } from '../../infrastructure/event-store/event-store.port';
import type { ProjectionContext } from '../../infrastructure/projections/projection';
import { arrayLiteral } from './array-literal';
import type { LocalDate } from '../../shared/studio-day';
import {
  MEMBER_ACHIEVEMENTS,
  MEMBER_ACTIVE_DAYS,
  MEMBER_PERIOD_COUNTS,
  MEMBER_PLAN_ENROLLMENTS,
  MEMBER_PROGRESS_TOTALS,
  MEMBER_STREAK_RUNS,
} from './member-progress.tables';
import { emptyFacts, type AchievementCode, type ProgressFacts, type Run } from './progress.rules';

/**
 * What one batch of member_progress reads and writes: three set-based reads for the members
 * it touches, then one multi-row statement per table (ADR 0055).
 */

export interface DayFigures {
  workouts: number;
  durationSec: number;
  points: number;
  heartRateSessions: number;
  badgeSessions: number;
}

/**
 * One member of a batch: the facts the rules fold (loaded once per batch: the runs around the
 * batch's days, the counts of its months and weeks) and what the writes need besides.
 */
export interface MemberState extends ProgressFacts {
  userId: string;
  events: RecordedEvent[];
  firstDay?: LocalDate;
  lastDay?: LocalDate;
  /** What the batch adds to each day (written as increments: stored days are never read back). */
  dayDeltas: Map<LocalDate, DayFigures>;
  /** The runs as read, to tell which ones the fold replaced. */
  loadedRuns: Run[];
  changedPeriods: Set<string>;
}

export function newMemberState(userId: string): MemberState {
  return { ...emptyFacts(), userId, events: [], dayDeltas: new Map(), loadedRuns: [], changedPeriods: new Set() };
}

export interface Unlock {
  userId: string;
  code: AchievementCode;
  at: string;
}

export type EnrollmentStatus = 'active' | 'paused' | 'completed' | 'abandoned';

export interface EnrollmentRow {
  userId: string;
  planId: string;
  status: EnrollmentStatus;
  updatedAt: string;
}

interface TotalsRow {
  user_id: string;
  total_workouts: number;
  total_duration_sec: string;
  best_streak: number;
  best_month: number;
  best_week: number;
  plan_ids: string[];
  heart_rate_sessions: number;
  badge_sessions: number;
  best_month_points: number;
  unlocked: string[];
}

/**
 * Per member: the totals row, the counts of the months and weeks the batch touches,
 * and the runs of consecutive days that touch the batch's span (enough to tell whether
 * a day is already active and to merge a new one with its neighbours). A handful of
 * rows per member, whatever the length of their history.
 */
export async function loadMembers(members: Map<string, MemberState>, context: ProjectionContext): Promise<void> {
  const userIds = [...members.keys()];
  const periodUsers: string[] = [];
  const periods: string[] = [];
  const spanUsers: string[] = [];
  const spanFrom: string[] = [];
  const spanTo: string[] = [];
  for (const member of members.values()) {
    if (member.firstDay === undefined || member.lastDay === undefined) continue;
    spanUsers.push(member.userId);
    spanFrom.push(member.firstDay);
    spanTo.push(member.lastDay);
    for (const period of member.changedPeriods) {
      periodUsers.push(member.userId);
      periods.push(period);
    }
  }
  // Issued together (one round trip on a pipelined connection, ADR 0259). Each probe is a LATERAL
  // lookup by primary key or index (`OFFSET 0` keeps the subquery from being pulled up into a plain
  // join): joined to an unnest, the planner hashes the whole table instead, and every batch would
  // cost as much as the table is large.
  const spans = spanUsers.length > 0;
  const [totals, counts, runs] = await Promise.all([
    context.query<TotalsRow>(`SELECT * FROM ${context.table(MEMBER_PROGRESS_TOTALS)} WHERE user_id = ANY ($1::text[])`, [arrayLiteral(userIds)]),
    spans
      ? context.query<{ user_id: string; period: string; workouts: number }>(
          `SELECT p.user_id, p.period, c.workouts
             FROM unnest($1::text[], $2::text[]) AS p(user_id, period)
             CROSS JOIN LATERAL (SELECT workouts FROM ${context.table(MEMBER_PERIOD_COUNTS)} WHERE user_id = p.user_id AND period = p.period OFFSET 0) c`,
          [arrayLiteral(periodUsers), arrayLiteral(periods)],
        )
      : undefined,
    spans
      ? context.query<{ user_id: string; start_date: string; end_date: string }>(
          `SELECT w.user_id, r.start_date::text AS start_date, r.end_date::text AS end_date
             FROM unnest($1::text[], $2::date[], $3::date[]) AS w(user_id, first_day, last_day)
             CROSS JOIN LATERAL (
               SELECT start_date, end_date FROM ${context.table(MEMBER_STREAK_RUNS)}
                WHERE user_id = w.user_id AND end_date >= w.first_day - 1 AND start_date <= w.last_day + 1
               OFFSET 0
             ) r`,
          [spanUsers, spanFrom, spanTo].map(arrayLiteral),
        )
      : undefined,
  ]);
  for (const row of totals.rows) {
    const member = members.get(row.user_id)!;
    member.totalWorkouts = row.total_workouts;
    member.totalDurationSec = Number(row.total_duration_sec);
    member.bestStreak = row.best_streak;
    member.bestMonth = row.best_month;
    member.bestWeek = row.best_week;
    member.planIds = row.plan_ids;
    member.heartRateSessions = row.heart_rate_sessions;
    member.badgeSessions = row.badge_sessions;
    member.bestMonthPoints = row.best_month_points;
    member.unlocked = new Set(row.unlocked);
  }
  if (!counts || !runs) return;
  for (const row of counts.rows) members.get(row.user_id)!.periods.set(row.period, row.workouts);
  for (const row of runs.rows) {
    const member = members.get(row.user_id)!;
    const run = { start: row.start_date, end: row.end_date };
    member.loadedRuns.push(run);
    member.runs.push(run);
  }
}

/** One multi-row statement per table, in this order. */
export function writeMembers(members: Map<string, MemberState>, unlocked: Unlock[], context: ProjectionContext): Statement[] {
  const writes: Statement[] = [];
  const dayUsers: string[] = [];
  const dayDates: string[] = [];
  const dayWorkouts: number[] = [];
  const dayDurations: number[] = [];
  const dayPoints: number[] = [];
  const daySessions: number[] = [];
  const dayBadges: number[] = [];
  const periodUsers: string[] = [];
  const periodKeys: string[] = [];
  const periodCounts: number[] = [];
  const goneRunUsers: string[] = [];
  const goneRunStarts: string[] = [];
  const runUsers: string[] = [];
  const runStarts: string[] = [];
  const runEnds: string[] = [];
  const totals = {
    users: [] as string[],
    workouts: [] as number[],
    durations: [] as number[],
    streaks: [] as number[],
    months: [] as number[],
    weeks: [] as number[],
    plans: [] as string[],
    sessions: [] as number[],
    badges: [] as number[],
    monthPoints: [] as number[],
    unlocked: [] as string[],
  };
  for (const member of members.values()) {
    for (const [day, delta] of member.dayDeltas) {
      dayUsers.push(member.userId);
      dayDates.push(day);
      dayWorkouts.push(delta.workouts);
      dayDurations.push(delta.durationSec);
      dayPoints.push(delta.points);
      daySessions.push(delta.heartRateSessions);
      dayBadges.push(delta.badgeSessions);
    }
    for (const period of member.changedPeriods) {
      periodUsers.push(member.userId);
      periodKeys.push(period);
      periodCounts.push(member.periods.get(period)!);
    }
    // A run that grew at its end keeps its start: it is upserted, not deleted and inserted again.
    const loaded = new Set(member.loadedRuns);
    const starts = new Set<LocalDate>();
    for (const run of member.runs) {
      if (loaded.has(run)) continue;
      runUsers.push(member.userId);
      runStarts.push(run.start);
      runEnds.push(run.end);
      starts.add(run.start);
    }
    const kept = new Set(member.runs);
    for (const run of member.loadedRuns) {
      if (kept.has(run) || starts.has(run.start)) continue;
      goneRunUsers.push(member.userId);
      goneRunStarts.push(run.start);
    }
    totals.users.push(member.userId);
    totals.workouts.push(member.totalWorkouts);
    totals.durations.push(member.totalDurationSec);
    totals.streaks.push(member.bestStreak);
    totals.months.push(member.bestMonth);
    totals.weeks.push(member.bestWeek);
    // Arrays of arrays cannot go through unnest as ragged text[][]; they travel as JSON text.
    totals.plans.push(JSON.stringify(member.planIds));
    totals.sessions.push(member.heartRateSessions);
    totals.badges.push(member.badgeSessions);
    totals.monthPoints.push(member.bestMonthPoints);
    totals.unlocked.push(JSON.stringify([...member.unlocked]));
  }
  if (dayUsers.length > 0) {
    const table = context.table(MEMBER_ACTIVE_DAYS);
    writes.push({ text: `INSERT INTO ${table} (user_id, local_date, workouts, duration_sec, points, heart_rate_sessions, badge_sessions)
       SELECT * FROM unnest($1::text[], $2::date[], $3::int[], $4::bigint[], $5::int[], $6::int[], $7::int[])
       ON CONFLICT (user_id, local_date) DO UPDATE
         SET workouts = ${table}.workouts + EXCLUDED.workouts, duration_sec = ${table}.duration_sec + EXCLUDED.duration_sec,
             points = ${table}.points + EXCLUDED.points, heart_rate_sessions = ${table}.heart_rate_sessions + EXCLUDED.heart_rate_sessions,
             badge_sessions = ${table}.badge_sessions + EXCLUDED.badge_sessions`, values: [dayUsers, dayDates, dayWorkouts, dayDurations, dayPoints, daySessions, dayBadges].map(arrayLiteral) });
  }
  if (periodUsers.length > 0) {
    writes.push({ text: `INSERT INTO ${context.table(MEMBER_PERIOD_COUNTS)} (user_id, period, workouts)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       ON CONFLICT (user_id, period) DO UPDATE SET workouts = EXCLUDED.workouts`, values: [periodUsers, periodKeys, periodCounts].map(arrayLiteral) });
  }
  const runsTable = context.table(MEMBER_STREAK_RUNS);
  if (goneRunUsers.length > 0) {
    writes.push({ text: `DELETE FROM ${runsTable} WHERE ctid = ANY (ARRAY(
         SELECT r.ctid FROM unnest($1::text[], $2::date[]) AS g(user_id, start_date)
         CROSS JOIN LATERAL (SELECT ctid FROM ${runsTable} WHERE user_id = g.user_id AND start_date = g.start_date OFFSET 0) r))`, values: [goneRunUsers, goneRunStarts].map(arrayLiteral) });
  }
  if (runUsers.length > 0) {
    writes.push({ text: `INSERT INTO ${runsTable} (user_id, start_date, end_date) SELECT * FROM unnest($1::text[], $2::date[], $3::date[])
       ON CONFLICT (user_id, start_date) DO UPDATE SET end_date = EXCLUDED.end_date`, values: [runUsers, runStarts, runEnds].map(arrayLiteral) });
  }
  writes.push({ text: `INSERT INTO ${context.table(MEMBER_PROGRESS_TOTALS)}
       (user_id, total_workouts, total_duration_sec, best_streak, best_month, best_week, plan_ids,
        heart_rate_sessions, badge_sessions, best_month_points, unlocked)
     SELECT t.user_id, t.workouts, t.durations, t.streaks, t.months, t.weeks,
            ARRAY(SELECT jsonb_array_elements_text(t.plans::jsonb)), t.sessions, t.badges, t.month_points,
            ARRAY(SELECT jsonb_array_elements_text(t.unlocked::jsonb))
       FROM unnest($1::text[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::int[], $7::text[], $8::int[], $9::int[], $10::int[], $11::text[])
         AS t(user_id, workouts, durations, streaks, months, weeks, plans, sessions, badges, month_points, unlocked)
     ON CONFLICT (user_id) DO UPDATE SET
       total_workouts = EXCLUDED.total_workouts, total_duration_sec = EXCLUDED.total_duration_sec,
       best_streak = EXCLUDED.best_streak, best_month = EXCLUDED.best_month, best_week = EXCLUDED.best_week,
       plan_ids = EXCLUDED.plan_ids, heart_rate_sessions = EXCLUDED.heart_rate_sessions, badge_sessions = EXCLUDED.badge_sessions,
       best_month_points = EXCLUDED.best_month_points, unlocked = EXCLUDED.unlocked`, values: [totals.users, totals.workouts, totals.durations, totals.streaks, totals.months, totals.weeks, totals.plans, totals.sessions, totals.badges, totals.monthPoints, totals.unlocked].map(arrayLiteral) });
  if (unlocked.length > 0) {
    writes.push({ text: `INSERT INTO ${context.table(MEMBER_ACHIEVEMENTS)} (user_id, code, unlocked_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
       ON CONFLICT (user_id, code) DO NOTHING`, values: [unlocked.map((entry) => entry.userId), unlocked.map((entry) => entry.code), unlocked.map((entry) => entry.at)].map(arrayLiteral) });
  }
  return writes;
}

export function writeEnrollments(enrollments: Map<string, EnrollmentRow>, context: ProjectionContext): Statement {
  const ids = [...enrollments.keys()];
  const rows = [...enrollments.values()];
  const table = context.table(MEMBER_PLAN_ENROLLMENTS);
  return {
    text: `INSERT INTO ${table} (enrollment_id, user_id, plan_id, status, updated_at)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
           ON CONFLICT (enrollment_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    values: [ids, rows.map((row) => row.userId), rows.map((row) => row.planId), rows.map((row) => row.status), rows.map((row) => row.updatedAt)].map(arrayLiteral),
  };
}
