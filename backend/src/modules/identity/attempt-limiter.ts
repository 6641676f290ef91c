/**
 * Sliding-window counters for the identity endpoints, kept in memory: the embedded
 * deployment is a single process, and losing the counters on restart only gives an
 * attacker one fresh window (ADR 0023). Keys are prefixed by what they count
 * (`ip:…`, `account:…`).
 */
/** No identity limit looks further back than this. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until another attempt is allowed, or 0 if the key is under its limit. */
  retryAfter(key: string, limit: number, windowMs: number): number {
    const recent = this.recent(key, windowMs);
    if (recent.length < limit) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - limit] + windowMs - this.now()) / 1000));
  }

  record(key: string, windowMs: number): void {
    const recent = this.recent(key, windowMs);
    recent.push(this.now());
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    return (this.hits.get(key) ?? []).filter((at) => at > since);
  }

  /** Bounds memory under a flood of distinct keys (many IPs or invented emails). */
  private sweep(): void {
    for (const [key] of this.hits) {
      if (this.recent(key, LONGEST_WINDOW_MS).length === 0) this.hits.delete(key);
    }
  }
}
