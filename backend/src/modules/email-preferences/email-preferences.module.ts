import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { MembersModule } from '../members/members.module';
import { ClaimEmailSendHandler } from './claim-email-send.command';
import { EmailLinks } from './email-links';
import { EmailPreferencesController } from './email-preferences.controller';
import { EmailPreferencesReadModel } from './email-preferences.read-model';
import { GetEmailFooterHandler } from './get-email-footer.query';
import { GetEmailPreferencesHandler } from './get-email-preferences.query';
import { memberEmailPreferencesProjection } from './member-email-preferences.projection';
import { OptOutByLinkHandler } from './opt-out-by-link.command';
import { UpdateEmailPreferenceHandler } from './update-email-preference.command';

/**
 * Which member emails each member receives (ADR 0142): `EmailPreferenceChanged` on the member
 * stream, the `member_email_preferences` read model, the signed opt-out links and the footer
 * every topic's email ends with. Senders import this module and use `EmailPreferencesReadModel`,
 * `GetEmailFooter` and `ClaimEmailSend` (ADR 0143).
 */
@Module({
  imports: [MembersModule],
  controllers: [EmailPreferencesController],
  providers: [
    EmailLinks,
    EmailPreferencesReadModel,
    ClaimEmailSendHandler,
    UpdateEmailPreferenceHandler,
    OptOutByLinkHandler,
    GetEmailPreferencesHandler,
    GetEmailFooterHandler,
  ],
  exports: [EmailPreferencesReadModel],
})
export class EmailPreferencesModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionEngine) {}

  onModuleInit(): void {
    this.projections.register(memberEmailPreferencesProjection);
  }
}
