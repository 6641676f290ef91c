import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  let now: number;
  let limiter: AttemptLimiter;

  beforeEach(() => {
    now = 1_000_000;
    limiter = new AttemptLimiter(() => now);
  });

  it('allows up to the limit, then tells how long to wait for the oldest hit to leave the window', () => {
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfter('ip:1', 3, 60_000)).toBe(0);
      limiter.record('ip:1', 60_000);
      now += 10_000;
    }
    expect(limiter.retryAfter('ip:1', 3, 60_000)).toBe(30);
    now += 30_000;
    expect(limiter.retryAfter('ip:1', 3, 60_000)).toBe(0);
  });

  it('keeps keys apart and forgets on reset', () => {
    limiter.record('account:a', 60_000);
    expect(limiter.retryAfter('account:a', 1, 60_000)).toBeGreaterThan(0);
    expect(limiter.retryAfter('account:b', 1, 60_000)).toBe(0);
    limiter.reset('account:a');
    expect(limiter.retryAfter('account:a', 1, 60_000)).toBe(0);
  });
});
