import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DomainError } from '../../shared/domain-error';
import { ACTIVITY_LOG } from './staff-activity.projection';
import { StaffAudit } from './staff-audit';
import { FREE_CLASS_BOOKING_STREAM_PREFIX, freeClassBookingStreamName, type FreeClassOutcome } from '../free-class-bookings/free-class-bookings.events';

export interface BookingFollowUp {
  id: string;
  name: string;
  lastname: string;
  dui: string;
  email: string;
  cellphone: string;
  classDate: string;
  slot: string;
  className: string;
  bookedAt: string;
  confirmationSentAt: string | null;
  outcome: FreeClassOutcome | null;
  outcomeAt: string | null;
  outcomeBy: string | null;
}

/** The answer as the query returns it: the same columns, with the two timestamps still dates. */
type Row = Omit<BookingFollowUp, 'bookedAt' | 'confirmationSentAt'> & { bookedAt: Date; confirmationSentAt: Date | null };

export interface BookingFilters {
  from?: string;
  to?: string;
  slot?: string;
  /** Only these bookings (a class roster's guests). */
  ids?: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Free-class bookings as staff follow them up (ADR 0084): the bookings table for
 * contact details, and the booking's own stream `free-class-booking-{id}` for the
 * outcomes staff record, so every mark is an event with its author. Outcomes are read
 * from the staff console's read model (ADR 0087).
 */
@Injectable()
export class FreeClassFollowUp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly audit: StaffAudit,
  ) {}

  async list(filters: BookingFilters, page?: { afterDate: string; afterSlot: string; afterId: string }, limit = 500): Promise<BookingFollowUp[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filters.from) {
      params.push(filters.from);
      where.push(`b.class_date >= $${params.length}::date`);
    }
    if (filters.to) {
      params.push(filters.to);
      where.push(`b.class_date <= $${params.length}::date`);
    }
    if (filters.slot) {
      params.push(filters.slot);
      where.push(`b.slot = $${params.length}`);
    }
    if (filters.ids) {
      params.push(filters.ids.filter((id) => UUID.test(id)));
      where.push(`b.id = ANY($${params.length}::uuid[])`);
    }
    if (page) {
      params.push(page.afterDate, page.afterSlot, page.afterId);
      where.push(`(b.class_date, b.slot, b.id) > ($${params.length - 2}::date, $${params.length - 1}, $${params.length}::uuid)`);
    }
    params.push(limit);
    const { rows } = await this.pool.query<Row>(
      `SELECT b.id::text AS id, b.name, b.lastname, b.dui, b.email, b.cellphone, to_char(b.class_date, 'YYYY-MM-DD') AS "classDate", b.slot,
              b.class_name AS "className", b.created_at AS "bookedAt", b.confirmation_sent_at AS "confirmationSentAt",
              o.outcome, o.outcome_at AS "outcomeAt", o.outcome_by AS "outcomeBy"
         FROM free_class_bookings b
         LEFT JOIN LATERAL (
           SELECT e.data->>'outcome' AS outcome, e.metadata->>'occurredAt' AS outcome_at, e.metadata->'actor'->>'userId' AS outcome_by
             FROM ${ACTIVITY_LOG} e
            WHERE e.stream_id = '${FREE_CLASS_BOOKING_STREAM_PREFIX}' || b.id::text AND e.event_type = 'FreeClassOutcomeRecorded'
            ORDER BY e.seq DESC LIMIT 1
         ) o ON true
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY b.class_date, b.slot, b.id LIMIT $${params.length}`,
      params,
    );
    return rows.map((row) => ({ ...row, bookedAt: row.bookedAt.toISOString(), confirmationSentAt: row.confirmationSentAt?.toISOString() ?? null }));
  }

  async *all(filters: BookingFilters): AsyncGenerator<BookingFollowUp[]> {
    let page: { afterDate: string; afterSlot: string; afterId: string } | undefined;
    for (;;) {
      const rows = await this.list(filters, page, 500);
      if (rows.length) yield rows;
      if (rows.length < 500) return;
      const last = rows[rows.length - 1];
      page = { afterDate: last.classDate, afterSlot: last.slot, afterId: last.id };
    }
  }

  /** The booking's current outcome; null when none was marked (or no such booking). */
  async outcomeOf(bookingId: string): Promise<FreeClassOutcome | null> {
    const { rows } = await this.pool.query<{ outcome: FreeClassOutcome }>(
      `SELECT e.data->>'outcome' AS outcome FROM ${ACTIVITY_LOG} e
        WHERE e.stream_id = $1 AND e.event_type = 'FreeClassOutcomeRecorded' ORDER BY e.seq DESC LIMIT 1`,
      [freeClassBookingStreamName(bookingId)],
    );
    return rows[0]?.outcome ?? null;
  }

  async record(bookingId: string, outcome: FreeClassOutcome, staff: AuthUser): Promise<BookingFollowUp> {
    const exists = await this.pool.query('SELECT 1 FROM free_class_bookings WHERE id = $1::uuid', [bookingId]);
    if (exists.rowCount === 0) throw new DomainError('not-found', 'Reserva de clase gratis no encontrada.');
    // The audit returns once the read model holds this mark: the answer below comes from it.
    await this.audit.record(freeClassBookingStreamName(bookingId), staff, {
      type: 'FreeClassOutcomeRecorded',
      data: { bookingId, outcome, occurredAt: new Date().toISOString() },
    });
    const { rows } = await this.pool.query<{ class_date: string; slot: string }>(
      `SELECT to_char(class_date, 'YYYY-MM-DD') AS class_date, slot FROM free_class_bookings WHERE id = $1::uuid`,
      [bookingId],
    );
    const found = (await this.list({ from: rows[0].class_date, to: rows[0].class_date, slot: rows[0].slot })).find((row) => row.id === bookingId);
    return found!;
  }
}
