import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event data and metadata as `json` (the text as written) instead of `jsonb`
 * (ADR 0018): the store never queries inside a payload, and reading `jsonb` back
 * pays for `jsonb_out` on every event of every replay. The adapter reads the text
 * and parses it only when a reader touches `data` or `metadata`.
 */
export class EventStoreJson1763880000000 implements MigrationInterface {
  name = 'EventStoreJson1763880000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE event_store_events ALTER COLUMN data TYPE json USING data::json, ALTER COLUMN metadata TYPE json USING metadata::json');
    await runner.query('DROP FUNCTION event_store_append(text, bigint, uuid[], text[], jsonb[], jsonb[])');
    await runner.query(appendFunction('json'));
    // Filtered reads of the log merge one ordered scan per event type (ADR 0026); the staff log made the same index.
    await runner.query('CREATE INDEX IF NOT EXISTS event_store_events_type_order ON event_store_events (event_type, transaction_id, global_position)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION event_store_append(text, bigint, uuid[], text[], json[], json[])');
    await runner.query('ALTER TABLE event_store_events ALTER COLUMN data TYPE jsonb USING data::jsonb, ALTER COLUMN metadata TYPE jsonb USING metadata::jsonb');
    await runner.query(appendFunction('jsonb'));
  }
}

/** The append function of migration 1763820000000 with the payload type as a parameter (same body otherwise). */
function appendFunction(payload: 'json' | 'jsonb'): string {
  return `
      CREATE FUNCTION event_store_append(
        p_stream text, p_expected bigint, p_ids uuid[], p_types text[], p_data ${payload}[], p_metadata ${payload}[]
      ) RETURNS TABLE (next_revision bigint, transaction_id xid8, global_position bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_count int := cardinality(p_ids);
        v_current bigint;
        v_actual bigint;
      BEGIN
        IF p_expected = -2 THEN
          INSERT INTO event_store_streams (stream_id, revision) VALUES (p_stream, v_count - 1)
            ON CONFLICT (stream_id) DO NOTHING;
          IF NOT FOUND THEN
            SELECT s.revision INTO v_actual FROM event_store_streams s WHERE s.stream_id = p_stream;
            RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PE409', DETAIL = v_actual::text;
          END IF;
          v_current := -1;
        ELSE
          UPDATE event_store_streams s SET revision = s.revision + v_count WHERE s.stream_id = p_stream
            RETURNING s.revision - v_count INTO v_current;
          IF NOT FOUND THEN
            IF p_expected <> -1 THEN
              RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PE409', DETAIL = '-1';
            END IF;
            INSERT INTO event_store_streams (stream_id, revision) VALUES (p_stream, v_count - 1)
              ON CONFLICT (stream_id) DO NOTHING;
            IF FOUND THEN
              v_current := -1;
            ELSE
              -- A concurrent first append created the stream meanwhile: append after it.
              UPDATE event_store_streams s SET revision = s.revision + v_count WHERE s.stream_id = p_stream
                RETURNING s.revision - v_count INTO v_current;
            END IF;
          ELSIF p_expected >= 0 AND v_current <> p_expected THEN
            RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PE409', DETAIL = v_current::text;
          END IF;
        END IF;

        RETURN QUERY WITH inserted AS (
          INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata)
          SELECT p_stream, v_current + i.ord, i.id, i.type, i.data, i.metadata
            FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS i(id, type, data, metadata, ord)
            ORDER BY i.ord
          RETURNING event_store_events.stream_revision, event_store_events.transaction_id, event_store_events.global_position
        )
        SELECT * FROM inserted ORDER BY inserted.global_position DESC LIMIT 1;
      END
      $fn$`;
}
