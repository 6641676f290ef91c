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

/** A member whose reminder may be due: their schedule (their address and preference are asked apart). */
export interface ReminderCandidate {
  userId: string;
  schedule: StoredSchedule;
}

/** Feed tokens: 32 random bytes, URL-safe. Unguessable, so the URL itself is the key (ADR 0165). */
function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The workout calendar's reads, and its one write outside the member stream: the secret feed token (ADR 0165). */
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

  /** Members with a training day among `weekdays`. */
  async reminderCandidates(weekdays: number[]): Promise<ReminderCandidate[]> {
    const { rows } = await this.pool.query<ScheduleRaw>(
      `SELECT user_id, weekdays, time, reminder_offset_min, since::text AS since FROM ${MEMBER_TRAINING_SCHEDULES}
        WHERE weekdays && $1::smallint[] ORDER BY user_id`,
      [weekdays],
    );
    return rows.map((row) => ({ userId: row.user_id, schedule: toSchedule(row) }));
  }

  /** The member's feed token, created on first use. Two first requests at once agree on one. */
  async feedTokenFor(userId: string): Promise<string> {
    // DO UPDATE with the same value, so the row comes back either way.
    const { rows } = await this.pool.query<{ token: string }>(
      `INSERT INTO calendar_feed_tokens AS current (user_id, token) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET token = current.token
       RETURNING token`,
      [userId, newFeedToken()],
    );
    return rows[0]!.token;
  }

  /** Revokes the current URL by giving the member a new token: the old one is no longer anyone's. */
  async renewFeedToken(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ token: string }>(
      `INSERT INTO calendar_feed_tokens (user_id, token) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET token = EXCLUDED.token, created_at = now()
       RETURNING token`,
      [userId, newFeedToken()],
    );
    return rows[0]!.token;
  }

  async memberOfFeedToken(token: string): Promise<string | undefined> {
    if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
    const { rows } = await this.pool.query<{ user_id: string }>('SELECT user_id FROM calendar_feed_tokens WHERE token = $1', [token]);
    return rows[0]?.user_id;
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
