import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The HMAC secret of the emails' one-click opt-out links when `EMAIL_LINK_SECRET` is not set
 * (ADR 0142): generated once and kept in PostgreSQL, so every instance and every restart signs
 * and verifies with the same one, as the local identity provider keeps its signing key.
 */
export class EmailLinkSecret1763900000000 implements MigrationInterface {
  name = 'EmailLinkSecret1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE email_link_secret (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE email_link_secret');
  }
}
