import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection, ProjectionContext, ReplayMemory } from '../../infrastructure/projections/projection';
import {
  MEMBER_STREAM_PREFIX,
  type EnrolledInPlan,
  type EnrollmentAbandoned,
  type EnrollmentCompleted,
  type EnrollmentPaused,
  type EnrollmentResumed,
  type WorkoutCompleted,
} from '../members/member.events';
import { arrayLiteral } from './array-literal';
import type { LocalDate } from './local-date';
import { applyProgressEvent, emptyFacts, monthKey, weekKey, workoutSeconds, type AchievementCode, type ProgressEvent, type ProgressFacts, type Run } from './progress.rules';

/** Most members a replay remembers; past it, members not remembered are read back from the tables. */
const MAX_REMEMBERED_MEMBERS = 500_000;

/**
 * The member's figures, kept as facts that do not depend on "now" (ADR 0055): the
 * studio-local days with workouts, the runs of consecutive days, the best values of
 * the achievement metrics, the achievements with their moment and the enrolments'
 * status. What depends on today (current streak, this week, this month, hasWorkoutToday)
 * is derived from these at query time by ProgressReadModel.
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

type EnrollmentEvent = EnrolledInPlan | EnrollmentAbandoned | EnrollmentPaused | EnrollmentResumed | EnrollmentCompleted;

interface DayFigures {
  workouts: number;
  durationSec: number;
}

/**
 * One member of a batch: the facts the rules fold (loaded once per batch: the runs around the
 * batch's days, the counts of its months and weeks) and what the writes need besides.
 */
interface MemberState extends ProgressFacts {
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

/**
 * What a replay remembers of a member between batches (ADR 0059): the totals row, the
 * run of days that ends on their latest active day, and the counts of that day's month
 * and week. Enough to fold a later batch without reading back, as long as it brings no
 * day before that run or in an earlier month or week; otherwise the member is read back.
 * `null` in the memory: the member has rows but is not remembered.
 */
interface Remembered {
  totalWorkouts: number;
  totalDurationSec: number;
  bestStreak: number;
  bestMonth: number;
  bestWeek: number;
  planIds: string[];
  unlocked: string[];
  lastRun?: Run;
  month?: { key: string; workouts: number };
  week?: { key: string; workouts: number };
}

interface TotalsRow {
  user_id: string;
  total_workouts: number;
  total_duration_sec: string;
  best_streak: number;
  best_month: number;
  best_week: number;
  plan_ids: string[];
  unlocked: string[];
}

export const memberProgressProjection: Projection = {
  name: 'member_progress',
  version: 1,
  eventTypes: ['WorkoutCompleted', 'EnrolledInPlan', 'EnrollmentPaused', 'EnrollmentResumed', 'EnrollmentCompleted', 'EnrollmentAbandoned'],
  tables: {
    [MEMBER_ACTIVE_DAYS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        local_date date NOT NULL,
        workouts integer NOT NULL,
        duration_sec bigint NOT NULL,
        PRIMARY KEY (user_id, local_date)
      )`,
    ],
    [MEMBER_STREAK_RUNS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        PRIMARY KEY (user_id, start_date)
      )`,
      `CREATE INDEX ${table}_by_end ON ${table} (user_id, end_date)`,
    ],
    [MEMBER_PERIOD_COUNTS]: (table) => [
      // period: 'YYYY-MM' for a calendar month, 'W' + its Monday for a week.
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        period text NOT NULL,
        workouts integer NOT NULL,
        PRIMARY KEY (user_id, period)
      )`,
    ],
    [MEMBER_PROGRESS_TOTALS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        total_workouts integer NOT NULL,
        total_duration_sec bigint NOT NULL,
        best_streak integer NOT NULL,
        best_month integer NOT NULL,
        best_week integer NOT NULL,
        plan_ids text[] NOT NULL,
        unlocked text[] NOT NULL
      )`,
    ],
    [MEMBER_ACHIEVEMENTS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        code text NOT NULL,
        unlocked_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, code)
      )`,
    ],
    [MEMBER_PLAN_ENROLLMENTS]: (table) => [
      `CREATE TABLE ${table} (
        enrollment_id text PRIMARY KEY,
        user_id text NOT NULL,
        plan_id text NOT NULL,
        status text NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
      `CREATE INDEX ${table}_by_member ON ${table} (user_id)`,
    ],
  },

  /**
   * Set-based: the batch is grouped per member in memory, the members' current facts
   * are read with three queries, each member's events are folded in log order (so an
   * achievement takes the moment of the event that crossed its threshold), and the
   * results are written back with one multi-row statement per table.
   */
  async handle(events: RecordedEvent[], context) {
    const members = new Map<string, MemberState>();
    const enrollments = new Map<string, { userId: string; planId: string; status: EnrollmentStatus; updatedAt: string }>();
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      if (event.type === 'WorkoutCompleted' || event.type === 'EnrolledInPlan') {
        let member = members.get(userId);
        if (!member) {
          member = newMemberState(userId);
          members.set(userId, member);
        }
        member.events.push(event);
        if (event.type === 'WorkoutCompleted') {
          const day = (event.data as WorkoutCompleted['data']).localDate;
          if (member.firstDay === undefined || day < member.firstDay) member.firstDay = day;
          if (member.lastDay === undefined || day > member.lastDay) member.lastDay = day;
          member.changedPeriods.add(monthKey(day));
          member.changedPeriods.add(weekKey(day));
        }
      }
      const status = ENROLLMENT_STATUS_OF[event.type];
      if (status) {
        const data = event.data as EnrollmentEvent['data'];
        enrollments.set(data.enrollmentId, { userId, planId: data.planId, status, updatedAt: data.occurredAt });
      }
    }
    if (members.size > 0) {
      const replay = context.replay;
      const unknown = replay ? recall(members, replay) : members;
      if (unknown.size > 0) await loadMembers(unknown, context);
      const unlocked: Unlock[] = [];
      for (const member of members.values()) foldMember(member, unlocked);
      await writeMembers(members, unlocked, context);
      if (replay) remember(members, unknown, replay);
    }
    if (enrollments.size > 0) await writeEnrollments(enrollments, context);
  },
};

function newMemberState(userId: string): MemberState {
  return { ...emptyFacts(), userId, events: [], dayDeltas: new Map(), loadedRuns: [], changedPeriods: new Set() };
}

/**
 * Restores the members the replay remembers and whose batch fits what is remembered;
 * returns the others, to be read back. A member the replay never met while its memory
 * is complete has no rows yet: it starts from zero without a read.
 */
function recall(members: Map<string, MemberState>, replay: ReplayMemory): Map<string, MemberState> {
  const unknown = new Map<string, MemberState>();
  for (const member of members.values()) {
    const known = replay.entries.get(member.userId) as Remembered | null | undefined;
    if (known === undefined && replay.complete) continue;
    if (!known || !fits(known, member)) {
      unknown.set(member.userId, member);
      continue;
    }
    member.totalWorkouts = known.totalWorkouts;
    member.totalDurationSec = known.totalDurationSec;
    member.bestStreak = known.bestStreak;
    member.bestMonth = known.bestMonth;
    member.bestWeek = known.bestWeek;
    member.planIds = [...known.planIds];
    member.unlocked = new Set(known.unlocked);
    if (known.lastRun) {
      member.loadedRuns.push(known.lastRun);
      member.runs.push(known.lastRun);
    }
    if (known.month) member.periods.set(known.month.key, known.month.workouts);
    if (known.week) member.periods.set(known.week.key, known.week.workouts);
  }
  return unknown;
}

/** The batch brings no day before the remembered run, nor in an earlier month or week than its last day. */
function fits(known: Remembered, member: MemberState): boolean {
  if (member.firstDay === undefined || !known.lastRun) return true;
  const first = member.firstDay;
  return first >= known.lastRun.start && monthKey(first) >= known.month!.key && weekKey(first) >= known.week!.key;
}

/** After the batch's writes: what the next batch needs of each member it touched. */
function remember(members: Map<string, MemberState>, readBack: Map<string, MemberState>, replay: ReplayMemory): void {
  for (const member of members.values()) {
    if (!replay.entries.has(member.userId) && replay.entries.size >= MAX_REMEMBERED_MEMBERS) {
      replay.complete = false;
      continue;
    }
    // Read back: its latest run may lie outside what was read, so it stays read back.
    if (readBack.has(member.userId)) {
      replay.entries.set(member.userId, null);
      continue;
    }
    let lastRun: Run | undefined;
    for (const run of member.runs) if (!lastRun || run.end > lastRun.end) lastRun = run;
    const remembered: Remembered = {
      totalWorkouts: member.totalWorkouts,
      totalDurationSec: member.totalDurationSec,
      bestStreak: member.bestStreak,
      bestMonth: member.bestMonth,
      bestWeek: member.bestWeek,
      planIds: member.planIds,
      unlocked: [...member.unlocked],
    };
    if (lastRun) {
      const month = monthKey(lastRun.end);
      const week = weekKey(lastRun.end);
      const inMonth = member.periods.get(month);
      const inWeek = member.periods.get(week);
      if (inMonth === undefined || inWeek === undefined) {
        replay.entries.set(member.userId, null);
        continue;
      }
      remembered.lastRun = lastRun;
      remembered.month = { key: month, workouts: inMonth };
      remembered.week = { key: week, workouts: inWeek };
    }
    replay.entries.set(member.userId, remembered);
  }
}

/**
 * Per member: the totals row, the counts of the months and weeks the batch touches,
 * and the runs of consecutive days that touch the batch's span (enough to tell whether
 * a day is already active and to merge a new one with its neighbours). A handful of
 * rows per member, whatever the length of their history.
 */
async function loadMembers(members: Map<string, MemberState>, context: ProjectionContext): Promise<void> {
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
  // One after the other: the queries share the batch's transaction and its connection. Each probe is
  // a LATERAL lookup by primary key or index (`OFFSET 0` keeps the subquery from being pulled up into
  // a plain join): joined to an unnest, the planner hashes the whole table instead, and every batch
  // would cost as much as the table is large.
  const totals = await context.query<TotalsRow>(`SELECT * FROM ${context.table(MEMBER_PROGRESS_TOTALS)} WHERE user_id = ANY ($1::text[])`, [arrayLiteral(userIds)]);
  for (const row of totals.rows) {
    const member = members.get(row.user_id)!;
    member.totalWorkouts = row.total_workouts;
    member.totalDurationSec = Number(row.total_duration_sec);
    member.bestStreak = row.best_streak;
    member.bestMonth = row.best_month;
    member.bestWeek = row.best_week;
    member.planIds = row.plan_ids;
    member.unlocked = new Set(row.unlocked);
  }
  if (spanUsers.length === 0) return;
  const counts = await context.query<{ user_id: string; period: string; workouts: number }>(
    `SELECT p.user_id, p.period, c.workouts
       FROM unnest($1::text[], $2::text[]) AS p(user_id, period)
       CROSS JOIN LATERAL (SELECT workouts FROM ${context.table(MEMBER_PERIOD_COUNTS)} WHERE user_id = p.user_id AND period = p.period OFFSET 0) c`,
    [arrayLiteral(periodUsers), arrayLiteral(periods)],
  );
  for (const row of counts.rows) members.get(row.user_id)!.periods.set(row.period, row.workouts);
  const runs = await context.query<{ user_id: string; start_date: string; end_date: string }>(
    `SELECT w.user_id, r.start_date::text AS start_date, r.end_date::text AS end_date
       FROM unnest($1::text[], $2::date[], $3::date[]) AS w(user_id, first_day, last_day)
       CROSS JOIN LATERAL (
         SELECT start_date, end_date FROM ${context.table(MEMBER_STREAK_RUNS)}
          WHERE user_id = w.user_id AND end_date >= w.first_day - 1 AND start_date <= w.last_day + 1
         OFFSET 0
       ) r`,
    [spanUsers, spanFrom, spanTo].map(arrayLiteral),
  );
  for (const row of runs.rows) {
    const member = members.get(row.user_id)!;
    const run = { start: row.start_date, end: row.end_date };
    member.loadedRuns.push(run);
    member.runs.push(run);
  }
}

/** Folds one member's events of the batch in log order with the rules, recording each achievement unlocked. */
function foldMember(member: MemberState, newlyUnlocked: Unlock[]): void {
  for (const event of member.events) {
    const progressEvent = event as unknown as ProgressEvent;
    if (progressEvent.type === 'WorkoutCompleted') addToDay(member.dayDeltas, progressEvent.data.localDate, workoutSeconds(progressEvent.data));
    for (const code of applyProgressEvent(member, progressEvent)) {
      newlyUnlocked.push({ userId: member.userId, code, at: progressEvent.data.occurredAt });
    }
  }
}

function addToDay(dayDeltas: Map<LocalDate, DayFigures>, day: LocalDate, durationSec: number): void {
  const delta = dayDeltas.get(day);
  if (delta) {
    delta.workouts += 1;
    delta.durationSec += durationSec;
  } else {
    dayDeltas.set(day, { workouts: 1, durationSec });
  }
}

interface Unlock {
  userId: string;
  code: AchievementCode;
  at: string;
}

async function writeMembers(members: Map<string, MemberState>, unlocked: Unlock[], context: ProjectionContext): Promise<void> {
  const dayUsers: string[] = [];
  const dayDates: string[] = [];
  const dayWorkouts: number[] = [];
  const dayDurations: number[] = [];
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
    unlocked: [] as string[],
  };
  for (const member of members.values()) {
    for (const [day, delta] of member.dayDeltas) {
      dayUsers.push(member.userId);
      dayDates.push(day);
      dayWorkouts.push(delta.workouts);
      dayDurations.push(delta.durationSec);
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
    totals.unlocked.push(JSON.stringify([...member.unlocked]));
  }
  if (dayUsers.length > 0) {
    const table = context.table(MEMBER_ACTIVE_DAYS);
    await context.query(
      `INSERT INTO ${table} (user_id, local_date, workouts, duration_sec)
       SELECT * FROM unnest($1::text[], $2::date[], $3::int[], $4::bigint[])
       ON CONFLICT (user_id, local_date) DO UPDATE
         SET workouts = ${table}.workouts + EXCLUDED.workouts, duration_sec = ${table}.duration_sec + EXCLUDED.duration_sec`,
      [dayUsers, dayDates, dayWorkouts, dayDurations].map(arrayLiteral),
    );
  }
  if (periodUsers.length > 0) {
    await context.query(
      `INSERT INTO ${context.table(MEMBER_PERIOD_COUNTS)} (user_id, period, workouts)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       ON CONFLICT (user_id, period) DO UPDATE SET workouts = EXCLUDED.workouts`,
      [periodUsers, periodKeys, periodCounts].map(arrayLiteral),
    );
  }
  const runsTable = context.table(MEMBER_STREAK_RUNS);
  if (goneRunUsers.length > 0) {
    await context.query(
      `DELETE FROM ${runsTable} WHERE ctid = ANY (ARRAY(
         SELECT r.ctid FROM unnest($1::text[], $2::date[]) AS g(user_id, start_date)
         CROSS JOIN LATERAL (SELECT ctid FROM ${runsTable} WHERE user_id = g.user_id AND start_date = g.start_date OFFSET 0) r))`,
      [goneRunUsers, goneRunStarts].map(arrayLiteral),
    );
  }
  if (runUsers.length > 0) {
    await context.query(
      `INSERT INTO ${runsTable} (user_id, start_date, end_date) SELECT * FROM unnest($1::text[], $2::date[], $3::date[])
       ON CONFLICT (user_id, start_date) DO UPDATE SET end_date = EXCLUDED.end_date`,
      [runUsers, runStarts, runEnds].map(arrayLiteral),
    );
  }
  await context.query(
    `INSERT INTO ${context.table(MEMBER_PROGRESS_TOTALS)}
       (user_id, total_workouts, total_duration_sec, best_streak, best_month, best_week, plan_ids, unlocked)
     SELECT t.user_id, t.workouts, t.durations, t.streaks, t.months, t.weeks,
            ARRAY(SELECT jsonb_array_elements_text(t.plans::jsonb)), ARRAY(SELECT jsonb_array_elements_text(t.unlocked::jsonb))
       FROM unnest($1::text[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[])
         AS t(user_id, workouts, durations, streaks, months, weeks, plans, unlocked)
     ON CONFLICT (user_id) DO UPDATE SET
       total_workouts = EXCLUDED.total_workouts, total_duration_sec = EXCLUDED.total_duration_sec,
       best_streak = EXCLUDED.best_streak, best_month = EXCLUDED.best_month, best_week = EXCLUDED.best_week,
       plan_ids = EXCLUDED.plan_ids, unlocked = EXCLUDED.unlocked`,
    [totals.users, totals.workouts, totals.durations, totals.streaks, totals.months, totals.weeks, totals.plans, totals.unlocked].map(arrayLiteral),
  );
  if (unlocked.length > 0) {
    await context.query(
      `INSERT INTO ${context.table(MEMBER_ACHIEVEMENTS)} (user_id, code, unlocked_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
       ON CONFLICT (user_id, code) DO NOTHING`,
      [unlocked.map((entry) => entry.userId), unlocked.map((entry) => entry.code), unlocked.map((entry) => entry.at)].map(arrayLiteral),
    );
  }
}

async function writeEnrollments(
  enrollments: Map<string, { userId: string; planId: string; status: EnrollmentStatus; updatedAt: string }>,
  context: ProjectionContext,
): Promise<void> {
  const ids = [...enrollments.keys()];
  const rows = [...enrollments.values()];
  const table = context.table(MEMBER_PLAN_ENROLLMENTS);
  await context.query(
    `INSERT INTO ${table} (enrollment_id, user_id, plan_id, status, updated_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
     ON CONFLICT (enrollment_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
    [ids, rows.map((row) => row.userId), rows.map((row) => row.planId), rows.map((row) => row.status), rows.map((row) => row.updatedAt)].map(arrayLiteral),
  );
}
