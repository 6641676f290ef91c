import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per free class (ADR 0030). The unique indexes are the rule "one free class
 * per DUI and per email": they hold under concurrent requests, which a
 * check-then-insert in the application would not.
 */
export class FreeClassBookings1763830000000 implements MigrationInterface {
  name = 'FreeClassBookings1763830000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE free_class_bookings (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        lastname text NOT NULL,
        dui text NOT NULL CHECK (dui ~ '^[0-9]{8,9}$'),
        email text NOT NULL CHECK (email = lower(email)),
        cellphone text NOT NULL,
        class_date date NOT NULL,
        slot text NOT NULL,
        class_name text NOT NULL,
        client_ip text,
        confirmation_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE UNIQUE INDEX free_class_bookings_dui_key ON free_class_bookings (dui)');
    await runner.query('CREATE UNIQUE INDEX free_class_bookings_email_key ON free_class_bookings (email)');
    await runner.query('CREATE INDEX free_class_bookings_class_date ON free_class_bookings (class_date, slot)');
    await runner.query('CREATE INDEX free_class_bookings_created ON free_class_bookings (created_at DESC)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE free_class_bookings');
  }
}
