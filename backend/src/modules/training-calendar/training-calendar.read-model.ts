import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { LocalDate } from '../../shared/studio-day';
import type { TrainingSchedule } from './training-calendar.rules';
import { MEMBER_TRAINING_SCHEDULES } from './training-schedule.projection';

export interface StoredSchedule extends TrainingSchedule {
  /** The studio day the weekdays took their current value. */
  since: LocalDate;
}

interface ScheduleRaw {
  user_id: string;
  weekdays: number[];
  time: string;
  reminder_offset_min: number;
  since: string;
}

/** A member whose reminder may be due: their schedule and where the reminder goes. */
export interface ReminderCandidate {
  userId: string;
  email: string;
  schedule: StoredSchedule;
}

/** Feed tokens: 32 random bytes, URL-safe. Unguessable, so the URL itself is the key (ADR 0165). */
function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The workout calendar's reads and its few writes outside the member stream: the schedule
 * projection, the secret feed token and the reminder send records (ADRs 0165, 0167).
 */
@Injectable()
export class TrainingCalendarReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async scheduleFor(userId: string): Promise<StoredSchedule | null> {
    const { rows } = await this.pool.query<ScheduleRaw>(
      `SELECT user_id, weekdays, time, reminder_offset_min, since::text AS since FROM ${MEMBER_TRAINING_SCHEDULES} WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ? toSchedule(rows[0]) : null;
  }

  /** Members with a schedule, an address to send to and a training day among `weekdays` (their email preference is asked apart). */
  async reminderCandidates(weekdays: number[]): Promise<ReminderCandidate[]> {
    const { rows } = await this.pool.query<ScheduleRaw & { email: string }>(
      `SELECT s.user_id, s.weekdays, s.time, s.reminder_offset_min, s.since::text AS since, m.email
         FROM ${MEMBER_TRAINING_SCHEDULES} s JOIN training_calendar_members m ON m.user_id = s.user_id
        WHERE m.email IS NOT NULL AND s.weekdays && $1::smallint[]
        ORDER BY s.user_id`,
      [weekdays],
    );
    return rows.map((row) => ({ userId: row.user_id, email: row.email, schedule: toSchedule(row) }));
  }

  /** The address the identity token gives, kept for the reminders (the member stream holds no email). */
  async rememberEmail(userId: string, email: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO training_calendar_members (user_id, email) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = now() WHERE training_calendar_members.email IS DISTINCT FROM EXCLUDED.email`,
      [userId, email.toLowerCase()],
    );
  }

  /** The member's feed token, created on first use. Two first requests at once agree on one. */
  async feedTokenFor(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ feed_token: string }>(
      `INSERT INTO training_calendar_members (user_id, feed_token, feed_token_created_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET
         feed_token = COALESCE(training_calendar_members.feed_token, EXCLUDED.feed_token),
         feed_token_created_at = COALESCE(training_calendar_members.feed_token_created_at, EXCLUDED.feed_token_created_at)
       RETURNING feed_token`,
      [userId, newFeedToken()],
    );
    return rows[0]!.feed_token;
  }

  /** Revokes the current URL by giving the member a new token: the old one is no longer anyone's. */
  async renewFeedToken(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ feed_token: string }>(
      `INSERT INTO training_calendar_members (user_id, feed_token, feed_token_created_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET feed_token = EXCLUDED.feed_token, feed_token_created_at = EXCLUDED.feed_token_created_at, updated_at = now()
       RETURNING feed_token`,
      [userId, newFeedToken()],
    );
    return rows[0]!.feed_token;
  }

  async memberOfFeedToken(token: string): Promise<string | undefined> {
    if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
    const { rows } = await this.pool.query<{ user_id: string }>('SELECT user_id FROM training_calendar_members WHERE feed_token = $1', [token]);
    return rows[0]?.user_id;
  }

  /**
   * Claims the one reminder of (member, day): true for exactly one caller, whatever the number
   * of instances or restarts; the primary key decides (ADR 0167).
   */
  async claimReminder(userId: string, localDate: LocalDate, workoutId: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO workout_reminder_sends (user_id, local_date, workout_id, sent_at) VALUES ($1, $2::date, $3, $4)
       ON CONFLICT (user_id, local_date) DO NOTHING`,
      [userId, localDate, workoutId, at.toISOString()],
    );
    return rowCount === 1;
  }

  /** Gives a claim back when the message could not be handed to the transport, so a later tick retries it. */
  async releaseReminder(userId: string, localDate: LocalDate): Promise<void> {
    await this.pool.query('DELETE FROM workout_reminder_sends WHERE user_id = $1 AND local_date = $2::date', [userId, localDate]);
  }
}

function toSchedule(row: ScheduleRaw): StoredSchedule {
  return {
    weekdays: row.weekdays.map(Number),
    time: row.time,
    reminderOffsetMin: row.reminder_offset_min,
    since: row.since,
  };
}
