import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type OnboardingCompleted, type ProfileUpdated } from './member.events';

/** Read model of each member's profile and onboarding flag, fed from the `member-{userId}` streams. */
export const MEMBER_PROFILES = 'member_profiles';

export const memberProfileProjection: Projection = {
  name: 'member_profiles',
  version: 1,
  eventTypes: ['ProfileUpdated', 'OnboardingCompleted'],
  tables: {
    [MEMBER_PROFILES]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        profile jsonb NOT NULL DEFAULT '{}'::jsonb,
        onboarding_completed boolean NOT NULL DEFAULT false,
        onboarding_completed_at timestamptz,
        updated_at timestamptz NOT NULL
      )`,
    ],
  },
  async handle(events: RecordedEvent[], context) {
    const table = context.table(MEMBER_PROFILES);
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      if (event.type === 'ProfileUpdated') {
        const { changes, occurredAt } = event.data as ProfileUpdated['data'];
        const after = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change?.after ?? null]));
        await context.query(
          `INSERT INTO ${table} (user_id, profile, updated_at) VALUES ($1, $2::jsonb, $3)
           ON CONFLICT (user_id) DO UPDATE SET profile = ${table}.profile || EXCLUDED.profile, updated_at = EXCLUDED.updated_at`,
          [userId, JSON.stringify(after), occurredAt],
        );
      } else if (event.type === 'OnboardingCompleted') {
        const { occurredAt } = event.data as OnboardingCompleted['data'];
        await context.query(
          `INSERT INTO ${table} (user_id, onboarding_completed, onboarding_completed_at, updated_at) VALUES ($1, true, $2, $2)
           ON CONFLICT (user_id) DO UPDATE SET onboarding_completed = true, onboarding_completed_at = EXCLUDED.onboarding_completed_at, updated_at = EXCLUDED.updated_at`,
          [userId, occurredAt],
        );
      }
    }
  },
};
