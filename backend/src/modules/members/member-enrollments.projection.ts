import { fieldsOf, rowOf, type DocumentProjection } from '../../infrastructure/projections/projection';
import { MEMBER_STREAM_PREFIX, type EnrolledInPlan, type EnrollmentPaused } from './member.events';

/** Read model of every enrolment of every member, fed from the `member-{userId}` streams. */
export const MEMBER_ENROLLMENTS = 'member_enrollments';

interface Enrollment {
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

/**
 * One row per enrolment with its frozen workout order (ADR 0061), its status and `current_index`
 * (the workouts completed in it). An enrolment's first EnrolledInPlan stands; a status change of an
 * enrolment never enrolled changes nothing; completion and abandonment moments stay once set.
 */
export const memberEnrollmentsProjection: DocumentProjection<Enrollment | null> = {
  name: 'member_enrollments',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['EnrolledInPlan', 'EnrollmentAbandoned', 'EnrollmentPaused', 'EnrollmentResumed', 'EnrollmentCompleted', 'WorkoutCompleted'],
  tables: {
    [MEMBER_ENROLLMENTS]: {
      columns: `enrollment_id text, user_id text, plan_id text, workout_ids text[], current_index integer,
        status text, paused_by text?, paused_at timestamptz?, enrolled_at timestamptz,
        completed_at timestamptz?, abandoned_at timestamptz?, updated_at timestamptz`,
      key: ['enrollment_id'],
      indexes: { user_idx: '(user_id, enrolled_at)' },
    },
  },
  keyColumn: 'enrollment_id',
  key: (event) => (event.data as { enrollmentId?: string | null }).enrollmentId ?? undefined,
  initial: () => null,
  evolve(enrollment, event) {
    const { occurredAt } = event.data as { occurredAt: string };
    if (event.type === 'EnrolledInPlan') {
      if (enrollment) return enrollment;
      const { planId, workoutIds } = event.data as EnrolledInPlan['data'];
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      return {
        userId,
        planId,
        workoutIds: [...workoutIds],
        currentIndex: 0,
        status: 'active',
        pausedBy: null,
        pausedAt: null,
        enrolledAt: occurredAt,
        completedAt: null,
        abandonedAt: null,
        updatedAt: occurredAt,
      };
    }
    if (!enrollment) return enrollment;
    switch (event.type) {
      case 'WorkoutCompleted':
        return { ...enrollment, currentIndex: enrollment.currentIndex + 1 };
      case 'EnrollmentPaused':
        return { ...enrollment, status: 'paused', pausedBy: (event.data as EnrollmentPaused['data']).pausedBy, pausedAt: occurredAt, updatedAt: occurredAt };
      case 'EnrollmentResumed':
        return { ...enrollment, status: 'active', pausedBy: null, pausedAt: null, updatedAt: occurredAt };
      case 'EnrollmentCompleted':
        return { ...enrollment, status: 'completed', pausedBy: null, pausedAt: null, completedAt: occurredAt, updatedAt: occurredAt };
      case 'EnrollmentAbandoned':
        return { ...enrollment, status: 'abandoned', pausedBy: null, pausedAt: null, abandonedAt: occurredAt, updatedAt: occurredAt };
      default:
        return enrollment;
    }
  },
  toRows: (enrollment, enrollmentId) => ({ [MEMBER_ENROLLMENTS]: enrollment ? [rowOf({ enrollment_id: enrollmentId }, enrollment)] : [] }),
  fromRows: (rows) => (rows[MEMBER_ENROLLMENTS]![0] ? fieldsOf<Enrollment>(rows[MEMBER_ENROLLMENTS]![0], 'enrollment_id') : null),
};
