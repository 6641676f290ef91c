import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks the generations updated in the append's own transaction (ADR 0240): once a generation
 * is inline, no runner applies it and its checkpoint stays where it went inline.
 */
export class InlineGenerations1764090000000 implements MigrationInterface {
  name = 'InlineGenerations1764090000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE projection_generations ADD COLUMN inline boolean NOT NULL DEFAULT false');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE projection_generations DROP COLUMN inline');
  }
}
