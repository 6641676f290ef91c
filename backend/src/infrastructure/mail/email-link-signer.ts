import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';

/**
 * Signs what an email's link names, so the link works without signing in and cannot be made up
 * (ADR 0142). The secret is `EMAIL_LINK_SECRET`, else one generated once and kept in
 * `email_link_secret` (every instance reads the same row). `purpose` keeps the links of one kind
 * from opening another.
 */
@Injectable()
export class EmailLinkSigner {
  private loaded?: Promise<string>;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The absolute URL of a path of the web app, on the public address. */
  url(path: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  async signature(purpose: string, subject: string): Promise<string> {
    return signatureOf(await this.secret(), purpose, subject);
  }

  /** Whether `given` is the signature of `subject` for `purpose`, compared as the text the email carries. */
  async verify(purpose: string, subject: string, given: string): Promise<boolean> {
    const expected = Buffer.from(await this.signature(purpose, subject), 'utf8');
    const actual = Buffer.from(given, 'utf8');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** The secret itself, for signers with a token shape of their own (the opt-out links). */
  secret(): Promise<string> {
    this.loaded ??= this.loadOrCreate().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private async loadOrCreate(): Promise<string> {
    if (this.config.mail.linkSecret) return this.config.mail.linkSecret;
    // Two instances starting together insert once; both read the row that won.
    await this.pool.query('INSERT INTO email_link_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64url')]);
    const { rows } = await this.pool.query<{ secret: string }>('SELECT secret FROM email_link_secret WHERE id = 1');
    return rows[0].secret;
  }
}

export function signatureOf(secret: string, purpose: string, subject: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${subject}`).digest('base64url');
}
