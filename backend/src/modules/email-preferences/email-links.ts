import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { emailFooter, signOptOutToken, verifyOptOutToken, type EmailFooter, type EmailTopic } from './email-preferences.rules';

/** Where the SPA confirms an opt-out (`/correo/baja?token=…`) and where the member chooses their emails. */
export const OPT_OUT_PATH = '/correo/baja';
export const PROFILE_PATH = '/training/profile';

/**
 * The opt-out links of the member emails: the secret (`EMAIL_LINK_SECRET`, else one generated
 * once and kept in `email_link_secret`), the signed link and the footer that carries it.
 */
@Injectable()
export class EmailLinks {
  private secret?: Promise<string>;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async optOutUrl(userId: string, topic: EmailTopic): Promise<string> {
    const token = signOptOutToken(await this.currentSecret(), userId, topic);
    return `${this.base()}${OPT_OUT_PATH}?token=${encodeURIComponent(token)}`;
  }

  async footer(userId: string, topic: EmailTopic): Promise<EmailFooter> {
    return emailFooter(topic, await this.optOutUrl(userId, topic), `${this.base()}${PROFILE_PATH}`, this.config.studio.name);
  }

  async verify(token: string): Promise<{ userId: string; topic: EmailTopic } | null> {
    return verifyOptOutToken(await this.currentSecret(), token);
  }

  private base(): string {
    return this.config.publicUrl.replace(/\/$/, '');
  }

  private currentSecret(): Promise<string> {
    this.secret ??= this.loadOrCreate().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  private async loadOrCreate(): Promise<string> {
    if (this.config.mail.linkSecret) return this.config.mail.linkSecret;
    // Two instances starting together insert once; both read the row that won.
    await this.pool.query('INSERT INTO email_link_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64url')]);
    const { rows } = await this.pool.query<{ secret: string }>('SELECT secret FROM email_link_secret WHERE id = 1');
    return rows[0].secret;
  }
}
