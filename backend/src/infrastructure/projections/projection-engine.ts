import type { Pool } from 'pg';
import type { EventStore } from '../event-store/event-store.port';
import { WakeSignal } from '../event-store/wake-signal';
import { AdvisoryLocks } from './advisory-locks';
import { Generations } from './generations';
import { InlineProjections, InlineSwitch } from './inline-projections';
import { PROJECTION_NAME, type Projection } from './projection';
import type { RunnerHost } from './projection-runner';
import { ProjectionStatuses, type ProjectionOverview, type ProjectionStatus, type RebuildHistoryEntry } from './projection-status';
import { Supervisor } from './supervisor';
import { Waiters, type WaitResult, type WaitScope } from './waiters';

/**
 * Runs every registered projection (ADRs 0014–0017): feature modules call `register` in onModuleInit
 * and the ProjectionsModule starts the engine on bootstrap. This file wires the parts, each in a file
 * of its own: the generations of each projection's tables and their swaps (`generations.ts`), which
 * runners this process keeps (`supervisor.ts`), a runner applying a generation in batches
 * (`projection-runner.ts`), the inline side in the appends' transactions (`inline-projections.ts`),
 * read-your-writes (`waiters.ts`) and what the console reads (`projection-status.ts`).
 */

export interface ProjectionEngineOptions {
  /** Events per transaction. */
  batchSize?: number;
  /** How often each process looks for generations it could run (another process died, a rebuild started elsewhere). */
  superviseIntervalMs?: number;
  log?: RunnerHost['log'];
  /**
   * Projections with `lifecycle: 'inline'` go into the append transactions once caught up, where the
   * store allows it (ADR 0240). Default true; false keeps every projection asynchronous.
   */
  inline?: boolean;
  /**
   * Once a runner has caught up, the least time between two reads of the log (ADR 0261): under load
   * an asynchronous projection applies what came meanwhile in one batch. Default 200 ms (ADR 0272; an
   * erasure waits for the runners, ADR 0274); 0 reads on every wake-up. The first event after a quiet
   * spell is read at once either way.
   */
  liveReadIntervalMs?: number;
  /** Most documents a replay keeps in memory before it writes them (document-memory.ts; tests lower it). */
  replayDocumentsMax?: number;
}

/**
 * Most events one transaction applies, and the size of a catching-up reader's pages. Live batches
 * stay small (a batch takes only what is already read); catching up or rebuilding, bigger batches
 * let a projection touch each member's state once for many events, and replaying readers drifting
 * apart by a few pages still share them (ADR 0279: 40,000 rather than 20,000).
 */
const DEFAULT_BATCH_SIZE = 40_000;
/** See ProjectionEngineOptions.liveReadIntervalMs. */
const DEFAULT_LIVE_READ_INTERVAL_MS = 200;
/** See ProjectionEngineOptions.superviseIntervalMs. */
const DEFAULT_SUPERVISE_INTERVAL_MS = 5000;

export class ProjectionEngine {
  private readonly projections = new Map<string, Projection>();
  /** Bumped by every local batch committed and every swap: wakes the waiters. */
  private readonly progress = new WakeSignal();
  private readonly locks: AdvisoryLocks;
  private readonly host: RunnerHost;
  private readonly generations: Generations;
  private readonly supervisor: Supervisor;
  private readonly waiters: Waiters;
  private readonly statuses: ProjectionStatuses;
  /** Set when the store runs inline projections (ADR 0240). */
  private inline?: InlineSwitch;
  private started = false;

  constructor(
    pool: Pool,
    private readonly store: EventStore,
    private readonly options: ProjectionEngineOptions = {},
  ) {
    const log = options.log ?? { error: (message, details) => console.error(message, details), info: () => undefined };
    this.locks = new AdvisoryLocks(pool, () => this.supervisor.locksLost());
    this.generations = new Generations(pool, store, log);
    this.host = {
      pool,
      store,
      locks: this.locks,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      liveReadIntervalMs: options.liveReadIntervalMs ?? DEFAULT_LIVE_READ_INTERVAL_MS,
      log,
      progressed: () => this.progress.bump(),
      tryActivate: (runner) => this.tryActivate(runner.projection, runner.generation),
      completeIndexes: (runner) => this.generations.completeIndexes(runner.projection, runner.generation),
      completePrimaryKeys: (runner) => this.generations.completeIndexes(runner.projection, runner.generation, undefined, 'primary-keys'),
      keysBuilt: (runner) => this.generations.keysBuilt(runner.projection, runner.generation),
      replayDocumentsMax: options.replayDocumentsMax,
      goInline: (runner) => this.goInline(runner.projection, runner.generation),
    };
    this.supervisor = new Supervisor(pool, this.projections, this.host);
    this.waiters = new Waiters(
      pool,
      store,
      () => this.registered(),
      this.progress,
      (name) => this.supervisor.runsLocally(name),
    );
    this.statuses = new ProjectionStatuses(
      pool,
      store,
      () => this.registered(),
      (name, generation) => this.supervisor.runner(name, generation),
    );
  }

  register(projection: Projection): void {
    if (!PROJECTION_NAME.test(projection.name)) throw new Error(`Invalid projection name: ${projection.name}`);
    if (this.projections.has(projection.name)) throw new Error(`Projection ${projection.name} is registered twice`);
    if (this.started) throw new Error(`Projection ${projection.name} registered after the engine started`);
    this.projections.set(projection.name, projection);
    // From the first inline projection on, every append of this store carries them (ADR 0240): an
    // append made before the engine starts must not skip a generation already inline.
    if (projection.lifecycle === 'inline' && this.options.inline !== false && !this.inline) {
      const support = this.store.usePreCommitHook(new InlineProjections(this.projections));
      if (support) this.inline = new InlineSwitch(this.store, support, this.generations, this.host.log);
    }
  }

  registered(): Projection[] {
    return [...this.projections.values()];
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const projection of this.projections.values()) await this.generations.prepare(projection);
    await this.supervisor.start(this.options.superviseIntervalMs ?? DEFAULT_SUPERVISE_INTERVAL_MS);
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.supervisor.stop();
    await this.locks.close();
  }

  /** Waits until the projections of `scope` have reached `position` (read-your-writes, waiters.ts). */
  waitFor(position: string, scope: WaitScope, timeoutMs: number): Promise<WaitResult> {
    return this.waiters.waitFor(position, scope, timeoutMs);
  }

  /**
   * Starts rebuilding one projection (or all): replay into new tables while the current ones keep serving.
   * `requestedBy` goes into the rebuild history (projection_rebuilds).
   */
  async rebuild(name: string, options: { requestedBy?: string } = {}): Promise<number[]> {
    const targets = name === 'all' ? this.registered() : [this.projections.get(name)].filter((p): p is Projection => p !== undefined);
    if (targets.length === 0) throw new Error(`Unknown projection: ${name}`);
    const generations: number[] = [];
    for (const projection of targets) generations.push(await this.generations.rebuild(projection, options.requestedBy));
    await this.supervisor.supervise();
    return generations;
  }

  /** Rebuilds every registered projection; answers the new generation of each. */
  async rebuildAll(options: { requestedBy?: string } = {}): Promise<Array<{ name: string; generation: number }>> {
    const names = this.registered().map((projection) => projection.name);
    const generations = await this.rebuild('all', options);
    return names.map((name, index) => ({ name, generation: generations[index] }));
  }

  overview(options: { lagCountLimit?: number } = {}): Promise<ProjectionOverview[]> {
    return this.statuses.overview(options);
  }

  rebuildHistory(limit = 50): Promise<RebuildHistoryEntry[]> {
    return this.statuses.rebuildHistory(limit);
  }

  waitUntilActive(name: string, generation: number, timeoutMs: number, onProgress?: (status: ProjectionStatus) => void): Promise<boolean> {
    return this.statuses.waitUntilActive(name, generation, timeoutMs, onProgress);
  }

  status(options: { withTotals?: boolean } = {}): Promise<ProjectionStatus[]> {
    return this.statuses.status(options);
  }

  readiness(): Promise<{ ok: boolean; details: Record<string, unknown> }> {
    return this.statuses.readiness();
  }

  /** Swaps a caught-up building generation in, then stops its predecessor's runner and drops its tables. */
  private async tryActivate(projection: Projection, generation: number): Promise<boolean> {
    const inline = this.inline;
    const guard =
      inline && projection.lifecycle === 'inline' ? (client: Parameters<InlineSwitch['holdAppends']>[0]) => inline.holdAppends(client, projection) : undefined;
    const retired = await this.generations.tryActivate(projection, generation, guard);
    if (retired === undefined) return false;
    this.host.log.info('Projection rebuilt and switched', { projection: projection.name, generation, retired: retired ?? undefined });
    if (retired !== null) {
      await this.supervisor.retire(projection.name, retired);
      await this.generations.dropTables(projection, retired);
    }
    this.progress.bump();
    return true;
  }

  /** A caught-up active generation moves into the append transactions, where the store allows it (ADR 0240). */
  private async goInline(projection: Projection, generation: number): Promise<boolean> {
    if (!this.inline || !(await this.inline.goInline(projection, generation))) return false;
    this.progress.bump();
    return true;
  }
}
