import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { Row, SqlProjection, Write } from '../../infrastructure/projections/projection';
import { CLASS_EVENT_TYPES, classOfStream, givesCreditBack, type ClassEvent } from './class-booking.events';

/**
 * One row per booking of a class (ADR 0360): the rosters, the member's bookings and the timetable's seats read it. A
 * free-class guest's seat is a row with an empty `member_id`, always `booked` (ADR 0380).
 */
export const CLASS_BOOKINGS = 'class_bookings';

export type ClassBookingRowStatus = 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'left' | 'no-show';

interface BookingRow {
  booking_id: string;
  slot_id: string;
  class_date: string;
  member_id: string;
  status: ClassBookingRowStatus;
  waitlist_order: number | null;
  late: boolean;
  credit_back: boolean;
  booked_at: string;
  checked_in_at: string | null;
  updated_at: string;
}

/**
 * The bookings of every class, fed from the `class-*` streams. A batch reads the rows of the bookings
 * it touches, folds its events on them in log order and writes them back (one delete, one insert):
 * the same rows live, inline and on a rebuild. Rows hold member ids only, never a name or an email.
 */
export const classBookingsProjection: SqlProjection = {
  name: 'class_bookings',
  // The member's next screen and the desk's roster read it: in the append's transaction where it can be (ADR 0240).
  lifecycle: 'inline',
  version: 1,
  eventTypes: CLASS_EVENT_TYPES,
  tables: {
    [CLASS_BOOKINGS]: {
      columns: `booking_id text, slot_id text, class_date date, member_id text, status text, waitlist_order integer?,
        late boolean, credit_back boolean, booked_at timestamptz, checked_in_at timestamptz?, updated_at timestamptz`,
      key: ['booking_id'],
      indexes: { by_class: '(class_date, slot_id, status)', by_member: '(member_id, class_date)' },
    },
  },
  async apply(events, context) {
    const table = context.table(CLASS_BOOKINGS);
    const ids = [...new Set(events.map((event) => (event.data as { bookingId: string }).bookingId))];
    const { rows } = await context.query<Record<string, unknown>>(
      `SELECT booking_id, slot_id, to_char(class_date, 'YYYY-MM-DD') AS class_date, member_id, status, waitlist_order, late, credit_back,
              booked_at, checked_in_at, updated_at FROM ${table} WHERE booking_id = ANY($1::text[])`,
      [ids],
    );
    const known = new Map<string, BookingRow>(rows.map((row) => [row.booking_id as string, normalised(row)]));
    const touched = new Set<string>();
    for (const recorded of events) {
      const next = evolveRow(known, recorded);
      if (next) {
        known.set(next.booking_id, next);
        touched.add(next.booking_id);
      }
    }
    if (touched.size === 0) return [];
    const writes: Write[] = [];
    if (rows.length > 0) writes.push({ text: `DELETE FROM ${table} WHERE booking_id = ANY($1::text[])`, values: [[...touched]] });
    writes.push({ insert: CLASS_BOOKINGS, rows: [...touched].map((id) => known.get(id) as unknown as Row) });
    return writes;
  },
};

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function normalised(row: Record<string, unknown>): BookingRow {
  return {
    booking_id: row.booking_id as string,
    slot_id: row.slot_id as string,
    class_date: row.class_date as string,
    member_id: row.member_id as string,
    status: row.status as ClassBookingRowStatus,
    waitlist_order: row.waitlist_order === null ? null : Number(row.waitlist_order),
    late: row.late as boolean,
    credit_back: row.credit_back as boolean,
    booked_at: iso(row.booked_at)!,
    checked_in_at: iso(row.checked_in_at),
    updated_at: iso(row.updated_at)!,
  };
}

function evolveRow(known: ReadonlyMap<string, BookingRow>, recorded: RecordedEvent): BookingRow | undefined {
  const event = { type: recorded.type, data: recorded.data } as ClassEvent;
  const at = iso(event.data.occurredAt)!;
  if (event.type === 'ClassSeatBooked' || event.type === 'ClassWaitlistJoined' || event.type === 'ClassGuestSeatBooked') {
    const { slotId, date } = classOfStream(recorded.streamId);
    return {
      booking_id: event.data.bookingId,
      slot_id: slotId,
      class_date: date,
      member_id: event.type === 'ClassGuestSeatBooked' ? '' : event.data.memberId,
      status: event.type === 'ClassWaitlistJoined' ? 'waitlisted' : 'booked',
      waitlist_order: event.type === 'ClassWaitlistJoined' ? event.data.order : null,
      late: false,
      credit_back: false,
      booked_at: at,
      checked_in_at: null,
      updated_at: at,
    };
  }
  const row = known.get(event.data.bookingId);
  if (!row) return undefined;
  const changed = { ...row, updated_at: at, credit_back: row.credit_back || givesCreditBack(event) };
  switch (event.type) {
    case 'ClassWaitlistPromoted':
      return { ...changed, status: 'booked' };
    case 'ClassBookingCancelled':
      return { ...changed, status: 'cancelled', late: event.data.late };
    case 'ClassGuestSeatReleased':
      return { ...changed, status: 'cancelled' };
    case 'ClassWaitlistLeft':
      return { ...changed, status: 'left' };
    case 'ClassCheckedIn':
      return { ...changed, status: 'checked-in', checked_in_at: at };
    case 'ClassNoShowMarked':
      return { ...changed, status: 'no-show' };
    default:
      return undefined;
  }
}
