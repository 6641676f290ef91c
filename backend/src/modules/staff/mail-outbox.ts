import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DomainError } from '../../shared/domain-error';

export interface OutboxMessage {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  createdAt: string;
}

/** The embedded mail outbox (MAIL_TRANSPORT=outbox): what the site "sent", newest first. */
@Injectable()
export class MailOutboxReader {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(options: { recipient?: string; before?: string; limit: number }): Promise<{ items: OutboxMessage[]; nextCursor: string | null }> {
    if (this.config.mail.transport !== 'outbox') {
      throw new DomainError(
        'conflict',
        'La bandeja de correos solo existe en el modo integrado (MAIL_TRANSPORT=outbox); con SMTP revisa tu proveedor de correo.',
      );
    }
    const params: unknown[] = [];
    const where: string[] = [];
    if (options.recipient) {
      params.push(`%${options.recipient.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`recipient LIKE $${params.length}`);
    }
    if (options.before) {
      const [at, id] = options.before.split('_');
      if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id))
        throw new DomainError('invalid', 'El cursor de página debe ser el devuelto por la página anterior.');
      params.push(at, id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(options.limit + 1);
    const { rows } = await this.pool.query<{
      id: string;
      kind: string;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      created_at: Date;
      created_raw: string;
    }>(
      `SELECT id::text AS id, kind, recipient, subject, text_body, html_body, created_at, created_at::text AS created_raw FROM mail_outbox
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    const items = rows.slice(0, options.limit).map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      textBody: row.text_body,
      htmlBody: row.html_body,
      createdAt: row.created_at.toISOString(),
    }));
    const last = rows[Math.min(rows.length, options.limit) - 1];
    return { items, nextCursor: rows.length > options.limit && last ? `${last.created_raw}_${last.id}` : null };
  }
}
