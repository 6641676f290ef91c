import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 1 Hz readings of each session with a sensor, outside the member stream (ADR 0133): an
 * hour is 3,600 values, too heavy for an event every projection replays. Keyed by member and
 * completion id, the `completionId` of the WorkoutCompleted that summarises them.
 */
export class HeartRateSeries1763890000000 implements MigrationInterface {
  name = 'HeartRateSeries1763890000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE heart_rate_series (
        user_id text NOT NULL,
        completion_id text NOT NULL,
        duration_sec integer NOT NULL,
        samples smallint[] NOT NULL,
        recorded_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, completion_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE heart_rate_series');
  }
}
