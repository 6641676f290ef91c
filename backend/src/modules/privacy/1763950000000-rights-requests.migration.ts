import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rights-request queue (ADR 0192): one row per request a member filed, with the status staff
 * move it through and the history of those moves. A table, not events: staff work the queue, the
 * member's stream records what the member does.
 */
export class RightsRequests1763950000000 implements MigrationInterface {
  name = 'RightsRequests1763950000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE rights_requests (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        member_email text NOT NULL,
        member_name text NOT NULL,
        type text NOT NULL CHECK (type IN ('access', 'rectification', 'erasure', 'opposition', 'portability')),
        details text,
        status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in-progress', 'answered', 'extended', 'rejected')),
        received_on date NOT NULL,
        due_on date NOT NULL,
        extended boolean NOT NULL DEFAULT false,
        history jsonb NOT NULL DEFAULT '[]',
        received_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX rights_requests_member ON rights_requests (user_id, received_at DESC)');
    await runner.query('CREATE INDEX rights_requests_queue ON rights_requests (status, due_on)');
    // One open request per member and right: a second click files nothing twice.
    await runner.query("CREATE UNIQUE INDEX rights_requests_one_open ON rights_requests (user_id, type) WHERE status NOT IN ('answered', 'rejected')");
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE rights_requests');
  }
}
