import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../shared/domain-error';
import { MemberStreams } from '../members/member-streams';
import type { EmailOptOutResultDto } from './dto/email-preferences.dto';
import { EmailLinks } from './email-links';
import { decideEmailPreferences } from './email-preferences.decider';
import { EMAIL_PREFERENCE_MESSAGES, EMAIL_TOPIC_LABELS } from './email-preferences.rules';

export class OptOutByLink extends Command<EmailOptOutResultDto> {
  constructor(readonly token: string) {
    super();
  }
}

/**
 * The one-click opt-out of an email, without signing in: the signed token names the member and
 * the topic (ADR 0142). Opening the link twice records one change; a token that does not verify
 * is a 400 that sends the member to their profile.
 */
@CommandHandler(OptOutByLink)
export class OptOutByLinkHandler implements ICommandHandler<OptOutByLink, EmailOptOutResultDto> {
  constructor(
    private readonly links: EmailLinks,
    private readonly members: MemberStreams,
  ) {}

  async execute({ token }: OptOutByLink): Promise<EmailOptOutResultDto> {
    const named = await this.links.verify(token);
    if (!named) throw new DomainError('invalid', EMAIL_PREFERENCE_MESSAGES.invalidLink, { field: 'token' });
    const { userId, topic } = named;
    await this.members.write({
      // The member, through the link their email carried: the token is their signature, not a session.
      user: { userId, email: '', firstName: '', lastName: '', role: 'member', secondFactor: false },
      kind: 'update-email-preference',
      idempotencyKey: undefined,
      input: { topic, subscribed: false },
      decide: decideEmailPreferences,
      command: (_commandId, now) => ({ type: 'ChangeEmailPreference', data: { topic, subscribed: false, now } }),
    });
    return { topic, message: `Listo: ya no recibirás ${EMAIL_TOPIC_LABELS[topic].noLonger}.` };
  }
}
