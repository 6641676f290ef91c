import { fieldsOf, rowOf, type DocumentProjection, type TableShape } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type OnboardingCompleted, type ProfileUpdated } from './member.events';

/** Read model of each member's profile and onboarding flag, fed from the `member-{userId}` streams. */
export const MEMBER_PROFILES = 'member_profiles';

interface Profile {
  profile: Record<string, unknown>;
  onboardingCompleted: boolean;
  onboardingCompletedAt: string | null;
  updatedAt: string;
}

/** One row per member. */
const PROFILE_ROWS: TableShape = {
  columns: 'user_id text, profile jsonb, onboarding_completed boolean, onboarding_completed_at timestamptz?, updated_at timestamptz',
  key: ['user_id'],
};

/** One row per member: each change of a field replaces it (the later wins); an erasure removes the row (ADR 0202). */
export const memberProfileProjection: DocumentProjection<Profile | null> = {
  name: 'member_profiles',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['ProfileUpdated', 'OnboardingCompleted', 'MemberDataErased'],
  tables: { [MEMBER_PROFILES]: PROFILE_ROWS },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => null,
  evolve(member, event) {
    if (event.type === 'MemberDataErased') return null;
    const { occurredAt } = event.data as OnboardingCompleted['data'];
    const next: Profile = member ?? { profile: {}, onboardingCompleted: false, onboardingCompletedAt: null, updatedAt: occurredAt };
    next.updatedAt = occurredAt;
    if (event.type === 'OnboardingCompleted') {
      next.onboardingCompleted = true;
      next.onboardingCompletedAt = occurredAt;
      return next;
    }
    const { changes } = event.data as ProfileUpdated['data'];
    for (const field of Object.keys(changes)) next.profile[field] = (changes as Record<string, { after?: unknown } | undefined>)[field]?.after ?? null;
    return next;
  },
  toRows: (member, userId) => ({ [MEMBER_PROFILES]: member ? [rowOf({ user_id: userId }, member)] : [] }),
  fromRows(rows) {
    const row = rows[MEMBER_PROFILES]![0];
    // A copy of the profile: the fold changes its document's.
    return row ? { ...fieldsOf<Profile>(row, 'user_id'), profile: { ...(row.profile as Profile['profile']) } } : null;
  },
};
