import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { MemberStreams } from '../members/member-streams';
import type { EmailPreferencesDto, UpdateEmailPreferenceDto } from './dto/email-preferences.dto';
import { emailPreferencesDto } from './email-preferences-view';
import { decideEmailPreferences } from './email-preferences.decider';
import { preferencesOf } from './email-preferences.rules';

export class UpdateEmailPreference extends Command<EmailPreferencesDto> {
  constructor(
    readonly user: AuthUser,
    readonly topic: string,
    readonly body: UpdateEmailPreferenceDto,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** The profile's "Correos" switch: subscribes or unsubscribes the member to a topic, and answers every topic as it now stands. */
@CommandHandler(UpdateEmailPreference)
export class UpdateEmailPreferenceHandler implements ICommandHandler<UpdateEmailPreference, EmailPreferencesDto> {
  constructor(private readonly members: MemberStreams) {}

  async execute({ user, topic, body, idempotencyKey }: UpdateEmailPreference): Promise<EmailPreferencesDto> {
    const { subscribed } = body;
    const written = await this.members.write({
      user,
      kind: 'update-email-preference',
      idempotencyKey,
      input: { topic, subscribed },
      decide: decideEmailPreferences,
      command: (_commandId, now) => ({ type: 'ChangeEmailPreference', data: { topic, subscribed, now } }),
    });
    return emailPreferencesDto(preferencesOf(written.state.emailPreferences));
  }
}
