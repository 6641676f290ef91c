import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { preferencesOf, SUBSCRIBED_BY_DEFAULT, type EmailTopic } from './email-preferences.rules';
import { MEMBER_EMAIL_PREFERENCES } from './member-email-preferences.projection';

/**
 * Reads `member_email_preferences`. Offered to every module that sends a member email of a
 * topic: ask `isSubscribed` right before sending, and end the message with `GetEmailFooter`.
 */
@Injectable()
export class EmailPreferencesReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async isSubscribed(userId: string, topic: EmailTopic): Promise<boolean> {
    const { rows } = await this.pool.query<{ subscribed: boolean }>(`SELECT subscribed FROM ${MEMBER_EMAIL_PREFERENCES} WHERE user_id = $1 AND topic = $2`, [
      userId,
      topic,
    ]);
    return rows[0]?.subscribed ?? SUBSCRIBED_BY_DEFAULT;
  }

  /** Every topic of the closed list, defaults filled in. */
  async forMember(userId: string): Promise<{ topic: EmailTopic; subscribed: boolean }[]> {
    const { rows } = await this.pool.query<{ topic: string; subscribed: boolean }>(
      `SELECT topic, subscribed FROM ${MEMBER_EMAIL_PREFERENCES} WHERE user_id = $1`,
      [userId],
    );
    return preferencesOf(new Map(rows.map((row) => [row.topic, row.subscribed])));
  }
}
