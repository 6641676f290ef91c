import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';

/** One boot at a time rewrites (several instances may start together). */
const LOCK_KEY = 7_239_100_281;

/**
 * A one-time rewrite, in place, of the stored events of one type that an owning module's rule about
 * personal data now forbids (ADR 0281), with the PostgreSQL event store: each payload the rewrite
 * changes is replaced in `event_store_events` and in the copies a projection keeps of it (every
 * generation of the named tables, matched by `event_id`), in one transaction. Ids, positions and
 * metadata stay, so checkpoints remain valid. Run at boot, before the projections start, until
 * `personal_data_migrations` records the name. With EventStoreDB, whose events cannot change, it does nothing.
 */
@Injectable()
export class StoredEventsRewrite {
  private readonly logger = new Logger(StoredEventsRewrite.name);

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers how many events it rewrote (0 when the name is already recorded). */
  async once(name: string, eventType: string, rewrite: (data: unknown) => Promise<unknown>, copiedInto: readonly string[]): Promise<number> {
    if (this.config.eventStore.kind !== 'postgres') return 0;
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
      if ((await client.query('SELECT 1 FROM personal_data_migrations WHERE name = $1', [name])).rowCount) return 0;
      const { rows } = await client.query<{ event_id: string; data: string }>(
        'SELECT event_id::text AS event_id, data::text AS data FROM event_store_events WHERE event_type = $1 ORDER BY global_position',
        [eventType],
      );
      const ids: string[] = [];
      const payloads: string[] = [];
      for (const row of rows) {
        const before = JSON.parse(row.data) as unknown;
        const after = JSON.stringify(await rewrite(before));
        if (after === JSON.stringify(before)) continue;
        ids.push(row.event_id);
        payloads.push(after);
      }
      const { rows: copies } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND substring(table_name from '^(.*)__g[0-9]+$') = ANY ($1::text[])`,
        [copiedInto],
      );
      await client.query('BEGIN');
      if (ids.length > 0) {
        await client.query(
          'UPDATE event_store_events AS e SET data = p.data FROM unnest($1::uuid[], $2::jsonb[]) AS p(event_id, data) WHERE e.event_id = p.event_id',
          [ids, payloads],
        );
        for (const { table_name } of copies) {
          await client.query(
            `UPDATE "${table_name}" AS c SET data = p.data FROM unnest($1::uuid[], $2::json[]) AS p(event_id, data) WHERE c.event_id = p.event_id`,
            [ids, payloads],
          );
        }
      }
      await client.query('INSERT INTO personal_data_migrations (name, events_rewritten) VALUES ($1, $2)', [name, ids.length]);
      await client.query('COMMIT');
      if (ids.length > 0) this.logger.log(`${name}: ${ids.length} eventos ${eventType} reescritos (ADR 0281).`);
      return ids.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }
}
