import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff console reads its own read model (ADR 0087), so two of the indexes migration
 * 1763870000001 put on the PostgreSQL store for it serve nobody any more and only slow appends.
 * The per-type ordered index stays: the store's filtered reads use it (ADR 0026).
 */
export class StaffLogStoreIndexesRetired1763870000002 implements MigrationInterface {
  name = 'StaffLogStoreIndexesRetired1763870000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX IF EXISTS event_store_events_recorded');
    await runner.query('DROP INDEX IF EXISTS event_store_events_stream_order');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX IF NOT EXISTS event_store_events_stream_order ON event_store_events (stream_id, transaction_id, global_position)');
    await runner.query(
      'CREATE INDEX IF NOT EXISTS event_store_events_recorded ON event_store_events (recorded_at, transaction_id, global_position) INCLUDE (event_type)',
    );
  }
}
