import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import type { HeartRateProfileDto, SetMeasuredMaxHeartRateDto } from './dto/heart-rate.dto';
import { profileOfState } from './heart-rate-profile';
import { decideHeartRate } from './heart-rate.decider';

export class SetMeasuredMaxHeartRate extends Command<HeartRateProfileDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: SetMeasuredMaxHeartRateDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * The maximum the member measured replaces the estimate (or clears back to it, with null), and the
 * zones follow at once: the answer is the profile as the decided state has it (ADR 0147).
 */
@CommandHandler(SetMeasuredMaxHeartRate)
export class SetMeasuredMaxHeartRateHandler implements ICommandHandler<SetMeasuredMaxHeartRate, HeartRateProfileDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, body, idempotencyKey }: SetMeasuredMaxHeartRate): Promise<HeartRateProfileDto> {
    const written = await this.members.write({
      user,
      kind: 'set-measured-max-heart-rate',
      idempotencyKey,
      input: { maxHr: body.maxHr },
      decide: decideHeartRate,
      command: (_commandId, now) => ({ type: 'SetMeasuredMaxHeartRate', data: { maxHr: body.maxHr, now } }),
    });
    return profileOfState(written.state, written.now);
  }
}
