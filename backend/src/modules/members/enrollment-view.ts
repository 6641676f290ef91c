import { DomainError } from '../../shared/domain-error';
import type { CatalogReadModel } from '../catalog/catalog.read-model';
import type { EnrollmentDto } from './dto/enrollment.dto';
import type { EnrollmentRow, MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { MEMBER_MESSAGES } from './member.decider';
import { isUuid, type MemberWritten } from './member-streams';

export const ENROLLMENT_ID_MESSAGE = 'El id no es un identificador de inscripción válido.';

/** An enrolment id from the path, as the stream stores it. */
export function checkedEnrollmentId(id: string): string {
  if (!isUuid(id)) throw new DomainError('invalid', ENROLLMENT_ID_MESSAGE, { field: 'id' });
  return id.toLowerCase();
}

export function enrollmentDto(row: EnrollmentRow, catalog: CatalogReadModel): EnrollmentDto {
  const plan = catalog.findPlan(row.planId);
  return {
    _id: row.enrollmentId,
    planId: {
      _id: row.planId,
      title: plan?.title ?? 'Plan no disponible',
      difficulty: plan?.difficulty ?? 'beginner',
      // The enrolment's own total: its frozen order, not today's plan (ADR 0061).
      totalWorkouts: row.totalWorkouts,
    },
    // Abandoned enrolments never get here: the list leaves them out and the routes answer 404.
    status: row.status as EnrollmentDto['status'],
    currentIndex: row.currentIndex,
    enrolledAt: row.enrolledAt,
    completedAt: row.completedAt,
    pausedBy: row.status === 'paused' ? row.pausedBy : null,
  };
}

/**
 * The enrolment after a command: status, index and hold from the decided state (always current),
 * its moments from the read model, which the writer has waited for.
 */
export async function enrollmentAfter(
  written: MemberWritten,
  userId: string,
  enrollmentId: string,
  enrollments: MemberEnrollmentsReadModel,
  catalog: CatalogReadModel,
): Promise<EnrollmentDto> {
  const decided = written.state.enrollments.get(enrollmentId);
  if (!decided) throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound, { field: 'id' });
  const row = await enrollments.findForMember(userId, enrollmentId);
  const enrolled = written.events.find((event) => event.type === 'EnrolledInPlan');
  return enrollmentDto(
    {
      enrollmentId,
      userId,
      planId: decided.planId,
      totalWorkouts: decided.workoutIds.length,
      currentIndex: decided.currentIndex,
      status: decided.status,
      pausedBy: decided.pausedBy,
      enrolledAt: row?.enrolledAt ?? enrolled?.data.occurredAt ?? written.now,
      completedAt: row?.completedAt ?? null,
    },
    catalog,
  );
}
