import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { AbandonEnrollmentResponseDto } from './dto/enrollment.dto';
import { checkedEnrollmentId } from './enrollment-view';
import { MemberStreams } from './member-streams';
import { decideEnrollmentOnRoutes } from './member.decider';

export class AbandonEnrollment extends Command<AbandonEnrollmentResponseDto> {
  constructor(
    readonly user: AuthUser,
    readonly enrollmentId: string,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(AbandonEnrollment)
export class AbandonEnrollmentHandler implements ICommandHandler<AbandonEnrollment, AbandonEnrollmentResponseDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, enrollmentId: id, idempotencyKey }: AbandonEnrollment): Promise<AbandonEnrollmentResponseDto> {
    const enrollmentId = checkedEnrollmentId(id);
    await this.members.write({
      user,
      kind: 'abandon-enrollment',
      idempotencyKey,
      input: { enrollmentId },
      decide: decideEnrollmentOnRoutes,
      command: (_commandId, now) => ({ type: 'AbandonEnrollment', data: { enrollmentId, now } }),
    });
    return { enrollmentId, status: 'abandoned', message: 'Abandonaste el plan.' };
  }
}
