import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import type { EnrollmentResponseDto } from './dto/enrollment.dto';
import { checkedEnrollmentId, enrollmentAfter } from './enrollment-view';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { MemberStreams } from './member-streams';
import { decideEnrollmentOnRoutes } from './member.decider';

export class PauseEnrollment extends Command<EnrollmentResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly enrollmentId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The member puts their own enrolment on hold; pausing a paused one changes nothing. */
@CommandHandler(PauseEnrollment)
export class PauseEnrollmentHandler implements ICommandHandler<PauseEnrollment, EnrollmentResponseDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly catalog: CatalogReadModel,
    private readonly enrollments: MemberEnrollmentsReadModel,
  ) {}

  async execute({ user, enrollmentId: id, idempotencyKey }: PauseEnrollment): Promise<EnrollmentResponseDto> {
    const enrollmentId = checkedEnrollmentId(id);
    const written = await this.members.write({
      user,
      kind: 'pause-enrollment',
      idempotencyKey,
      input: { enrollmentId },
      // The member's own route always acts as the member; studio holds come from the staff console (ADR 0060).
      decide: decideEnrollmentOnRoutes,
      command: (_commandId, now) => ({ type: 'PauseEnrollment', data: { enrollmentId, by: 'member', now } }),
    });
    return { enrollment: await enrollmentAfter(written, user.userId, enrollmentId, this.enrollments, this.catalog) };
  }
}
