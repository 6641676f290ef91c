import { heldInMemory, type ProjectionContext } from '../../infrastructure/projections/projection';

/**
 * A replay of member_profiles from empty that keeps its rows in memory (ADR 0248): each batch's
 * erasures and merged changes are applied to the rows held as the batch's DELETE and upsert apply
 * them to the table, and the rows are written once, with COPY, at the flush.
 */

/** One member's changes in a batch, as the handler merges them. */
export interface ProfileBatchPatch {
  profile: Record<string, unknown>;
  onboardingCompletedAt: string | null;
  updatedAt: string;
}

interface HeldProfile {
  profile: Record<string, unknown>;
  onboardingCompleted: boolean;
  onboardingCompletedAt: string | null;
  updatedAt: string;
}

const HELD = 'profiles';

/** Most rows held; past it the handler flushes and the rest of the replay writes per batch. */
const MAX_HELD_ROWS = 1_000_000;

/** Erasures first (the row goes), then each member's patch: fields merged as `||`, the onboarding kept once set. */
export async function holdProfilesBatch(erased: Set<string>, patches: Map<string, ProfileBatchPatch>, context: ProjectionContext): Promise<void> {
  const rows = heldInMemory<HeldProfile>(context.replay!, HELD);
  for (const userId of erased) rows.delete(userId);
  for (const [userId, patch] of patches) {
    const row = rows.get(userId);
    if (!row) {
      rows.set(userId, {
        profile: { ...patch.profile },
        onboardingCompleted: patch.onboardingCompletedAt !== null,
        onboardingCompletedAt: patch.onboardingCompletedAt,
        updatedAt: patch.updatedAt,
      });
      continue;
    }
    Object.assign(row.profile, patch.profile);
    row.onboardingCompleted ||= patch.onboardingCompletedAt !== null;
    row.onboardingCompletedAt = patch.onboardingCompletedAt ?? row.onboardingCompletedAt;
    row.updatedAt = patch.updatedAt;
  }
  if (rows.size > MAX_HELD_ROWS) await flushProfiles(context);
}

/** Writes the rows held with COPY into the generation's (empty) table; later batches write per batch. */
export async function flushProfiles(context: ProjectionContext): Promise<void> {
  const replay = context.replay;
  if (!replay) return;
  const rows = replay.entries.get(HELD) as Map<string, HeldProfile> | undefined;
  replay.entries.delete(HELD);
  replay.deferred = false;
  if (!rows || rows.size === 0) return;
  if (!context.copy) throw new Error('member_profiles: a deferred replay needs COPY');
  await context.copy(
    context.table('member_profiles'),
    ['user_id', 'profile', 'onboarding_completed', 'onboarding_completed_at', 'updated_at'],
    [...rows].map(([userId, row]) => [userId, { json: row.profile }, row.onboardingCompleted, row.onboardingCompletedAt, row.updatedAt]),
  );
}
