import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The class on the studio board (ADR 0181): the session, who wears which sensor, and the 1 Hz
 * readings the board PC posts in batches. State on the server, so a reload of the board or a
 * restart of the server mid-class keeps the class, its assignments and its readings. One class
 * at a time: the partial unique index refuses a second open one under concurrent starts.
 */
export class StudioClass1763940000000 implements MigrationInterface {
  name = 'StudioClass1763940000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE studio_class_sessions (
        id uuid PRIMARY KEY,
        class_date date NOT NULL,
        slot text NOT NULL,
        class_name text NOT NULL,
        started_at timestamptz NOT NULL,
        started_by text NOT NULL,
        ended_at timestamptz,
        ended_by text
      )`);
    await runner.query('CREATE UNIQUE INDEX studio_class_sessions_one_open ON studio_class_sessions ((true)) WHERE ended_at IS NULL');
    await runner.query(`
      CREATE TABLE studio_class_participants (
        session_id uuid NOT NULL REFERENCES studio_class_sessions (id),
        sensor_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('member', 'guest')),
        user_id text,
        booking_id uuid,
        first_name text NOT NULL,
        last_name text NOT NULL,
        guest_age integer,
        guest_notice_version text,
        guest_accepted_at timestamptz,
        guest_accepted_by text,
        assigned_at timestamptz NOT NULL,
        assigned_by text NOT NULL,
        summary_sent_at timestamptz,
        PRIMARY KEY (session_id, sensor_id),
        CHECK ((kind = 'member' AND user_id IS NOT NULL) OR (kind = 'guest' AND booking_id IS NOT NULL AND guest_accepted_at IS NOT NULL))
      )`);
    await runner.query(`
      CREATE TABLE studio_class_samples (
        session_id uuid NOT NULL REFERENCES studio_class_sessions (id),
        sensor_id text NOT NULL,
        second integer NOT NULL CHECK (second >= 0),
        bpm integer NOT NULL,
        at timestamptz NOT NULL,
        PRIMARY KEY (session_id, sensor_id, second)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE studio_class_samples');
    await runner.query('DROP TABLE studio_class_participants');
    await runner.query('DROP TABLE studio_class_sessions');
  }
}
