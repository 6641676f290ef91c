import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { CatalogReadModel } from '../catalog/catalog.read-model';
import type { EnrollmentResponseDto } from './dto/enrollment.dto';
import { checkedEnrollmentId, enrollmentAfter } from './enrollment-view';
import { MemberEnrollmentsReadModel } from './member-enrollments.read-model';
import { MemberStreams } from './member-streams';
import { decideEnrollmentOnRoutes } from './member.decider';

export class ResumeEnrollment extends Command<EnrollmentResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly enrollmentId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The member lifts their own hold; a hold the studio put stays until staff lift it (ADR 0060). */
@CommandHandler(ResumeEnrollment)
export class ResumeEnrollmentHandler implements ICommandHandler<ResumeEnrollment, EnrollmentResponseDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly catalog: CatalogReadModel,
    private readonly enrollments: MemberEnrollmentsReadModel,
  ) {}

  async execute({ user, enrollmentId: id, idempotencyKey }: ResumeEnrollment): Promise<EnrollmentResponseDto> {
    const enrollmentId = checkedEnrollmentId(id);
    const written = await this.members.write({
      user,
      kind: 'resume-enrollment',
      idempotencyKey,
      input: { enrollmentId },
      decide: decideEnrollmentOnRoutes,
      command: (_commandId, now) => ({ type: 'ResumeEnrollment', data: { enrollmentId, by: 'member', now } }),
    });
    return { enrollment: await enrollmentAfter(written, user.userId, enrollmentId, this.enrollments, this.catalog) };
  }
}
