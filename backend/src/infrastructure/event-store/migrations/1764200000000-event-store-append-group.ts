import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group commit of concurrent appends (ADR 0250): one call appends a group of appends in one
 * transaction, each in a subtransaction of its own (a PL/pgSQL block with an EXCEPTION clause),
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
        v_from int := 1;
        v_to int;
      BEGIN
        FOR i IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
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
