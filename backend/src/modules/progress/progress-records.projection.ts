import type { RecordedEvent, Statement } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { STUDIO_CLASS_WORKOUT_ID } from '../heart-rate/heart-rate.rules';
import { ERASED_VALUE } from '../members/member-personal-data.rules';
import { MEMBER_STREAM_PREFIX, type MemberDataErased, type StudioClassAttended, type WorkoutCompleted } from '../members/member.events';
import { arrayLiteral } from './array-literal';

/** One row per workout completion: the member's history (`GET /api/progress`, with each session's heart-rate summary) and recent activity. */
export const PROGRESS_RECORDS = 'progress_records';

export const progressRecordsProjection: Projection = {
  name: 'progress_records',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  // 2: the session's heart-rate summary, when it has one (ADR 0145); 3: the interval timer's session name (ADR 0161).
  // 4: classes on the studio board, named after the class of the day (ADR 0180); 5: with erasures (ADR 0202).
  version: 5,
  eventTypes: ['WorkoutCompleted', 'StudioClassAttended', 'MemberDataErased'],
  // Its primary key waits for the end of a replay from empty (ADR 0255); the erasures' UPDATE needs no key.
  replayWritesByCopy: true,
  tables: {
    [PROGRESS_RECORDS]: (table) => [
      `CREATE TABLE ${table} (
        user_id text NOT NULL,
        completion_id text NOT NULL,
        workout_id text NOT NULL,
        plan_id text,
        enrollment_id text,
        is_running boolean NOT NULL,
        duration_sec integer NOT NULL,
        occurred_at timestamptz NOT NULL,
        local_date date NOT NULL,
        heart_rate jsonb,
        timer_name text,
        class_name text
      )`,
      // Added after the table: a replay from empty fills it with COPY alone and builds the key once at the end (ADR 0255).
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (user_id, completion_id)`,
      `CREATE INDEX ${table}_by_member_recent ON ${table} (user_id, occurred_at DESC, completion_id DESC)`,
    ],
  },
  /**
   * One multi-row insert per batch; a completion already recorded is left as it is. A class on the
   * studio board is recorded as one more session, named after the class of the day (ADR 0180). An
   * erasure (ADR 0202) writes "[borrado]" over the names of the member's timer sessions until then;
   * the rows stay, they are the anonymous history.
   */
  async handle(batch: RecordedEvent[], context) {
    const events = batch.filter((event) => event.type === 'WorkoutCompleted' || event.type === 'StudioClassAttended');
    const erasures = batch.filter((event) => event.type === 'MemberDataErased');
    const writes: Statement[] = [];
    const recorded = await recordCompletions(events, context);
    if (recorded) writes.push(recorded);
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

const RECORD_COLUMNS = ['user_id', 'completion_id', 'workout_id', 'plan_id', 'enrollment_id', 'is_running', 'duration_sec', 'occurred_at', 'local_date', 'heart_rate', 'timer_name', 'class_name'];

/** The batch's completions: streamed with COPY in a replay from empty, otherwise the insert answered. */
async function recordCompletions(events: RecordedEvent[], context: Parameters<Projection['handle']>[1]): Promise<Statement | undefined> {
  const count = events.length;
  const userIds = new Array<string>(count);
  const completionIds = new Array<string>(count);
  const workoutIds = new Array<string>(count);
  const planIds = new Array<string | null>(count);
  const enrollmentIds = new Array<string | null>(count);
  const running = new Array<boolean>(count);
  const durations = new Array<number>(count);
  const occurredAts = new Array<string>(count);
  const localDates = new Array<string>(count);
  const heartRates = new Array<string | null>(count);
  const timerNames = new Array<string | null>(count);
  const classNames = new Array<string | null>(count);
  for (let index = 0; index < count; index += 1) {
    const event = events[index]!;
    if (event.type === 'StudioClassAttended') {
      const attended = event.data as StudioClassAttended['data'];
      userIds[index] = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      completionIds[index] = attended.attendanceId;
      workoutIds[index] = STUDIO_CLASS_WORKOUT_ID;
      planIds[index] = null;
      enrollmentIds[index] = null;
      running[index] = false;
      durations[index] = Math.max(0, Math.round(attended.durationSec));
      occurredAts[index] = attended.occurredAt;
      localDates[index] = attended.localDate;
      heartRates[index] = JSON.stringify(attended.heartRate);
      timerNames[index] = null;
      classNames[index] = attended.className;
      continue;
    }
    const data = event.data as WorkoutCompleted['data'];
    userIds[index] = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
    completionIds[index] = data.completionId;
    workoutIds[index] = data.workoutId;
    planIds[index] = data.planId ?? null;
    enrollmentIds[index] = data.enrollmentId ?? null;
    running[index] = data.isRunning === true;
    durations[index] = Math.max(0, Math.round(data.durationSec ?? 0));
    occurredAts[index] = data.occurredAt;
    localDates[index] = data.localDate;
    heartRates[index] = data.heartRate ? JSON.stringify(data.heartRate) : null;
    timerNames[index] = data.intervalTimer?.name ?? null;
    classNames[index] = null;
  }
  if (count === 0) return undefined;
  const columns = [userIds, completionIds, workoutIds, planIds, enrollmentIds, running, durations, occurredAts, localDates, heartRates, timerNames, classNames];
  // A replay from empty tables streams the batch's rows with COPY (ADR 0248), into a table without its
  // primary key until the replay has caught up (ADR 0255: a completion the log holds twice is then
  // removed when the key is built, the first one staying). Once the key is there, a completion recorded
  // twice (a unique violation) undoes just the COPY, and the batch is written as a live one is.
  if (context.replay?.complete && context.copy) {
    await context.query('SAVEPOINT progress_records_copy');
    try {
      await context.copy(context.table(PROGRESS_RECORDS), RECORD_COLUMNS, {
        // One row array, refilled: copyRows turns each row into text before asking for the next.
        *[Symbol.iterator]() {
          const row = new Array<string | number | boolean | null>(columns.length);
          for (let index = 0; index < count; index += 1) {
            for (let column = 0; column < columns.length; column += 1) row[column] = columns[column]![index]!;
            yield row;
          }
        },
      });
      await context.query('RELEASE SAVEPOINT progress_records_copy');
      return undefined;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await context.query('ROLLBACK TO SAVEPOINT progress_records_copy');
    }
  }
  return {
    text: `INSERT INTO ${context.table(PROGRESS_RECORDS)}
             (user_id, completion_id, workout_id, plan_id, enrollment_id, is_running, duration_sec, occurred_at, local_date, heart_rate, timer_name, class_name)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::int[], $8::timestamptz[], $9::date[], $10::jsonb[], $11::text[], $12::text[])
           ON CONFLICT (user_id, completion_id) DO NOTHING`,
    values: columns.map(arrayLiteral),
  };
}
