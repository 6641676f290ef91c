import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { AuthUser } from '../../infrastructure/auth/auth-user';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DomainError } from '../../shared/domain-error';
import type { HeartRateReadingsDto } from './dto/heart-rate.dto';

export const READINGS_NOT_FOUND = 'No encontramos lecturas de frecuencia cardiaca de esa sesión.';

export class GetHeartRateReadings extends Query<HeartRateReadingsDto> {
  constructor(
    readonly user: AuthUser,
    readonly completionId: string,
  ) {
    super();
  }
}

/**
 * One session's readings, only the member's own: another member's completion id answers the same
 * 404 as one that does not exist, so ids reveal nothing.
 */
@QueryHandler(GetHeartRateReadings)
export class GetHeartRateReadingsHandler implements IQueryHandler<GetHeartRateReadings, HeartRateReadingsDto> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ user, completionId }: GetHeartRateReadings): Promise<HeartRateReadingsDto> {
    const { rows } = await this.pool.query<{
      duration_sec: number;
      samples: (number | null)[];
      recorded_at: Date;
      rr: { ms: number[]; counts: number[] } | null;
    }>('SELECT duration_sec, samples, recorded_at, rr FROM heart_rate_series WHERE user_id = $1 AND completion_id = $2', [
      user.userId,
      completionId.toLowerCase(),
    ]);
    const row = rows[0];
    if (!row) throw new DomainError('not-found', READINGS_NOT_FOUND, { field: 'completionId' });
    return {
      completionId: completionId.toLowerCase(),
      completedAt: row.recorded_at.toISOString(),
      durationSec: row.duration_sec,
      samples: row.samples,
      rr: row.rr ? { ms: row.rr.ms, counts: row.rr.counts } : null,
    };
  }
}
