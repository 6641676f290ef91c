import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The studio's booking rules (one row, staff data) and the credit ledger of the two-step booking
 * (ADR 0360): a row per booking id written before its credit is used, so a sweep finds a credit
 * used without a seat, or owed back, and settles it.
 */
export class ClassBookings1766100000000 implements MigrationInterface {
  name = 'ClassBookings1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE class_booking_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      booking_opens_days smallint NOT NULL DEFAULT 7 CHECK (booking_opens_days BETWEEN 1 AND 28),
      cancel_cutoff_hours smallint NOT NULL DEFAULT 2 CHECK (cancel_cutoff_hours BETWEEN 0 AND 48),
      waitlist_cutoff_hours smallint NOT NULL DEFAULT 2 CHECK (waitlist_cutoff_hours BETWEEN 0 AND 48),
      late_cancel_keeps_credit boolean NOT NULL DEFAULT false,
      no_show_keeps_credit boolean NOT NULL DEFAULT false,
      reminder_hours smallint NOT NULL DEFAULT 3 CHECK (reminder_hours BETWEEN 0 AND 48),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('INSERT INTO class_booking_settings (id) VALUES (true)');
    await runner.query(`CREATE TABLE class_booking_credits (
      booking_id text PRIMARY KEY,
      member_id text NOT NULL,
      slot_id text NOT NULL,
      class_date date NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'held', 'returned')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX class_booking_credits_open ON class_booking_credits (created_at) WHERE state <> 'returned'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE class_booking_credits');
    await runner.query('DROP TABLE class_booking_settings');
  }
}
