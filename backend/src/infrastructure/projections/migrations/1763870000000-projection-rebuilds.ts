import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who asked for each rebuild and when. The outcome (activated, superseded) and
 * its duration come from the generation row it created in projection_generations.
 */
export class ProjectionRebuilds1763870000000 implements MigrationInterface {
  name = 'ProjectionRebuilds1763870000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE projection_rebuilds (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL,
        generation int NOT NULL,
        requested_by text,
        requested_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX projection_rebuilds_requested ON projection_rebuilds (requested_at DESC)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE projection_rebuilds');
  }
}
