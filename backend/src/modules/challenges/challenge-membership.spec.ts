import { DomainError } from '../../shared/domain-error';
import { memberDecider, type MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { decideChallengeMembership, type ChallengeMembershipCommand } from './challenge-membership.decider';
import { CHALLENGE_MESSAGES } from './challenges.rules';

/** The member stream's decider for these commands, as their use cases run it. */
const decider = memberDecider(decideChallengeMembership);

/** Joining a challenge and the leaderboard choice, as the member stream's decider rules them. */

function given(events: MemberEvent[]): MemberState {
  return events.reduce(decider.evolve, decider.initialState());
}

function when(state: MemberState, command: ChallengeMembershipCommand): MemberEvent[] {
  return decider.decide(command, state);
}

const join = (now: string, month = '2026-11'): ChallengeMembershipCommand => ({
  type: 'JoinChallenge',
  data: { challengeId: 'c1', month, goalType: 'workouts', target: 12, now },
});

describe('joining a challenge', () => {
  it('records the challenge with its month and goal', () => {
    expect(when(given([]), join('2026-11-24T15:00:00Z'))).toEqual([
      { type: 'ChallengeJoined', data: { challengeId: 'c1', month: '2026-11', goalType: 'workouts', target: 12, occurredAt: '2026-11-24T15:00:00.000Z' } },
    ]);
  });

  it('changes nothing the second time', () => {
    const state = given(when(given([]), join('2026-11-24T15:00:00Z')));
    expect(when(state, join('2026-11-25T15:00:00Z'))).toEqual([]);
  });

  it('accepts a later month and refuses one already over, by the studio day', () => {
    expect(when(given([]), join('2026-11-24T15:00:00Z', '2026-12'))).toHaveLength(1);
    // 05:30 UTC on 1 December is still 30 November in San Salvador: November is not over yet.
    expect(when(given([]), join('2026-12-01T05:30:00Z'))).toHaveLength(1);
    let refusal: unknown;
    try {
      when(given([]), join('2026-12-01T06:30:00Z'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'conflict', message: CHALLENGE_MESSAGES.challengeOver });
  });
});

describe('the leaderboard choice', () => {
  const choose = (visible: boolean, showName: boolean, label: string): ChallengeMembershipCommand => ({
    type: 'UpdateChallengeLeaderboardPreference',
    data: { visible, showName, label, now: '2026-11-24T15:00:00Z' },
  });

  it('starts hidden: hiding without ever choosing appends nothing', () => {
    expect(when(given([]), choose(false, false, 'C. M.'))).toEqual([]);
  });

  it('records a change and ignores the same choice again', () => {
    const first = when(given([]), choose(true, false, 'C. M.'));
    expect(first).toEqual([
      { type: 'ChallengeLeaderboardPreferenceUpdated', data: { visible: true, showName: false, label: 'C. M.', occurredAt: '2026-11-24T15:00:00.000Z' } },
    ]);
    const state = given(first);
    expect(state.challengeLeaderboard).toEqual({ visible: true, showName: false, label: 'C. M.' });
    expect(when(state, choose(true, false, 'C. M.'))).toEqual([]);
    expect(when(state, choose(true, true, 'Carla M.'))).toHaveLength(1);
  });
});
