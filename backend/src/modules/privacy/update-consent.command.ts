import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { UpdateEmailPreference } from '../email-preferences/update-email-preference.command';
import { UpdateHeartRateConsent } from '../heart-rate/update-heart-rate-consent.command';
import { MemberStreams } from '../members/member-streams';
import { ChooseStudioBoardName } from '../studio-class/choose-studio-board-name.command';
import { decideConsents } from './consents.decider';
import { ConsentsReadModel } from './consents.read-model';
import { CONSENT_MESSAGES, consentKindOf } from './consents.rules';
import type { ConsentsDto, UpdateConsentDto } from './dto/privacy.dto';
import { consentsDto } from './get-consents.query';

export class UpdateConsent extends Command<ConsentsDto> {
  constructor(
    readonly user: AuthUser,
    readonly kind: string,
    readonly body: UpdateConsentDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * Gives or withdraws one consent of the registry, whatever records it (ADR 0190): the heart rate
 * the email topics and the studio board's name go through their own use cases (so withdrawing stops what they stop), the
 * other kinds through `GiveConsent` / `WithdrawConsent`. Answers the whole registry.
 */
@CommandHandler(UpdateConsent)
export class UpdateConsentHandler implements ICommandHandler<UpdateConsent, ConsentsDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly commandBus: CommandBus,
    private readonly consents: ConsentsReadModel,
  ) {}

  async execute({ user, kind, body, idempotencyKey }: UpdateConsent): Promise<ConsentsDto> {
    const definition = consentKindOf(kind);
    if (!definition) throw new DomainError('not-found', CONSENT_MESSAGES.unknownKind, { field: 'consent' });
    const { granted } = body;
    if (granted && body.noticeVersion === undefined && 'noticeVersion' in definition.recordedBy) {
      throw new DomainError('invalid', CONSENT_MESSAGES.noticeRequired, { field: 'noticeVersion' });
    }
    if (!granted && !definition.withdrawable) throw new DomainError('conflict', CONSENT_MESSAGES.notWithdrawable, { field: 'consent' });
    const noticeVersion = body.noticeVersion ?? '';
    switch (definition.recordedBy.by) {
      case 'heart-rate':
        await this.commandBus.execute(new UpdateHeartRateConsent(user, { granted, noticeVersion }, idempotencyKey));
        break;
      case 'email':
        await this.commandBus.execute(new UpdateEmailPreference(user, definition.recordedBy.topic, { subscribed: granted }, idempotencyKey));
        break;
      case 'studio-board':
        await this.commandBus.execute(new ChooseStudioBoardName(user, { showName: granted }, idempotencyKey));
        break;
      case 'consent':
        await this.members.write({
          user,
          kind: 'update-consent',
          idempotencyKey,
          input: { kind, granted, ...(granted ? { noticeVersion } : {}) },
          decide: decideConsents,
          command: (_commandId, now) =>
            granted ? { type: 'GiveConsent', data: { kind, noticeVersion, now } } : { type: 'WithdrawConsent', data: { kind, now } },
        });
        break;
    }
    // The writer waited for the read models (read-your-writes), so the registry already shows the decision.
    return consentsDto(await this.consents.forMember(user.userId));
  }
}
