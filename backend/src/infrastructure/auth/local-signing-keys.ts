import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { createPrivateKey, createPublicKey, generateKeyPairSync, JsonWebKey, KeyObject, randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../database/database.module';
import type { AccessTokenClaims } from './auth-user';
import { inTransaction } from '../database/in-transaction';

/** Short, because a stolen access token cannot be revoked; the refresh cookie renews it (ADR 0021). */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;

/** The local provider's issuer; its JWKS sits at `<issuer>/.well-known/jwks.json`, as Clerk's does. */
export function localIssuer(config: AppConfig): string {
  return `${config.publicUrl.replace(/\/$/, '')}/api/identity`;
}

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/**
 * The RSA keys of the local identity provider. The private key lives in PostgreSQL
 * so every instance and every restart signs with the same key; a rotated key stays
 * published for one access-token lifetime so tokens it signed keep verifying.
 */
@Injectable()
export class LocalSigningKeys {
  private currentKey?: Promise<SigningKey>;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get issuer(): string {
    return localIssuer(this.config);
  }

  get audience(): string {
    return this.config.auth.audience;
  }

  current(): Promise<SigningKey> {
    this.currentKey ??= this.loadOrCreate().catch((error: unknown) => {
      this.currentKey = undefined;
      throw error;
    });
    return this.currentKey;
  }

  async sign(claims: AccessTokenClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const key = await this.current();
    const { sub, ...rest } = claims;
    return jwt.sign(rest, key.privateKey, {
      algorithm: 'RS256',
      keyid: key.kid,
      subject: sub,
      issuer: this.issuer,
      audience: this.audience,
      expiresIn: ttlSeconds,
      jwtid: randomUUID(),
    });
  }

  async jwks(): Promise<{ keys: JsonWebKey[] }> {
    await this.current();
    const { rows } = await this.pool.query<{ public_jwk: JsonWebKey }>(
      `SELECT public_jwk FROM identity_signing_keys
        WHERE retired_at IS NULL OR retired_at > now() - make_interval(secs => $1)
        ORDER BY created_at DESC`,
      [ACCESS_TOKEN_TTL_SECONDS],
    );
    return { keys: rows.map((row) => row.public_jwk) };
  }

  /** Starts signing with a fresh key; the previous one keeps verifying until its tokens expire. */
  async rotate(): Promise<string> {
    const fresh = this.generate();
    await inTransaction(this.pool, async (client) => {
      await client.query('UPDATE identity_signing_keys SET retired_at = now() WHERE retired_at IS NULL');
      await this.insert(fresh, client);
    });
    this.currentKey = Promise.resolve(fresh.key);
    return fresh.key.kid;
  }

  private async loadOrCreate(): Promise<SigningKey> {
    const { rows } = await this.pool.query<{ kid: string; private_key_pem: string }>(
      'SELECT kid, private_key_pem FROM identity_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
    );
    if (rows[0]) return { kid: rows[0].kid, privateKey: createPrivateKey(rows[0].private_key_pem) };
    const fresh = this.generate();
    await this.insert(fresh, this.pool);
    return fresh.key;
  }

  private generate(): { key: SigningKey; pem: string; jwk: JsonWebKey } {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomUUID();
    const jwk = { ...createPublicKey(privateKey).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    return { key: { kid, privateKey }, pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), jwk };
  }

  private async insert(fresh: { key: SigningKey; pem: string; jwk: JsonWebKey }, db: Pick<Pool, 'query'>): Promise<void> {
    await db.query('INSERT INTO identity_signing_keys (kid, private_key_pem, public_jwk) VALUES ($1, $2, $3)', [
      fresh.key.kid,
      fresh.pem,
      JSON.stringify(fresh.jwk),
    ]);
  }
}
