import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A group of appends in one statement and no subtransaction (ADR 0260): the streams' rows are moved
 * and checked append by append, exactly as in `event_store_append_group`, then every event of the
 * group goes in one INSERT. Any failure fails the whole call, and the adapter then asks
 * `event_store_append_group`, whose subtransactions tell which append failed and why. Appends rarely
 * fail (one command per stream per process, ADR 0241), so the common group pays for neither the
 * subtransactions nor an INSERT per append.
 */
export class EventStoreAppendGroupAtOnce1764300000000 implements MigrationInterface {
  name = 'EventStoreAppendGroupAtOnce1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION event_store_append_group_at_once(
        p_streams text[], p_expected bigint[], p_counts int[], p_ids uuid[], p_types text[], p_data json[], p_metadata json[]
      ) RETURNS TABLE (ordinal int, next_revision bigint, transaction_id xid8, global_position bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_appends int := coalesce(cardinality(p_streams), 0);
        v_count int;
        v_current bigint;
        v_actual bigint;
        v_expected bigint;
        v_stream text;
        v_next bigint[] := '{}';
        v_event_streams text[] := '{}';
        v_event_revisions bigint[] := '{}';
        v_event_appends int[] := '{}';
      BEGIN
        FOR i IN 1 .. v_appends LOOP
          v_count := p_counts[i]; v_expected := p_expected[i]; v_stream := p_streams[i];
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
          v_next := v_next || (v_current + v_count);
          FOR k IN 1 .. v_count LOOP
            v_event_streams := v_event_streams || v_stream;
            v_event_revisions := v_event_revisions || (v_current + k);
            v_event_appends := v_event_appends || i;
          END LOOP;
        END LOOP;
        RETURN QUERY
          WITH inserted AS (
            INSERT INTO event_store_events AS e (stream_id, stream_revision, event_id, event_type, data, metadata)
            SELECT x.stream, x.revision, x.id, x.type, x.data, x.metadata
              FROM unnest(v_event_streams, v_event_revisions, p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x(stream, revision, id, type, data, metadata, ord)
             ORDER BY x.ord
            RETURNING e.stream_id, e.stream_revision, e.global_position
          )
          SELECT a.n, v_next[a.n], pg_current_xact_id(), max(ins.global_position)
            FROM inserted ins
            JOIN unnest(v_event_streams, v_event_revisions, v_event_appends) AS a(stream, revision, n)
              ON a.stream = ins.stream_id AND a.revision = ins.stream_revision
           GROUP BY a.n
           ORDER BY a.n;
      END
      $fn$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION event_store_append_group_at_once(text[], bigint[], int[], uuid[], text[], json[], json[])');
  }
}
