import jwt from 'jsonwebtoken';
import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { LocalSigningKeys } from '../src/infrastructure/auth/local-signing-keys';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

const PROTECTED = '/api/identity/me';

describe('JWT guard (e2e)', () => {
  let t: TestApp;
  let keys: LocalSigningKeys;
  const claims = { email: 'ana@example.com', first_name: 'Ana', last_name: 'Martínez' };

  beforeAll(async () => {
    t = await createTestApp();
    keys = t.app.get(LocalSigningKeys);
  });

  afterAll(async () => {
    await t.close();
  });

  const call = (authorization?: string) => {
    const pending = request(t.app.getHttpServer()).get(PROTECTED);
    return authorization === undefined ? pending : pending.set('Authorization', authorization);
  };

  /** Signs with the provider's real private key, so only the one property under test is wrong. */
  async function signed(payload: object, options: jwt.SignOptions = {}): Promise<string> {
    const key = await keys.current();
    const merged: jwt.SignOptions = {
      algorithm: 'RS256',
      keyid: key.kid,
      issuer: keys.issuer,
      audience: keys.audience,
      subject: 'user-1',
      expiresIn: 600,
      ...options,
    };
    for (const name of Object.keys(merged) as (keyof jwt.SignOptions)[]) if (merged[name] === undefined) delete merged[name];
    return jwt.sign(payload, key.privateKey, merged);
  }

  it('accepts a valid token and exposes the caller from its claims', async () => {
    const response = await call(await bearerFor(t, { userId: 'user-42', email: 'Eva@Example.com', firstName: 'Eva', lastName: 'Ríos' })).expect(200);
    expect(response.body).toEqual({ userId: 'user-42', email: 'eva@example.com', firstName: 'Eva', lastName: 'Ríos', role: 'member', secondFactor: false });
  });

  it('accepts a token from the same helper the misuse cases bend', async () => {
    await call(`Bearer ${await signed(claims)}`).expect(200);
  });

  it('maps the organisation admin claim to staff', async () => {
    const response = await call(await bearerFor(t, { role: 'staff' })).expect(200);
    expect(response.body.role).toBe('staff');
  });

  it('leaves public routes open', async () => {
    await request(t.app.getHttpServer()).get('/api/config').expect(200);
    await request(t.app.getHttpServer()).get('/api/health/live').expect(200);
    await request(t.app.getHttpServer()).get('/api/identity/.well-known/jwks.json').expect(200);
  });

  describe('refuses misuse with 401 and a Spanish error', () => {
    const cases: [string, () => Promise<string | undefined>][] = [
      ['no token', async () => undefined],
      ['a malformed header', async () => 'Bearer no-es-un-jwt'],
      ['a non-bearer scheme', async () => `Basic ${Buffer.from('ana:secreto').toString('base64')}`],
      ['an expired token', async () => `Bearer ${await signed({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, { expiresIn: undefined })}`],
      ['a token not yet valid', async () => `Bearer ${await signed(claims, { notBefore: 3600 })}`],
      ['a wrong issuer', async () => `Bearer ${await signed(claims, { issuer: 'https://otro-emisor.example.com' })}`],
      ['a wrong audience', async () => `Bearer ${await signed(claims, { audience: 'otra-app' })}`],
      [
        'alg none',
        async () => {
          const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: (await keys.current()).kid })).toString('base64url');
          const payload = Buffer.from(
            JSON.stringify({ ...claims, sub: 'user-1', iss: keys.issuer, aud: keys.audience, exp: Math.floor(Date.now() / 1000) + 600 }),
          ).toString('base64url');
          return `Bearer ${header}.${payload}.`;
        },
      ],
      [
        'HS256 signed with the public key',
        async () => {
          const key = await keys.current();
          const publicPem = createPublicKey(key.privateKey).export({ format: 'pem', type: 'spki' }).toString();
          const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: key.kid })).toString('base64url');
          const payload = Buffer.from(
            JSON.stringify({ ...claims, sub: 'user-1', iss: keys.issuer, aud: keys.audience, exp: Math.floor(Date.now() / 1000) + 600 }),
          ).toString('base64url');
          // Hand-made because jsonwebtoken itself refuses to HMAC-sign with a PEM key.
          const signature = createHmac('sha256', publicPem).update(`${header}.${payload}`).digest('base64url');
          return `Bearer ${header}.${payload}.${signature}`;
        },
      ],
      [
        'a tampered payload',
        async () => {
          const [header, , signature] = (await signed(claims)).split('.');
          const forged = Buffer.from(
            JSON.stringify({ ...claims, org_role: 'org:admin', sub: 'user-1', iss: keys.issuer, aud: keys.audience, exp: Math.floor(Date.now() / 1000) + 600 }),
          ).toString('base64url');
          return `Bearer ${header}.${forged}.${signature}`;
        },
      ],
      [
        'an unknown kid',
        async () => {
          const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
          return `Bearer ${jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: 'desconocida', issuer: keys.issuer, audience: keys.audience, subject: 'user-1', expiresIn: 600 })}`;
        },
      ],
      [
        'a foreign key claiming the current kid',
        async () => {
          const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
          const kid = (await keys.current()).kid;
          return `Bearer ${jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: kid, issuer: keys.issuer, audience: keys.audience, subject: 'user-1', expiresIn: 600 })}`;
        },
      ],
      ['a token without subject', async () => `Bearer ${await signed(claims, { subject: undefined })}`],
    ];

    it.each(cases)('%s', async (_name, makeHeader) => {
      const response = await call(await makeHeader()).expect(401);
      expect(response.body).toMatchObject({ statusCode: 401, error: 'Debes iniciar sesión para continuar.' });
    });
  });

  it('picks up a rotated key and keeps honouring tokens of the previous one', async () => {
    const before = await bearerFor(t);
    const kid = await keys.rotate();
    const after = await bearerFor(t);
    expect(JSON.parse(Buffer.from(after.slice('Bearer '.length).split('.')[0], 'base64url').toString()).kid).toBe(kid);
    await call(after).expect(200);
    await call(before).expect(200);
    const jwks = await request(t.app.getHttpServer()).get('/api/identity/.well-known/jwks.json').expect(200);
    expect(jwks.body.keys).toHaveLength(2);
    expect(jwks.body.keys[0]).not.toHaveProperty('d');
  });
});
