import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type StudioClassAttended } from '../members/member.events';
import {
  applyChallengeEvent,
  CHALLENGE_FOLD_EVENT_TYPES,
  EMPTY_TOTALS,
  emptyLedger,
  progressOf,
  type ChallengeEntry,
  type ChallengeFoldEvent,
  type ChallengeLedger,
  type LeaderboardPreference,
  type MonthTotals,
} from './challenges.rules';

/** Per member and studio month: workouts, seconds and Puntos Pulso (whatever they joined). */
export const MEMBER_CHALLENGE_MONTHS = 'member_challenge_months';
/** Per member and joined challenge: progress and the day it was finished. */
export const MEMBER_CHALLENGE_PROGRESS = 'member_challenge_progress';
/** Per member: whether and how they show on the leaderboards. */
export const MEMBER_CHALLENGE_LEADERBOARD = 'member_challenge_leaderboard';

/**
 * The members' standings in the monthly challenges (ADR 0171): each member's ledger, folded with
 * `challenges.rules.ts` in log order, so a rebuild gives the same standings and the same finish dates.
 */
export const memberChallengeProgressProjection: DocumentProjection<ChallengeLedger> = {
  name: 'member_challenge_progress',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: a class on the studio board counts as a workout (StudioClassAttended, ADR 0180).
  version: 2,
  eventTypes: [...CHALLENGE_FOLD_EVENT_TYPES, 'StudioClassAttended'],
  tables: {
    [MEMBER_CHALLENGE_MONTHS]: { columns: 'user_id text, month text, workouts integer, seconds bigint, points integer', key: ['user_id', 'month'] },
    [MEMBER_CHALLENGE_PROGRESS]: {
      columns: `user_id text, challenge_id text, month text, goal_type text, target integer, progress integer,
        joined_at text, finished_on text?, finished_at text?`,
      key: ['user_id', 'challenge_id'],
      indexes: { challenge: '(challenge_id)' },
    },
    [MEMBER_CHALLENGE_LEADERBOARD]: { columns: 'user_id text, visible boolean, show_name boolean, label text', key: ['user_id'] },
  },
  keyColumn: 'user_id',
  key: (event) => (event.streamId.startsWith(MEMBER_STREAM_PREFIX) ? event.streamId.slice(MEMBER_STREAM_PREFIX.length) : undefined),
  initial: () => emptyLedger(),
  evolve: (ledger, event) => applyChallengeEvent(ledger, foldEventOf(event)),
  toRows: (ledger, userId) => ({
    [MEMBER_CHALLENGE_MONTHS]: [...ledger.months].map(([month, totals]) => rowOf({ user_id: userId, month }, totals)),
    [MEMBER_CHALLENGE_PROGRESS]: [...ledger.entries.values()].map((entry) =>
      rowOf({ user_id: userId, progress: progressOf(ledger.months.get(entry.month) ?? EMPTY_TOTALS, entry.goalType) }, entry),
    ),
    [MEMBER_CHALLENGE_LEADERBOARD]: ledger.leaderboard ? [rowOf({ user_id: userId }, ledger.leaderboard)] : [],
  }),
  fromRows(rows) {
    const board = rows[MEMBER_CHALLENGE_LEADERBOARD]![0];
    return {
      months: new Map(rows[MEMBER_CHALLENGE_MONTHS]!.map((row) => [row.month as string, fieldsOf<MonthTotals>(row, 'user_id', 'month')])),
      entries: new Map(rows[MEMBER_CHALLENGE_PROGRESS]!.map((row) => [row.challenge_id as string, fieldsOf<ChallengeEntry>(row, 'user_id', 'progress')])),
      leaderboard: board ? fieldsOf<LeaderboardPreference>(board, 'user_id') : null,
    };
  },
};

/** The event as the fold reads it; a class on the studio board folds as the workout it is (ADR 0180). */
function foldEventOf(event: RecordedEvent): ChallengeFoldEvent {
  if (event.type !== 'StudioClassAttended') return { type: event.type, data: event.data } as ChallengeFoldEvent;
  const data = event.data as StudioClassAttended['data'];
  return {
    type: 'WorkoutCompleted',
    data: { durationSec: data.durationSec, localDate: data.localDate, occurredAt: data.occurredAt, heartRate: data.heartRate },
  };
}
