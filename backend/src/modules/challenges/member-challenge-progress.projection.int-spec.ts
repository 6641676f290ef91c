import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { localDateOf } from '../../shared/studio-day';
import { memberStreamName } from '../members/member.events';
import { EMPTY_TOTALS, foldChallengeEvents, progressOf, type ChallengeFoldEvent, type ChallengeGoalType } from './challenges.rules';
import {
  MEMBER_CHALLENGE_LEADERBOARD,
  MEMBER_CHALLENGE_MONTHS,
  MEMBER_CHALLENGE_PROGRESS,
  memberChallengeProgressProjection,
} from './member-challenge-progress.projection';

const CHALLENGES: Array<{ id: string; month: string; goalType: ChallengeGoalType; target: number }> = [
  { id: 'nov-workouts', month: '2026-11', goalType: 'workouts', target: 12 },
  { id: 'nov-points', month: '2026-11', goalType: 'points', target: 120 },
  { id: 'dec-minutes', month: '2026-12', goalType: 'minutes', target: 240 },
];

/**
 * Members joining at different moments, training across the November–December boundary (some
 * evenings in San Salvador are the next day in UTC), with and without Puntos Pulso, a late
 * October completion recorded in November, and leaderboard choices: a fixed walk, no randomness.
 */
function histories(members: number, steps: number): { log: RecordedEvent[]; byMember: Map<string, ChallengeFoldEvent[]> } {
  const log: RecordedEvent[] = [];
  const byMember = new Map<string, ChallengeFoldEvent[]>();
  let clock = Date.parse('2026-11-20T12:00:00.000Z');
  const push = (userId: string, event: ChallengeFoldEvent) => {
    appendRecorded(log, memberStreamName(userId), event);
    byMember.set(userId, [...(byMember.get(userId) ?? []), event]);
  };
  for (let step = 0; step < steps; step++) {
    const userId = `u${(step * 7) % members}`;
    clock += 97 * 60_000;
    const occurredAt = new Date(clock).toISOString();
    if (step % 9 === 3) {
      const challenge = CHALLENGES[step % CHALLENGES.length]!;
      push(userId, {
        type: 'ChallengeJoined',
        data: { challengeId: challenge.id, month: challenge.month, goalType: challenge.goalType, target: challenge.target, occurredAt },
      });
    } else if (step % 13 === 5) {
      push(userId, {
        type: 'ChallengeLeaderboardPreferenceUpdated',
        data: { visible: step % 2 === 1, showName: step % 4 === 1, label: `L${step}`, occurredAt },
      });
    } else if (step % 17 === 6) {
      // Recorded late: its studio day is in October.
      push(userId, { type: 'WorkoutCompleted', data: { durationSec: 1500, occurredAt: '2026-10-31T20:00:00.000Z', localDate: '2026-10-31' } });
    } else {
      const points = step % 3 === 0 ? { heartRate: { points: 7 + (step % 5) } } : {};
      push(userId, { type: 'WorkoutCompleted', data: { durationSec: 600 + (step % 7) * 137, occurredAt, localDate: localDateOf(occurredAt), ...points } });
    }
  }
  return { log, byMember };
}

describe('member_challenge_progress projection (PostgreSQL)', () => {
  const bed = projectionTestBed(memberChallengeProgressProjection);

  async function project(log: RecordedEvent[], batchSize: number) {
    const table = await bed.project(log, batchSize);
    const read = async (name: string, order: string) => (await bed.pool().query(`SELECT * FROM ${table(name)} ORDER BY ${order}`)).rows;
    return {
      months: await read(MEMBER_CHALLENGE_MONTHS, 'user_id, month'),
      progress: await read(MEMBER_CHALLENGE_PROGRESS, 'user_id, challenge_id'),
      leaderboard: await read(MEMBER_CHALLENGE_LEADERBOARD, 'user_id'),
    };
  }

  it('gives the same standings live (one by one) as on a replay (any batch size), and the same as the pure fold', async () => {
    const { log, byMember } = histories(11, 400);
    const live = await project(log, 1);
    expect(await project(log, 7)).toEqual(live);
    expect(await project(log, 1000)).toEqual(live);

    expect(live.progress.length).toBeGreaterThan(10);
    expect(live.progress.some((row) => row.finished_on !== null)).toBe(true);
    expect(live.progress.some((row) => row.finished_on === null)).toBe(true);
    expect(live.months.some((row) => row.month === '2026-10')).toBe(true);
    for (const [userId, events] of byMember) {
      const ledger = foldChallengeEvents(events);
      for (const entry of ledger.entries.values()) {
        const row = live.progress.find((candidate) => candidate.user_id === userId && candidate.challenge_id === entry.challengeId);
        expect(row).toMatchObject({
          progress: progressOf(ledger.months.get(entry.month) ?? EMPTY_TOTALS, entry.goalType),
          finished_on: entry.finishedOn,
          finished_at: entry.finishedAt,
        });
        // Only the challenge's own month can finish it.
        if (entry.finishedOn) expect(entry.finishedOn.slice(0, 7)).toBe(entry.month);
      }
    }
  });
});
