import { MigrationInterface, QueryRunner } from 'typeorm';

export class MailOutbox1763800000000 implements MigrationInterface {
  name = 'MailOutbox1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        transport text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX mail_outbox_recipient_created ON mail_outbox (recipient, created_at DESC)');
    await runner.query('CREATE INDEX mail_outbox_created ON mail_outbox (created_at DESC)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE mail_outbox');
  }
}
