import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Projection } from '../../infrastructure/projections/projection';
import { localDateOf } from '../../shared/studio-day';
import { MEMBER_STREAM_PREFIX, type TrainingScheduleSet } from '../members/member.events';

/** Each member's training schedule as it stands, fed from `TrainingScheduleSet` on the `member-{userId}` streams. */
export const MEMBER_TRAINING_SCHEDULES = 'member_training_schedules';

interface ScheduleRow {
  weekdays: number[];
  time: string;
  reminderOffsetMin: number;
  /** The studio day the weekdays took their current value: no day before it can be "missed". */
  since: string;
  setAt: string;
}

export const trainingScheduleProjection: Projection = {
  name: 'member_training_schedules',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['TrainingScheduleSet'],
  tables: {
    [MEMBER_TRAINING_SCHEDULES]: (table) => [
      `CREATE TABLE ${table} (
        user_id text PRIMARY KEY,
        weekdays smallint[] NOT NULL,
        time text NOT NULL,
        reminder_offset_min integer NOT NULL,
        since date NOT NULL,
        set_at timestamptz NOT NULL
      )`,
    ],
  },
  /**
   * Folds each member's events of the batch in log order onto their stored row (read once), then
   * writes one multi-row upsert: the same rows live and on a replay, whatever the batch boundaries.
   */
  async handle(events: RecordedEvent[], context) {
    if (events.length === 0) return;
    const table = context.table(MEMBER_TRAINING_SCHEDULES);
    const userIds = [...new Set(events.map((event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length)))];
    const { rows } = await context.query<{ user_id: string; weekdays: number[]; since: string }>(
      `SELECT user_id, weekdays, since::text AS since FROM ${table} WHERE user_id = ANY($1::text[])`,
      [userIds],
    );
    const current = new Map<string, Pick<ScheduleRow, 'weekdays' | 'since'>>(rows.map((row) => [row.user_id, { weekdays: row.weekdays, since: row.since }]));
    const next = new Map<string, ScheduleRow>();
    for (const event of events) {
      const userId = event.streamId.slice(MEMBER_STREAM_PREFIX.length);
      const { weekdays, time, reminderOffsetMin, occurredAt } = event.data as TrainingScheduleSet['data'];
      const before = next.get(userId) ?? current.get(userId);
      const sameDays = before !== undefined && before.weekdays.length === weekdays.length && before.weekdays.every((day, index) => day === weekdays[index]);
      next.set(userId, {
        weekdays: [...weekdays],
        time,
        reminderOffsetMin,
        since: sameDays ? before.since : localDateOf(occurredAt),
        setAt: occurredAt,
      });
    }
    const users = [...next.keys()];
    const values = [...next.values()];
    await context.query(
      `INSERT INTO ${table} (user_id, weekdays, time, reminder_offset_min, since, set_at)
       SELECT p.user_id, ARRAY(SELECT jsonb_array_elements_text(p.weekdays)::smallint), p.time, p.offset_min, p.since, p.set_at
         FROM unnest($1::text[], $2::jsonb[], $3::text[], $4::integer[], $5::date[], $6::timestamptz[])
           AS p(user_id, weekdays, time, offset_min, since, set_at)
       ON CONFLICT (user_id) DO UPDATE SET
         weekdays = EXCLUDED.weekdays, time = EXCLUDED.time, reminder_offset_min = EXCLUDED.reminder_offset_min,
         since = EXCLUDED.since, set_at = EXCLUDED.set_at`,
      [
        users,
        values.map((row) => JSON.stringify(row.weekdays)),
        values.map((row) => row.time),
        values.map((row) => row.reminderOffsetMin),
        values.map((row) => row.since),
        values.map((row) => row.setAt),
      ],
    );
  },
};
