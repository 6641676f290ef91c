import { Inject, Injectable } from '@nestjs/common';
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Request } from 'express';
import { PassportStrategy } from '@nestjs/passport';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy, type SecretOrKeyProvider } from 'passport-jwt';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { AccessTokenClaims, AuthUser, userFromClaims } from './auth-user';
import { LruCache } from '../lru-cache';
import { LocalSigningKeys } from './local-signing-keys';

/** Keys are cached and an unknown `kid` triggers one (rate-limited) refetch: that is how rotation is picked up. */
const JWKS_CACHE = { cache: true, cacheMaxEntries: 10, cacheMaxAge: 10 * 60 * 1000, rateLimit: true, jwksRequestsPerMinute: 10 };

type SecretCallback = (error: unknown, key?: string | Buffer | KeyObject | null) => void;
type SecretProvider = (request: Request, rawJwtToken: string, done: SecretCallback) => void;

/**
 * The verified public key of each `kid`, built once from the JWKS's PEM instead of on every
 * request (jsonwebtoken parses a PEM string again each time it verifies). Entries live as long
 * as the JWKS cache's, so a rotated or withdrawn key is looked up again just as before; a token
 * whose header is not RS256 with a kid always goes to the JWKS provider, which refuses it as it did.
 */
export function cachedKeyProvider(provider: SecretProvider, options: { maxAgeMs: number; maxEntries: number; now?: () => number }): SecretProvider {
  const keys = new LruCache<string, KeyObject>({ maxEntries: options.maxEntries, ttlMs: options.maxAgeMs, now: options.now });
  return (request, rawJwtToken, done) => {
    const kid = rs256Kid(rawJwtToken);
    const cached = kid === undefined ? undefined : keys.get(kid);
    if (cached) return done(null, cached);
    provider(request, rawJwtToken, (error, pem) => {
      if (error || pem === null || pem === undefined || kid === undefined) return done(error, pem);
      let key: KeyObject;
      try {
        key = typeof pem === 'string' || Buffer.isBuffer(pem) ? createPublicKey(pem) : pem;
      } catch (failure) {
        return done(failure, null);
      }
      keys.set(kid, key);
      done(null, key);
    });
  };
}

/** The `kid` of a token whose protected header says RS256; undefined for anything else. */
function rs256Kid(rawJwtToken: string): string | undefined {
  const dot = rawJwtToken.indexOf('.');
  if (dot <= 0) return undefined;
  try {
    const header = JSON.parse(Buffer.from(rawJwtToken.slice(0, dot), 'base64url').toString('utf8')) as { alg?: unknown; kid?: unknown };
    return header.alg === 'RS256' && typeof header.kid === 'string' && header.kid !== '' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies access tokens of either provider: RS256 only, issuer and audience
 * checked, keys from the provider's JWKS. With the local provider the JWKS is read
 * in-process (the same document GET /api/identity/.well-known/jwks.json serves),
 * so a fresh instance does not have to call itself over HTTP.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    keys: LocalSigningKeys,
  ) {
    const clerk = config.auth.provider === 'clerk';
    const issuer = clerk ? config.auth.clerkIssuer!.replace(/\/$/, '') : keys.issuer;
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['RS256'],
      issuer,
      audience: config.auth.audience,
      ignoreExpiration: false,
      // passport-jwt hands the key to jsonwebtoken, which takes a KeyObject as it is (ADR 0096).
      secretOrKeyProvider: cachedKeyProvider(
        passportJwtSecret(
          clerk
            ? { ...JWKS_CACHE, jwksUri: config.auth.clerkJwksUrl! }
            : { ...JWKS_CACHE, jwksUri: `${issuer}/.well-known/jwks.json`, fetcher: () => keys.jwks() },
        ) as SecretProvider,
        { maxAgeMs: JWKS_CACHE.cacheMaxAge, maxEntries: JWKS_CACHE.cacheMaxEntries },
      ) as unknown as SecretOrKeyProvider,
    });
  }

  validate(payload: AccessTokenClaims & { azp?: unknown }): AuthUser | false {
    if (typeof payload.sub !== 'string' || payload.sub === '') return false;
    // Clerk names the origin the session was used from; a token minted for another site of the same instance is refused.
    if (typeof payload.azp === 'string' && !this.allowedParties.has(payload.azp)) return false;
    return userFromClaims(payload, this.config.auth.staffEmails);
  }

  private get allowedParties(): Set<string> {
    return new Set([new URL(this.config.publicUrl).origin, ...this.config.corsOrigins]);
  }
}
