import type { Pool } from 'pg';

/**
 * Writes synthetic member activity straight into the PostgreSQL event store's
 * tables, set-based, in chunks of one transaction each: the same events
 * (SampleWorkoutCompleted / SampleEnrolledInPlan, one stream per member) the
 * sample projection reads, a million in seconds instead of minutes of appends.
 */
export async function generateSyntheticEvents(pool: Pool, count: number, members: number, chunk = 50000): Promise<void> {
  for (let from = 0; from < count; from += chunk) {
    const to = Math.min(from + chunk, count);
    await pool.query(
      `WITH generated AS (
         SELECT i, 'm' || (i % $3) AS member, gen_random_uuid() AS id, date '2026-01-01' + (i / $3)::int AS day
           FROM generate_series($1::bigint, $2::bigint - 1) AS i
       )
       INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata)
       SELECT 'member-' || member,
              i / $3,
              id,
              CASE WHEN i % 10 = 0 THEN 'SampleEnrolledInPlan' ELSE 'SampleWorkoutCompleted' END,
              CASE WHEN i % 10 = 0
                THEN json_build_object('memberId', member, 'planId', 'plan-' || (i % 7))
                ELSE json_build_object('memberId', member, 'minutes', 20 + i % 40, 'day', to_char(day, 'YYYY-MM-DD'),
                                        'completedAt', to_char(day, 'YYYY-MM-DD') || 'T18:' || lpad((i % 60)::text, 2, '0') || ':00.000Z')
              END,
              json_build_object('eventId', id, 'correlationId', id, 'causationId', id,
                                 'actor', json_build_object('userId', member, 'role', 'member'),
                                 'occurredAt', to_char(day, 'YYYY-MM-DD') || 'T18:00:00.000Z', 'schemaVersion', 1)
         FROM generated ORDER BY i`,
      [from, to, members],
    );
  }
  await pool.query(
    `INSERT INTO event_store_streams (stream_id, revision)
     SELECT stream_id, max(stream_revision) FROM event_store_events WHERE stream_id LIKE 'member-m%' GROUP BY stream_id
     ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
  );
}
