import type { Projection } from '../../infrastructure/projections/projection';
import { CHALLENGE_EVENT_TYPES, type ChallengeArchived, type ChallengeCreated } from './challenge.events';

/** The challenges staff defined, fed from the `challenge-{id}` streams. */
export const CHALLENGES = 'challenges';

export const challengesProjection: Projection = {
  name: 'challenges',
  version: 1,
  eventTypes: CHALLENGE_EVENT_TYPES,
  tables: {
    [CHALLENGES]: (table) => [
      `CREATE TABLE ${table} (
        challenge_id text PRIMARY KEY,
        name text NOT NULL,
        month text NOT NULL,
        goal_type text NOT NULL,
        target integer NOT NULL,
        created_at text NOT NULL,
        created_by text,
        archived_at text
      )`,
      `CREATE INDEX ${table}_month ON ${table} (month)`,
    ],
  },
  /** One statement per event: staff create a handful a month. A created event seen again changes nothing. */
  async handle(events, context) {
    const table = context.table(CHALLENGES);
    for (const event of events) {
      if (event.type === 'ChallengeCreated') {
        const { challengeId, name, month, goalType, target, occurredAt } = event.data as ChallengeCreated['data'];
        await context.query(
          `INSERT INTO ${table} (challenge_id, name, month, goal_type, target, created_at, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (challenge_id) DO NOTHING`,
          [challengeId, name, month, goalType, target, occurredAt, event.metadata.actor.userId],
        );
      } else if (event.type === 'ChallengeArchived') {
        const { challengeId, occurredAt } = event.data as ChallengeArchived['data'];
        await context.query(`UPDATE ${table} SET archived_at = COALESCE(archived_at, $2) WHERE challenge_id = $1`, [challengeId, occurredAt]);
      }
    }
  },
};
