import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import type { HeartRateRr } from './heart-rate.rules';
import { MEMBER_HEART_RATE } from './member-heart-rate.projection';

/**
 * Keeps a session's readings once its WorkoutCompleted recorded a summary, that is, with
 * consent in force (ADR 0133). Sent again by a retried completion, it changes nothing; it also
 * completes a first attempt that stopped between the append and this insert. Readings the member
 * has since deleted (a `HeartRateDataDeleted` after the session, ADR 0144) are not stored again.
 * The R–R intervals, when the sensor sent them, are kept in the same row (ADR 0146).
 */
export class StoreHeartRateSeries extends Command<void> {
  constructor(
    readonly userId: string,
    readonly completionId: string,
    readonly durationSec: number,
    readonly samples: readonly (number | null)[],
    readonly recordedAt: string,
    readonly rr: HeartRateRr | null = null,
  ) {
    super();
  }
}

@CommandHandler(StoreHeartRateSeries)
export class StoreHeartRateSeriesHandler implements ICommandHandler<StoreHeartRateSeries, void> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, completionId, durationSec, samples, recordedAt, rr }: StoreHeartRateSeries): Promise<void> {
    await this.pool.query(
      `INSERT INTO heart_rate_series (user_id, completion_id, duration_sec, samples, recorded_at, rr)
       SELECT $1, $2, $3, $4::smallint[], $5, $6::jsonb
        WHERE NOT EXISTS (SELECT 1 FROM ${MEMBER_HEART_RATE} WHERE user_id = $1 AND data_deleted_at >= $5::timestamptz)
       ON CONFLICT (user_id, completion_id) DO NOTHING`,
      [userId, completionId, durationSec, samples, recordedAt, rr === null ? null : JSON.stringify({ ms: rr.ms, counts: rr.counts })],
    );
  }
}
