import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group commit of concurrent appends (ADR 0250): one call appends a group of appends in one
 * transaction, each in a subtransaction of its own (a PL/pgSQL block with an EXCEPTION clause), so
 * that one failing append (a wrong expected version, a stored event id) rolls back alone and answers
 * its error — SQLSTATE, detail, constraint and message, which the adapter maps exactly as a lone
 * append's — while the others commit. `p_counts` says how many of the flattened event arrays each
 * append has. Each append takes the steps of `event_store_append` (same checks, same errors),
 * written out in the loop: calling that function per append cost about a sixth more of the
 * server's time, and a single-event append uses a plain INSERT … VALUES. A transient error
 * (connection, resources, operator intervention, serialization or deadlock) fails the whole call:
 * the adapter then appends each member alone.
 */
export class EventStoreAppendGroup1764200000000 implements MigrationInterface {
  name = 'EventStoreAppendGroup1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION event_store_append_group(
        p_streams text[], p_expected bigint[], p_counts int[], p_ids uuid[], p_types text[], p_data json[], p_metadata json[]
      ) RETURNS TABLE (
        ordinal int, next_revision bigint, transaction_id xid8, global_position bigint,
        error_code text, error_detail text, error_constraint text, error_message text
      )
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_from int := 1;
        v_to int;
        v_count int;
        v_current bigint;
        v_actual bigint;
        v_expected bigint;
        v_stream text;
      BEGIN
        FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
          v_count := p_counts[i]; v_to := v_from + v_count - 1; v_expected := p_expected[i]; v_stream := p_streams[i];
          ordinal := i; error_code := NULL; error_detail := NULL; error_constraint := NULL; error_message := NULL;
          BEGIN
            IF v_expected = -2 THEN
              INSERT INTO event_store_streams AS s (stream_id, revision) VALUES (v_stream, v_count - 1) ON CONFLICT (stream_id) DO NOTHING;
              IF NOT FOUND THEN
                SELECT s.revision INTO v_actual FROM event_store_streams s WHERE s.stream_id = v_stream;
                RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PE409', DETAIL = v_actual::text;
              END IF;
              v_current := -1;
            ELSE
              UPDATE event_store_streams s SET revision = s.revision + v_count WHERE s.stream_id = v_stream RETURNING s.revision - v_count INTO v_current;
              IF NOT FOUND THEN
                IF v_expected <> -1 THEN RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PE409', DETAIL = '-1'; END IF;
                INSERT INTO event_store_streams (stream_id, revision) VALUES (v_stream, v_count - 1) ON CONFLICT (stream_id) DO NOTHING;
                IF FOUND THEN v_current := -1;
                ELSE UPDATE event_store_streams s SET revision = s.revision + v_count WHERE s.stream_id = v_stream RETURNING s.revision - v_count INTO v_current;
                END IF;
              ELSIF v_expected >= 0 AND v_current <> v_expected THEN
                RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'PE409', DETAIL = v_current::text;
              END IF;
            END IF;
            IF v_count = 1 THEN
              INSERT INTO event_store_events AS e (stream_id, stream_revision, event_id, event_type, data, metadata)
                VALUES (v_stream, v_current + 1, p_ids[v_from], p_types[v_from], p_data[v_from], p_metadata[v_from])
                RETURNING e.transaction_id, e.global_position INTO transaction_id, global_position;
            ELSE
              WITH inserted AS (
                INSERT INTO event_store_events AS e (stream_id, stream_revision, event_id, event_type, data, metadata)
                SELECT v_stream, v_current + x.ord, x.id, x.type, x.data, x.metadata
                  FROM unnest(p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to]) WITH ORDINALITY AS x(id, type, data, metadata, ord)
                 ORDER BY x.ord
                RETURNING e.global_position)
              SELECT pg_current_xact_id(), max(ins.global_position) INTO transaction_id, global_position FROM inserted ins;
            END IF;
            next_revision := v_current + v_count;
          EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_detail = PG_EXCEPTION_DETAIL, error_constraint = CONSTRAINT_NAME, error_message = MESSAGE_TEXT;
            IF error_code ~ '^(08|40|53|57)' THEN RAISE; END IF;
            next_revision := NULL; transaction_id := NULL; global_position := NULL;
          END;
          RETURN NEXT;
          v_from := v_to + 1;
        END LOOP;
      END
      $fn$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION event_store_append_group(text[], bigint[], int[], uuid[], text[], json[], json[])');
  }
}
