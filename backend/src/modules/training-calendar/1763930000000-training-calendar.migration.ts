import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The member's secret iCal feed token (ADR 0165), outside the event log: a secret must not sit in
 * an append-only history, and revoking must really forget it. Revoking replaces the token, so the
 * old URL answers 404. Never rebuilt: it is not a projection.
 */
export class TrainingCalendar1763930000000 implements MigrationInterface {
  name = 'TrainingCalendar1763930000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE calendar_feed_tokens (
        user_id text PRIMARY KEY,
        token text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE calendar_feed_tokens');
  }
}
