import type { ReplayMemory } from '../../infrastructure/projections/projection';
import type { MemberState } from './member-progress.batch';
import { monthKey, pointsMonthKey, pointsPeriod, weekKey, type ProgressFacts, type Run } from './progress.rules';

/** Most members a replay remembers; past it, members not remembered are read back from the tables. */
const MAX_REMEMBERED_MEMBERS = 500_000;

/**
 * What a replay remembers of a member between batches (ADR 0059): the totals row, the
 * run of days that ends on their latest active day, the counts of that day's month
 * and week, and the Puntos Pulso of that month. Enough to fold a later batch without reading back, as long as it brings no
 * day before that run or in an earlier month or week; otherwise the member is read back.
 * `null` in the memory: the member has rows but is not remembered.
 */
interface Remembered extends Omit<ProgressFacts, 'unlocked' | 'runs' | 'periods'> {
  unlocked: string[];
  lastRun?: Run;
  month?: { key: string; workouts: number; points: number };
  week?: { key: string; workouts: number };
}

/**
 * Restores the members the replay remembers and whose batch fits what is remembered;
 * returns the others, to be read back. A member the replay never met while its memory
 * is complete has no rows yet: it starts from zero without a read.
 */
export function recall(members: Map<string, MemberState>, replay: ReplayMemory): Map<string, MemberState> {
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
    member.heartRateSessions = known.heartRateSessions;
    member.badgeSessions = known.badgeSessions;
    member.bestMonthPoints = known.bestMonthPoints;
    member.unlocked = new Set(known.unlocked);
    if (known.lastRun) {
      member.loadedRuns.push(known.lastRun);
      member.runs.push(known.lastRun);
    }
    if (known.month) {
      member.periods.set(known.month.key, known.month.workouts);
      member.periods.set(pointsPeriod(known.month.key), known.month.points);
    }
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
export function remember(members: Map<string, MemberState>, readBack: Map<string, MemberState>, replay: ReplayMemory): void {
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
      heartRateSessions: member.heartRateSessions,
      badgeSessions: member.badgeSessions,
      bestMonthPoints: member.bestMonthPoints,
      unlocked: [...member.unlocked],
    };
    if (lastRun) {
      const month = monthKey(lastRun.end);
      const week = weekKey(lastRun.end);
      const inMonth = member.periods.get(month);
      const inWeek = member.periods.get(week);
      const points = member.periods.get(pointsMonthKey(lastRun.end));
      if (inMonth === undefined || inWeek === undefined || points === undefined) {
        replay.entries.set(member.userId, null);
        continue;
      }
      remembered.lastRun = lastRun;
      remembered.month = { key: month, workouts: inMonth, points };
      remembered.week = { key: week, workouts: inWeek };
    }
    replay.entries.set(member.userId, remembered);
  }
}
