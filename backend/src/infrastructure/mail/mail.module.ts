import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';
import { EmailLinkSigner } from './email-link-signer';
import { MailPort } from './mail.port';
import { OutboxTransport } from './outbox.transport';
import { SmtpTransport } from './smtp.transport';

@Global()
@Module({
  providers: [
    {
      provide: MailPort,
      inject: [APP_CONFIG, PG_POOL],
      useFactory: (config: AppConfig, pool: Pool): MailPort =>
        config.mail.transport === 'smtp' && config.mail.smtpUrl ? new SmtpTransport(config.mail.smtpUrl, config.mail.from) : new OutboxTransport(pool),
    },
    EmailLinkSigner,
  ],
  exports: [MailPort, EmailLinkSigner],
})
export class MailModule {}
