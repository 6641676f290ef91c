import type { Statement } from '../../infrastructure/event-store/event-store.port';
import type { Projection, ProjectionContext } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type StudioClassAttended } from '../members/member.events';
import {
  applyChallengeEvent,
  CHALLENGE_FOLD_EVENT_TYPES,
  EMPTY_TOTALS,
  emptyLedger,
  progressOf,
  type ChallengeEntry,
  type ChallengeFoldEvent,
  type ChallengeGoalType,
  type ChallengeLedger,
  type MonthTotals,
} from './challenges.rules';

/** Per member and studio month: workouts, seconds and Puntos Pulso (whatever they joined). */
export const MEMBER_CHALLENGE_MONTHS = 'member_challenge_months';
/** Per member and joined challenge: progress and the day it was finished. */
export const MEMBER_CHALLENGE_PROGRESS = 'member_challenge_progress';
/** Per member: whether and how they show on the leaderboards. */
export const MEMBER_CHALLENGE_LEADERBOARD = 'member_challenge_leaderboard';

/**
 * The members' standings in the monthly challenges (ADR 0171): each batch loads the ledgers of
 * the members it touches, folds their events with `challenges.rules.ts` in log order and writes
 * the ledgers back. The same fold live and on a replay, so a rebuild gives the same standings
 * and the same finish dates.
 */
export const memberChallengeProgressProjection: Projection = {
  name: 'member_challenge_progress',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: a class on the studio board counts as a workout (StudioClassAttended, ADR 0180).
  version: 2,
  eventTypes: [...CHALLENGE_FOLD_EVENT_TYPES, 'StudioClassAttended'],
  tables: {
    [MEMBER_CHALLENGE_MONTHS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        month text NOT NULL,
        workouts integer NOT NULL,
        seconds bigint NOT NULL,
        points integer NOT NULL,
        PRIMARY KEY (user_id, month)
      )`,
    ],
    [MEMBER_CHALLENGE_PROGRESS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        challenge_id text NOT NULL,
        month text NOT NULL,
        goal_type text NOT NULL,
        target integer NOT NULL,
        progress integer NOT NULL,
        joined_at text NOT NULL,
        finished_on text,
        finished_at text,
        PRIMARY KEY (user_id, challenge_id)
      )`,
      `CREATE INDEX ${table}_challenge ON ${table} (challenge_id)`,
    ],
    [MEMBER_CHALLENGE_LEADERBOARD]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        visible boolean NOT NULL,
        show_name boolean NOT NULL,
        label text NOT NULL
      )`,
    ],
  },
  async handle(events, context) {
    const byMember = new Map<string, ChallengeFoldEvent[]>();
    for (const event of events) {
      if (!event.streamId.startsWith(MEMBER_STREAM_PREFIX)) continue;
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      const list = byMember.get(userId) ?? [];
      if (event.type === 'StudioClassAttended') {
        // A class on the studio board folds as the workout it is (ADR 0180).
        const data = event.data as StudioClassAttended['data'];
        list.push({ type: 'WorkoutCompleted', data: { durationSec: data.durationSec, localDate: data.localDate, occurredAt: data.occurredAt, heartRate: data.heartRate } });
      } else {
        list.push({ type: event.type, data: event.data } as ChallengeFoldEvent);
      }
      byMember.set(userId, list);
    }
    if (byMember.size === 0) return;
    const userIds = [...byMember.keys()];
    const before = await loadLedgers(context, userIds);
    const after = new Map<string, ChallengeLedger>();
    for (const [userId, memberEvents] of byMember) {
      after.set(userId, memberEvents.reduce(applyChallengeEvent, before.get(userId) ?? emptyLedger()));
    }
    return saveLedgers(context, after);
  },
};

async function loadLedgers(context: ProjectionContext, userIds: string[]): Promise<Map<string, ChallengeLedger>> {
  // Issued together: one round trip on a pipelined connection (ADR 0259).
  const [months, entries, boards] = await Promise.all([
    context.query<{ user_id: string; month: string; workouts: number; seconds: string; points: number }>(
      `SELECT user_id, month, workouts, seconds, points FROM ${context.table(MEMBER_CHALLENGE_MONTHS)} WHERE user_id = ANY($1::text[])`,
      [userIds],
    ),
    context.query<{ user_id: string; challenge_id: string; month: string; goal_type: ChallengeGoalType; target: number; joined_at: string; finished_on: string | null; finished_at: string | null }>(
      `SELECT user_id, challenge_id, month, goal_type, target, joined_at, finished_on, finished_at FROM ${context.table(MEMBER_CHALLENGE_PROGRESS)} WHERE user_id = ANY($1::text[])`,
      [userIds],
    ),
    context.query<{ user_id: string; visible: boolean; show_name: boolean; label: string }>(
      `SELECT user_id, visible, show_name, label FROM ${context.table(MEMBER_CHALLENGE_LEADERBOARD)} WHERE user_id = ANY($1::text[])`,
      [userIds],
    ),
  ]);
  const ledgers = new Map<string, { months: Map<string, MonthTotals>; entries: Map<string, ChallengeEntry>; leaderboard: ChallengeLedger['leaderboard'] }>();
  const ledgerOf = (userId: string) => {
    let ledger = ledgers.get(userId);
    if (!ledger) ledgers.set(userId, (ledger = { months: new Map(), entries: new Map(), leaderboard: null }));
    return ledger;
  };
  for (const row of months.rows) ledgerOf(row.user_id).months.set(row.month, { workouts: row.workouts, seconds: Number(row.seconds), points: row.points });
  for (const row of entries.rows) {
    ledgerOf(row.user_id).entries.set(row.challenge_id, {
      challengeId: row.challenge_id,
      month: row.month,
      goalType: row.goal_type,
      target: row.target,
      joinedAt: row.joined_at,
      finishedOn: row.finished_on,
      finishedAt: row.finished_at,
    });
  }
  for (const row of boards.rows) ledgerOf(row.user_id).leaderboard = { visible: row.visible, showName: row.show_name, label: row.label };
  return ledgers;
}

/** The touched members' ledgers, whole, with one multi-row upsert per table, in this order. */
function saveLedgers(context: ProjectionContext, ledgers: Map<string, ChallengeLedger>): Statement[] {
  const writes: Statement[] = [];
  const months: Array<[string, string, MonthTotals]> = [];
  const entries: Array<[string, ChallengeEntry, number]> = [];
  const boards: Array<[string, NonNullable<ChallengeLedger['leaderboard']>]> = [];
  /** A ledger loaded with a leaderboard row never loses it but by an erasure (ADR 0202). */
  const offBoards: string[] = [];
  for (const [userId, ledger] of ledgers) {
    if (!ledger.leaderboard) offBoards.push(userId);
    for (const [month, totals] of ledger.months) months.push([userId, month, totals]);
    for (const entry of ledger.entries.values()) entries.push([userId, entry, progressOf(ledger.months.get(entry.month) ?? EMPTY_TOTALS, entry.goalType)]);
    if (ledger.leaderboard) boards.push([userId, ledger.leaderboard]);
  }
  if (months.length > 0) {
    writes.push({ text: `INSERT INTO ${context.table(MEMBER_CHALLENGE_MONTHS)} AS current (user_id, month, workouts, seconds, points)
       SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::bigint[], $5::integer[])
       ON CONFLICT (user_id, month) DO UPDATE SET workouts = EXCLUDED.workouts, seconds = EXCLUDED.seconds, points = EXCLUDED.points`, values: [months.map((m) => m[0]), months.map((m) => m[1]), months.map((m) => m[2].workouts), months.map((m) => m[2].seconds), months.map((m) => m[2].points)] });
  }
  if (entries.length > 0) {
    writes.push({ text: `INSERT INTO ${context.table(MEMBER_CHALLENGE_PROGRESS)} AS current (user_id, challenge_id, month, goal_type, target, progress, joined_at, finished_on, finished_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::text[], $8::text[], $9::text[])
       ON CONFLICT (user_id, challenge_id) DO UPDATE SET progress = EXCLUDED.progress, finished_on = EXCLUDED.finished_on, finished_at = EXCLUDED.finished_at`, values: [
        entries.map((e) => e[0]),
        entries.map((e) => e[1].challengeId),
        entries.map((e) => e[1].month),
        entries.map((e) => e[1].goalType),
        entries.map((e) => e[1].target),
        entries.map((e) => e[2]),
        entries.map((e) => e[1].joinedAt),
        entries.map((e) => e[1].finishedOn),
        entries.map((e) => e[1].finishedAt),
      ] });
  }
  if (offBoards.length > 0) {
    writes.push({ text: `DELETE FROM ${context.table(MEMBER_CHALLENGE_LEADERBOARD)} WHERE user_id = ANY ($1::text[])`, values: [offBoards] });
  }
  if (boards.length > 0) {
    writes.push({ text: `INSERT INTO ${context.table(MEMBER_CHALLENGE_LEADERBOARD)} AS current (user_id, visible, show_name, label)
       SELECT * FROM unnest($1::text[], $2::boolean[], $3::boolean[], $4::text[])
       ON CONFLICT (user_id) DO UPDATE SET visible = EXCLUDED.visible, show_name = EXCLUDED.show_name, label = EXCLUDED.label`, values: [boards.map((b) => b[0]), boards.map((b) => b[1].visible), boards.map((b) => b[1].showName), boards.map((b) => b[1].label)] });
  }
  return writes;
}
