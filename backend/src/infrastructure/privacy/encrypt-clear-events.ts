import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';
import type { EventMetadata } from '../event-store/event-store.port';
import { PersonalDataPolicy } from './personal-data-policy';

export const CLEAR_EVENTS_MIGRATION = 'encrypt-clear-member-events-v1';
const BATCH = 500;
/** One boot at a time runs it (several instances may start together). */
const LOCK_KEY = 7_239_100_201;

/**
 * The one-time migration of events recorded in clear before personal fields were encrypted
 * (ADR 0203), for the PostgreSQL event store: every stored event of a type with personal fields
 * whose fields are still in clear gets them replaced, in place, by their ciphertext under the
 * member's data key. Ids, positions, revisions, types, metadata and every other field stay as
 * they were, so checkpoints and read models remain valid. One transaction per batch; run at
 * boot until `personal_data_migrations` records it; a crash part-way is resumed by the next boot
 * (an encrypted field is never encrypted again).
 */
@Injectable()
export class ClearEventsEncryption {
  private readonly logger = new Logger(ClearEventsEncryption.name);

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly policy: PersonalDataPolicy,
  ) {}

  /** Runs once per database; answers how many events it rewrote (0 when already recorded). */
  async run(): Promise<number> {
    if (this.config.eventStore.kind !== 'postgres') return 0;
    const types = this.policy.eventTypes;
    if (types.length === 0) return 0;
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
      const done = await client.query('SELECT 1 FROM personal_data_migrations WHERE name = $1', [CLEAR_EVENTS_MIGRATION]);
      if (done.rowCount) return 0;
      let rewritten = 0;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const { rows } = await client.query<{ event_id: string; stream_id: string; event_type: string; data: string; metadata: string }>(
          `SELECT event_id::text AS event_id, stream_id, event_type, data::text AS data, metadata::text AS metadata FROM event_store_events
            WHERE event_type = ANY ($1::text[]) AND event_id > $2::uuid ORDER BY event_id LIMIT $3`,
          [types, after, BATCH],
        );
        if (rows.length === 0) break;
        after = rows[rows.length - 1].event_id;
        const ids: string[] = [];
        const payloads: string[] = [];
        for (const row of rows) {
          const data = JSON.parse(row.data) as unknown;
          if (!this.policy.hasClearFields(row.stream_id, row.event_type, data)) continue;
          const [encrypted] = await this.policy.encrypt(row.stream_id, [{ type: row.event_type, data, metadata: JSON.parse(row.metadata) as EventMetadata }]);
          ids.push(row.event_id);
          payloads.push(JSON.stringify(encrypted.data));
        }
        if (ids.length === 0) continue;
        await client.query('BEGIN');
        await client.query(
          `UPDATE event_store_events AS e SET data = p.data FROM unnest($1::uuid[], $2::json[]) AS p(event_id, data) WHERE e.event_id = p.event_id`,
          [ids, payloads],
        );
        await client.query('COMMIT');
        rewritten += ids.length;
      }
      await client.query('INSERT INTO personal_data_migrations (name, events_rewritten) VALUES ($1, $2)', [CLEAR_EVENTS_MIGRATION, rewritten]);
      if (rewritten > 0) this.logger.log(`Datos personales cifrados en ${rewritten} eventos guardados antes del cifrado (ADR 0203).`);
      return rewritten;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }
}
