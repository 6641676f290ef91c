import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the guard refuses whatever the token (ADR 0280), shared by every instance: subjects whose
 * personal data were erased (`kind = 'subject'`, for good) and sessions ended by a sign-out
 * (`kind = 'session'`, until the last access token of the session has expired). Instances read
 * the rows written since their last look, so `recorded_at` is indexed.
 *
 * Members erased before this table existed are taken from their `MemberDataErased` events (the
 * PostgreSQL event store's table exists in both deployment shapes; with EventStoreDB it is empty).
 */
export class AuthRevocations1765100000000 implements MigrationInterface {
  name = 'AuthRevocations1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE auth_revocations (
        kind text NOT NULL CHECK (kind IN ('subject', 'session')),
        id text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        until timestamptz,
        PRIMARY KEY (kind, id),
        CHECK ((kind = 'subject') = (until IS NULL))
      )`);
    await runner.query('CREATE INDEX auth_revocations_recorded ON auth_revocations (recorded_at)');
    await runner.query(`
      INSERT INTO auth_revocations (kind, id)
      SELECT DISTINCT 'subject', substr(stream_id, length('member-') + 1) FROM event_store_events
       WHERE event_type = 'MemberDataErased' AND stream_id LIKE 'member-%'
      ON CONFLICT DO NOTHING`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE auth_revocations');
  }
}
