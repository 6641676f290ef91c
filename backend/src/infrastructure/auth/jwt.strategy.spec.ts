import { generateKeyPairSync, KeyObject } from 'node:crypto';
import type { Request } from 'express';
import { sign, verify } from 'jsonwebtoken';
import { loadConfig } from '../../config/app-config';
import { cachedKeyProvider, JwtStrategy } from './jwt.strategy';
import { LocalSigningKeys } from './local-signing-keys';

describe('JwtStrategy.validate', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_PROVIDER: 'clerk',
    CLERK_ISSUER: 'https://pulso.clerk.accounts.dev',
    CLERK_PUBLISHABLE_KEY: 'pk_test_cHVsc28uY2xlcmsuYWNjb3VudHMuZGV2JA',
    PUBLIC_URL: 'https://pulso.sv',
    CORS_ORIGINS: 'https://app.pulso.sv',
    STAFF_EMAILS: 'jefa@pulso.sv',
  });
  const strategy = new JwtStrategy(config, { issuer: 'unused' } as LocalSigningKeys);
  const claims = { sub: 'user_2abc', email: 'ana@example.com', first_name: 'Ana', last_name: 'Martínez' };

  it('accepts a Clerk session used from the product itself or an allowed origin', () => {
    expect(strategy.validate({ ...claims, azp: 'https://pulso.sv' })).toMatchObject({ userId: 'user_2abc', role: 'member' });
    expect(strategy.validate({ ...claims, azp: 'https://app.pulso.sv' })).toMatchObject({ userId: 'user_2abc' });
    expect(strategy.validate(claims)).toMatchObject({ userId: 'user_2abc' });
  });

  it('refuses a session minted for another origin, and a token without subject', () => {
    expect(strategy.validate({ ...claims, azp: 'https://otro-sitio.example' })).toBe(false);
    expect(strategy.validate({ ...claims, sub: '' })).toBe(false);
  });

  it('applies STAFF_EMAILS to Clerk users too', () => {
    expect(strategy.validate({ ...claims, email: 'Jefa@Pulso.sv' })).toMatchObject({ role: 'staff' });
  });
});

describe('cachedKeyProvider', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const token = (kid: string, algorithm: 'RS256' | 'HS256' = 'RS256') =>
    algorithm === 'RS256' ? sign({ sub: 'u1' }, privateKey, { algorithm, keyid: kid }) : sign({ sub: 'u1' }, pem, { algorithm, keyid: kid });

  function setup(answer: { error?: Error; key?: string | null } = { key: pem }) {
    const asked: string[] = [];
    let clock = 1_000;
    const provider = cachedKeyProvider(
      (_request, raw, done) => {
        asked.push(raw);
        done(answer.error ?? null, answer.key);
      },
      { maxAgeMs: 60_000, maxEntries: 2, now: () => clock },
    );
    const keyFor = (raw: string) =>
      new Promise<{ error: unknown; key: unknown }>((resolve) => provider({} as Request, raw, (error, key) => resolve({ error, key })));
    return { asked, keyFor, advance: (ms: number) => (clock += ms) };
  }

  it('builds the key of a kid once and verifies later tokens with the same KeyObject', async () => {
    const { asked, keyFor } = setup();
    const first = await keyFor(token('k1'));
    const second = await keyFor(token('k1'));
    expect(first.key).toBeInstanceOf(KeyObject);
    expect(second.key).toBe(first.key);
    expect(asked).toHaveLength(1);
    expect(verify(token('k1'), first.key as KeyObject, { algorithms: ['RS256'] })).toMatchObject({ sub: 'u1' });
  });

  it('asks the JWKS again once the entry is older than the JWKS cache, and for every other kid', async () => {
    const { asked, keyFor, advance } = setup();
    await keyFor(token('k1'));
    advance(60_001);
    await keyFor(token('k1'));
    await keyFor(token('k2'));
    await keyFor(token('k3'));
    await keyFor(token('k1'));
    // k1 twice (expired), k2, k3, then k1 again: only two kids are kept.
    expect(asked).toHaveLength(5);
  });

  it('never serves a cached key to a token that is not RS256 and passes refusals through', async () => {
    const { asked, keyFor } = setup();
    await keyFor(token('k1'));
    await keyFor(token('k1', 'HS256'));
    expect(asked).toHaveLength(2);

    const unknown = setup({ key: null });
    expect((await unknown.keyFor(token('gone'))).key).toBeNull();
    await unknown.keyFor(token('gone'));
    expect(unknown.asked).toHaveLength(2);

    const failing = setup({ error: new Error('JWKS caído') });
    expect((await failing.keyFor(token('k1'))).error).toEqual(new Error('JWKS caído'));
  });
});
