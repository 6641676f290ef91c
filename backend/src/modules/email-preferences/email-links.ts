import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { EmailLinkSigner } from '../../infrastructure/mail/email-link-signer';
import { emailFooter, signOptOutToken, verifyOptOutToken, type EmailFooter, type EmailTopic } from './email-preferences.rules';

/** Where the SPA confirms an opt-out (`/correo/baja?token=…`) and where the member chooses their emails. */
export const OPT_OUT_PATH = '/correo/baja';
export const PROFILE_PATH = '/training/profile';

/** The opt-out links of the member emails, signed with the emails' link secret (`EmailLinkSigner`), and the footer that carries them. */
@Injectable()
export class EmailLinks {
  constructor(
    private readonly signer: EmailLinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async optOutUrl(userId: string, topic: EmailTopic): Promise<string> {
    const token = signOptOutToken(await this.signer.secret(), userId, topic);
    return this.signer.url(`${OPT_OUT_PATH}?token=${encodeURIComponent(token)}`);
  }

  async footer(userId: string, topic: EmailTopic): Promise<EmailFooter> {
    return emailFooter(topic, await this.optOutUrl(userId, topic), this.signer.url(PROFILE_PATH), this.config.studio.name);
  }

  async verify(token: string): Promise<{ userId: string; topic: EmailTopic } | null> {
    return verifyOptOutToken(await this.signer.secret(), token);
  }
}
