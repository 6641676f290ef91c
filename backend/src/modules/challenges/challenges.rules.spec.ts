import { DomainError } from '../../shared/domain-error';
import { localDateOf } from '../../shared/studio-day';
import {
  applyChallengeEvent,
  CHALLENGE_MESSAGES,
  checkChallengeDefinition,
  daysLeft,
  emptyLedger,
  foldChallengeEvents,
  leaderboardLabel,
  monthKeyOf,
  progressOf,
  rankStandings,
  type ChallengeFoldEvent,
  type ChallengeGoalType,
} from './challenges.rules';

/** A completion as the decider records it: the studio day frozen from the instant. */
function completed(occurredAt: string, durationSec = 1800, points?: number): ChallengeFoldEvent {
  return {
    type: 'WorkoutCompleted',
    data: { durationSec, occurredAt, localDate: localDateOf(occurredAt), ...(points === undefined ? {} : { heartRate: { points } }) },
  };
}

function joined(challengeId: string, month: string, goalType: ChallengeGoalType, target: number, occurredAt: string): ChallengeFoldEvent {
  return { type: 'ChallengeJoined', data: { challengeId, month, goalType, target, occurredAt } };
}

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('challenge definition', () => {
  const TODAY = '2026-11-24';
  const valid = { name: 'Reto de diciembre', month: '2026-12', goalType: 'workouts', target: 12 };

  it('accepts the current month and later ones, trimming the name', () => {
    expect(checkChallengeDefinition({ ...valid, name: '  Reto   de  noviembre ', month: '2026-11' }, TODAY)).toEqual({
      name: 'Reto de noviembre',
      month: '2026-11',
      goalType: 'workouts',
      target: 12,
    });
    expect(checkChallengeDefinition(valid, TODAY).month).toBe('2026-12');
  });

  it.each([
    [{ name: 'ab' }, 'name', CHALLENGE_MESSAGES.nameLength],
    [{ name: 'x'.repeat(81) }, 'name', CHALLENGE_MESSAGES.nameLength],
    [{ month: '2026-13' }, 'month', CHALLENGE_MESSAGES.monthFormat],
    [{ month: '2026-1' }, 'month', CHALLENGE_MESSAGES.monthFormat],
    [{ month: '2026-10' }, 'month', CHALLENGE_MESSAGES.monthPast],
    [{ goalType: 'kilometres' }, 'goalType', CHALLENGE_MESSAGES.goalType],
    [{ target: 0 }, 'target', CHALLENGE_MESSAGES.target],
    [{ target: 2.5 }, 'target', CHALLENGE_MESSAGES.target],
    [{ target: 101 }, 'target', CHALLENGE_MESSAGES.targetTooHigh('workouts')],
  ])('refuses %j on %s with a Spanish message', (change, field, message) => {
    const error = errorOf(() => checkChallengeDefinition({ ...valid, ...change }, TODAY));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(message);
    expect(error.details).toEqual({ field });
  });

  it('judges "past" by the studio day: 23:30 on 31 October in San Salvador is still October', () => {
    const today = localDateOf('2026-11-01T05:30:00.000Z');
    expect(today).toBe('2026-10-31');
    expect(checkChallengeDefinition({ ...valid, month: '2026-10' }, today).month).toBe('2026-10');
  });
});

describe('days left', () => {
  it('counts today, the whole month before it starts, and nothing once over', () => {
    expect(daysLeft('2026-11', '2026-11-24')).toBe(7);
    expect(daysLeft('2026-11', '2026-11-30')).toBe(1);
    expect(daysLeft('2026-11', '2026-12-01')).toBe(0);
    expect(daysLeft('2026-12', '2026-11-24')).toBe(31);
    expect(daysLeft('2028-02', '2028-02-01')).toBe(29);
  });
});

describe('challenge progress', () => {
  it('given a member who joined a workouts challenge, when they complete workouts in the month, then each counts', () => {
    const ledger = foldChallengeEvents([
      joined('c1', '2026-11', 'workouts', 3, '2026-11-02T15:00:00.000Z'),
      completed('2026-11-03T15:00:00.000Z'),
      completed('2026-11-04T15:00:00.000Z'),
    ]);
    expect(progressOf(ledger.months.get('2026-11')!, 'workouts')).toBe(2);
    expect(ledger.entries.get('c1')!.finishedOn).toBeNull();
  });

  it('counts the whole month: completions before joining count too', () => {
    const ledger = foldChallengeEvents([
      completed('2026-11-03T15:00:00.000Z'),
      completed('2026-11-04T15:00:00.000Z'),
      joined('c1', '2026-11', 'workouts', 3, '2026-11-10T15:00:00.000Z'),
    ]);
    expect(progressOf(ledger.months.get('2026-11')!, 'workouts')).toBe(2);
  });

  it('places a completion in the studio month of its localDate: 23:30 on 30 November in San Salvador is November, not December', () => {
    const lateEvening = completed('2026-12-01T05:30:00.000Z');
    expect(lateEvening.data).toMatchObject({ localDate: '2026-11-30' });
    const ledger = foldChallengeEvents([
      joined('nov', '2026-11', 'workouts', 1, '2026-11-01T15:00:00.000Z'),
      joined('dec', '2026-12', 'workouts', 1, '2026-11-20T15:00:00.000Z'),
      lateEvening,
    ]);
    expect(ledger.entries.get('nov')!.finishedOn).toBe('2026-11-30');
    expect(ledger.entries.get('dec')!.finishedOn).toBeNull();
    expect(monthKeyOf('2026-12-01')).toBe('2026-12');
  });

  it('moves the right month for a late event: an October completion processed in November counts for October', () => {
    const ledger = foldChallengeEvents([
      joined('nov', '2026-11', 'workouts', 1, '2026-11-01T15:00:00.000Z'),
      // Recorded (and processed) after the November join, but its day is frozen in October.
      { type: 'WorkoutCompleted', data: { durationSec: 600, occurredAt: '2026-10-31T20:00:00.000Z', localDate: '2026-10-31' } },
    ]);
    expect(ledger.months.get('2026-10')).toEqual({ workouts: 1, seconds: 600, points: 0 });
    expect(ledger.months.get('2026-11')).toBeUndefined();
    expect(ledger.entries.get('nov')!.finishedOn).toBeNull();
  });

  it('counts whole minutes of the month summed, not per workout', () => {
    const ledger = foldChallengeEvents([
      joined('c1', '2026-11', 'minutes', 60, '2026-11-01T15:00:00.000Z'),
      completed('2026-11-03T15:00:00.000Z', 1799),
      completed('2026-11-04T15:00:00.000Z', 1799),
    ]);
    expect(progressOf(ledger.months.get('2026-11')!, 'minutes')).toBe(59);
    const more = applyChallengeEvent(ledger, completed('2026-11-05T15:00:00.000Z', 2));
    expect(progressOf(more.months.get('2026-11')!, 'minutes')).toBe(60);
    expect(more.entries.get('c1')!.finishedOn).toBe('2026-11-05');
  });

  it('counts Puntos Pulso only from completions with a heart-rate summary', () => {
    const ledger = foldChallengeEvents([
      joined('c1', '2026-11', 'points', 50, '2026-11-01T15:00:00.000Z'),
      completed('2026-11-03T15:00:00.000Z', 1800, 30),
      completed('2026-11-04T15:00:00.000Z', 1800),
      completed('2026-11-05T15:00:00.000Z', 1800, 25),
    ]);
    expect(progressOf(ledger.months.get('2026-11')!, 'points')).toBe(55);
    expect(ledger.entries.get('c1')).toMatchObject({ finishedOn: '2026-11-05', finishedAt: '2026-11-05T15:00:00.000Z' });
  });

  it('finishes on the first event crossing the goal and keeps that date whatever comes after', () => {
    const events = [
      joined('c1', '2026-11', 'workouts', 2, '2026-11-01T15:00:00.000Z'),
      completed('2026-11-03T15:00:00.000Z'),
      completed('2026-11-07T15:00:00.000Z'),
      completed('2026-11-20T15:00:00.000Z'),
    ];
    const ledger = foldChallengeEvents(events);
    expect(ledger.entries.get('c1')).toMatchObject({ finishedOn: '2026-11-07', finishedAt: '2026-11-07T15:00:00.000Z' });
    expect(progressOf(ledger.months.get('2026-11')!, 'workouts')).toBe(3);
  });

  it('finishes on the join day when the month had already reached the goal', () => {
    const ledger = foldChallengeEvents([
      completed('2026-11-03T15:00:00.000Z'),
      completed('2026-11-04T15:00:00.000Z'),
      joined('c1', '2026-11', 'workouts', 2, '2026-11-12T02:00:00.000Z'),
    ]);
    // 02:00 UTC on the 12th is the evening of the 11th in San Salvador.
    expect(ledger.entries.get('c1')).toMatchObject({ finishedOn: '2026-11-11', finishedAt: '2026-11-12T02:00:00.000Z' });
  });

  it('ignores a second join of the same challenge', () => {
    const first = foldChallengeEvents([joined('c1', '2026-11', 'workouts', 5, '2026-11-01T15:00:00.000Z')]);
    const again = applyChallengeEvent(first, joined('c1', '2026-11', 'workouts', 1, '2026-11-02T15:00:00.000Z'));
    expect(again.entries.get('c1')).toEqual(first.entries.get('c1'));
  });

  it('gives the same ledger folded in one go or batch by batch (a replay with other batch boundaries)', () => {
    const events = [
      completed('2026-10-30T15:00:00.000Z', 900, 10),
      joined('c1', '2026-11', 'minutes', 45, '2026-11-01T15:00:00.000Z'),
      completed('2026-11-02T15:00:00.000Z', 1200, 12),
      {
        type: 'ChallengeLeaderboardPreferenceUpdated',
        data: { visible: true, showName: false, label: 'C. M.', occurredAt: '2026-11-02T16:00:00.000Z' },
      } as ChallengeFoldEvent,
      completed('2026-11-03T15:00:00.000Z', 1500, 20),
      completed('2026-12-01T05:59:00.000Z', 600),
    ];
    const whole = foldChallengeEvents(events);
    for (let cut = 0; cut <= events.length; cut += 1) {
      expect(foldChallengeEvents(events.slice(cut), foldChallengeEvents(events.slice(0, cut)))).toEqual(whole);
    }
    expect(whole.entries.get('c1')!.finishedOn).toBe('2026-11-03');
    expect(whole.leaderboard).toEqual({ visible: true, showName: false, label: 'C. M.' });
    expect(emptyLedger().entries.size).toBe(0);
  });
});

describe('leaderboard', () => {
  it('shows initials by default and "Carla M." only when the member chose to show their name', () => {
    expect(leaderboardLabel('Carla', 'Martínez', false)).toBe('C. M.');
    expect(leaderboardLabel('Carla', 'Martínez', true)).toBe('Carla M.');
    expect(leaderboardLabel('  ana lucía ', 'de la O', true)).toBe('Ana D.');
    expect(leaderboardLabel('Ángel', '', false)).toBe('Á.');
    expect(leaderboardLabel('', '', true)).toBe('Miembro de Pulso');
  });

  it('ranks by progress, then who finished first, then who joined first; equal progress shares the rank', () => {
    const ranked = rankStandings([
      { key: 'a', progress: 5, finishedAt: null, joinedAt: '2026-11-03T00:00:00.000Z' },
      { key: 'b', progress: 9, finishedAt: '2026-11-20T00:00:00.000Z', joinedAt: '2026-11-02T00:00:00.000Z' },
      { key: 'c', progress: 9, finishedAt: '2026-11-10T00:00:00.000Z', joinedAt: '2026-11-05T00:00:00.000Z' },
      { key: 'd', progress: 5, finishedAt: null, joinedAt: '2026-11-01T00:00:00.000Z' },
      { key: 'e', progress: 1, finishedAt: null, joinedAt: '2026-11-01T00:00:00.000Z' },
    ]);
    expect(ranked.map((row) => [row.key, row.rank])).toEqual([
      ['c', 1],
      ['b', 1],
      ['d', 3],
      ['a', 3],
      ['e', 5],
    ]);
  });

  it('orders ties the same way whatever order the rows arrive in', () => {
    const rows = [
      { key: 'x', progress: 2, finishedAt: null, joinedAt: '2026-11-01T00:00:00.000Z' },
      { key: 'y', progress: 2, finishedAt: null, joinedAt: '2026-11-01T00:00:00.000Z' },
      { key: 'z', progress: 2, finishedAt: null, joinedAt: '2026-11-01T00:00:00.000Z' },
    ];
    expect(rankStandings([...rows].reverse()).map((row) => row.key)).toEqual(rankStandings(rows).map((row) => row.key));
  });
});
