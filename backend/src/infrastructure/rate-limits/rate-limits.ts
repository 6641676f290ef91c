import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';
import { runAlone } from '../database/job-lock';
import { resolveKek } from '../privacy/data-keys';

/** The table every rule counts in (migrations/1765200000000-rate-limits.ts). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** How often expired counters are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface RateLimitRule {
  /** Lower-case words and dashes: the prefix of the rule's rows. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * One limit: at most `limit` attempts per key in a window that starts at the key's first attempt
 * and lasts `windowMs` (ADR 0285). The count lives in PostgreSQL, so every instance adds to the
 * same budget and a restart keeps it.
 */
export class RateLimit {
  constructor(
    private readonly limiter: RateLimiterPostgres,
    private readonly digest: (key: string) => string,
  ) {}

  /** Seconds until another attempt is allowed, or 0 while the key is under the limit. Counts nothing. */
  async retryAfter(key: string): Promise<number> {
    const current = await this.limiter.get(this.digest(key));
    return current && current.consumedPoints >= this.limiter.points ? secondsOf(current.msBeforeNext) : 0;
  }

  /** Counts one attempt; answers the seconds to wait when it went over the limit, else 0. */
  async consume(key: string): Promise<number> {
    try {
      await this.limiter.consume(this.digest(key));
      return 0;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return secondsOf(outcome.msBeforeNext);
      throw outcome;
    }
  }

  /** Counts one attempt whatever the count already is (a failure noticed after the check). */
  async record(key: string): Promise<void> {
    await this.limiter.penalty(this.digest(key));
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(this.digest(key));
  }
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The request limits' counters in PostgreSQL (ADR 0285), through `rate-limiter-flexible`'s store.
 * Only the limited routes (booking, identity) call it, so no other request pays its round trip.
 * Keys are addresses and emails: rows hold an HMAC of them under a key derived from the
 * key-encryption key, so the table names no one.
 */
@Injectable()
export class RateLimits implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RateLimits.name);
  private readonly keySecret: Buffer;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.keySecret = createHmac('sha256', resolveKek(config.privacy, config.env)).update('pulso:rate-limit-keys').digest();
  }

  rule(rule: RateLimitRule): RateLimit {
    const limiter = new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: 'pool',
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      // Expired rows are swept here, by one instance at a time, not by a timer per rule and instance.
      clearExpiredByTimeout: false,
      keyPrefix: rule.name,
      points: rule.limit,
      duration: rule.windowMs / 1000,
    });
    return new RateLimit(limiter, (key) => createHmac('sha256', this.keySecret).update(key).digest('base64url'));
  }

  /** Deletes the counters whose window has ended (a later attempt starts a new one anyway). */
  async sweep(now = Date.now()): Promise<number> {
    const pass = await runAlone(
      this.pool,
      'rate-limits-sweep',
      async () => (await this.pool.query(`DELETE FROM ${RATE_LIMITS_TABLE} WHERE expire < $1`, [now])).rowCount ?? 0,
    );
    return pass.ran ? pass.result : 0;
  }

  onApplicationBootstrap(): void {
    if (this.config.env === 'test') return;
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.error(error)), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
