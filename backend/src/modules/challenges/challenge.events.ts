import type { DomainEvent } from '../../shared/decider';
import type { ChallengeGoalType } from './challenges.rules';

/**
 * The `challenge-{id}` streams: staff define a monthly challenge and may archive it (ADR 0170).
 * Appended with the staff member as the actor, so the activity log shows who did it.
 */

export const CHALLENGE_STREAM_PREFIX = 'challenge-';

export function challengeStreamName(challengeId: string): string {
  return `${CHALLENGE_STREAM_PREFIX}${challengeId}`;
}

export type ChallengeCreated = DomainEvent<
  'ChallengeCreated',
  { challengeId: string; name: string; month: string; goalType: ChallengeGoalType; target: number; occurredAt: string }
>;

/** Members can no longer join it and it leaves the dashboard; who joined keeps their progress and achievement. */
export type ChallengeArchived = DomainEvent<'ChallengeArchived', { challengeId: string; occurredAt: string }>;

export type ChallengeEvent = ChallengeCreated | ChallengeArchived;

export const CHALLENGE_EVENT_TYPES: ReadonlyArray<ChallengeEvent['type']> = ['ChallengeCreated', 'ChallengeArchived'];
