import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { DomainError } from '../../shared/domain-error';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { MemberStreams } from '../members/member-streams';
import type { DeskHeartRateConsentDto, RecordDeskHeartRateConsentDto } from './dto/heart-rate.dto';
import { decideHeartRate } from './heart-rate.decider';
import { HEART_RATE_NOTICE_VERSION } from './heart-rate.rules';

export const DESK_CONSENT_MESSAGES = {
  memberNotFound: 'No encontramos a ese miembro.',
  notAccepted: 'Registra el consentimiento solo cuando el miembro haya leído el aviso en esta pantalla y lo haya aceptado.',
} as const;

export class RecordHeartRateConsentAtDesk extends Command<DeskHeartRateConsentDto> {
  constructor(
    readonly staff: AuthUser,
    readonly userId: string,
    readonly body: RecordDeskHeartRateConsentDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/**
 * The front desk records a member's heart-rate consent (ADR 0295): the member read the notice on
 * the desk's screen and accepted it there. It is the member's own `HeartRateConsentGiven`, to the
 * notice in force, on their stream through the one writer, naming the staff member who recorded
 * it; the member sees it in their registry and withdraws it as any other. Consent already in
 * force is left as it is.
 */
@CommandHandler(RecordHeartRateConsentAtDesk)
export class RecordHeartRateConsentAtDeskHandler implements ICommandHandler<RecordHeartRateConsentAtDesk, DeskHeartRateConsentDto> {
  constructor(
    private readonly members: MemberStreams,
    private readonly contacts: MemberContactsReadModel,
  ) {}

  async execute({ staff, userId, body, idempotencyKey }: RecordHeartRateConsentAtDesk): Promise<DeskHeartRateConsentDto> {
    if (body.memberAccepted !== true) throw new DomainError('invalid', DESK_CONSENT_MESSAGES.notAccepted, { field: 'memberAccepted' });
    // The desk finds members by their contact (the studio's search): an id it never listed is nobody.
    if (!(await this.contacts.contactOf(userId))) throw new DomainError('not-found', DESK_CONSENT_MESSAGES.memberNotFound, { field: 'userId' });
    const { noticeVersion } = body;
    const written = await this.members.write({
      user: { userId, email: '', firstName: '', lastName: '', role: 'member', secondFactor: false },
      actedBy: { userId: staff.userId, role: staff.role, ...(staff.firstName ? { name: `${staff.firstName} ${staff.lastName}`.trim() } : {}) },
      kind: 'record-heart-rate-consent-at-desk',
      idempotencyKey,
      input: { noticeVersion },
      decide: decideHeartRate,
      command: (_commandId, now) => ({
        type: 'GiveHeartRateConsent',
        data: { noticeVersion, currentNoticeVersion: HEART_RATE_NOTICE_VERSION, now, recordedAtDeskBy: staff.userId },
      }),
    });
    const consent = written.state.heartRateConsent;
    return {
      userId,
      granted: consent?.granted ?? false,
      noticeVersion: consent?.noticeVersion ?? null,
      at: consent?.at ?? null,
      recordedAtDesk: consent?.recordedAtDeskBy !== undefined,
    };
  }
}
