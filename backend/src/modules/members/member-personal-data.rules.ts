/** What an erased member's personal fields read, everywhere (ADR 0202). */
export const ERASED_VALUE = '[borrado]';

const erasedChange = { before: ERASED_VALUE, after: ERASED_VALUE };
const erasedListChange = { before: [ERASED_VALUE], after: [ERASED_VALUE] };

/**
 * The personal fields of the member stream (ADR 0200): names, body measures, date of birth,
 * gender and the member's own words. They are stored encrypted with the member's data key and
 * read "[borrado]" once the key is destroyed. The rest of each event (ids, days, durations,
 * heart-rate summaries, points) stays in clear: without a name, an email or a body it is the
 * anonymous history the studio's figures are counted from. Keyed by the member event's type
 * (member-personal-data.rules.spec.ts holds each key to member.events.ts).
 */
export const MEMBER_PERSONAL_FIELDS: Readonly<Record<string, ReadonlyArray<{ path: readonly string[]; erased: unknown }>>> = {
  ProfileUpdated: [
    { path: ['changes', 'dateOfBirth'], erased: erasedChange },
    { path: ['changes', 'gender'], erased: erasedChange },
    { path: ['changes', 'height'], erased: erasedChange },
    { path: ['changes', 'weight'], erased: erasedChange },
    { path: ['changes', 'goals'], erased: erasedListChange },
  ],
  // "Carla M.": the member's name as the leaderboards show it.
  ChallengeLeaderboardPreferenceUpdated: [{ path: ['label'], erased: ERASED_VALUE }],
  // Names the member typed for their own timers.
  TimerPresetSaved: [{ path: ['preset', 'name'], erased: ERASED_VALUE }],
  WorkoutCompleted: [{ path: ['intervalTimer', 'name'], erased: ERASED_VALUE }],
};

/**
 * A payload with its personal fields as an erasure leaves them: what a read model that kept a
 * copy (the staff log) writes over its rows, the same a rebuild reads once the key is gone.
 */
export function erasePersonalFields(type: string, data: unknown): unknown {
  const fields = MEMBER_PERSONAL_FIELDS[type] as (typeof MEMBER_PERSONAL_FIELDS)[string] | undefined;
  if (!fields || data === null || typeof data !== 'object') return data;
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const { path, erased } of fields) {
    let parent: Record<string, unknown> | undefined = copy;
    for (const segment of path.slice(0, -1)) {
      const next: unknown = parent?.[segment];
      parent = next !== null && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    const last = path[path.length - 1];
    if (parent && parent[last] !== undefined) parent[last] = structuredClone(erased);
  }
  return copy;
}
