import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['timetable_class_types', 'timetable_slots', 'timetable_changes', 'timetable_closures'];

/**
 * The timetable's version: one row, bumped by the database itself (a statement trigger on each of
 * the four tables) in the transaction of any change, whoever makes it. A process keeps the timetable
 * it loaded and reads the whole of it again only when the version moved (`TimetableStore.load`).
 */
export class TimetableVersion1766300000000 implements MigrationInterface {
  name = 'TimetableVersion1766300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE timetable_version (id boolean PRIMARY KEY DEFAULT true CHECK (id), version bigint NOT NULL)');
    await runner.query('INSERT INTO timetable_version (id, version) VALUES (true, 1)');
    await runner.query(`CREATE FUNCTION timetable_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE timetable_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    for (const table of TABLES)
      await runner.query(
        `CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION timetable_changed()`,
      );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of TABLES) await runner.query(`DROP TRIGGER ${table}_changed ON ${table}`);
    await runner.query('DROP FUNCTION timetable_changed()');
    await runner.query('DROP TABLE timetable_version');
  }
}
