import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DataKeys, DESTROYED } from '../../infrastructure/privacy/data-keys';
import { decryptValue, encryptValue, isEncrypted, keyIdOf } from '../../infrastructure/privacy/field-cipher';
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

/** What a feed request is looked up by (ADR 0287): the token itself is never stored in clear. */
function feedTokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

interface FeedTokenRow {
  token_sealed: string | null;
  clear_token: string | null;
}

/** The workout calendar's reads, and its one write outside the member stream: the secret feed token (ADRs 0165, 0287). */
@Injectable()
export class TrainingCalendarReadModel {
  private readonly logger = new Logger(TrainingCalendarReadModel.name);

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly keys: DataKeys,
  ) {}

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
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.storedToken(userId);
      if (current) return current;
      const token = newFeedToken();
      const { rowCount } = await this.pool.query(
        'INSERT INTO calendar_feed_tokens (user_id, token_hash, token_sealed) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING',
        [userId, feedTokenDigest(token).toString('hex'), await this.seal(userId, token)],
      );
      if (rowCount) return token;
    }
    throw new Error('No se pudo leer ni crear el enlace del calendario.');
  }

  /** Revokes the current URL by giving the member a new token: the old one is no longer anyone's. */
  async renewFeedToken(userId: string): Promise<string> {
    const token = newFeedToken();
    await this.pool.query(
      `INSERT INTO calendar_feed_tokens (user_id, token_hash, token_sealed) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_sealed = EXCLUDED.token_sealed, clear_token = NULL, created_at = now()`,
      [userId, feedTokenDigest(token).toString('hex'), await this.seal(userId, token)],
    );
    return token;
  }

  /** Whose feed a token opens: looked up by its digest, the digests compared in constant time. */
  async memberOfFeedToken(token: string): Promise<string | undefined> {
    if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
    const digest = feedTokenDigest(token);
    const { rows } = await this.pool.query<{ user_id: string; token_hash: string }>(
      'SELECT user_id, token_hash FROM calendar_feed_tokens WHERE token_hash = $1',
      [digest.toString('hex')],
    );
    const row = rows[0];
    return row && timingSafeEqual(Buffer.from(row.token_hash, 'hex'), digest) ? row.user_id : undefined;
  }

  /**
   * Seals the tokens a migrated database still holds in clear (ADR 0287): at boot, before any
   * request; another instance sealing the same row at once changes nothing twice.
   */
  async sealClearTokens(): Promise<number> {
    const { rows } = await this.pool.query<{ user_id: string; clear_token: string }>(
      'SELECT user_id, clear_token FROM calendar_feed_tokens WHERE clear_token IS NOT NULL',
    );
    for (const row of rows) {
      await this.pool.query('UPDATE calendar_feed_tokens SET token_sealed = $3, clear_token = NULL WHERE user_id = $1 AND clear_token = $2', [
        row.user_id,
        row.clear_token,
        await this.seal(row.user_id, row.clear_token),
      ]);
    }
    if (rows.length > 0) this.logger.log(`Enlaces de calendario cifrados: ${rows.length}.`);
    return rows.length;
  }

  /** The token a member can be shown again, or undefined when there is none (or its key was destroyed). */
  private async storedToken(userId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<FeedTokenRow>('SELECT token_sealed, clear_token FROM calendar_feed_tokens WHERE user_id = $1', [userId]);
    const row = rows[0];
    if (!row) return undefined;
    if (row.clear_token) return row.clear_token;
    if (!row.token_sealed || !isEncrypted(row.token_sealed)) return undefined;
    const key = await this.keys.keyById(keyIdOf(row.token_sealed));
    if (key === DESTROYED) {
      // An erased member's row outlived the erasure: nobody can be shown it, so nobody keeps it.
      await this.pool.query('DELETE FROM calendar_feed_tokens WHERE user_id = $1 AND token_sealed = $2', [userId, row.token_sealed]);
      return undefined;
    }
    return decryptValue(key, row.token_sealed) as string;
  }

  private async seal(userId: string, token: string): Promise<string> {
    const { keyId, key } = await this.keys.liveKey(userId);
    return encryptValue(key, keyId, token);
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
