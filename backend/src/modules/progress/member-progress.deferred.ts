import type { ProjectionContext, ReplayMemory } from '../../infrastructure/projections/projection';
import { newMemberState, type EnrollmentRow, type MemberState, type Unlock } from './member-progress.batch';
import { remember } from './member-progress.replay-memory';
import {
  MEMBER_ACHIEVEMENTS,
  MEMBER_ACTIVE_DAYS,
  MEMBER_PERIOD_COUNTS,
  MEMBER_PLAN_ENROLLMENTS,
  MEMBER_PROGRESS_TOTALS,
  MEMBER_STREAK_RUNS,
} from './member-progress.tables';

/**
 * A replay of member_progress from empty that keeps its rows in memory (ADR 0248): each member's
 * whole fold state (every run and period, every day's figures) stays between batches, folded by the
 * same code as a live batch, and the tables are written once, with COPY, when the runner flushes.
 */

/** Where the held rows live in the replay memory: no member id is empty. */
const HELD = '';

/** Most day rows held; past it the handler flushes and the rest of the replay writes per batch (tests lower it). */
export const HELD_LIMITS = { days: 2_000_000 };

export interface HeldRows {
  members: Map<string, MemberState>;
  unlocked: Unlock[];
  enrollments: Map<string, EnrollmentRow>;
  days: number;
}

/** The rows a deferred replay holds so far (created on the first batch). */
export function heldRows(replay: ReplayMemory): HeldRows {
  let held = replay.entries.get(HELD) as HeldRows | undefined;
  if (!held) {
    held = { members: new Map(), unlocked: [], enrollments: new Map(), days: 0 };
    replay.entries.set(HELD, held);
  }
  return held;
}

/** The member's state carried over from earlier batches, ready to fold this batch's events (it keeps no batch bookkeeping: `changedPeriods`, `firstDay` and `lastDay` stay empty). */
export function heldMember(held: HeldRows, userId: string): MemberState {
  let member = held.members.get(userId);
  if (!member) {
    member = newMemberState(userId);
    held.members.set(userId, member);
    return member;
  }
  member.events = [];
  return member;
}

/** A status change of an enrolment kept as the upsert of a live batch would leave the row. */
export function holdEnrollments(held: HeldRows, enrollments: Map<string, EnrollmentRow>): void {
  for (const [id, row] of enrollments) {
    const known = held.enrollments.get(id);
    held.enrollments.set(id, known ? { ...known, status: row.status, updatedAt: row.updatedAt } : row);
  }
}

/** Whether the rows held have grown past the cap: the handler then flushes them at once. */
export function heldTooMany(held: HeldRows): boolean {
  return held.days > HELD_LIMITS.days;
}

/**
 * Writes every held row with COPY into the generation's (empty) tables, then leaves the memory as an
 * ADR 0059 memory of what it wrote, so later batches fold from it without reading back.
 */
export async function flushHeldRows(context: ProjectionContext): Promise<void> {
  const replay = context.replay;
  if (!replay) return;
  const held = replay.entries.get(HELD) as HeldRows | undefined;
  replay.entries.delete(HELD);
  replay.deferred = false;
  if (!held) return;
  const copy = context.copy;
  if (!copy) throw new Error('member_progress: a deferred replay needs COPY');
  const members = [...held.members.values()];
  await copy(context.table(MEMBER_ACTIVE_DAYS), ['user_id', 'local_date', 'workouts', 'duration_sec', 'points', 'heart_rate_sessions', 'badge_sessions'], {
    *[Symbol.iterator]() {
      for (const member of members) {
        for (const [day, figures] of member.dayDeltas) {
          yield [member.userId, day, figures.workouts, figures.durationSec, figures.points, figures.heartRateSessions, figures.badgeSessions];
        }
      }
    },
  });
  await copy(context.table(MEMBER_STREAK_RUNS), ['user_id', 'start_date', 'end_date'], {
    *[Symbol.iterator]() {
      for (const member of members) for (const run of member.runs) yield [member.userId, run.start, run.end];
    },
  });
  await copy(context.table(MEMBER_PERIOD_COUNTS), ['user_id', 'period', 'workouts'], {
    *[Symbol.iterator]() {
      for (const member of members) for (const [period, workouts] of member.periods) yield [member.userId, period, workouts];
    },
  });
  await copy(
    context.table(MEMBER_PROGRESS_TOTALS),
    ['user_id', 'total_workouts', 'total_duration_sec', 'best_streak', 'best_month', 'best_week', 'plan_ids', 'heart_rate_sessions', 'badge_sessions', 'best_month_points', 'unlocked'],
    members.map((member) => [
      member.userId,
      member.totalWorkouts,
      member.totalDurationSec,
      member.bestStreak,
      member.bestMonth,
      member.bestWeek,
      member.planIds,
      member.heartRateSessions,
      member.badgeSessions,
      member.bestMonthPoints,
      [...member.unlocked],
    ]),
  );
  await copy(
    context.table(MEMBER_ACHIEVEMENTS),
    ['user_id', 'code', 'unlocked_at'],
    held.unlocked.map((entry) => [entry.userId, entry.code, entry.at]),
  );
  await copy(
    context.table(MEMBER_PLAN_ENROLLMENTS),
    ['enrollment_id', 'user_id', 'plan_id', 'status', 'updated_at'],
    [...held.enrollments].map(([id, row]) => [id, row.userId, row.planId, row.status, row.updatedAt]),
  );
  // What a live batch needs of each member, as if the replay had written per batch all along.
  for (const member of members) member.loadedRuns = [];
  remember(held.members, new Map(), replay);
}
