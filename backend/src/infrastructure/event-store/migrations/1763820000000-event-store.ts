import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PostgreSQL event store (ADR 0010). Each event carries the id of the
 * transaction that wrote it (xid8); readers only take events of transactions
 * older than every transaction still running, so an event that commits late with
 * a lower global_position can never be skipped. event_store_streams holds each
 * stream's last revision: its row lock serialises writers of one stream, and the
 * append is one function call, i.e. one round trip in autocommit.
 */
export class EventStore1763820000000 implements MigrationInterface {
  name = 'EventStore1763820000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE event_store_streams (
        stream_id text PRIMARY KEY,
        revision bigint NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE event_store_events (
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_revision bigint NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_store_events_pkey PRIMARY KEY (transaction_id, global_position),
        CONSTRAINT event_store_events_stream_revision_key UNIQUE (stream_id, stream_revision),
        CONSTRAINT event_store_events_event_id_key UNIQUE (event_id)
      )`);
    // Expected revision codes: -1 any, -2 no stream, -3 stream exists, >= 0 that revision.
    // Error PE409: wrong expected version (DETAIL = actual revision, -1 = no stream). A stored
    // event id fails on the unique index; the adapter then tells a retry (a no-op) from a clash,
    // so the common path pays for no extra lookup.
    await runner.query(`
      CREATE FUNCTION event_store_append(
        p_stream text, p_expected bigint, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
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
      $fn$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION event_store_append(text, bigint, uuid[], text[], jsonb[], jsonb[])');
    await runner.query('DROP TABLE event_store_events');
    await runner.query('DROP TABLE event_store_streams');
  }
}
