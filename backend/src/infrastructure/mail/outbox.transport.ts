import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { MailMessage, MailPort } from './mail.port';

/**
 * The embedded default: messages are stored in PostgreSQL instead of leaving the
 * machine, and the staff console lists them. Tests read verification codes here.
 */
export class OutboxTransport extends MailPort {
  constructor(private readonly pool: Pool) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await this.pool.query(
      `INSERT INTO mail_outbox (id, kind, recipient, subject, text_body, html_body, transport)
       VALUES ($1, $2, $3, $4, $5, $6, 'outbox')`,
      [randomUUID(), message.kind, message.to.toLowerCase(), message.subject, message.text, message.html ?? null],
    );
  }
}
