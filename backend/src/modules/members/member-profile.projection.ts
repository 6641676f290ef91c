import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { flushProfiles, holdProfilesBatch } from './member-profile.deferred';
import { MEMBER_STREAM_PREFIX, type OnboardingCompleted, type ProfileUpdated } from './member.events';

/** Read model of each member's profile and onboarding flag, fed from the `member-{userId}` streams. */
export const MEMBER_PROFILES = 'member_profiles';

interface ProfilePatch {
  /** The batch's changes merged in log order: a later change of a field wins, as `||` would make it. */
  profile: Record<string, unknown>;
  onboardingCompletedAt: string | null;
  updatedAt: string;
}

export const memberProfileProjection: Projection = {
  name: 'member_profiles',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['ProfileUpdated', 'OnboardingCompleted', 'MemberDataErased'],
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
  /**
   * Set-based: the batch is folded per member in memory (changes merged in log order, the
   * last onboarding moment, the last event's moment) and written with one multi-row upsert.
   * Same rows as applying the events one by one.
   */
  async handle(events: RecordedEvent[], context) {
    const patches = new Map<string, ProfilePatch>();
    /** Members erased in the batch (ADR 0202): their row goes, before what came after the erasure is written. */
    const erased = new Set<string>();
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      let patch = patches.get(userId);
      if (event.type === 'MemberDataErased') {
        patches.delete(userId);
        erased.add(userId);
      } else if (event.type === 'ProfileUpdated') {
        const { changes, occurredAt } = event.data as ProfileUpdated['data'];
        if (!patch) {
          patch = { profile: {}, onboardingCompletedAt: null, updatedAt: occurredAt };
          patches.set(userId, patch);
        }
        for (const field of Object.keys(changes)) {
          patch.profile[field] = (changes as Record<string, { after?: unknown } | undefined>)[field]?.after ?? null;
        }
        patch.updatedAt = occurredAt;
      } else if (event.type === 'OnboardingCompleted') {
        const { occurredAt } = event.data as OnboardingCompleted['data'];
        if (!patch) {
          patch = { profile: {}, onboardingCompletedAt: null, updatedAt: occurredAt };
          patches.set(userId, patch);
        }
        patch.onboardingCompletedAt = occurredAt;
        patch.updatedAt = occurredAt;
      }
    }
    // A replay from empty applies the batch to rows held in memory until the runner flushes (ADR 0248).
    if (context.replay?.deferred) {
      await holdProfilesBatch(erased, patches, context);
      return;
    }
    const table = context.table(MEMBER_PROFILES);
    if (erased.size > 0) await context.query(`DELETE FROM ${table} WHERE user_id = ANY ($1::text[])`, [[...erased]]);
    if (patches.size === 0) return;
    const rows = [...patches.values()];
    await context.query(
      `INSERT INTO ${table} (user_id, profile, onboarding_completed, onboarding_completed_at, updated_at)
       SELECT p.user_id, p.profile, p.onboarding_at IS NOT NULL, p.onboarding_at, p.updated_at
         FROM unnest($1::text[], $2::jsonb[], $3::timestamptz[], $4::timestamptz[]) AS p(user_id, profile, onboarding_at, updated_at)
       ON CONFLICT (user_id) DO UPDATE SET
         profile = ${table}.profile || EXCLUDED.profile,
         onboarding_completed = ${table}.onboarding_completed OR EXCLUDED.onboarding_completed,
         onboarding_completed_at = COALESCE(EXCLUDED.onboarding_completed_at, ${table}.onboarding_completed_at),
         updated_at = EXCLUDED.updated_at`,
      [
        [...patches.keys()],
        rows.map((row) => JSON.stringify(row.profile)),
        rows.map((row) => row.onboardingCompletedAt),
        rows.map((row) => row.updatedAt),
      ],
    );
  },

  /** Writes what a replay from empty held in memory, with COPY (ADR 0248). */
  flushReplay: flushProfiles,
};
