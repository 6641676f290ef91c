import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The workout calendar's own tables, outside the event log (ADR 0165):
 *
 * - `training_calendar_members`: the member's secret iCal feed token (revoking replaces it, so the
 *   old URL answers 404) and the email the reminders go to, as the identity token last said it;
 * - `workout_reminder_sends`: one row per member and studio day a reminder left. The primary key
 *   is the rule "never twice": a restart or a second instance inserting the same day gets nothing
 *   (ADR 0167).
 */
export class TrainingCalendar1763930000000 implements MigrationInterface {
  name = 'TrainingCalendar1763930000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE training_calendar_members (
        user_id text PRIMARY KEY,
        email text,
        feed_token text UNIQUE,
        feed_token_created_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE workout_reminder_sends (
        user_id text NOT NULL,
        local_date date NOT NULL,
        workout_id text NOT NULL,
        sent_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, local_date)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE workout_reminder_sends');
    await runner.query('DROP TABLE training_calendar_members');
  }
}
