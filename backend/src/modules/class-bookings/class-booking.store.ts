import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { LocalDate } from '../../shared/studio-day';
import { CLASS_BOOKINGS, type ClassBookingRowStatus } from './class-bookings.projection';
import { DEFAULT_CLASS_BOOKING_SETTINGS, type ClassBookingSettings } from './class-bookings.rules';

export interface BookingRecord {
  bookingId: string;
  slotId: string;
  date: LocalDate;
  /** Empty for a free-class guest. */
  memberId: string;
  /** A free-class guest's seat (ADR 0380): its id is the free-class booking's. */
  guest: boolean;
  status: ClassBookingRowStatus;
  waitlistOrder: number | null;
  /** 1-based place in line while waitlisted. */
  waitlistPosition: number | null;
  late: boolean;
  creditBack: boolean;
  bookedAt: string;
  checkedInAt: string | null;
}

interface BookingDbRow {
  booking_id: string;
  slot_id: string;
  class_date: string;
  member_id: string;
  status: ClassBookingRowStatus;
  waitlist_order: number | null;
  waitlist_position: string | null;
  late: boolean;
  credit_back: boolean;
  booked_at: Date;
  checked_in_at: Date | null;
}

const SELECT = `SELECT b.booking_id, b.slot_id, to_char(b.class_date, 'YYYY-MM-DD') AS class_date, b.member_id, b.status, b.waitlist_order,
  CASE WHEN b.status = 'waitlisted' THEN (SELECT count(*) FROM ${CLASS_BOOKINGS} w WHERE w.class_date = b.class_date AND w.slot_id = b.slot_id
    AND w.status = 'waitlisted' AND w.waitlist_order <= b.waitlist_order) END AS waitlist_position,
  b.late, b.credit_back, b.booked_at, b.checked_in_at FROM ${CLASS_BOOKINGS} b`;

/** A pending ledger row, its statement's transaction committing without waiting for the disk (`ClassBookingStore.creditPending`). */
export const PENDING_CREDIT_SQL = `WITH async AS (SELECT set_config('synchronous_commit', 'off', true))
  INSERT INTO class_booking_credits (booking_id, member_id, slot_id, class_date, state)
  SELECT $1, $2, $3, $4, 'pending' FROM async ON CONFLICT DO NOTHING`;

function recordOf(row: BookingDbRow): BookingRecord {
  return {
    bookingId: row.booking_id,
    slotId: row.slot_id,
    date: row.class_date,
    memberId: row.member_id,
    guest: row.member_id === '',
    status: row.status,
    waitlistOrder: row.waitlist_order,
    waitlistPosition: row.waitlist_position === null ? null : Number(row.waitlist_position),
    late: row.late,
    creditBack: row.credit_back,
    bookedAt: row.booked_at.toISOString(),
    checkedInAt: row.checked_in_at ? row.checked_in_at.toISOString() : null,
  };
}

/** The booking tables: the settings row, the credit ledger, and reads of the `class_bookings` read model. */
@Injectable()
export class ClassBookingStore {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async settings(): Promise<ClassBookingSettings> {
    const { rows } = await this.pool.query<{
      booking_opens_days: number;
      cancel_cutoff_hours: number;
      waitlist_cutoff_hours: number;
      late_cancel_keeps_credit: boolean;
      no_show_keeps_credit: boolean;
      reminder_hours: number;
    }>('SELECT * FROM class_booking_settings WHERE id');
    const row = rows[0];
    if (!row) return { ...DEFAULT_CLASS_BOOKING_SETTINGS };
    return {
      bookingOpensDays: row.booking_opens_days,
      cancelCutoffHours: row.cancel_cutoff_hours,
      waitlistCutoffHours: row.waitlist_cutoff_hours,
      lateCancelKeepsCredit: row.late_cancel_keeps_credit,
      noShowKeepsCredit: row.no_show_keeps_credit,
      reminderHours: row.reminder_hours,
    };
  }

  async putSettings(settings: ClassBookingSettings): Promise<void> {
    await this.pool.query(
      `INSERT INTO class_booking_settings (id, booking_opens_days, cancel_cutoff_hours, waitlist_cutoff_hours, late_cancel_keeps_credit, no_show_keeps_credit, reminder_hours, updated_at)
       VALUES (true, $1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET booking_opens_days = $1, cancel_cutoff_hours = $2, waitlist_cutoff_hours = $3,
         late_cancel_keeps_credit = $4, no_show_keeps_credit = $5, reminder_hours = $6, updated_at = now()`,
      [
        settings.bookingOpensDays,
        settings.cancelCutoffHours,
        settings.waitlistCutoffHours,
        settings.lateCancelKeepsCredit,
        settings.noShowKeepsCredit,
        settings.reminderHours,
      ],
    );
  }

  /**
   * Before the credit is used: the ledger knows the booking, so a crash between the two steps is found
   * by the sweep. Committed without waiting for the disk (`synchronous_commit` off for this statement's
   * own transaction): the credit's append that follows waits for the WAL up to its own commit, which
   * includes this row, so a credit that survives a crash always has its ledger row.
   */
  async creditPending(bookingId: string, memberId: string, slotId: string, date: LocalDate): Promise<void> {
    await this.pool.query(PENDING_CREDIT_SQL, [bookingId, memberId, slotId, date]);
  }

  async creditSettled(bookingId: string, state: 'held' | 'returned'): Promise<void> {
    await this.pool.query(`UPDATE class_booking_credits SET state = $2, updated_at = now() WHERE booking_id = $1 AND state <> 'returned'`, [bookingId, state]);
  }

  /** Pending ledger rows from before an instant whose booking holds its seat and owes nothing: held, in one statement. */
  async settleSeated(pendingBefore: Date): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE class_booking_credits c SET state = 'held', updated_at = now() FROM ${CLASS_BOOKINGS} b
        WHERE b.booking_id = c.booking_id AND c.state = 'pending' AND c.created_at < $1 AND NOT b.credit_back`,
      [pendingBefore],
    );
    return rowCount ?? 0;
  }

  /** Credits used (or maybe used) and not returned that must go back: a seat never taken, or a booking whose event gave the credit back. */
  async creditsOwed(pendingBefore: Date, limit: number): Promise<Array<{ bookingId: string; memberId: string; seated: boolean; owed: boolean }>> {
    const { rows } = await this.pool.query<{ booking_id: string; member_id: string; seated: boolean; owed: boolean }>(
      `SELECT c.booking_id, c.member_id, b.booking_id IS NOT NULL AS seated, COALESCE(b.credit_back, false) AS owed
         FROM class_booking_credits c LEFT JOIN ${CLASS_BOOKINGS} b ON b.booking_id = c.booking_id
        WHERE (c.state = 'pending' AND c.created_at < $1) OR (c.state = 'held' AND b.credit_back)
        ORDER BY c.created_at LIMIT $2`,
      [pendingBefore, limit],
    );
    return rows.map((row) => ({ bookingId: row.booking_id, memberId: row.member_id, seated: row.seated, owed: row.owed }));
  }

  async booking(bookingId: string): Promise<BookingRecord | null> {
    const { rows } = await this.pool.query<BookingDbRow>(`${SELECT} WHERE b.booking_id = $1`, [bookingId]);
    return rows[0] ? recordOf(rows[0]) : null;
  }

  async ofClass(slotId: string, date: LocalDate): Promise<BookingRecord[]> {
    const { rows } = await this.pool.query<BookingDbRow>(`${SELECT} WHERE b.class_date = $1 AND b.slot_id = $2 ORDER BY b.booked_at, b.booking_id`, [
      date,
      slotId,
    ]);
    return rows.map(recordOf);
  }

  async ofMember(memberId: string, from: LocalDate, to: LocalDate): Promise<BookingRecord[]> {
    const { rows } = await this.pool.query<BookingDbRow>(
      `${SELECT} WHERE b.member_id = $1 AND b.class_date BETWEEN $2 AND $3 ORDER BY b.class_date, b.booked_at`,
      [memberId, from, to],
    );
    return rows.map(recordOf);
  }

  /** Seats (booked and checked in) and people in line per class between two dates. */
  async counts(from: LocalDate, to: LocalDate): Promise<Map<string, { seats: number; waitlist: number }>> {
    const { rows } = await this.pool.query<{ slot_id: string; class_date: string; seats: string; waitlist: string }>(
      `SELECT slot_id, to_char(class_date, 'YYYY-MM-DD') AS class_date,
              count(*) FILTER (WHERE status IN ('booked', 'checked-in')) AS seats, count(*) FILTER (WHERE status = 'waitlisted') AS waitlist
         FROM ${CLASS_BOOKINGS} WHERE class_date BETWEEN $1 AND $2 AND status IN ('booked', 'checked-in', 'waitlisted')
        GROUP BY slot_id, class_date`,
      [from, to],
    );
    return new Map(rows.map((row) => [`${row.slot_id}|${row.class_date}`, { seats: Number(row.seats), waitlist: Number(row.waitlist) }]));
  }

  /** Classes between two dates that still have a member's booking in a status (for the sweeps: a guest's seat stays `booked`). */
  async classesWith(status: ClassBookingRowStatus, from: LocalDate, to: LocalDate): Promise<Array<{ slotId: string; date: LocalDate }>> {
    const { rows } = await this.pool.query<{ slot_id: string; class_date: string }>(
      `SELECT DISTINCT slot_id, to_char(class_date, 'YYYY-MM-DD') AS class_date FROM ${CLASS_BOOKINGS}
        WHERE status = $1 AND class_date BETWEEN $2 AND $3 AND member_id <> ''`,
      [status, from, to],
    );
    return rows.map((row) => ({ slotId: row.slot_id, date: row.class_date }));
  }

  /** Guests' seats still held in classes between two dates, taken before an instant (the sweep checks their bookings were kept). */
  async guestSeats(from: LocalDate, to: LocalDate, takenBefore: Date): Promise<Array<{ bookingId: string; slotId: string; date: LocalDate }>> {
    const { rows } = await this.pool.query<{ booking_id: string; slot_id: string; class_date: string }>(
      `SELECT booking_id, slot_id, to_char(class_date, 'YYYY-MM-DD') AS class_date FROM ${CLASS_BOOKINGS}
        WHERE member_id = '' AND status = 'booked' AND class_date BETWEEN $1 AND $2 AND booked_at < $3 ORDER BY booked_at`,
      [from, to, takenBefore],
    );
    return rows.map((row) => ({ bookingId: row.booking_id, slotId: row.slot_id, date: row.class_date }));
  }

  /** Member ids checked in to a class, in check-in order. */
  async checkedIn(date: LocalDate, slotId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ member_id: string }>(
      `SELECT member_id FROM ${CLASS_BOOKINGS} WHERE class_date = $1 AND slot_id = $2 AND status = 'checked-in' ORDER BY checked_in_at, booking_id`,
      [date, slotId],
    );
    return rows.map((row) => row.member_id);
  }
}
