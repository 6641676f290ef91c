import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 40: a member's strap remembered after the desk pairs it (ADR 0370), one strap per member
 * and one member per strap (the last one it was given to), and the class a session was started
 * for in the timetable (`slot_id`; null for a class started by its slot's label only).
 */
export class StudioRememberedStraps1766200000000 implements MigrationInterface {
  name = 'StudioRememberedStraps1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE studio_remembered_straps (
        user_id text PRIMARY KEY,
        sensor_id text NOT NULL UNIQUE,
        remembered_at timestamptz NOT NULL,
        remembered_by text NOT NULL
      )`);
    await runner.query('ALTER TABLE studio_class_sessions ADD COLUMN slot_id uuid');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE studio_class_sessions DROP COLUMN slot_id');
    await runner.query('DROP TABLE studio_remembered_straps');
  }
}
