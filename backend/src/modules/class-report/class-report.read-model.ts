import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { LocalDate } from '../../shared/studio-day';
import type { BookingCount, BookingStatus } from './class-report.rules';

/** The booking module's read model (one row per booking, member ids only); the report reads counts, never a member. */
const CLASS_BOOKINGS = 'class_bookings';

/** The report's read of the bookings: how many per class, status and whether they came through the waitlist. */
@Injectable()
export class ClassReportReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async bookingCounts(from: LocalDate, to: LocalDate): Promise<BookingCount[]> {
    const { rows } = await this.pool.query<{ slot_id: string; date: string; status: BookingStatus; from_waitlist: boolean; count: string }>(
      `SELECT slot_id, to_char(class_date, 'YYYY-MM-DD') AS date, status, waitlist_order IS NOT NULL AS from_waitlist, count(*) AS count
         FROM ${CLASS_BOOKINGS} WHERE class_date BETWEEN $1 AND $2 GROUP BY 1, 2, 3, 4`,
      [from, to],
    );
    return rows.map((row) => ({ slotId: row.slot_id, date: row.date, status: row.status, fromWaitlist: row.from_waitlist, count: Number(row.count) }));
  }
}
