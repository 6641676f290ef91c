import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the staff activity log (ADR 0081). The log reads event_store_events
 * newest first in the store's global order (transaction_id, global_position); each
 * filter gets an index that already holds that order, so a filtered page is a short
 * backward index scan with a keyset cursor, whatever the size of the log.
 */
export class StaffLogIndexes1763870000001 implements MigrationInterface {
  name = 'StaffLogIndexes1763870000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX IF NOT EXISTS event_store_events_type_order ON event_store_events (event_type, transaction_id, global_position)');
    await runner.query('CREATE INDEX IF NOT EXISTS event_store_events_stream_order ON event_store_events (stream_id, transaction_id, global_position)');
    // Date ranges: the page is picked from this index alone (keys and type included), sorted by position.
    await runner.query(
      'CREATE INDEX IF NOT EXISTS event_store_events_recorded ON event_store_events (recorded_at, transaction_id, global_position) INCLUDE (event_type)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS event_store_events_recorded');
    await runner.query('DROP INDEX IF EXISTS event_store_events_stream_order');
    await runner.query('DROP INDEX IF EXISTS event_store_events_type_order');
  }
}
