import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../database/database.module';
import { DomainError } from '../../shared/domain-error';
import type { AuthUser } from './auth-user';

/** At most this long after a revocation is recorded, every instance refuses its tokens (docs/privacy.md). */
export const REVOCATIONS_MAX_AGE_MS = 1_000;
/** Beyond that, for a request another instance admitted just before it looked to finish what it does. */
const IN_FLIGHT_MS = 250;
/**
 * A session ended by a sign-out stays refused this long: past every access token it may have
 * (the local provider's live 10 minutes, Clerk's 60 s by default; a Clerk template set longer than a day is not covered).
 */
export const ENDED_SESSION_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * Each look re-reads the rows recorded this long before the previous one: an insert whose
 * transaction began before that look but committed after it is still found.
 */
const OVERLAP_SECONDS = 60;

export const ERASED_MESSAGE = 'Los datos personales de esta cuenta fueron borrados. Para volver a entrenar con Pulso, crea una cuenta nueva.';
export const SESSION_ENDED_MESSAGE = 'Tu sesión terminó. Inicia sesión de nuevo.';

/**
 * Who is refused whatever the token (ADR 0280): members whose personal data were erased, and
 * sessions ended by a sign-out. Recorded in `auth_revocations`, so every instance refuses them; each
 * instance keeps the set in memory and looks again when it is older than REVOCATIONS_MAX_AGE_MS,
 * before it admits the next request. The guard checks every request against it, including those
 * whose token it took on trust (ADR 0245).
 */
@Injectable()
export class Revocations {
  private readonly subjects = new Set<string>();
  /** Ended session → when it may be forgotten (ms). */
  private readonly sessions = new Map<string, number>();
  /** The database's clock at the last look (its rows are read again from OVERLAP_SECONDS before it). */
  private lastLook: Date | undefined;
  /** When (local clock) the last successful look began. */
  private lookedAt = Number.NEGATIVE_INFINITY;
  private looking?: Promise<void>;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Undefined when the set is recent enough; otherwise a look at the table, shared by the requests that wait for it. */
  current(): Promise<void> | undefined {
    if (Date.now() - this.lookedAt < REVOCATIONS_MAX_AGE_MS) return undefined;
    this.looking ??= this.look().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  /** The refusal for this caller, if any (call once `current()` has settled). */
  refusal(user: Pick<AuthUser, 'userId' | 'sessionId'>): DomainError | undefined {
    if (this.subjects.has(user.userId)) return new DomainError('unauthorized', ERASED_MESSAGE, { reason: 'account_erased' });
    const until = user.sessionId === undefined ? undefined : this.sessions.get(user.sessionId);
    if (until !== undefined && until > Date.now()) return new DomainError('unauthorized', SESSION_ENDED_MESSAGE, { reason: 'session_ended' });
    return undefined;
  }

  /**
   * The erasure: the member is refused from now on, by this instance at once and by every other
   * within REVOCATIONS_MAX_AGE_MS. Answers a wait that settles once every instance refuses them.
   */
  async revokeSubject(userId: string): Promise<{ everywhere: () => Promise<void> }> {
    await this.pool.query(`INSERT INTO auth_revocations (kind, id) VALUES ('subject', $1) ON CONFLICT DO NOTHING`, [userId]);
    this.subjects.add(userId);
    const everywhereAt = Date.now() + REVOCATIONS_MAX_AGE_MS + IN_FLIGHT_MS;
    return { everywhere: () => new Promise((resolve) => setTimeout(resolve, Math.max(0, everywhereAt - Date.now()))) };
  }

  /** A sign-out: the session's access tokens are refused until they would have expired anyway. */
  async endSession(sessionId: string): Promise<void> {
    const until = Date.now() + ENDED_SESSION_KEPT_MS;
    await this.pool.query(
      `WITH forgotten AS (DELETE FROM auth_revocations WHERE kind = 'session' AND until < now())
       INSERT INTO auth_revocations (kind, id, until) VALUES ('session', $1, to_timestamp($2 / 1000.0))
       ON CONFLICT (kind, id) DO UPDATE SET until = EXCLUDED.until, recorded_at = now()`,
      [sessionId, until],
    );
    this.sessions.set(sessionId, until);
  }

  private async look(): Promise<void> {
    const startedAt = Date.now();
    let rows: Array<{ kind: string; id: string; until: Date | null; now: Date }>;
    try {
      ({ rows } = await this.pool.query<{ kind: string; id: string; until: Date | null; now: Date }>(
        `SELECT r.kind, r.id, r.until, now() AS now FROM (SELECT 1) AS one
           LEFT JOIN auth_revocations r ON (r.until IS NULL OR r.until > now())
                AND ($1::timestamptz IS NULL OR r.recorded_at > $1::timestamptz - make_interval(secs => $2))`,
        [this.lastLook ?? null, OVERLAP_SECONDS],
      ));
    } catch {
      // Unknown revocations must not let anyone through: the request fails, and the next one looks again.
      throw new DomainError('unavailable', 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.');
    }
    for (const row of rows) {
      if (row.kind === 'subject') this.subjects.add(row.id);
      else if (row.kind === 'session' && row.until) this.sessions.set(row.id, row.until.getTime());
    }
    for (const [session, until] of this.sessions) if (until <= startedAt) this.sessions.delete(session);
    this.lastLook = rows[0].now;
    this.lookedAt = startedAt;
  }
}
