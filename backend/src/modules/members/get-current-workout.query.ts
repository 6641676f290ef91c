import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import type { RunningWorkoutDto, WorkoutDto } from '../catalog/dto/catalog.dto';
import type { CurrentWorkoutResponseDto } from './dto/enrollment.dto';
import { checkedEnrollmentId } from './enrollment-view';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { MEMBER_MESSAGES } from './member.decider';

export class GetCurrentWorkout extends Query<CurrentWorkoutResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly enrollmentId: string,
  ) {
    super();
  }
}

/** The enrolment's current and next workout in its frozen order (ADR 0061), with the progress through it. */
@QueryHandler(GetCurrentWorkout)
export class GetCurrentWorkoutHandler implements IQueryHandler<GetCurrentWorkout, CurrentWorkoutResponseDto> {
  constructor(
    private readonly enrollments: MemberEnrollmentsReadModel,
    private readonly catalog: CatalogReadModel,
  ) {}

  async execute({ user, enrollmentId }: GetCurrentWorkout): Promise<CurrentWorkoutResponseDto> {
    const row = await this.enrollments.findForMember(user.userId, checkedEnrollmentId(enrollmentId));
    if (!row || row.status === 'abandoned') throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound, { field: 'id' });
    const total = row.totalWorkouts;
    const done = row.status === 'completed' || row.currentIndex >= total;
    const index = Math.min(row.currentIndex, total);
    return {
      currentWorkout: done ? null : this.workoutOf(row.currentWorkoutId),
      nextWorkout: done || index + 1 >= total ? null : this.workoutOf(row.nextWorkoutId),
      progress: {
        current: done ? total : index + 1,
        total,
        percentComplete: total === 0 ? 0 : done ? 100 : Math.round((index / total) * 100),
      },
    };
  }

  /** A frozen workout id as the catalogue serves it today, of either kind; null if it has left the catalogue. */
  private workoutOf(id: string | null): WorkoutDto | RunningWorkoutDto | null {
    if (id === null) return null;
    return this.catalog.findWorkout(id) ?? this.catalog.findRunningWorkout(id) ?? null;
  }
}
