import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per generation of a projection (ADR 0015). The active generation's
 * tables back the views readers query; a rebuild fills a new generation beside
 * it and swaps the views in one transaction. `position` is the checkpoint, moved
 * by compare-and-set in the same transaction as the read-model writes.
 */
export class Projections1763820000001 implements MigrationInterface {
  name = 'Projections1763820000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE projection_generations (
        name text NOT NULL,
        generation int NOT NULL,
        version int NOT NULL,
        status text NOT NULL CHECK (status IN ('building', 'active', 'retired')),
        position text,
        processed bigint NOT NULL DEFAULT 0,
        total_at_start bigint,
        last_error jsonb,
        started_at timestamptz NOT NULL DEFAULT now(),
        activated_at timestamptz,
        retired_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, generation)
      )`);
    await runner.query(`CREATE UNIQUE INDEX projection_generations_one_active ON projection_generations (name) WHERE status = 'active'`);
    await runner.query(`CREATE UNIQUE INDEX projection_generations_one_building ON projection_generations (name) WHERE status = 'building'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE projection_generations');
  }
}
