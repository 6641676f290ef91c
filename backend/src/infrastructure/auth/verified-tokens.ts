import { LruCache } from '../lru-cache';
import type { AuthUser } from './auth-user';

/** How long a verified token is taken on trust without checking its signature again. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** Far more sessions than the studio has active at once; the oldest entry makes room. */
export const VERIFIED_TOKEN_MAX_ENTRIES = 10_000;

/**
 * The members already verified for an exact `Authorization` header value, so that the many
 * requests of one session do not each check an RS256 signature and walk passport again (ADR 0245).
 *
 * Only a header whose token passed the full check (signature, algorithm, issuer, audience, expiry,
 * the strategy's own rules) is remembered, keyed by its exact bytes: any other value, a changed
 * signature included, is verified in full. An entry lasts until the token's `exp` (the same
 * boundary jsonwebtoken applies) and never longer than VERIFIED_TOKEN_TTL_MS, so a withdrawn
 * signing key stops being honoured at most that much later than without the cache.
 */
export class VerifiedTokens {
  private readonly entries: LruCache<string, AuthUser>;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = {
      ttlMs: VERIFIED_TOKEN_TTL_MS,
      maxEntries: VERIFIED_TOKEN_MAX_ENTRIES,
    },
  ) {
    this.entries = new LruCache({ maxEntries: options.maxEntries, ttlMs: options.ttlMs, now: options.now });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The member of an authorization header verified before and still in date; a copy, so no request can alter another's. */
  get(authorization: string): AuthUser | undefined {
    const user = this.entries.get(authorization);
    return user && { ...user };
  }

  /** Remembers a header whose token has just been verified in full, for as long as it may be trusted (until its `exp`). */
  remember(authorization: string, user: AuthUser): void {
    const expiresAt = expiryOf(authorization);
    if (expiresAt === null) return;
    const now = (this.options.now ?? Date.now)();
    if (expiresAt <= now) return;
    this.entries.set(authorization, { ...user }, expiresAt - now);
  }
}

/**
 * When the bearer token in an authorization header stops being valid, in ms: its `exp` claim
 * (jsonwebtoken refuses it from that second on); Infinity without one; null when the header
 * holds no readable JWT payload (then nothing is remembered).
 */
function expiryOf(authorization: string): number | null {
  const match = /^bearer\s+(\S+)$/i.exec(authorization.trim());
  const parts = match?.[1]?.split('.');
  if (!parts || parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { exp?: unknown };
    if (payload.exp === undefined) return Number.POSITIVE_INFINITY;
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
