import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Row, SqlProjection, Write } from '../../infrastructure/projections/projection';
import { STUDIO_CLASS_WORKOUT_ID } from '../heart-rate/heart-rate.rules';
import { ERASED_VALUE } from '../members/member-personal-data.rules';
import { MEMBER_STREAM_PREFIX, type MemberDataErased, type StudioClassAttended, type WorkoutCompleted } from '../members/member.events';

/** One row per workout completion: the member's history (`GET /api/progress`, with each session's heart-rate summary) and recent activity. */
export const PROGRESS_RECORDS = 'progress_records';

/**
 * A history of rows, not one document per member: each completion inserts its row (one recorded twice
 * is left as it is), and a class on the studio board is one more session, named after the class of the
 * day (ADR 0180). An erasure (ADR 0202) writes "[borrado]" over the names of the member's timer sessions
 * until then; the rows stay, they are the anonymous history.
 */
export const progressRecordsProjection: SqlProjection = {
  name: 'progress_records',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: the session's heart-rate summary, when it has one (ADR 0145); 3: the interval timer's session name (ADR 0161).
  // 4: classes on the studio board, named after the class of the day (ADR 0180); 5: with erasures (ADR 0202).
  version: 5,
  eventTypes: ['WorkoutCompleted', 'StudioClassAttended', 'MemberDataErased'],
  tables: {
    [PROGRESS_RECORDS]: {
      columns: `user_id text, completion_id text, workout_id text, plan_id text?, enrollment_id text?,
        is_running boolean, duration_sec integer, occurred_at timestamptz, local_date date,
        heart_rate jsonb?, timer_name text?, class_name text?`,
      key: ['user_id', 'completion_id'],
      indexes: { by_member_recent: '(user_id, occurred_at DESC, completion_id DESC)' },
    },
  },
  async apply(events, context) {
    const rows = events.filter((event) => event.type === 'WorkoutCompleted' || event.type === 'StudioClassAttended').map(recordOf);
    const erasures = events.filter((event) => event.type === 'MemberDataErased');
    const writes: Write[] = rows.length > 0 ? [{ insert: PROGRESS_RECORDS, rows }] : [];
    if (erasures.length > 0) {
      writes.push({
        text: `UPDATE ${context.table(PROGRESS_RECORDS)} AS r SET timer_name = $3
                 FROM unnest($1::text[], $2::timestamptz[]) AS e(user_id, erased_at)
                WHERE r.user_id = e.user_id AND r.timer_name IS NOT NULL AND r.occurred_at <= e.erased_at`,
        values: [
          erasures.map((event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length)),
          erasures.map((event) => (event.data as MemberDataErased['data']).occurredAt),
          ERASED_VALUE,
        ],
      });
    }
    return writes;
  },
};

function recordOf(event: RecordedEvent): Row {
  const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
  if (event.type === 'StudioClassAttended') {
    const attended = event.data as StudioClassAttended['data'];
    return {
      user_id: userId,
      completion_id: attended.attendanceId,
      workout_id: STUDIO_CLASS_WORKOUT_ID,
      plan_id: null,
      enrollment_id: null,
      is_running: false,
      duration_sec: Math.max(0, Math.round(attended.durationSec)),
      occurred_at: attended.occurredAt,
      local_date: attended.localDate,
      heart_rate: attended.heartRate,
      timer_name: null,
      class_name: attended.className,
    };
  }
  const data = event.data as WorkoutCompleted['data'];
  return {
    user_id: userId,
    completion_id: data.completionId,
    workout_id: data.workoutId,
    plan_id: data.planId ?? null,
    enrollment_id: data.enrollmentId ?? null,
    is_running: data.isRunning === true,
    duration_sec: Math.max(0, Math.round(data.durationSec ?? 0)),
    occurred_at: data.occurredAt,
    local_date: data.localDate,
    heart_rate: data.heartRate ?? null,
    timer_name: data.intervalTimer?.name ?? null,
    class_name: null,
  };
}
