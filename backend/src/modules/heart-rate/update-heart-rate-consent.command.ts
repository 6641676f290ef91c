import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import type { HeartRateProfileDto, UpdateHeartRateConsentDto } from './dto/heart-rate.dto';
import { DeleteHeartRateSeries } from './delete-heart-rate-series.command';
import { profileOfState } from './heart-rate-profile';
import { decideHeartRate } from './heart-rate.decider';
import { HEART_RATE_NOTICE_VERSION } from './heart-rate.rules';

export class UpdateHeartRateConsent extends Command<HeartRateProfileDto> {
  constructor(
    readonly user: AuthUser,
    readonly body: UpdateHeartRateConsentDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * Gives consent to the current notice, or withdraws it (and, when asked, deletes the heart-rate
 * data kept so far: ADR 0144); either way answers the profile as it now stands.
 */
@CommandHandler(UpdateHeartRateConsent)
export class UpdateHeartRateConsentHandler implements ICommandHandler<UpdateHeartRateConsent, HeartRateProfileDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ user, body, idempotencyKey }: UpdateHeartRateConsent): Promise<HeartRateProfileDto> {
    const { granted, noticeVersion } = body;
    const deleteData = !granted && body.deleteData === true;
    const written = await this.members.write({
      user,
      kind: 'update-heart-rate-consent',
      idempotencyKey,
      // Only when asked: a retry of a withdrawal made before deletion existed keeps its fingerprint.
      input: { granted, noticeVersion, ...(deleteData ? { deleteData } : {}) },
      decide: decideHeartRate,
      command: (_commandId, now) =>
        granted
          ? { type: 'GiveHeartRateConsent', data: { noticeVersion, currentNoticeVersion: HEART_RATE_NOTICE_VERSION, now } }
          : { type: 'WithdrawHeartRateConsent', data: { now, deleteData } },
    });
    // Decided now or by the first attempt (a retry finishes a deletion a crash interrupted).
    const deleted = written.events.find((event) => event.type === 'HeartRateDataDeleted');
    if (deleted) await this.commandBus.execute(new DeleteHeartRateSeries(user.userId, deleted.data.occurredAt));
    // From the decided state, which also holds the date of birth: the answer never lags the write.
    return profileOfState(written.state, written.now);
  }
}
