import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The R–R intervals of a session beside its 1 Hz readings (ADR 0146), as `{ "ms": [...], "counts": [...] }`:
 * null for the sessions kept before and for sensors that do not send them.
 */
export class HeartRateRr1763910000000 implements MigrationInterface {
  name = 'HeartRateRr1763910000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE heart_rate_series ADD COLUMN rr jsonb NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE heart_rate_series DROP COLUMN rr');
  }
}
