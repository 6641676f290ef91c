import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
import { CHALLENGE_EVENT_TYPES, type ChallengeArchived, type ChallengeCreated } from './challenge.events';

/** The challenges staff defined, fed from the `challenge-{id}` streams. */
export const CHALLENGES = 'challenges';

interface Challenge extends Omit<ChallengeCreated['data'], 'challengeId' | 'occurredAt'> {
  createdAt: string;
  createdBy: string | null;
  archivedAt: string | null;
}

/** A challenge as created (a created event seen again changes nothing) and the first moment it was archived. */
export const challengesProjection: DocumentProjection<Challenge | null> = {
  name: 'challenges',
  version: 1,
  eventTypes: CHALLENGE_EVENT_TYPES,
  tables: {
    [CHALLENGES]: {
      columns: 'challenge_id text, name text, month text, goal_type text, target integer, created_at text, created_by text?, archived_at text?',
      key: ['challenge_id'],
      indexes: { month: '(month)' },
    },
  },
  keyColumn: 'challenge_id',
  key: (event) => (event.data as ChallengeArchived['data']).challengeId,
  initial: () => null,
  evolve(challenge, event) {
    if (event.type === 'ChallengeCreated') {
      if (challenge) return challenge;
      const { name, month, goalType, target, occurredAt } = event.data as ChallengeCreated['data'];
      return { name, month, goalType, target, createdAt: occurredAt, createdBy: event.metadata.actor.userId, archivedAt: null };
    }
    if (!challenge || challenge.archivedAt) return challenge;
    return { ...challenge, archivedAt: (event.data as ChallengeArchived['data']).occurredAt };
  },
  toRows: (challenge, challengeId) => ({ [CHALLENGES]: challenge ? [rowOf({ challenge_id: challengeId }, challenge)] : [] }),
  fromRows: (rows) => (rows[CHALLENGES]![0] ? fieldsOf<Challenge>(rows[CHALLENGES]![0], 'challenge_id') : null),
};
