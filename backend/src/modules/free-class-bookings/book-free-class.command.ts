import { Inject, Logger } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { DomainError } from '../../shared/domain-error';
import { FreeClassCancelLinks } from './free-class-cancel-links';
import { freeClassConfirmationMail } from './free-class-confirmation.mail';
import { classNameFor, scheduleProblem, ScheduleProblem } from './free-class-schedule';
import { ReleaseFreeClassGuestSeat, SeatFreeClassGuest } from './seat-free-class-guest.command';

export interface FreeClassRequest {
  name: string;
  lastname: string;
  dui: string;
  email: string;
  cellphone: string;
  date: string;
  time: string;
}

export interface FreeClassBooked {
  id: string;
  date: string;
  time: string;
  className: string;
}

export class BookFreeClassCommand extends Command<FreeClassBooked> {
  constructor(
    readonly request: FreeClassRequest,
    readonly now: Date,
    readonly clientIp: string | null,
  ) {
    super();
  }
}

const scheduleMessages: Record<ScheduleProblem, string> = {
  'date-outside-window': 'La fecha debe estar dentro de los próximos 7 días.',
  sunday: 'No hay clases los domingos. Escoge otra fecha.',
  'slot-unavailable': 'El horario seleccionado no está disponible para esa fecha.',
};

export const DUI_TAKEN = 'Ya existe una clase gratis registrada con este DUI. La clase gratis es una por persona.';
export const EMAIL_TAKEN = 'Ya existe una clase gratis registrada con este correo electrónico.';

@CommandHandler(BookFreeClassCommand)
export class BookFreeClassHandler implements ICommandHandler<BookFreeClassCommand, FreeClassBooked> {
  private readonly logger = new Logger(BookFreeClassHandler.name);

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailPort,
    private readonly commandBus: CommandBus,
    private readonly cancelLinks: FreeClassCancelLinks,
  ) {}

  async execute({ request, now, clientIp }: BookFreeClassCommand): Promise<FreeClassBooked> {
    const problem = scheduleProblem(request.date, request.time, now);
    if (problem) throw new DomainError('invalid', scheduleMessages[problem], { field: problem === 'slot-unavailable' ? 'time' : 'date' });

    const email = request.email.toLowerCase();
    const booking: FreeClassBooked = { id: randomUUID(), date: request.date, time: request.time, className: classNameFor(request.date) };
    await this.refuseTaken(request.dui, email);
    // The seat first (ADR 0380): a full class books nothing. A row refused after it (the same person
    // booking twice at once) gives the seat back; a crash between the two leaves a seat without a row,
    // which the booking sweep gives back.
    const seat = await this.commandBus.execute(new SeatFreeClassGuest(booking.id, booking.date, booking.time, now));
    try {
      await this.insert(booking, { ...request, email }, clientIp);
    } catch (error) {
      if (seat) await this.commandBus.execute(new ReleaseFreeClassGuestSeat(booking.id, booking.date, seat.slotId));
      throw error;
    }
    await this.confirm(booking, { ...request, email });
    return booking;
  }

  /** One free class per DUI and per email, said before a seat is taken; the unique indexes still decide a race. */
  private async refuseTaken(dui: string, email: string): Promise<void> {
    const { rows } = await this.pool.query<{ dui: boolean; email: boolean }>(
      'SELECT bool_or(dui = $1) AS dui, bool_or(email = $2) AS email FROM free_class_bookings WHERE dui = $1 OR email = $2',
      [dui, email],
    );
    if (rows[0]?.dui) throw new DomainError('conflict', DUI_TAKEN, { field: 'dui' });
    if (rows[0]?.email) throw new DomainError('conflict', EMAIL_TAKEN, { field: 'email' });
  }

  private async insert(booking: FreeClassBooked, request: FreeClassRequest, clientIp: string | null): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO free_class_bookings (id, name, lastname, dui, email, cellphone, class_date, slot, class_name, client_ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [booking.id, request.name, request.lastname, request.dui, request.email, request.cellphone, booking.date, booking.time, booking.className, clientIp],
      );
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505' && constraint === 'free_class_bookings_dui_key') throw new DomainError('conflict', DUI_TAKEN, { field: 'dui' });
      if (code === '23505' && constraint === 'free_class_bookings_email_key') throw new DomainError('conflict', EMAIL_TAKEN, { field: 'email' });
      throw error;
    }
  }

  /**
   * The booking stands even when the mail cannot be sent: the visitor has a place and
   * staff see it. `confirmation_sent_at` stays empty so they know whom to call.
   */
  private async confirm(booking: FreeClassBooked, request: FreeClassRequest): Promise<void> {
    const { studio } = this.config;
    try {
      await this.mail.send(
        freeClassConfirmationMail({
          to: request.email,
          name: request.name,
          date: booking.date,
          time: booking.time,
          className: booking.className,
          studioName: studio.name,
          address: studio.address,
          contactEmail: studio.contactEmail,
          contactPhone: studio.contactPhone,
          cancelUrl: await this.cancelLinks.url(booking.id),
        }),
      );
      await this.pool.query('UPDATE free_class_bookings SET confirmation_sent_at = now() WHERE id = $1', [booking.id]);
    } catch (error) {
      this.logger.error({ err: error, bookingId: booking.id }, 'Free-class confirmation mail failed');
    }
  }
}
