import { AsyncLocalStorage } from 'node:async_hooks';

export interface Written {
  position: string;
  eventTypes: readonly string[];
}

/**
 * What the current request appended. The command handler records every write;
 * the read-your-writes interceptor (projections/read-your-writes.interceptor.ts)
 * opens the scope around a request and waits on what was recorded before it
 * answers, so no controller has to thread positions through by hand.
 */
const scope = new AsyncLocalStorage<Written[]>();

/** Runs `run` so that every write recorded inside it (synchronously or later) lands in `written`. */
export function trackWrites<T>(written: Written[], run: () => T): T {
  return scope.run(written, run);
}

export function recordWrite(written: Written): void {
  scope.getStore()?.push(written);
}
