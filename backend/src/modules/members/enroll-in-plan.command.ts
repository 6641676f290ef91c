import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import type { EnrollmentResponseDto } from './dto/enrollment.dto';
import { enrollmentAfter } from './enrollment-view';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { MemberStreams } from './member-streams';
import { decideMembership } from './member.decider';

export class EnrollInPlan extends Command<EnrollmentResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly planId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** Enrols the member in a catalogue plan, freezing its order of workouts (ADR 0061). */
@CommandHandler(EnrollInPlan)
export class EnrollInPlanHandler implements ICommandHandler<EnrollInPlan, EnrollmentResponseDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly catalog: CatalogReadModel,
    private readonly enrollments: MemberEnrollmentsReadModel,
  ) {}

  async execute({ user, planId, idempotencyKey }: EnrollInPlan): Promise<EnrollmentResponseDto> {
    const written = await this.members.write({
      user,
      kind: 'enroll',
      idempotencyKey,
      input: { planId: planId.toLowerCase() },
      // The enrolment's id is the member-scoped command id: a retry names the same enrolment.
      decide: decideMembership,
      command: (commandId, now) => {
        const plan = this.catalog.getPlan(planId);
        return { type: 'EnrollInPlan', data: { enrollmentId: commandId, planId: plan._id, workoutIds: plan.workouts.map((workout) => workout._id), now } };
      },
    });
    return { enrollment: await enrollmentAfter(written, user.userId, written.commandId, this.enrollments, this.catalog) };
  }
}
