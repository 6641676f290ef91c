import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';

/**
 * Deletes the member's session readings recorded up to a `HeartRateDataDeleted` (ADR 0144). Sent
 * again by a retried withdrawal it deletes what is left, so a crash between the append and this
 * statement is finished by the retry.
 */
export class DeleteHeartRateSeries extends Command<number> {
  constructor(
    readonly userId: string,
    /** The deletion's `occurredAt`: sessions recorded after it (consent given again) stay. */
    readonly upTo: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteHeartRateSeries)
export class DeleteHeartRateSeriesHandler implements ICommandHandler<DeleteHeartRateSeries, number> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, upTo }: DeleteHeartRateSeries): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM heart_rate_series WHERE user_id = $1 AND recorded_at <= $2', [userId, upTo]);
    return rowCount ?? 0;
  }
}
