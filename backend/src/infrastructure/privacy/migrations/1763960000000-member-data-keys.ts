import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The members' data keys (ADR 0200), in PostgreSQL in both deployment shapes (the event store may
 * be EventStoreDB; the keys never are). One row per key: `wrapped_key` is the data key encrypted
 * by the key-encryption key `kek_id` names; an erasure sets it to NULL and stamps `destroyed_at`,
 * so the events it encrypted read "[borrado]" from then on. A member has at most one live key.
 */
export class MemberDataKeys1763960000000 implements MigrationInterface {
  name = 'MemberDataKeys1763960000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE member_data_keys (
        key_id uuid PRIMARY KEY,
        subject text NOT NULL,
        wrapped_key bytea,
        kek_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz,
        CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
      )`);
    await runner.query('CREATE UNIQUE INDEX member_data_keys_live_subject ON member_data_keys (subject) WHERE destroyed_at IS NULL');
    await runner.query(`
      CREATE TABLE personal_data_migrations (
        name text PRIMARY KEY,
        events_rewritten integer NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE personal_data_migrations');
    await runner.query('DROP TABLE member_data_keys');
  }
}
