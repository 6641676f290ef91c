import { Inject, Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { ProjectionEngine } from './projection-engine';
import type { WaitResult } from './waiters';

/**
 * Whose projections a write waits for: those handling its event types (with `lifecycle: 'inline'`,
 * only the member-facing ones, ADR 0240), or the ones named.
 */
export type WaitScope =
  | {
      eventTypes: readonly string[];
      lifecycle?: 'inline';
      /** Projections the append already wrote in its own transaction (`AppendResult.inline`): not waited for. */
      written?: readonly string[];
    }
  | { projections: readonly string[] };

/** The waits of the current request, for the middleware to report in its answer (read-your-writes.middleware.ts). */
const scope = new AsyncLocalStorage<{ outcomes: WaitResult[]; onWait?: (outcomes: readonly WaitResult[]) => void }>();

/** Runs `run` so that every wait it makes (synchronously or later) lands in `outcomes`, and `onWait` hears of each. */
export function trackWaits<T>(outcomes: WaitResult[], run: () => T, onWait?: (outcomes: readonly WaitResult[]) => void): T {
  return scope.run({ outcomes, onWait }, run);
}

/**
 * The one wait of a write for its projections (ADR 0017): the writer that appended calls it,
 * because it knows what it wrote, and returns once the read models hold it or the bounded wait
 * (READ_YOUR_WRITES_TIMEOUT_MS) runs out. The outcome is kept for the request's
 * `X-Read-Your-Writes` header, which read-your-writes.middleware.ts writes without waiting again.
 */
@Injectable()
export class ReadYourWrites {
  constructor(
    private readonly engine: ProjectionEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async waitFor(position: string, target: WaitScope): Promise<WaitResult> {
    const outcome = await this.engine.waitFor(position, target, this.config.eventStore.readYourWritesTimeoutMs);
    const tracked = scope.getStore();
    if (tracked) {
      tracked.outcomes.push(outcome);
      tracked.onWait?.(tracked.outcomes);
    }
    return outcome;
  }
}
