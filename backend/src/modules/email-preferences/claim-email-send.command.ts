import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { EmailTopic } from './email-preferences.rules';

/**
 * Claims the one send of a member email of `topic` under `sendKey` (e.g. the completion id):
 * answers true to the first claim and false to every later one, whatever process asks (ADR 0143).
 * Claim right before sending; a send that then fails is not retried (at most once).
 */
export class ClaimEmailSend extends Command<boolean> {
  constructor(
    /** A member email topic, or a transactional email claimed the same way (a membership receipt). */
    readonly topic: EmailTopic | 'membership-receipt' | 'class-waitlist-promotion' | 'class-reminder',
    readonly sendKey: string,
    readonly userId: string,
  ) {
    super();
  }
}

@CommandHandler(ClaimEmailSend)
export class ClaimEmailSendHandler implements ICommandHandler<ClaimEmailSend, boolean> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ topic, sendKey, userId }: ClaimEmailSend): Promise<boolean> {
    const { rowCount } = await this.pool.query('INSERT INTO email_sends (kind, send_key, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      topic,
      sendKey,
      userId,
    ]);
    return rowCount === 1;
  }
}
