import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { runAlone } from '../../infrastructure/database/job-lock';
import { addDays, localDateOf } from '../../shared/studio-day';
import { GetFreeClassGuests } from '../free-class-bookings/get-free-class-guests.query';
import { ReturnClassCredit } from '../memberships/class-credits.command';
import { CLASS_REMINDER } from './class-booking.mail';
import { ClassBookingStore } from './class-booking.store';
import { classCommandId } from './class-command-ids';
import { ClassCredits } from './class-credits';
import { ClassOccurrences, occurrencesOf, waitlistCutoffOf, type ClassOccurrence } from './class-occurrences';
import { ClassStreams } from './class-streams';
import { ClassMails } from './send-class-mails';

/** How often the sweep runs. */
export const CLASS_SWEEP_TICK_MS = 60 * 1000;
/** A booking's credit used this long ago without a seat is a crash between the two steps: it goes back (ADR 0360). */
export const PENDING_CREDIT_GRACE_MS = 10 * 60 * 1000;
const CREDIT_BATCH = 500;
const HOUR_MS = 3_600_000;

const SWEEPER: AuthUser = { userId: 'system', email: '', firstName: 'Reservas', lastName: '', role: 'staff', secondFactor: true };

export interface ClassSweepPass {
  waitlistsClosed: number;
  noShows: number;
  studioCancellations: number;
  creditsRepaired: number;
  reminders: number;
  guestSeatsReleased: number;
}

/**
 * The booking sweep (ADR 0360), every minute and once after boot, one instance at a time, never
 * during tests unless called: closes the lines at the waitlist cutoff (credits back), gives back
 * the bookings of a class the studio cancelled, marks the seats not checked in as no-shows once a
 * class has ended, sends the reminders, and settles the credit ledger (a credit used without a seat,
 * or owed back by an event whose return did not complete), and gives back a guest's seat whose free-class
 * booking was never kept (ADR 0380). Every step is decided on the class
 * stream or is idempotent, so a pass that dies halfway is finished by the next.
 */
@Injectable()
export class ClassBookingsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ClassBookingsScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ClassSweepPass | null> | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: ClassBookingStore,
    private readonly classes: ClassOccurrences,
    private readonly streams: ClassStreams,
    private readonly credits: ClassCredits,
    private readonly mails: ClassMails,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.env === 'test') return;
    const run = () => void this.sweep().catch((error: unknown) => this.logger.error(error));
    setTimeout(run, 30_000).unref();
    this.timer = setInterval(run, CLASS_SWEEP_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass at `now`; null when another instance held it. */
  sweep(now: Date = new Date()): Promise<ClassSweepPass | null> {
    if (this.running) return this.running;
    this.running = runAlone(this.pool, 'class-bookings-sweep', () => this.run(now))
      .then((pass) => (pass.ran ? pass.result : null))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(now: Date): Promise<ClassSweepPass> {
    const pass: ClassSweepPass = { waitlistsClosed: 0, noShows: 0, studioCancellations: 0, creditsRepaired: 0, reminders: 0, guestSeatsReleased: 0 };
    const today = localDateOf(now);
    const [timetable, settings] = await Promise.all([this.classes.load(), this.store.settings()]);
    const occurrenceOf = (slotId: string, date: string): ClassOccurrence | undefined =>
      occurrencesOf(timetable, date).find((occurrence) => occurrence.slotId === slotId);
    const at = now.toISOString();
    const step = async (what: string, work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        this.logger.warn(`Barrido de reservas (${what}): ${(error as Error).message}`);
      }
    };

    // Lines past their cutoff, or of a class that no longer takes place: everyone in them gets their credit back.
    for (const { slotId, date } of await this.store.classesWith('waitlisted', addDays(today, -7), addDays(today, 60))) {
      const occurrence = occurrenceOf(slotId, date);
      const gone = !occurrence || occurrence.cancelled || occurrence.closed !== null;
      if (!gone && now.getTime() < waitlistCutoffOf(occurrence, settings).getTime()) continue;
      await step('lista de espera', async () => {
        const written = await this.streams.write({
          slotId,
          date,
          commandId: classCommandId('close-waitlist', slotId, date, at),
          actor: { userId: SWEEPER.userId, role: SWEEPER.role },
          command: { type: 'CloseWaitlist', data: { slotId, date, now: at, reason: gone ? 'class-cancelled' : 'cutoff' } },
        });
        pass.waitlistsClosed += written.events.length;
        await this.credits.settle(written.events, SWEEPER);
      });
    }

    for (const { slotId, date } of await this.store.classesWith('booked', addDays(today, -7), addDays(today, 60))) {
      const occurrence = occurrenceOf(slotId, date);
      // A class the studio cancelled (or closed day): every seat goes back with its credit.
      if (!occurrence || occurrence.cancelled || occurrence.closed !== null) {
        for (const booking of (await this.store.ofClass(slotId, date)).filter((candidate) => candidate.status === 'booked' && !candidate.guest))
          await step('clase cancelada', async () => {
            const written = await this.streams.write({
              slotId,
              date,
              commandId: classCommandId('studio-cancel', booking.bookingId),
              actor: { userId: SWEEPER.userId, role: SWEEPER.role },
              command: {
                type: 'CancelClassBooking',
                data: {
                  bookingId: booking.bookingId,
                  slotId,
                  date,
                  now: at,
                  cancelCutoffAt: at,
                  creditBackWhenLate: true,
                  promoteUntil: at,
                  capacity: 0,
                  byStudio: true,
                },
              },
            });
            pass.studioCancellations += written.events.length;
            await this.credits.settle(written.events, SWEEPER);
          });
        continue;
      }
      // After the class: the seats never checked in are no-shows.
      if (now.getTime() >= occurrence.endsAt.getTime()) {
        await step('ausencias', async () => {
          const written = await this.streams.write({
            slotId,
            date,
            commandId: classCommandId('no-shows', slotId, date, at),
            actor: { userId: SWEEPER.userId, role: SWEEPER.role },
            command: { type: 'MarkNoShows', data: { slotId, date, now: at, creditBack: settings.noShowKeepsCredit } },
          });
          pass.noShows += written.events.length;
          await this.credits.settle(written.events, SWEEPER);
        });
        continue;
      }
      // The reminder, once per booking, in the hours before the class.
      const reminderFrom = occurrence.startsAt.getTime() - settings.reminderHours * HOUR_MS;
      if (settings.reminderHours > 0 && now.getTime() >= reminderFrom && now.getTime() < occurrence.startsAt.getTime()) {
        for (const booking of (await this.store.ofClass(slotId, date)).filter((candidate) => candidate.status === 'booked' && !candidate.guest))
          if (await this.mails.send(CLASS_REMINDER, booking)) pass.reminders += 1;
      }
    }

    // The credit ledger: the bookings that took their seat are settled at once; what is left is a credit used without a seat
    // (a crash between the two steps), or owed back and not yet returned.
    const pendingBefore = new Date(now.getTime() - PENDING_CREDIT_GRACE_MS);
    await step('créditos', async () => {
      await this.store.settleSeated(pendingBefore);
    });
    for (const owed of await this.store.creditsOwed(pendingBefore, CREDIT_BATCH)) {
      await step('créditos', async () => {
        if (owed.seated && !owed.owed) {
          await this.store.creditSettled(owed.bookingId, 'held');
          return;
        }
        await this.commandBus.execute(new ReturnClassCredit(owed.memberId, owed.bookingId, SWEEPER));
        await this.store.creditSettled(owed.bookingId, 'returned');
        pass.creditsRepaired += 1;
      });
    }

    // A guest's seat whose free-class booking is not kept (a crash between the seat and the booking, or the booking erased) goes back (ADR 0380).
    const guestSeats = await this.store.guestSeats(today, addDays(today, 7), new Date(now.getTime() - PENDING_CREDIT_GRACE_MS));
    if (guestSeats.length > 0) {
      const kept = new Set((await this.queryBus.execute(new GetFreeClassGuests(guestSeats.map((seat) => seat.bookingId)))).map((guest) => guest.bookingId));
      for (const seat of guestSeats.filter((candidate) => !kept.has(candidate.bookingId)))
        await step('lugares de invitados', async () => {
          const written = await this.streams.write({
            slotId: seat.slotId,
            date: seat.date,
            commandId: classCommandId('release-guest-seat', seat.bookingId),
            actor: { userId: SWEEPER.userId, role: SWEEPER.role },
            command: { type: 'ReleaseGuestSeat', data: { bookingId: seat.bookingId, slotId: seat.slotId, date: seat.date, now: at } },
          });
          pass.guestSeatsReleased += written.events.length;
        });
    }
    return pass;
  }
}
