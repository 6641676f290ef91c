import { heldInMemory, type ProjectionContext } from '../../infrastructure/projections/projection';

/**
 * A replay of member_enrollments from empty that keeps its rows in memory (ADR 0248): each batch's
 * new enrolments, advances and status patches are applied to the rows held, exactly as the batch's
 * three statements apply them to the table, and the rows are written once, with COPY, at the flush.
 */

/** What a batch of member_enrollments brings, as the handler groups it. */
export interface EnrollmentsBatch {
  enrolled: { ids: string[]; users: string[]; plans: string[]; workouts: string[]; at: string[] };
  advances: Map<string, number>;
  patches: Map<string, { status: string; pausedBy: string | null; pausedAt: string | null; completedAt: string | null; abandonedAt: string | null; updatedAt: string }>;
}

interface HeldEnrollment {
  userId: string;
  planId: string;
  workoutIds: string[];
  currentIndex: number;
  status: string;
  pausedBy: string | null;
  pausedAt: string | null;
  enrolledAt: string;
  completedAt: string | null;
  abandonedAt: string | null;
  updatedAt: string;
}

/** Where the held rows live in the replay memory. */
const HELD = 'enrollments';

/** Most rows held; past it the handler flushes and the rest of the replay writes per batch. */
const MAX_HELD_ROWS = 2_000_000;

/** Applies the batch to the rows held: inserts (first one wins), then advances, then the last status of each. */
export async function holdEnrollmentsBatch(batch: EnrollmentsBatch, context: ProjectionContext): Promise<void> {
  const rows = heldInMemory<HeldEnrollment>(context.replay!, HELD);
  const { enrolled, advances, patches } = batch;
  for (let index = 0; index < enrolled.ids.length; index += 1) {
    const id = enrolled.ids[index]!;
    if (rows.has(id)) continue;
    rows.set(id, {
      userId: enrolled.users[index]!,
      planId: enrolled.plans[index]!,
      workoutIds: JSON.parse(enrolled.workouts[index]!) as string[],
      currentIndex: 0,
      status: 'active',
      pausedBy: null,
      pausedAt: null,
      enrolledAt: enrolled.at[index]!,
      completedAt: null,
      abandonedAt: null,
      updatedAt: enrolled.at[index]!,
    });
  }
  for (const [id, count] of advances) {
    const row = rows.get(id);
    if (row) row.currentIndex += count;
  }
  for (const [id, patch] of patches) {
    const row = rows.get(id);
    if (!row) continue;
    row.status = patch.status;
    row.pausedBy = patch.pausedBy;
    row.pausedAt = patch.pausedAt;
    row.completedAt = patch.completedAt ?? row.completedAt;
    row.abandonedAt = patch.abandonedAt ?? row.abandonedAt;
    row.updatedAt = patch.updatedAt;
  }
  if (rows.size > MAX_HELD_ROWS) await flushEnrollments(context);
}

/** Writes the rows held with COPY into the generation's (empty) table; later batches write per batch. */
export async function flushEnrollments(context: ProjectionContext): Promise<void> {
  const replay = context.replay;
  if (!replay) return;
  const rows = replay.entries.get(HELD) as Map<string, HeldEnrollment> | undefined;
  replay.entries.delete(HELD);
  replay.deferred = false;
  if (!rows || rows.size === 0) return;
  if (!context.copy) throw new Error('member_enrollments: a deferred replay needs COPY');
  await context.copy(
    context.table('member_enrollments'),
    ['enrollment_id', 'user_id', 'plan_id', 'workout_ids', 'current_index', 'status', 'paused_by', 'paused_at', 'enrolled_at', 'completed_at', 'abandoned_at', 'updated_at'],
    [...rows].map(([id, row]) => [
      id,
      row.userId,
      row.planId,
      row.workoutIds,
      row.currentIndex,
      row.status,
      row.pausedBy,
      row.pausedAt,
      row.enrolledAt,
      row.completedAt,
      row.abandonedAt,
      row.updatedAt,
    ]),
  );
}
