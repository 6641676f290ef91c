import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group commit of concurrent appends (ADR 0250): one call appends a group of appends in one
 * transaction. The common case (distinct streams, every expected version right, no stored event
 * id) goes in a few set-based statements for the whole group; otherwise that attempt is rolled
 * back and each append goes in a subtransaction of its own (a PL/pgSQL block with an EXCEPTION clause),
 * so that one failing append (a wrong expected version, a stored event id) rolls back alone and
 * answers its error — SQLSTATE, detail, constraint and message, for the adapter to map exactly as
 * it maps a lone append's — while the others commit. The appends are those of
 * `event_store_append`, called with slices of the group's flattened event arrays (`p_counts` says
 * how many events each append has). A transient error (connection, resources, operator
 * intervention, serialization or deadlock) fails the whole call: the adapter then appends each
 * member alone.
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
        v_n int := coalesce(cardinality(p_streams), 0);
        v_from int := 1;
        v_to int;
        v_rows bigint;
        v_wrong bigint;
        v_base bigint[];
        v_ords int[];
        v_bases bigint[];
        v_streams text[];
        v_positions bigint[];
        v_state text;
      BEGIN
        -- The common case in a few statements for the whole group: distinct streams, each expected
        -- version right, no stored event id. Anything else rolls this attempt back (one subtransaction)
        -- and the group goes append by append below.
        IF v_n > 1 AND (SELECT count(DISTINCT s) FROM unnest(p_streams) s) = v_n THEN
          BEGIN
            v_base := array_fill(-1::bigint, ARRAY[v_n]);
            INSERT INTO event_store_streams (stream_id, revision)
              SELECT r.stream, r.n - 1 FROM unnest(p_streams, p_expected, p_counts) AS r(stream, expected, n)
               WHERE r.expected = -2 ORDER BY r.stream
              ON CONFLICT (stream_id) DO NOTHING;
            GET DIAGNOSTICS v_rows = ROW_COUNT;
            IF v_rows <> (SELECT count(*) FROM unnest(p_expected) e WHERE e = -2) THEN
              RAISE EXCEPTION 'group needs appends one by one' USING ERRCODE = 'PE000';
            END IF;
            WITH moved AS (
              UPDATE event_store_streams s SET revision = s.revision + r.n
                FROM unnest(p_streams, p_expected, p_counts) WITH ORDINALITY AS r(stream, expected, n, ord)
               WHERE s.stream_id = r.stream AND r.expected <> -2
              RETURNING r.ord, r.expected, s.revision - r.n AS base
            )
            SELECT count(*), count(*) FILTER (WHERE m.expected >= 0 AND m.base <> m.expected), array_agg(m.ord::int), array_agg(m.base)
              INTO v_rows, v_wrong, v_ords, v_bases FROM moved m;
            IF v_rows <> (SELECT count(*) FROM unnest(p_expected) e WHERE e <> -2) OR v_wrong > 0 THEN
              RAISE EXCEPTION 'group needs appends one by one' USING ERRCODE = 'PE000';
            END IF;
            FOR k IN 1 .. coalesce(cardinality(v_ords), 0) LOOP
              v_base[v_ords[k]] := v_bases[k];
            END LOOP;
            WITH owners AS (
              SELECT row_number() OVER (ORDER BY i, k) AS ord, i AS owner, k
                FROM generate_series(1, v_n) i, generate_series(1, p_counts[i]) k
            ), inserted AS (
              INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata)
              SELECT p_streams[o.owner], v_base[o.owner] + o.k, e.id, e.type, e.data, e.metadata
                FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(id, type, data, metadata, ord)
                JOIN owners o ON o.ord = e.ord
               ORDER BY e.ord
              RETURNING event_store_events.stream_id, event_store_events.global_position
            )
            SELECT array_agg(x.stream_id), array_agg(x.gp) INTO v_streams, v_positions
              FROM (SELECT ins.stream_id, max(ins.global_position) AS gp FROM inserted ins GROUP BY ins.stream_id) x;
            RETURN QUERY
              SELECT r.ord::int, v_base[r.ord::int] + r.n, pg_current_xact_id(), v_positions[array_position(v_streams, r.stream)],
                     NULL::text, NULL::text, NULL::text, NULL::text
                FROM unnest(p_streams, p_counts) WITH ORDINALITY AS r(stream, n, ord)
               ORDER BY r.ord;
            RETURN;
          EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE;
            IF v_state ~ '^(08|40|53|57)' THEN
              RAISE;
            END IF;
          END;
        END IF;

        FOR i IN 1 .. v_n LOOP
          v_to := v_from + p_counts[i] - 1;
          ordinal := i;
          error_code := NULL;
          error_detail := NULL;
          error_constraint := NULL;
          error_message := NULL;
          BEGIN
            SELECT a.next_revision, a.transaction_id, a.global_position INTO next_revision, transaction_id, global_position
              FROM event_store_append(p_streams[i], p_expected[i], p_ids[v_from:v_to], p_types[v_from:v_to], p_data[v_from:v_to], p_metadata[v_from:v_to]) a;
          EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_detail = PG_EXCEPTION_DETAIL,
                                    error_constraint = CONSTRAINT_NAME, error_message = MESSAGE_TEXT;
            IF error_code ~ '^(08|40|53|57)' THEN
              RAISE;
            END IF;
            next_revision := NULL;
            transaction_id := NULL;
            global_position := NULL;
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
