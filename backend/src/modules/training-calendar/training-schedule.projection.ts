import { fieldsOf, rowOf, type DocumentProjection, type TableShape } from '../../infrastructure/projections/projection';
import { localDateOf } from '../../shared/studio-day';
import { MEMBER_STREAM_PREFIX, type TrainingScheduleSet } from '../members/member.events';

/** Each member's training schedule as it stands, fed from `TrainingScheduleSet` on the `member-{userId}` streams. */
export const MEMBER_TRAINING_SCHEDULES = 'member_training_schedules';

interface Schedule {
  weekdays: number[];
  time: string;
  reminderOffsetMin: number;
  /** The studio day the weekdays took their current value: no day before it can be "missed". */
  since: string;
  setAt: string;
}

/** One row per member. */
const SCHEDULE_ROWS: TableShape = {
  columns: 'user_id text, weekdays smallint[], time text, reminder_offset_min integer, since date, set_at timestamptz',
  key: ['user_id'],
};

export const trainingScheduleProjection: DocumentProjection<Schedule | null> = {
  name: 'member_training_schedules',
  // A member's next screen reads it: updated in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: ['TrainingScheduleSet'],
  tables: { [MEMBER_TRAINING_SCHEDULES]: SCHEDULE_ROWS },
  keyColumn: 'user_id',
  key: (event) => event.streamId.slice(MEMBER_STREAM_PREFIX.length),
  initial: () => null,
  evolve(before, event) {
    const { weekdays, time, reminderOffsetMin, occurredAt } = event.data as TrainingScheduleSet['data'];
    const sameDays = before !== null && before.weekdays.length === weekdays.length && before.weekdays.every((day, index) => day === weekdays[index]);
    return { weekdays: [...weekdays], time, reminderOffsetMin, since: sameDays ? before.since : localDateOf(occurredAt), setAt: occurredAt };
  },
  toRows: (schedule, userId) => ({ [MEMBER_TRAINING_SCHEDULES]: schedule ? [rowOf({ user_id: userId }, schedule)] : [] }),
  fromRows: (rows) => (rows[MEMBER_TRAINING_SCHEDULES]![0] ? fieldsOf<Schedule>(rows[MEMBER_TRAINING_SCHEDULES]![0], 'user_id') : null),
};
