import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { runAlone } from '../../infrastructure/database/job-lock';
import { MailPort } from '../../infrastructure/mail/mail.port';
import { addDays, isoWeekday, localDateOf } from '../../shared/studio-day';
import { ClaimEmailSend } from '../email-preferences/claim-email-send.command';
import { EmailPreferencesReadModel } from '../email-preferences/email-preferences.read-model';
import type { EmailTopic } from '../email-preferences/email-preferences.rules';
import { GetEmailFooter } from '../email-preferences/get-email-footer.query';
import { MemberContactsReadModel } from '../members/member-contacts.read-model';
import { CalendarLayoutReader } from './calendar-layout';
import { TrainingCalendarReadModel } from './training-calendar.read-model';
import { reminderWindow } from './training-calendar.rules';
import { workoutReminderMail } from './workout-reminder.mail';

/** The time the scheduler lives by; tests replace `now` to move it (ADR 0167). */
@Injectable()
export class ReminderClock {
  now(): Date {
    return new Date();
  }
}

/** The email preference that turns the reminders on and off (subscribed by default, ADR 0142). */
export const WORKOUT_REMINDERS_TOPIC: EmailTopic = 'workout-reminders';

/** How often the scheduler looks for due reminders. */
export const REMINDER_TICK_MS = 60_000;

/**
 * Sends each training day's reminder email once (ADR 0167). Every minute it looks at the members
 * whose reminder window (`time - offset` until `time`) is open now, lays out their day with the
 * calendar rule and, for a day with a planned workout, a member still subscribed to
 * 'workout-reminders' and a kept address, claims `(workout-reminders, <member>:<day>)` in
 * `email_sends` before handing the message to the mail transport (ADR 0143). The claim's primary
 * key makes a restart, a late tick or a second instance find the day taken: nothing is sent twice.
 * A window missed while the server was down is not made up late. It reads read models only and
 * never reacts to events, so replays and rebuilds send nothing. One instance at a time makes a pass
 * (ADR 0286); the claim stays the rule that makes each reminder leave once.
 */
@Injectable()
export class WorkoutReminderScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WorkoutReminderScheduler.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly calendars: TrainingCalendarReadModel,
    private readonly layouts: CalendarLayoutReader,
    private readonly mail: MailPort,
    private readonly clock: ReminderClock,
    private readonly emailPreferences: EmailPreferencesReadModel,
    private readonly contacts: MemberContactsReadModel,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  onApplicationBootstrap(): void {
    // Tests drive `tick()` themselves under a fake clock.
    if (this.config.env === 'test') return;
    this.timer = setInterval(() => void this.tick().catch((error: unknown) => this.logger.error(error)), REMINDER_TICK_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; answers how many reminders this instance sent. A pass never overlaps another, here or in another instance. */
  tick(): Promise<number> {
    if (this.running) return this.running;
    this.running = runAlone(this.pool, 'workout-reminders', () => this.pass())
      .then((pass) => (pass.ran ? pass.result : 0))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = this.clock.now();
    const today = localDateOf(now);
    const publicUrl = this.config.publicUrl.replace(/\/$/, '');
    let sent = 0;
    // Tomorrow too: a 05:00 training with a 3-hour offset is reminded the evening before.
    for (const date of [today, addDays(today, 1)]) {
      for (const candidate of await this.calendars.reminderCandidates([isoWeekday(date)])) {
        const window = reminderWindow(date, candidate.schedule);
        if (now < window.from || now >= window.until) continue;
        const layout = await this.layouts.layout(candidate.userId, { start: date, end: date }, now);
        const day = layout.days.find((entry) => entry.date === date && entry.status === 'planned');
        const workout = day?.workouts[0];
        if (!day || !workout) continue;
        if (!(await this.emailPreferences.isSubscribed(candidate.userId, WORKOUT_REMINDERS_TOPIC))) continue;
        const contact = await this.contacts.contactOf(candidate.userId);
        if (!contact) continue;
        if (!(await this.commandBus.execute(new ClaimEmailSend(WORKOUT_REMINDERS_TOPIC, `${candidate.userId}:${date}`, candidate.userId)))) continue;
        try {
          const footer = await this.queryBus.execute(new GetEmailFooter(candidate.userId, WORKOUT_REMINDERS_TOPIC));
          await this.mail.send(
            workoutReminderMail({
              to: contact.email,
              firstName: contact.firstName,
              time: candidate.schedule.time,
              tomorrow: date !== today,
              workoutTitle: workout.title,
              position: day.position,
              plan: layout.plan,
              publicUrl,
              footer,
            }),
          );
          sent += 1;
        } catch (error) {
          // At most once, as every member email (ADR 0143): the claim stays, the day's reminder is lost.
          this.logger.warn(`El recordatorio de entrenamiento no se pudo enviar: ${String(error)}`);
        }
      }
    }
    return sent;
  }
}
