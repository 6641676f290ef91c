import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where the member writer keeps each member's contact email (ADR 0143). The address belongs to
 * the identity provider and reaches the API in the token, never in the member's stream; a sender
 * that runs after the request (the performance summary) finds it here. Not an event and not a
 * projection: the last address a member's write came with.
 */
export class MemberContacts1763900000001 implements MigrationInterface {
  name = 'MemberContacts1763900000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE member_contacts (
        user_id text PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE member_contacts');
  }
}
