import { ClientRateLimiter } from './client-rate-limiter';

describe('ClientRateLimiter', () => {
  it('allows the limit within a window, then answers how long to wait', () => {
    const limiter = new ClientRateLimiter(3, 60_000);
    expect(limiter.hit('1.1.1.1', 0)).toEqual({ allowed: true });
    expect(limiter.hit('1.1.1.1', 1_000)).toEqual({ allowed: true });
    expect(limiter.hit('1.1.1.1', 2_000)).toEqual({ allowed: true });
    expect(limiter.hit('1.1.1.1', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('counts each client on its own', () => {
    const limiter = new ClientRateLimiter(1, 60_000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('b', 0).allowed).toBe(true);
    expect(limiter.hit('a', 10).allowed).toBe(false);
  });

  it('starts a fresh window once the old one has passed', () => {
    const limiter = new ClientRateLimiter(1, 60_000);
    limiter.hit('a', 0);
    expect(limiter.hit('a', 59_999).allowed).toBe(false);
    expect(limiter.hit('a', 60_000).allowed).toBe(true);
  });
});
