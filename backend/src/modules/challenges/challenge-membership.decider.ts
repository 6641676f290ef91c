import type { DomainCommand } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { localDateOf, normalizeInstant } from '../../shared/studio-day';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { CHALLENGE_MESSAGES, monthKeyOf, type ChallengeGoalType } from './challenges.rules';

/** What a member may do with the monthly challenges on their stream (ADRs 0170, 0172): join one, choose how the leaderboards show them. */

/** The challenge's definition as the read model holds it; the decider refuses a month already over. */
export type JoinChallenge = DomainCommand<'JoinChallenge', { challengeId: string; month: string; goalType: ChallengeGoalType; target: number; now: string }>;

export type UpdateChallengeLeaderboardPreference = DomainCommand<
  'UpdateChallengeLeaderboardPreference',
  { visible: boolean; showName: boolean; label: string; now: string }
>;

export type ChallengeMembershipCommand = JoinChallenge | UpdateChallengeLeaderboardPreference;

export function decideChallengeMembership(command: ChallengeMembershipCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'JoinChallenge':
      return joinChallenge(command.data, state);
    case 'UpdateChallengeLeaderboardPreference':
      return updateChallengeLeaderboardPreference(command.data, state);
    default:
      return unreachable(command);
  }
}

/** Joining twice changes nothing; a challenge whose month is over can no longer be joined (ADR 0170). */
function joinChallenge({ challengeId, month, goalType, target, now }: JoinChallenge['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (state.challengeIds.has(challengeId)) return [];
  if (month < monthKeyOf(localDateOf(occurredAt))) throw new DomainError('conflict', CHALLENGE_MESSAGES.challengeOver);
  return [{ type: 'ChallengeJoined', data: { challengeId, month, goalType, target, occurredAt } }];
}

function updateChallengeLeaderboardPreference(
  { visible, showName, label, now }: UpdateChallengeLeaderboardPreference['data'],
  state: MemberState,
): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const current = state.challengeLeaderboard;
  if (current && current.visible === visible && current.showName === showName && current.label === label) return [];
  if (!current && !visible && !showName) return [];
  return [{ type: 'ChallengeLeaderboardPreferenceUpdated', data: { visible, showName, label, occurredAt } }];
}

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
