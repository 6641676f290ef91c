import type { RecordedEvent, Statement } from '../../infrastructure/event-store/event-store.port';
import type { ApplyContext, SqlProjection } from '../../infrastructure/projections/projection';
import { CHALLENGE_EVENT_TYPES } from '../challenges/challenge.events';
import { CLASS_EVENT_TYPES } from '../class-bookings/class-booking.events';
import { FREE_CLASS_RETENTION_EVENT_TYPES } from '../free-class-bookings/free-class-bookings.events';
import { erasePersonalFields, MEMBER_PERSONAL_FIELDS } from '../members/member-personal-data.rules';
import { MEMBER_EVENT_TYPES, MEMBER_STREAM_PREFIX } from '../members/member.events';
import { STAFF_EVENT_TYPES } from './staff-events';

/** Logical tables of the staff console's read model (views over the active generation). */
export const ACTIVITY_LOG = 'activity_log';
export const ACTIVITY_STREAMS = 'activity_streams';

/** Every event type the application writes: the member streams, the booking streams, the staff streams, the challenges' and the classes'. */
export const STAFF_ACTIVITY_EVENT_TYPES: readonly string[] = [
  ...MEMBER_EVENT_TYPES,
  ...STAFF_EVENT_TYPES,
  ...CHALLENGE_EVENT_TYPES,
  ...FREE_CLASS_RETENTION_EVENT_TYPES,
  ...CLASS_EVENT_TYPES,
];

/**
 * The activity log staff read (ADR 0087), copied from the global log through the
 * event-store port, so it is the same with PostgreSQL and with EventStoreDB.
 *
 * `activity_log` holds one row per event with `seq`, an order key assigned in log
 * order within the generation (the identity column, filled in the batch's order), and
 * the store's `position` as text for the detail view. `event_id` is unique: a batch
 * delivered again inserts nothing. `activity_streams` keeps per stream what the members
 * list needs without reading the store (last activity, last workout, how many events), updated only
 * from the rows a batch really inserted. One statement per batch, whatever its size; an erasure and a
 * deletion of heart-rate data add theirs.
 */
export const staffActivityProjection: SqlProjection = {
  name: 'staff_activity',
  // 2: `activity_streams` keeps each stream's last workout (the members list's inactive view pages on it).
  // 3: the class streams' events (ADR 0360).
  version: 3,
  eventTypes: STAFF_ACTIVITY_EVENT_TYPES,
  tables: {
    [ACTIVITY_LOG]: {
      columns: `seq bigint GENERATED ALWAYS AS IDENTITY, position text, event_id uuid, stream_id text,
        revision bigint, event_type text, occurred_at timestamptz?, data json, metadata json`,
      key: ['seq'],
      unique: [['event_id']],
      indexes: {
        type_seq: '(event_type, seq)',
        // The type included: a member's page of one type is chosen from the index alone.
        stream_seq: '(stream_id, seq) INCLUDE (event_type)',
        occurred_seq: '(occurred_at, seq) INCLUDE (event_type)',
      },
    },
    [ACTIVITY_STREAMS]: {
      columns: `stream_id text, member_id text?, events bigint, first_seq bigint, last_seq bigint,
        last_activity_at timestamptz?, last_workout_at timestamptz?`,
      key: ['stream_id'],
      indexes: { member: '(member_id) WHERE member_id IS NOT NULL' },
    },
  },
  async apply(events, context) {
    if (events.length === 0) return [];
    const log = context.table(ACTIVITY_LOG);
    const streams = context.table(ACTIVITY_STREAMS);
    // Read before the batch's writes: the rows an erasure of this batch writes over that are stored already.
    const erased = await erasedBefore(events, log, context);
    const sameBatch = erasedInBatch(events);
    const positions: string[] = [];
    const ids: string[] = [];
    const streamIds: string[] = [];
    const revisions: string[] = [];
    const types: string[] = [];
    const occurred: Array<string | null> = [];
    const data: string[] = [];
    const metadata: string[] = [];
    events.forEach((event, index) => {
      const meta = event.metadata;
      positions.push(event.position);
      ids.push(meta.eventId);
      streamIds.push(event.streamId);
      revisions.push(event.revision.toString());
      types.push(event.type);
      occurred.push(typeof meta.occurredAt === 'string' ? meta.occurredAt : null);
      data.push(JSON.stringify((sameBatch.has(index) ? erasePersonalFields(event.type, event.data) : event.data) ?? null));
      metadata.push(JSON.stringify(meta ?? {}));
    });
    return [
      {
        text: `WITH input AS (
                 SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::timestamptz[], $7::json[], $8::json[])
                        WITH ORDINALITY AS e(position, event_id, stream_id, revision, event_type, occurred_at, data, metadata, ord)
               ), inserted AS (
                 INSERT INTO ${log} (position, event_id, stream_id, revision, event_type, occurred_at, data, metadata)
                 SELECT position, event_id, stream_id, revision, event_type, occurred_at, data, metadata FROM input ORDER BY ord
                 ON CONFLICT (event_id) DO NOTHING
                 RETURNING seq, stream_id, occurred_at,
                           CASE WHEN event_type = 'WorkoutCompleted' THEN occurred_at END AS workout_at
               )
               INSERT INTO ${streams} AS s (stream_id, member_id, events, first_seq, last_seq, last_activity_at, last_workout_at)
               SELECT stream_id,
                      CASE WHEN stream_id LIKE '${MEMBER_STREAM_PREFIX}%' THEN substr(stream_id, ${MEMBER_STREAM_PREFIX.length + 1}) END,
                      count(*), min(seq), max(seq), max(occurred_at), max(workout_at)
                 FROM inserted GROUP BY stream_id
               ON CONFLICT (stream_id) DO UPDATE
                 SET events = s.events + EXCLUDED.events,
                     last_seq = GREATEST(s.last_seq, EXCLUDED.last_seq),
                     last_activity_at = GREATEST(s.last_activity_at, EXCLUDED.last_activity_at),
                     last_workout_at = GREATEST(s.last_workout_at, EXCLUDED.last_workout_at)`,
        values: [positions, ids, streamIds, revisions, types, occurred, data, metadata],
      },
      ...erased,
      ...hideDeletedHeartRate(events, log),
    ];
  },
};

/** The indexes of the batch's events that a later `MemberDataErased` of the same batch erases. */
function erasedInBatch(events: readonly RecordedEvent[]): Set<number> {
  const erased = new Set<number>();
  events.forEach((event, index) => {
    if (event.type !== 'MemberDataErased') return;
    for (let before = 0; before < index; before += 1) if (events[before]!.streamId === event.streamId) erased.add(before);
  });
  return erased;
}

/**
 * A `MemberDataErased` (ADR 0202) writes over the rows of its stream stored before it what a rebuild
 * would read once the key is gone: every personal field "[borrado]" (the batch's own rows are erased
 * before they are inserted). The staff log keeps the anonymous history (what was trained, when) and
 * loses the person.
 */
async function erasedBefore(events: readonly RecordedEvent[], log: string, context: ApplyContext): Promise<Statement[]> {
  const erasures = events.filter((event) => event.type === 'MemberDataErased');
  const found = await Promise.all(
    erasures.map((erasure) =>
      context.query<{ seq: string; event_type: string; data: unknown }>(
        `SELECT l.seq::text AS seq, l.event_type, l.data FROM ${log} AS l
          WHERE l.stream_id = $1 AND l.event_type = ANY ($3::text[])
            AND l.seq < coalesce((SELECT marker.seq FROM ${log} AS marker WHERE marker.event_id = $2), 9223372036854775807)`,
        [erasure.streamId, erasure.metadata.eventId, Object.keys(MEMBER_PERSONAL_FIELDS)],
      ),
    ),
  );
  return found
    .filter(({ rows }) => rows.length > 0)
    .map(({ rows }) => ({
      text: `UPDATE ${log} AS l SET data = e.data FROM unnest($1::bigint[], $2::json[]) AS e(seq, data) WHERE l.seq = e.seq`,
      values: [rows.map((row) => row.seq), rows.map((row) => JSON.stringify(erasePersonalFields(row.event_type, row.data)))],
    }));
}

/**
 * A `HeartRateDataDeleted` (ADR 0144) hides, in the rows of its stream before it, the summaries of
 * the completions and the maximum a session raised: staff no longer see or export them. After the
 * rows are inserted, so a deletion in the same batch as its completions finds them; live and on a
 * replay alike.
 */
function hideDeletedHeartRate(events: readonly RecordedEvent[], log: string): Statement[] {
  const deletions = events.filter((event) => event.type === 'HeartRateDataDeleted');
  if (deletions.length === 0) return [];
  return [
    {
      text: `UPDATE ${log} AS l
                SET data = CASE l.event_type
                  WHEN 'WorkoutCompleted' THEN ((l.data::jsonb - 'heartRate') || '{"heartRateDeleted": true}'::jsonb)::json
                  WHEN 'StudioClassAttended' THEN ((l.data::jsonb - 'heartRate') || '{"heartRateDeleted": true}'::jsonb)::json
                  ELSE jsonb_build_object('completionId', l.data::jsonb -> 'completionId', 'occurredAt', l.data::jsonb -> 'occurredAt', 'heartRateDeleted', true)::json
                END
               FROM unnest($1::text[], $2::uuid[]) AS d(stream_id, event_id)
               JOIN ${log} AS marker ON marker.event_id = d.event_id
              WHERE l.stream_id = d.stream_id AND l.seq < marker.seq
                AND ((l.event_type IN ('WorkoutCompleted', 'StudioClassAttended') AND l.data::jsonb ? 'heartRate') OR (l.event_type = 'MaxHeartRateRaised' AND l.data::jsonb ? 'maxHr'))`,
      values: [deletions.map((event) => event.streamId), deletions.map((event) => event.metadata.eventId)],
    },
  ];
}
