import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per member email a sender claimed before sending (ADR 0143): the primary key
 * `(kind, send_key)` makes "at most once per key" a fact of the database, across retries,
 * restarts and instances. Never rebuilt: it records side effects, not events.
 */
export class EmailSends1763900000002 implements MigrationInterface {
  name = 'EmailSends1763900000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE email_sends (
        kind text NOT NULL,
        send_key text NOT NULL,
        user_id text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, send_key)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE email_sends');
  }
}
