/**
 * A counter that readers wait on. A reader notes `version` before it reads, and
 * `waitFor(seen)` returns at once if anything was signalled since, so a wake-up
 * that lands between the read and the wait is never lost.
 */
export class WakeSignal {
  private current = 0;
  private waiters = new Set<() => void>();

  get version(): number {
    return this.current;
  }

  bump(): void {
    this.current++;
    const waiters = this.waiters;
    this.waiters = new Set();
    for (const wake of waiters) wake();
  }

  /** Resolves when the version moves past `seen`, after `timeoutMs`, or when `signal` aborts. */
  waitFor(seen: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.current !== seen || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
