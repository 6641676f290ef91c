/**
 * A fixed-window counter per client key, in memory (ADR 0031). Enough for one
 * public form on one instance; with several replicas each counts on its own, which
 * multiplies the allowance by the replica count but still caps abuse.
 */
export class ClientRateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one attempt; answers how long to wait (seconds) when the key is over its limit. */
  hit(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || now - current.startedAt >= this.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      return { allowed: true };
    }
    current.count += 1;
    if (current.count <= this.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((current.startedAt + this.windowMs - now) / 1000)) };
  }

  /** Expired windows are dropped at most once per window, so memory follows the active clients only. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
