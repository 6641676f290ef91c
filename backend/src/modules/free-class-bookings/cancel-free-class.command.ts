import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler, Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DomainError } from '../../shared/domain-error';
import { spanishLongDate } from './free-class-confirmation.mail';
import { cancellableAt, FREE_CLASS_CANCEL_MESSAGES, FreeClassCancelLinks } from './free-class-cancel-links';
import { GiveUpFreeClassGuestSeat } from './seat-free-class-guest.command';
import { inTransaction } from '../../infrastructure/database/in-transaction';

/** What the cancellation page shows before the guest confirms: their first name and the class, nothing else. */
export interface FreeClassByLink {
  name: string;
  date: string;
  dateLabel: string;
  time: string;
  className: string;
  /** False once the class has begun. */
  cancellable: boolean;
}

interface BookingRow {
  id: string;
  name: string;
  email: string;
  class_date: string;
  slot: string;
  class_name: string;
}

async function bookingByLink(links: FreeClassCancelLinks, pool: Pool, token: string): Promise<BookingRow> {
  const bookingId = await links.bookingOf(token);
  if (!bookingId) throw new DomainError('invalid', FREE_CLASS_CANCEL_MESSAGES.invalidLink, { field: 'token' });
  const { rows } = await pool.query<BookingRow>(
    `SELECT id, name, email, to_char(class_date, 'YYYY-MM-DD') AS class_date, slot, class_name FROM free_class_bookings WHERE id = $1`,
    [bookingId],
  );
  if (!rows[0]) throw new DomainError('not-found', FREE_CLASS_CANCEL_MESSAGES.notFound);
  return rows[0];
}

/** The free class a confirmation's cancel link names (400 when the link was not signed here, 404 once cancelled or purged). */
export class GetFreeClassByLink extends Query<FreeClassByLink> {
  constructor(
    readonly token: string,
    readonly now: Date,
  ) {
    super();
  }
}

@QueryHandler(GetFreeClassByLink)
export class GetFreeClassByLinkHandler implements IQueryHandler<GetFreeClassByLink, FreeClassByLink> {
  constructor(
    private readonly links: FreeClassCancelLinks,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ token, now }: GetFreeClassByLink): Promise<FreeClassByLink> {
    const row = await bookingByLink(this.links, this.pool, token);
    return {
      name: row.name,
      date: row.class_date,
      dateLabel: spanishLongDate(row.class_date),
      time: row.slot,
      className: row.class_name,
      cancellable: cancellableAt(row.class_date, row.slot, now),
    };
  }
}

/**
 * The guest cancels their free class with the link of its confirmation, until the class begins: the
 * booking and its confirmation emails are deleted (the guest leaves no personal data behind, and may
 * book another time), then the seat goes back to the class. A crash between the two leaves a seat
 * without a booking, which the booking sweep gives back (ADR 0380). A second click finds nothing (404).
 */
export class CancelFreeClassByLink extends Command<{ message: string }> {
  constructor(
    readonly token: string,
    readonly now: Date,
  ) {
    super();
  }
}

@CommandHandler(CancelFreeClassByLink)
export class CancelFreeClassByLinkHandler implements ICommandHandler<CancelFreeClassByLink, { message: string }> {
  constructor(
    private readonly links: FreeClassCancelLinks,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ token, now }: CancelFreeClassByLink): Promise<{ message: string }> {
    const row = await bookingByLink(this.links, this.pool, token);
    if (!cancellableAt(row.class_date, row.slot, now)) throw new DomainError('conflict', FREE_CLASS_CANCEL_MESSAGES.started);
    const deleted = await inTransaction(this.pool, async (client) => {
      const booking = await client.query('DELETE FROM free_class_bookings WHERE id = $1', [row.id]);
      // One free class per email ever (the unique index): the confirmations to it are this booking's.
      await client.query(`DELETE FROM mail_outbox WHERE kind = 'free-class-confirmation' AND recipient = $1`, [row.email]);
      return booking.rowCount ?? 0;
    });
    // Two clicks at once: the one that deleted nothing answers as a second click does.
    if (deleted === 0) throw new DomainError('not-found', FREE_CLASS_CANCEL_MESSAGES.notFound);
    await this.commandBus.execute(new GiveUpFreeClassGuestSeat(row.id));
    return { message: FREE_CLASS_CANCEL_MESSAGES.cancelled };
  }
}
