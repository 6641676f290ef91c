import type { Pool } from 'pg';
import type { EventStore } from '../event-store/event-store.port';
import type { WakeSignal } from '../event-store/wake-signal';
import type { Projection } from './projection';

/**
 * Read-your-writes (ADRs 0017, 0095): a writer waits until the projections it affects have a
 * checkpoint at or after its position. Waiters hold no connection: one shared watcher reads the
 * active checkpoints when a local runner commits a batch (or a generation swaps in), once for all of
 * them. An inline generation holds every committed append (ADR 0240): it is reached by construction.
 */

/** How often the watcher looks when a projection waited on runs in another process (its commits cannot wake it). */
const POLL_MS = 25;
/** Its look when every projection waited on runs here (their commits wake it): in case a runner stopped. */
const SAFETY_RECHECK_MS = 250;
/** An inline generation's place in the positions the waiters compare. */
const INLINE = 'inline';

export interface WaitResult {
  reached: boolean;
  /** Projections that had not reached the position when the wait ended. */
  pending: string[];
}

export interface WaitScope {
  eventTypes?: readonly string[];
  projections?: readonly string[];
  lifecycle?: 'inline';
  /** Projections the append wrote in its own transaction: nothing to wait for. */
  written?: readonly string[];
}

interface PositionWaiter {
  names: readonly string[];
  /** Resolves the wait if the positions reach it. */
  check(positions: ReadonlyMap<string, string | undefined>): void;
}

export class Waiters {
  private readonly waiting = new Set<PositionWaiter>();
  private watching = false;
  private watchSleep?: AbortController;
  /** Highest active checkpoint seen per projection: they never move back. */
  private readonly seenPositions = new Map<string, string>();

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly registered: () => Projection[],
    /** Bumped by every local commit and swap. */
    private readonly progress: WakeSignal,
    private readonly runsLocally: (name: string) => boolean,
  ) {}

  /** Waits until every projection handling one of `eventTypes` (or every one named in `projections`) has a checkpoint at or after `position`. */
  async waitFor(position: string, scope: WaitScope, timeoutMs: number): Promise<WaitResult> {
    const names = this.registered()
      .filter((projection) =>
        scope.projections ? scope.projections.includes(projection.name) : (scope.eventTypes ?? []).some((type) => projection.eventTypes.includes(type)),
      )
      .filter((projection) => scope.lifecycle === undefined || projection.lifecycle === scope.lifecycle)
      // Written in the append's own transaction: a generation swapped in later holds it too (Generations.tryActivate).
      .filter((projection) => !scope.written?.includes(projection.name))
      .map((projection) => projection.name);
    if (names.length === 0) return { reached: true, pending: [] };
    const pendingIn = (positions: ReadonlyMap<string, string | undefined>) =>
      names.filter((name) => positions.get(name) !== INLINE && this.store.comparePositions(positions.get(name), position) < 0);
    // Checkpoints only move forward, so positions already seen answer most waits without a query.
    if (pendingIn(this.seenPositions).length === 0) return { reached: true, pending: [] };
    const pending = pendingIn(await this.activePositions(names));
    if (pending.length === 0 || timeoutMs <= 0) return { reached: pending.length === 0, pending };
    return new Promise<WaitResult>((resolve) => {
      const waiter: PositionWaiter = {
        names,
        check: (positions) => {
          if (pendingIn(positions).length > 0) return;
          clearTimeout(timer);
          this.waiting.delete(waiter);
          resolve({ reached: true, pending: [] });
        },
      };
      const timer = setTimeout(() => {
        this.waiting.delete(waiter);
        // One last look, so a checkpoint that moved just now still counts.
        this.activePositions(names)
          .then((positions) => pendingIn(positions))
          .catch(() => names)
          .then((left) => resolve({ reached: left.length === 0, pending: left }));
      }, timeoutMs);
      this.waiting.add(waiter);
      if (!this.watching) void this.watch();
      else if (names.some((name) => !this.runsLocally(name))) this.watchSleep?.abort();
    });
  }

  /**
   * The one loop behind every pending `waitFor`: reads the active checkpoints of the projections
   * waited on, hands them to every waiter, then sleeps until a local runner commits.
   */
  private async watch(): Promise<void> {
    this.watching = true;
    try {
      while (this.waiting.size > 0) {
        const seen = this.progress.version;
        const names = [...new Set([...this.waiting].flatMap((waiter) => waiter.names))];
        let failed = false;
        try {
          const positions = await this.activePositions(names);
          for (const waiter of [...this.waiting]) waiter.check(positions);
        } catch {
          failed = true;
        }
        if (this.waiting.size === 0) break;
        const remote = failed || names.some((name) => !this.runsLocally(name));
        const sleep = new AbortController();
        this.watchSleep = sleep;
        await this.progress.waitFor(seen, remote ? POLL_MS : SAFETY_RECHECK_MS, sleep.signal);
        this.watchSleep = undefined;
      }
    } finally {
      this.watching = false;
    }
  }

  /** Checkpoints of the active generations of `names` (INLINE for an inline one); checkpoints are also remembered as seen. */
  private async activePositions(names: readonly string[]): Promise<Map<string, string | undefined>> {
    const result = await this.pool.query<{ name: string; position: string | null; inline: boolean }>(
      `SELECT name, position, inline FROM projection_generations WHERE status = 'active' AND name = ANY ($1)`,
      [names],
    );
    const positions = new Map(result.rows.map((row) => [row.name, row.inline ? INLINE : (row.position ?? undefined)]));
    for (const row of result.rows) {
      const position = row.position ?? undefined;
      // Never an inline one's: a later rebuild's generation starts behind it and must be waited for.
      if (!row.inline && position !== undefined && this.store.comparePositions(position, this.seenPositions.get(row.name)) > 0) {
        this.seenPositions.set(row.name, position);
      }
    }
    return positions;
  }
}
