import type { RecordedEvent, Statement } from '../../event-store/event-store.port';
import type { Projection, SqlProjection } from '../projection';

/**
 * A representative read model for the engine's tests and the benchmark: per
 * member totals and per day counts, a SQL apply answering one statement per table
 * per batch, the way a projection should handle thousands of events.
 */
export interface SampleWorkoutCompleted {
  memberId: string;
  minutes: number;
  /** Local date in El Salvador, frozen on the event. */
  day: string;
  completedAt: string;
}

export const SAMPLE_EVENT_TYPES = ['SampleWorkoutCompleted', 'SampleEnrolledInPlan'] as const;

export interface SampleProjectionOptions {
  version?: number;
  failOn?: (event: RecordedEvent) => boolean;
  delayMs?: number;
  lifecycle?: Projection['lifecycle'];
  /** Awaited before a batch holding a matching event is applied (a slow handler, an open transaction). */
  pauseOn?: (event: RecordedEvent) => Promise<void> | undefined;
  /** The write of a batch holding a matching event fails in the database (a value the column refuses), not in the handler. */
  failInDatabaseOn?: (event: RecordedEvent) => boolean;
  /** Reads the members' totals before writing, as the real handlers read what they fold onto. */
  readFirst?: boolean;
}

export function sampleMemberActivityProjection(options: SampleProjectionOptions = {}): SqlProjection {
  return {
    name: 'sample_member_activity',
    version: options.version ?? 1,
    lifecycle: options.lifecycle,
    eventTypes: SAMPLE_EVENT_TYPES,
    tables: {
      sample_member_totals: { columns: 'member_id text, workouts int, minutes int, enrolments int, last_workout_at timestamptz?', key: ['member_id'] },
      sample_member_days: { columns: 'member_id text, day date, workouts int, minutes int', key: ['member_id', 'day'] },
    },
    async apply(events, context) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      for (const event of events) await options.pauseOn?.(event);
      const totals = new Map<string, { workouts: number; minutes: number; enrolments: number; last: string | null }>();
      const days = new Map<string, { memberId: string; day: string; workouts: number; minutes: number }>();
      for (const event of events) {
        if (options.failOn?.(event)) throw new Error(`Sample projection refuses event ${event.metadata.eventId}`);
        const data = event.data as SampleWorkoutCompleted & { memberId: string };
        const total = totals.get(data.memberId) ?? { workouts: 0, minutes: 0, enrolments: 0, last: null };
        totals.set(data.memberId, total);
        if (event.type === 'SampleEnrolledInPlan') {
          total.enrolments++;
          continue;
        }
        total.workouts++;
        total.minutes += data.minutes;
        if (!total.last || data.completedAt > total.last) total.last = data.completedAt;
        const key = `${data.memberId}|${data.day}`;
        const day = days.get(key) ?? { memberId: data.memberId, day: data.day, workouts: 0, minutes: 0 };
        day.workouts++;
        day.minutes += data.minutes;
        days.set(key, day);
      }
      const totalsTable = context.table('sample_member_totals');
      if (options.readFirst) await context.query(`SELECT * FROM ${totalsTable} WHERE member_id = ANY ($1)`, [[...totals.keys()]]);
      // Answered, not run: in an append they leave with its COMMIT (ADR 0315).
      const writes: Statement[] = [];
      writes.push({
        text: `INSERT INTO ${totalsTable} AS t (member_id, workouts, minutes, enrolments, last_workout_at)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::timestamptz[])
         ON CONFLICT (member_id) DO UPDATE SET
           workouts = t.workouts + excluded.workouts,
           minutes = t.minutes + excluded.minutes,
           enrolments = t.enrolments + excluded.enrolments,
           last_workout_at = greatest(t.last_workout_at, excluded.last_workout_at)`,
        values: [
          [...totals.keys()],
          [...totals.values()].map((total) => total.workouts),
          [...totals.values()].map((total) => (events.some((event) => options.failInDatabaseOn?.(event)) ? 'sin número' : total.minutes)),
          [...totals.values()].map((total) => total.enrolments),
          [...totals.values()].map((total) => total.last),
        ],
      });
      const rows = [...days.values()];
      if (rows.length > 0) {
        const daysTable = context.table('sample_member_days');
        writes.push({
          text: `INSERT INTO ${daysTable} AS d (member_id, day, workouts, minutes)
                 SELECT * FROM unnest($1::text[], $2::date[], $3::int[], $4::int[])
                 ON CONFLICT (member_id, day) DO UPDATE SET workouts = d.workouts + excluded.workouts, minutes = d.minutes + excluded.minutes`,
          values: [rows.map((row) => row.memberId), rows.map((row) => row.day), rows.map((row) => row.workouts), rows.map((row) => row.minutes)],
        });
      }
      return writes;
    },
  };
}
