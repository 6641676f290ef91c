import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the free-class retention job deleted, one row per run that deleted something (ADR 0204). */
export class FreeClassRetention1763960000001 implements MigrationInterface {
  name = 'FreeClassRetention1763960000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE free_class_retention_runs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        ran_at timestamptz NOT NULL DEFAULT now(),
        cutoff date NOT NULL,
        retention_months integer NOT NULL,
        bookings_deleted integer NOT NULL,
        mails_deleted integer NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE free_class_retention_runs');
  }
}
