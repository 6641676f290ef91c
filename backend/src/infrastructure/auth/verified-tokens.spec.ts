import type { AuthUser } from './auth-user';
import { VerifiedTokens } from './verified-tokens';

const member: AuthUser = { userId: 'u1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Martínez', role: 'member', secondFactor: false };

/** A bearer header with an unsigned token carrying `claims`: the cache only reads its expiry. */
function header(claims: Record<string, unknown>, signature = 'firma'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'RS256', kid: 'k1' })}.${part(claims)}.${signature}`;
}

describe('VerifiedTokens', () => {
  let clock: number;
  const tokens = (maxEntries = 10) => new VerifiedTokens({ ttlMs: 60_000, maxEntries, now: () => clock });

  beforeEach(() => {
    clock = Date.UTC(2026, 10, 24, 12, 0, 0);
  });

  it('answers only the exact header it verified, with a copy of its member', () => {
    const cache = tokens();
    const verified = header({ sub: 'u1', exp: clock / 1000 + 3600 });
    cache.remember(verified, member);
    const found = cache.get(verified);
    expect(found).toEqual(member);
    found!.role = 'staff';
    expect(cache.get(verified)!.role).toBe('member');
    expect(cache.get(header({ sub: 'u1', exp: clock / 1000 + 3600 }, 'otra-firma'))).toBeUndefined();
    expect(cache.get(verified.replace('Bearer', 'bearer'))).toBeUndefined();
  });

  it('forgets a token at its exp, as jsonwebtoken refuses it from that second on', () => {
    const cache = tokens();
    const verified = header({ sub: 'u1', exp: clock / 1000 + 30 });
    cache.remember(verified, member);
    clock += 29_999;
    expect(cache.get(verified)).toEqual(member);
    clock += 1;
    expect(cache.get(verified)).toBeUndefined();
  });

  it('trusts a long-lived token for the TTL only, then it must be verified again', () => {
    const cache = tokens();
    const verified = header({ sub: 'u1', exp: clock / 1000 + 86_400 });
    cache.remember(verified, member);
    clock += 59_999;
    expect(cache.get(verified)).toBeDefined();
    clock += 1;
    expect(cache.get(verified)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('remembers nothing it cannot read an expiry from, nor a token already expired', () => {
    const cache = tokens();
    cache.remember('Bearer no-es-un-jwt', member);
    cache.remember(header({ sub: 'u1', exp: 'mañana' }), member);
    cache.remember(header({ sub: 'u1', exp: clock / 1000 }), member);
    cache.remember('Basic dXNlcjpwYXNz', member);
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = tokens(2);
    const [a, b, c] = ['a', 'b', 'c'].map((sub) => header({ sub, exp: clock / 1000 + 3600 }));
    cache.remember(a!, member);
    cache.remember(b!, member);
    cache.remember(c!, member);
    expect(cache.size).toBe(2);
    expect(cache.get(a!)).toBeUndefined();
    expect(cache.get(b!)).toBeDefined();
    expect(cache.get(c!)).toBeDefined();
  });
});
