import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { AccessTokenClaims, AuthUser, userFromClaims } from './auth-user';
import { LocalSigningKeys } from './local-signing-keys';

/** Keys are cached and an unknown `kid` triggers one (rate-limited) refetch: that is how rotation is picked up. */
const JWKS_CACHE = { cache: true, cacheMaxEntries: 10, cacheMaxAge: 10 * 60 * 1000, rateLimit: true, jwksRequestsPerMinute: 10 };

/**
 * Verifies access tokens of either provider: RS256 only, issuer and audience
 * checked, keys from the provider's JWKS. With the local provider the JWKS is read
 * in-process (the same document GET /api/identity/.well-known/jwks.json serves),
 * so a fresh instance does not have to call itself over HTTP.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig, keys: LocalSigningKeys) {
    const clerk = config.auth.provider === 'clerk';
    const issuer = clerk ? config.auth.clerkIssuer!.replace(/\/$/, '') : keys.issuer;
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['RS256'],
      issuer,
      audience: config.auth.audience,
      ignoreExpiration: false,
      secretOrKeyProvider: passportJwtSecret(
        clerk
          ? { ...JWKS_CACHE, jwksUri: config.auth.clerkJwksUrl! }
          : { ...JWKS_CACHE, jwksUri: `${issuer}/.well-known/jwks.json`, fetcher: () => keys.jwks() },
      ),
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
