import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import type { EmailPreferencesDto } from './dto/email-preferences.dto';
import { emailPreferencesDto } from './email-preferences-view';
import { EmailPreferencesReadModel } from './email-preferences.read-model';

export class GetEmailPreferences extends Query<EmailPreferencesDto> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

/** Every email topic with the member's choice (subscribed unless they said otherwise). */
@QueryHandler(GetEmailPreferences)
export class GetEmailPreferencesHandler implements IQueryHandler<GetEmailPreferences, EmailPreferencesDto> {
  constructor(private readonly preferences: EmailPreferencesReadModel) {}

  async execute({ user }: GetEmailPreferences): Promise<EmailPreferencesDto> {
    return emailPreferencesDto(await this.preferences.forMember(user.userId));
  }
}
