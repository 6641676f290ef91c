import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { deriveEventId } from '../src/infrastructure/event-store/command-handler';
import { initialState } from '../src/modules/members/member.decider';
import { MEMBER_EVENT_SCHEMA_VERSIONS } from '../src/modules/members/member.events';
import { memberScopedId, requestFingerprint } from '../src/modules/members/member-streams';
import { decideStudioMembership } from '../src/modules/memberships/membership.decider';
import { SPEC_CLASS_BY_WEEKDAY, SPEC_WEEKDAY_STARTS, type Weekday } from '../src/modules/timetable/timetable.rules';
import { addDays, isoWeekday, localDateOf, type LocalDate } from '../src/shared/studio-day';
import type { HistoryCatalogue } from '../src/modules/progress/testing/member-history';
import { writeHistories } from './members-seed';

/**
 * The seed of `npm run bench:classes` (docs/performance.md, "Classes"): members through the bulk
 * path of the other benches (bench/members-seed.ts), then each one's membership sale as the desk
 * records it: the events `decideStudioMembership` decides for it, with the metadata the member
 * writer stamps (derived event id, command id, fingerprint, the desk as actor), appended to the
 * member's stream in one multi-row insert; the projections fill the memberships read model from
 * the log. The timetable is staff data in plain tables: its seeded default (the spec's slots) is
 * topped up to BENCH_WEEKLY_CLASSES slots a week on Sunday, then Friday, at the weekday starts.
 */

/** Plans the members hold: mostly class packs that run out, some unlimited. */
const PLANS = ['athlete', 'athlete', 'casual', 'four-classes', 'elite'] as const;
const DESK = { userId: '00000000-0000-4000-8000-0000000000de', role: 'staff' as const };

export interface SeededMember {
  userId: string;
  planId: string;
  /** Classes left after the sale; null when unlimited. */
  classes: number | null;
}

export interface SeededClass {
  date: LocalDate;
  slotId: string;
  startTime: string;
  capacity: number;
  /** The class's start as an instant (the studio keeps America/El_Salvador time, UTC-6 all year). */
  startsAt: number;
}

export async function seedMembers(
  pool: Pool,
  catalogue: HistoryCatalogue,
  members: number,
  eventsPerMember: number,
  note: (message: string) => void,
): Promise<SeededMember[]> {
  await writeHistories(pool, catalogue, members, eventsPerMember, note);
  const streams = await pool.query<{ stream_id: string; revision: string }>(
    `SELECT stream_id, revision FROM event_store_streams WHERE stream_id LIKE 'member-%' ORDER BY stream_id`,
  );
  const now = new Date().toISOString();
  const rows = {
    streams: [] as string[],
    revisions: [] as number[],
    ids: [] as string[],
    types: [] as string[],
    data: [] as string[],
    metadata: [] as string[],
  };
  const seeded: SeededMember[] = [];
  streams.rows.forEach((stream, index) => {
    const userId = stream.stream_id.slice('member-'.length);
    const planId = PLANS[index % PLANS.length]!;
    const input = { planId, billing: 'one-time' as const, paymentMethod: 'efectivo', reference: `R-${index + 1}`, sharedWith: [] as string[] };
    const commandId = memberScopedId(userId, 'record-membership-sale', randomUUID());
    const events = decideStudioMembership(
      { type: 'RecordMembershipPurchase', data: { ...input, holderId: userId, channel: 'desk', membershipId: commandId, now } },
      initialState(),
    );
    events.forEach((event, position) => {
      rows.streams.push(stream.stream_id);
      rows.revisions.push(Number(stream.revision) + 1 + position);
      rows.ids.push(deriveEventId(commandId, position));
      rows.types.push(event.type);
      rows.data.push(JSON.stringify(event.data));
      rows.metadata.push(
        JSON.stringify({
          eventId: deriveEventId(commandId, position),
          correlationId: commandId,
          causationId: commandId,
          actor: DESK,
          occurredAt: now,
          schemaVersion: MEMBER_EVENT_SCHEMA_VERSIONS[event.type],
          ...(position === 0 ? { fingerprint: requestFingerprint('record-membership-sale', input) } : {}),
        }),
      );
    });
    const sold = events.at(-1)!;
    seeded.push({ userId, planId, classes: sold.type === 'MembershipSold' ? sold.data.classes : null });
  });
  for (let from = 0; from < rows.streams.length; from += 5000) {
    const chunk = (list: unknown[]) => list.slice(from, from + 5000);
    await pool.query(
      `INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`,
      [chunk(rows.streams), chunk(rows.revisions), chunk(rows.ids), chunk(rows.types), chunk(rows.data), chunk(rows.metadata)],
    );
  }
  await pool.query(
    `UPDATE event_store_streams s SET revision = e.revision
       FROM (SELECT stream_id, max(stream_revision) AS revision FROM event_store_events WHERE stream_id LIKE 'member-%' GROUP BY stream_id) e
      WHERE s.stream_id = e.stream_id`,
  );
  // The address the member writer keeps from each member's token (ADR 0143): the desk finds them, the roster names them.
  await pool.query(
    `INSERT INTO member_contacts (user_id, email, first_name)
     SELECT u, 'socio-' || left(u, 8) || '@example.com', 'Socio' FROM unnest($1::text[]) u ON CONFLICT (user_id) DO NOTHING`,
    [seeded.map((member) => member.userId)],
  );
  return seeded;
}

/** Tops the weekly timetable up to `weekly` slots (Sunday first, then Friday, at the weekday starts). */
export async function topUpTimetable(pool: Pool, weekly: number): Promise<void> {
  const { rows } = await pool.query<{ weekday: number; start_time: string }>('SELECT weekday, start_time FROM timetable_slots');
  const taken = new Set(rows.map((row) => `${row.weekday} ${row.start_time}`));
  let missing = weekly - rows.length;
  for (const weekday of [7, 5, 6, 1, 2, 3, 4] as Weekday[]) {
    for (const startTime of SPEC_WEEKDAY_STARTS) {
      if (missing <= 0 || taken.has(`${weekday} ${startTime}`)) continue;
      const className = SPEC_CLASS_BY_WEEKDAY[weekday] ?? SPEC_CLASS_BY_WEEKDAY[1];
      await pool.query(
        `INSERT INTO timetable_slots (slot_id, weekday, start_time, class_type_id, capacity)
         SELECT gen_random_uuid(), $1, $2, class_type_id, default_capacity FROM timetable_class_types
          WHERE name = $3 OR name = $4 ORDER BY name = $3 DESC LIMIT 1`,
        [weekday, startTime, className, SPEC_CLASS_BY_WEEKDAY[1]],
      );
      missing -= 1;
    }
  }
}

/** The classes from today for `days` days, in start order. */
export async function classesAhead(pool: Pool, days: number): Promise<SeededClass[]> {
  const { rows } = await pool.query<{ slot_id: string; weekday: number; start_time: string; capacity: number }>(
    'SELECT slot_id, weekday, start_time, capacity FROM timetable_slots',
  );
  const today = localDateOf(new Date());
  const classes: SeededClass[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(today, offset);
    for (const row of rows.filter((slot) => slot.weekday === isoWeekday(date)))
      classes.push({
        date,
        slotId: row.slot_id,
        startTime: row.start_time,
        capacity: row.capacity,
        startsAt: Date.parse(`${date}T${row.start_time}:00-06:00`),
      });
  }
  return classes.sort((a, b) => a.startsAt - b.startsAt);
}
