import type { RecordedEvent, Statement } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { flushEnrollments, holdEnrollmentsBatch } from './member-enrollments.deferred';
import { MEMBER_STREAM_PREFIX } from './member.events';

/** Read model of every enrolment of every member, fed from the `member-{userId}` streams. */
export const MEMBER_ENROLLMENTS = 'member_enrollments';

interface StatusPatch {
  status: string;
  pausedBy: string | null;
  pausedAt: string | null;
  completedAt: string | null;
  abandonedAt: string | null;
  updatedAt: string;
}

/**
 * One row per enrolment with its frozen workout order (ADR 0061), status and
 * `current_index`. A batch is applied in three set-based statements whatever its size:
 * new enrolments, then the completions counted per enrolment, then each enrolment's last
 * status change in the batch (earlier ones in the same batch are superseded by it).
 */
export const memberEnrollmentsProjection: Projection = {
  name: 'member_enrollments',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['EnrolledInPlan', 'EnrollmentAbandoned', 'EnrollmentPaused', 'EnrollmentResumed', 'EnrollmentCompleted', 'WorkoutCompleted'],
  tables: {
    [MEMBER_ENROLLMENTS]: (table) => [
      `CREATE TABLE ${table} (
        enrollment_id text PRIMARY KEY,
        user_id text NOT NULL,
        plan_id text NOT NULL,
        workout_ids text[] NOT NULL,
        current_index integer NOT NULL DEFAULT 0,
        status text NOT NULL,
        paused_by text,
        paused_at timestamptz,
        enrolled_at timestamptz NOT NULL,
        completed_at timestamptz,
        abandoned_at timestamptz,
        updated_at timestamptz NOT NULL
      )`,
      `CREATE INDEX ${table}_user_idx ON ${table} (user_id, enrolled_at)`,
    ],
  },
  async handle(events: RecordedEvent[], context) {
    const table = context.table(MEMBER_ENROLLMENTS);

    const enrolled = { ids: [] as string[], users: [] as string[], plans: [] as string[], workouts: [] as string[], at: [] as string[] };
    const advances = new Map<string, number>();
    const patches = new Map<string, StatusPatch>();

    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      const enrollmentId = data.enrollmentId as string | null;
      const occurredAt = data.occurredAt as string;
      switch (event.type) {
        case 'EnrolledInPlan':
          enrolled.ids.push(enrollmentId as string);
          enrolled.users.push(event.streamId.slice(MEMBER_STREAM_PREFIX.length));
          enrolled.plans.push(data.planId as string);
          // One JSON text per row: unnest cannot take an array of arrays of different lengths.
          enrolled.workouts.push(JSON.stringify(data.workoutIds));
          enrolled.at.push(occurredAt);
          break;
        case 'WorkoutCompleted':
          if (enrollmentId) advances.set(enrollmentId, (advances.get(enrollmentId) ?? 0) + 1);
          break;
        case 'EnrollmentPaused':
          patchOf(patches, enrollmentId as string, occurredAt, 'paused', data.pausedBy as string, occurredAt);
          break;
        case 'EnrollmentResumed':
          patchOf(patches, enrollmentId as string, occurredAt, 'active', null, null);
          break;
        case 'EnrollmentCompleted':
          patchOf(patches, enrollmentId as string, occurredAt, 'completed', null, null).completedAt = occurredAt;
          break;
        case 'EnrollmentAbandoned':
          patchOf(patches, enrollmentId as string, occurredAt, 'abandoned', null, null).abandonedAt = occurredAt;
          break;
        default:
          break;
      }
    }

    // A replay from empty applies the batch to rows held in memory until the runner flushes (ADR 0248).
    if (context.replay?.deferred) {
      await holdEnrollmentsBatch({ enrolled, advances, patches }, context);
      return;
    }
    // Answered in this order: in an append they leave with its COMMIT (ADR 0315).
    const writes: Statement[] = [];
    if (enrolled.ids.length > 0) {
      writes.push({ text: `INSERT INTO ${table} (enrollment_id, user_id, plan_id, workout_ids, status, enrolled_at, updated_at)
         SELECT e.id, e.user_id, e.plan_id, ARRAY(SELECT jsonb_array_elements_text(e.workouts::jsonb)), 'active', e.at, e.at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS e(id, user_id, plan_id, workouts, at)
         ON CONFLICT (enrollment_id) DO NOTHING`, values: [enrolled.ids, enrolled.users, enrolled.plans, enrolled.workouts, enrolled.at] });
    }
    if (advances.size > 0) {
      writes.push({ text: `UPDATE ${table} t SET current_index = t.current_index + a.n
           FROM unnest($1::text[], $2::int[]) AS a(id, n)
          WHERE t.enrollment_id = a.id`, values: [[...advances.keys()], [...advances.values()]] });
    }
    if (patches.size > 0) {
      const ids = [...patches.keys()];
      const rows = [...patches.values()];
      writes.push({ text: `UPDATE ${table} t
            SET status = p.status, paused_by = p.paused_by, paused_at = p.paused_at,
                completed_at = COALESCE(p.completed_at, t.completed_at),
                abandoned_at = COALESCE(p.abandoned_at, t.abandoned_at),
                updated_at = p.updated_at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[])
                AS p(id, status, paused_by, paused_at, completed_at, abandoned_at, updated_at)
          WHERE t.enrollment_id = p.id`, values: [
          ids,
          rows.map((row) => row.status),
          rows.map((row) => row.pausedBy),
          rows.map((row) => row.pausedAt),
          rows.map((row) => row.completedAt),
          rows.map((row) => row.abandonedAt),
          rows.map((row) => row.updatedAt),
        ] });
    }
    return writes;
  },

  /** Writes what a replay from empty held in memory, with COPY (ADR 0248). */
  flushReplay: flushEnrollments,
};

/** The enrolment's status patch after this event; completion and abandonment moments survive later events of the batch. */
function patchOf(
  patches: Map<string, StatusPatch>,
  enrollmentId: string,
  occurredAt: string,
  status: string,
  pausedBy: string | null,
  pausedAt: string | null,
): StatusPatch {
  let patch = patches.get(enrollmentId);
  if (!patch) {
    patch = { status, pausedBy, pausedAt, completedAt: null, abandonedAt: null, updatedAt: occurredAt };
    patches.set(enrollmentId, patch);
  }
  patch.status = status;
  patch.pausedBy = pausedBy;
  patch.pausedAt = pausedAt;
  patch.updatedAt = occurredAt;
  return patch;
}
