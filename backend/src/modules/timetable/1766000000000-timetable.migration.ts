import { MigrationInterface, QueryRunner } from 'typeorm';
import { SEEDED_CAPACITY, SEEDED_LENGTH_MIN, SPEC_CLASS_BY_WEEKDAY, specSlots } from './timetable.rules';

const SEEDED_DESCRIPTIONS: Record<string, string> = {
  'Box and Burn': 'Golpes de box y trabajo cardiovascular por intervalos, guiados por tu frecuencia cardiaca.',
  'Upper Body and Abs': 'Fuerza de brazos, espalda, pecho y abdomen.',
  'Lower Body Power': 'Fuerza y potencia de piernas y glúteos.',
  'Clásico 60 Min': 'La clase de siempre: fuerza y cardio de cuerpo completo en 60 minutos.',
  'Full Body Blast': 'Cuerpo completo a alta intensidad.',
};

/**
 * The timetable is staff data (class types, weekly slots, one-off changes, closed days), kept in
 * plain tables: it is edited by a handful of people and read by everyone. Seeded here, once, with
 * the spec's slots and class names by weekday; from then on it is the studio's to change.
 */
export class Timetable1766000000000 implements MigrationInterface {
  name = 'Timetable1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE timetable_class_types (
      class_type_id uuid PRIMARY KEY,
      name text NOT NULL UNIQUE,
      description text NOT NULL DEFAULT '',
      length_min smallint NOT NULL CHECK (length_min BETWEEN 15 AND 180),
      default_capacity smallint NOT NULL CHECK (default_capacity BETWEEN 1 AND 100),
      coach text NOT NULL DEFAULT ''
    )`);
    await runner.query(`CREATE TABLE timetable_slots (
      slot_id uuid PRIMARY KEY,
      weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
      start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      class_type_id uuid NOT NULL REFERENCES timetable_class_types (class_type_id),
      capacity smallint NOT NULL CHECK (capacity BETWEEN 1 AND 100),
      UNIQUE (weekday, start_time)
    )`);
    await runner.query(`CREATE TABLE timetable_changes (
      slot_id uuid NOT NULL REFERENCES timetable_slots (slot_id) ON DELETE CASCADE,
      date date NOT NULL,
      start_time text CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      capacity smallint CHECK (capacity BETWEEN 1 AND 100),
      cancelled boolean NOT NULL,
      notice text NOT NULL DEFAULT '',
      PRIMARY KEY (slot_id, date)
    )`);
    await runner.query('CREATE TABLE timetable_closures (date date PRIMARY KEY, notice text NOT NULL)');
    const names = [...new Set(Object.values(SPEC_CLASS_BY_WEEKDAY))];
    for (const name of names) {
      await runner.query(
        'INSERT INTO timetable_class_types (class_type_id, name, description, length_min, default_capacity) VALUES (gen_random_uuid(), $1, $2, $3, $4)',
        [name, SEEDED_DESCRIPTIONS[name] ?? '', SEEDED_LENGTH_MIN, SEEDED_CAPACITY],
      );
    }
    for (const slot of specSlots()) {
      await runner.query(
        `INSERT INTO timetable_slots (slot_id, weekday, start_time, class_type_id, capacity)
         SELECT gen_random_uuid(), $1, $2, class_type_id, default_capacity FROM timetable_class_types WHERE name = $3`,
        [slot.weekday, slot.startTime, slot.className],
      );
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE timetable_closures, timetable_changes, timetable_slots, timetable_class_types');
  }
}
