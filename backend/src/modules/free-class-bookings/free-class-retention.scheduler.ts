import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { runAlone } from '../../infrastructure/database/job-lock';
import { EventStore } from '../../infrastructure/event-store/event-store.port';
import { appendUnchecked } from '../../infrastructure/event-store/unchecked-append';
import { localDateOf } from '../../shared/studio-day';
import { FREE_CLASS_RETENTION_STREAM, type FreeClassBookingsPurged } from './free-class-bookings.events';
import { inTransaction } from '../../infrastructure/database/in-transaction';

/** How often the job looks for bookings past the retention period. */
export const RETENTION_TICK_MS = 6 * 60 * 60 * 1000;

export interface RetentionRun {
  cutoff: string;
  bookingsDeleted: number;
  mailsDeleted: number;
  /** Another instance was running the job at that moment: this one did nothing. */
  skipped?: true;
}

/** The studio day `months` calendar months before `today` (the 31st falls back to the month's last day). */
export function retentionCutoff(today: string, months: number): string {
  const [year, month, day] = today.split('-').map(Number);
  const total = year * 12 + (month - 1) - months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * Free-class bookings are kept `FREE_CLASS_RETENTION_MONTHS` (default 12) after the class
 * (ADR 0204): a run deletes the older ones with their confirmation mails in the outbox, records
 * what it did in `free_class_retention_runs` and appends `FreeClassBookingsPurged` (counts only)
 * for the staff log. Every few hours and once at boot; never during tests unless called. One
 * instance at a time runs it (ADR 0286): the others skip the pass.
 */
@Injectable()
export class FreeClassRetentionScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FreeClassRetentionScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RetentionRun> | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.env === 'test') return;
    const run = () => void this.purge().catch((error: unknown) => this.logger.error(error));
    setTimeout(run, 30_000).unref();
    this.timer = setInterval(run, RETENTION_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One run at `now`; never two at once, in this instance or across instances. */
  purge(now: Date = new Date()): Promise<RetentionRun> {
    if (this.running) return this.running;
    this.running = runAlone(this.pool, 'free-class-retention', () => this.run(now))
      .then((pass): RetentionRun => (pass.ran ? pass.result : { ...this.emptyRun(now), skipped: true }))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private emptyRun(now: Date): RetentionRun {
    return { cutoff: retentionCutoff(localDateOf(now), this.config.privacy.freeClassRetentionMonths), bookingsDeleted: 0, mailsDeleted: 0 };
  }

  private async run(now: Date): Promise<RetentionRun> {
    const months = this.config.privacy.freeClassRetentionMonths;
    // Kept through the whole cutoff day: a class on that day is not yet past the period.
    const cutoff = retentionCutoff(localDateOf(now), months);
    const { bookingsDeleted, mailsDeleted } = await inTransaction(this.pool, async (client) => {
      const deleted = await client.query<{ email: string }>('DELETE FROM free_class_bookings WHERE class_date < $1::date RETURNING email', [cutoff]);
      const bookings = deleted.rowCount ?? 0;
      if (bookings === 0) return { bookingsDeleted: 0, mailsDeleted: 0 };
      // One booking per email ever (the unique index): its confirmations are this booking's.
      const mails = await client.query(`DELETE FROM mail_outbox WHERE kind = 'free-class-confirmation' AND recipient = ANY ($1::text[])`, [
        deleted.rows.map((row) => row.email),
      ]);
      const purged = { bookingsDeleted: bookings, mailsDeleted: mails.rowCount ?? 0 };
      await client.query('INSERT INTO free_class_retention_runs (cutoff, retention_months, bookings_deleted, mails_deleted) VALUES ($1, $2, $3, $4)', [
        cutoff,
        months,
        purged.bookingsDeleted,
        purged.mailsDeleted,
      ]);
      return purged;
    });
    if (bookingsDeleted > 0) {
      const occurredAt = now.toISOString();
      const event: FreeClassBookingsPurged = {
        type: 'FreeClassBookingsPurged',
        data: { cutoff, retentionMonths: months, bookingsDeleted, mailsDeleted, occurredAt },
      };
      await appendUnchecked(this.store, FREE_CLASS_RETENTION_STREAM, event, { userId: 'system', role: 'system', name: 'Retención automática' }, occurredAt);
      this.logger.log(`Retención: ${bookingsDeleted} reservas de clase gratis anteriores a ${cutoff} borradas.`);
    }
    return { cutoff, bookingsDeleted, mailsDeleted };
  }
}
