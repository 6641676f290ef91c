import { availableParallelism } from 'node:os';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { EventStore, InlineSupport } from '../event-store/event-store.port';
import { WakeSignal } from '../event-store/wake-signal';
import { AdvisoryLocks } from './advisory-locks';
import { INLINE_LOCK_SQL, InlineProjections, projectionContext, runWrites } from './inline-projections';
import { transactionStatements } from '../database/transaction-statements';
import { deferrableIndexName, deferredPrimaryKey, physicalTable, Projection, PROJECTION_NAME } from './projection';
import { ProjectionFailureInfo, ProjectionRunner, RunnerHost, RunnerState } from './projection-runner';

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
   * an asynchronous projection applies what came meanwhile in one batch. Default 200 ms (ADR 0272; an erasure waits for the runners, ADR 0274); 0 reads on
   * every wake-up. The first event after a quiet spell is read at once either way.
   */
  liveReadIntervalMs?: number;
}

interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'active' | 'retired';
  position: string | null;
  inline: boolean;
  processed: string;
  total_at_start: string | null;
  last_error: ProjectionFailureInfo | null;
  started_at: Date;
  activated_at: Date | null;
  updated_at: Date;
}

export interface RebuildProgress {
  generation: number;
  processed: number;
  total: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
  startedAt: string;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  generation?: number;
  /** running, standby (another process runs it), failed, stopped, or stale (its code version changed: a rebuild is filling the new one). */
  state: RunnerState | 'stale' | 'missing';
  position?: string;
  error?: ProjectionFailureInfo;
  rebuild?: RebuildProgress;
}

export interface ProjectionOverview extends ProjectionStatus {
  eventTypes: string[];
  /** Events of its types after its checkpoint, counted up to a limit (`lagAtLeast` when there are more). */
  lagEvents: number;
  lagAtLeast: boolean;
  /** Age of the oldest event it has not processed yet; 0 when caught up. */
  lagSeconds: number;
}

export interface RebuildHistoryEntry {
  name: string;
  generation: number;
  requestedBy: string | null;
  requestedAt: string;
  /** completed: swapped in; running: still replaying; superseded: a later rebuild or new code replaced it first. */
  outcome: 'completed' | 'running' | 'superseded';
  processed: number;
  finishedAt: string | null;
  durationSeconds: number | null;
}

/** Events an inline switch reads per page of the log's tail. */
const INLINE_TAIL_PAGE = 5000;
/** Most events of its types a generation may be behind when it switches to inline (applied under the exclusive lock). */
export const INLINE_SWITCH_MAX_BEHIND = 500;
/** How long an inline switch waits, holding appends, for committed events to come within readers' reach. */
const INLINE_HELD_BACK_WAIT_MS = 200;

export interface WaitResult {
  reached: boolean;
  /** Projections that had not reached the position when the wait ended. */
  pending: string[];
}

/** An inline generation's place in the positions the waiters compare. */
const INLINE = 'inline';
const ADMIN_LOCK = (name: string) => `pulso-projection-admin:${name}`;
/** How often the waiters' watcher looks when a projection waited on runs in another process. */
const POLL_MS = 25;
/** Its look when every projection waited on runs here (their commits wake it): in case a runner stopped. */
const SAFETY_RECHECK_MS = 250;

interface PositionWaiter {
  names: readonly string[];
  /** Resolves the wait if the positions reach it. */
  check(positions: ReadonlyMap<string, string | undefined>): void;
}

/**
 * Most events one transaction applies, and the size of a catching-up reader's pages. Live batches
 * stay small (a batch takes only what is already read); catching up or rebuilding, bigger batches
 * let a projection touch each member's state once for many events, and replaying readers drifting
 * apart by a few pages still share them (ADR 0279: 40,000 rather than 20,000).
 */
const DEFAULT_BATCH_SIZE = 40_000;
/** Deferred indexes built at once, each on its own connection (ADR 0275): one per core, PostgreSQL's parallel workers aside. */
const INDEX_BUILDS_SIDE_BY_SIDE = Math.max(1, Math.min(4, availableParallelism()));
/** See ProjectionEngineOptions.liveReadIntervalMs. */
const DEFAULT_LIVE_READ_INTERVAL_MS = 200;
/** How long one count of a rebuild's events serves its progress (see rebuildTotal). */
const REBUILD_TOTAL_MAX_AGE_MS = 5_000;

/**
 * Runs every registered projection (ADR 0014–0017): one runner per generation
 * that is active or being rebuilt, at most one per generation across processes,
 * rebuilds into fresh tables with an atomic view swap, and waits for
 * read-your-writes. Feature modules call `register` in onModuleInit; the
 * ProjectionsModule starts the engine on bootstrap.
 */
export class ProjectionEngine {
  private readonly projections = new Map<string, Projection>();
  private readonly runners = new Map<string, ProjectionRunner>();
  private readonly rebuildTotals = new Map<string, { generation: number; total: number | undefined; at: number }>();
  private readonly progress = new WakeSignal();
  private readonly locks: AdvisoryLocks;
  private readonly host: RunnerHost;
  private supervisor?: NodeJS.Timeout;
  private supervising?: Promise<void>;
  private started = false;
  private readonly waiting = new Set<PositionWaiter>();
  private watching = false;
  private watchSleep?: AbortController;
  /** Highest active checkpoint seen per projection: they never move back. */
  private readonly seenPositions = new Map<string, string>();
  /** Set when the store runs inline projections (ADR 0240). */
  private inlineSupport?: InlineSupport;

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly options: ProjectionEngineOptions = {},
  ) {
    this.locks = new AdvisoryLocks(pool, () => this.onLocksLost());
    this.host = {
      pool,
      store,
      locks: this.locks,
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      liveReadIntervalMs: options.liveReadIntervalMs ?? DEFAULT_LIVE_READ_INTERVAL_MS,
      log: options.log ?? { error: (message, details) => console.error(message, details), info: () => undefined },
      progressed: () => this.progress.bump(),
      tryActivate: (runner) => this.tryActivate(runner),
      completeIndexes: (runner) => this.completeIndexes(runner.projection, runner.generation),
      completePrimaryKeys: (runner) => this.completeIndexes(runner.projection, runner.generation, undefined, 'primary-keys'),
      goInline: (runner) => this.goInline(runner),
    };
  }

  register(projection: Projection): void {
    if (!PROJECTION_NAME.test(projection.name)) throw new Error(`Invalid projection name: ${projection.name}`);
    if (this.projections.has(projection.name)) throw new Error(`Projection ${projection.name} is registered twice`);
    if (this.started) throw new Error(`Projection ${projection.name} registered after the engine started`);
    this.projections.set(projection.name, projection);
    // From the first inline projection on, every append of this store carries them (ADR 0240): an
    // append made before the engine starts must not skip a generation already inline.
    if (projection.lifecycle === 'inline' && this.options.inline !== false && !this.inlineSupport) {
      this.inlineSupport = this.store.usePreCommitHook(new InlineProjections(this.projections));
    }
  }

  registered(): Projection[] {
    return [...this.projections.values()];
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const projection of this.projections.values()) await this.prepare(projection);
    await this.supervise();
    const interval = this.options.superviseIntervalMs ?? 5000;
    this.supervisor = setInterval(() => void this.supervise(), interval);
    this.supervisor.unref();
  }

  async stop(): Promise<void> {
    if (this.supervisor) clearInterval(this.supervisor);
    this.supervisor = undefined;
    this.started = false;
    await this.supervising;
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
    this.runners.clear();
    await this.locks.close();
  }

  /**
   * Waits until every projection handling one of `eventTypes` (or every one named
   * in `projections`) has a checkpoint at or after `position`. Waiters hold no
   * connection: one shared watcher reads the active checkpoints when a local runner
   * commits a batch (or a generation swaps in), once for all of them (ADR 0095).
   */
  async waitFor(
    position: string,
    scope: { eventTypes?: readonly string[]; projections?: readonly string[]; lifecycle?: 'inline'; written?: readonly string[] },
    timeoutMs: number,
  ): Promise<WaitResult> {
    const names = this.registered()
      .filter((projection) =>
        scope.projections ? scope.projections.includes(projection.name) : (scope.eventTypes ?? []).some((type) => projection.eventTypes.includes(type)),
      )
      .filter((projection) => scope.lifecycle === undefined || projection.lifecycle === scope.lifecycle)
      // Written in the append's own transaction: a generation swapped in later holds it too (tryActivate).
      .filter((projection) => !scope.written?.includes(projection.name))
      .map((projection) => projection.name);
    if (names.length === 0) return { reached: true, pending: [] };
    // An inline generation holds every append committed (ADR 0240): it is reached whatever its checkpoint says.
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
   * The one loop behind every pending `waitFor`: reads the active checkpoints of the
   * projections waited on, hands them to every waiter, then sleeps until a local runner
   * commits. A projection run by another process cannot wake it, so while one is waited
   * on it looks again every POLL_MS; otherwise only every SAFETY_RECHECK_MS.
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

  /**
   * Switches a caught-up active generation into the append transactions (ADR 0240). Under the
   * inline lock taken exclusively no append is open, and none starts; every append committed
   * before is in the log, so once readers can see all of them (bounded wait), the tail after
   * the checkpoint is applied here and the generation is marked inline, in one transaction.
   * From then on each append applies it before it commits. Answers true once it is inline.
   */
  private async goInline(runner: ProjectionRunner): Promise<boolean> {
    const { projection, generation } = runner;
    if (!this.inlineSupport || projection.lifecycle !== 'inline') return false;
    // Close enough to the head that the tail applied while appends wait is at most a page of its events: a
    // writer that never pauses keeps the head moving, so waiting for the checkpoint to equal it could wait forever.
    const behind = await this.store.readAll({ after: await this.positionOf(projection, generation), maxCount: INLINE_SWITCH_MAX_BEHIND + 1, eventTypes: projection.eventTypes });
    if (behind.length > INLINE_SWITCH_MAX_BEHIND) return false;
    // The runner stops once inline: the plain indexes a replay left out (ADR 0097) are built now, before the switch.
    await this.completeIndexes(projection, generation);
    const switched = await this.inTransaction(async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${INLINE_LOCK_SQL})`);
      const deadline = Date.now() + INLINE_HELD_BACK_WAIT_MS;
      while (await this.inlineSupport!.heldBack(projection.eventTypes)) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const row = (
        await client.query<{ status: string; position: string | null; inline: boolean }>(
          'SELECT status, position, inline FROM projection_generations WHERE name = $1 AND generation = $2 FOR UPDATE',
          [projection.name, generation],
        )
      ).rows[0];
      if (!row || row.status !== 'active' || row.inline) return row?.inline === true && row.status === 'active';
      let position = row.position ?? undefined;
      let applied = 0;
      const statements = transactionStatements(client);
      const context = projectionContext(projection, generation, statements.run);
      try {
        for (;;) {
          const tail = await this.store.readAll({ after: position, maxCount: INLINE_TAIL_PAGE, eventTypes: projection.eventTypes });
          if (tail.length > 0) await runWrites(statements.run, await projection.handle(tail, context));
          applied += tail.length;
          position = tail.at(-1)?.position ?? position;
          if (tail.length < INLINE_TAIL_PAGE) break;
        }
      } finally {
        // Nothing the handler issued may run after the commit or the rollback (ADR 0259).
        await statements.close();
      }
      await client.query(
        `UPDATE projection_generations SET inline = true, position = $3, processed = processed + $4, last_error = NULL, updated_at = now()
          WHERE name = $1 AND generation = $2`,
        [projection.name, generation, position ?? null, applied],
      );
      this.host.log.info('Projection now updated with each append', { projection: projection.name, generation, tail: applied });
      return true;
    });
    if (switched) this.progress.bump();
    return switched;
  }

  /** A runner of this process applies the projection's active generation, so its commits wake the watcher. */
  private runsLocally(name: string): boolean {
    for (const runner of this.runners.values()) {
      if (runner.projection.name === name && runner.state === 'running' && !runner.building) return true;
    }
    return false;
  }

  /**
   * Starts rebuilding one projection (or all): replay into new tables while the current ones keep serving.
   * `requestedBy` goes into the rebuild history (projection_rebuilds).
   */
  async rebuild(name: string, options: { requestedBy?: string } = {}): Promise<number[]> {
    const targets = name === 'all' ? this.registered() : [this.projections.get(name)].filter((p): p is Projection => p !== undefined);
    if (targets.length === 0) throw new Error(`Unknown projection: ${name}`);
    const generations: number[] = [];
    for (const projection of targets) {
      generations.push(
        await this.withAdminLock(projection.name, async (client) => {
          // Already rebuilding from the start at this version: asking again joins that rebuild
          // (restarting would drop tables its runner is writing).
          const running = (await this.generations(client, projection.name)).find(
            (row) => row.status === 'building' && row.version === projection.version,
          );
          if (running) return running.generation;
          const generation = await this.createBuilding(client, projection);
          await client.query('INSERT INTO projection_rebuilds (name, generation, requested_by) VALUES ($1, $2, $3)', [
            projection.name,
            generation,
            options.requestedBy ?? null,
          ]);
          return generation;
        }),
      );
    }
    await this.supervise();
    return generations;
  }

  /** Rebuilds every registered projection; answers the new generation of each. */
  async rebuildAll(options: { requestedBy?: string } = {}): Promise<Array<{ name: string; generation: number }>> {
    const names = this.registered().map((projection) => projection.name);
    const generations = await this.rebuild('all', options);
    return names.map((name, index) => ({ name, generation: generations[index] }));
  }

  /**
   * The staff console's view: status() plus the lag of each active generation behind
   * the head of the log (in events of the types it handles, counted up to
   * `lagCountLimit`, and in seconds since the oldest of them was stored).
   */
  async overview(options: { lagCountLimit?: number } = {}): Promise<ProjectionOverview[]> {
    const limit = options.lagCountLimit ?? 1000;
    const statuses = await this.status();
    const overview: ProjectionOverview[] = [];
    for (const status of statuses) {
      const projection = this.projections.get(status.name)!;
      const pending = status.generation === undefined || status.state === 'inline' ? [] : await this.store.readAll({ after: status.position, maxCount: limit + 1, eventTypes: projection.eventTypes });
      const oldest = pending[0]?.metadata.occurredAt;
      overview.push({
        ...status,
        eventTypes: [...projection.eventTypes],
        lagEvents: Math.min(pending.length, limit),
        lagAtLeast: pending.length > limit,
        lagSeconds: oldest ? Math.max(0, Math.round((Date.now() - Date.parse(oldest)) / 1000)) : 0,
      });
    }
    return overview;
  }

  /** Past and running rebuilds, newest first, with who asked and how long each took. */
  async rebuildHistory(limit = 50): Promise<RebuildHistoryEntry[]> {
    const result = await this.pool.query<{
      name: string;
      generation: number;
      requested_by: string | null;
      requested_at: Date;
      status: 'building' | 'active' | 'retired' | null;
      processed: string | null;
      activated_at: Date | null;
    }>(
      `SELECT r.name, r.generation, r.requested_by, r.requested_at, g.status, g.processed::text AS processed, g.activated_at
         FROM projection_rebuilds r LEFT JOIN projection_generations g ON g.name = r.name AND g.generation = r.generation
        ORDER BY r.requested_at DESC, r.id DESC LIMIT $1`,
      [limit],
    );
    return result.rows.map((row) => ({
      name: row.name,
      generation: row.generation,
      requestedBy: row.requested_by,
      requestedAt: row.requested_at.toISOString(),
      outcome: row.activated_at ? 'completed' : row.status === 'building' ? 'running' : 'superseded',
      processed: Number(row.processed ?? 0),
      finishedAt: row.activated_at?.toISOString() ?? null,
      durationSeconds: row.activated_at ? Math.max(0, (row.activated_at.getTime() - row.requested_at.getTime()) / 1000) : null,
    }));
  }

  /** Resolves once the given generation is active (or the timeout passes). */
  async waitUntilActive(name: string, generation: number, timeoutMs: number, onProgress?: (status: ProjectionStatus) => void): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      // The log is counted only for a caller that shows the progress: a count scans the log.
      const status = (await this.status({ withTotals: onProgress !== undefined })).find((entry) => entry.name === name);
      if (status?.generation !== undefined && status.generation >= generation) return true;
      if (status) onProgress?.(status);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return false;
  }

  /** Every registered projection; `withTotals: false` skips counting the log (readiness probes run often). */
  async status(options: { withTotals?: boolean } = {}): Promise<ProjectionStatus[]> {
    const result = await this.pool.query<GenerationRow>(`SELECT * FROM projection_generations WHERE status <> 'retired' ORDER BY name, generation`);
    const withTotals = options.withTotals !== false;
    // Runners read only their projection's event types (ADR 0026), so a rebuild's total counts those types.
    const totals = new Map<string, number | undefined>();
    for (const projection of this.registered()) {
      const building = result.rows.find((row) => row.name === projection.name && row.status === 'building');
      if (withTotals && building) totals.set(projection.name, await this.rebuildTotal(projection, building.generation));
    }
    // An inline generation is at the head of the log by construction (ADR 0240): its checkpoint stays where it went inline.
    const head = result.rows.some((row) => row.status === 'active' && row.inline) ? await this.store.headPosition() : undefined;
    return this.registered().map((projection) => {
      const total = totals.get(projection.name);
      const rows = result.rows.filter((row) => row.name === projection.name);
      const active = rows.find((row) => row.status === 'active');
      const building = rows.find((row) => row.status === 'building');
      const runner = active ? this.runners.get(this.runnerKey(projection.name, active.generation)) : undefined;
      const state: ProjectionStatus['state'] = !active
        ? 'missing'
        : active.version !== projection.version
          ? 'stale'
          : active.last_error
            ? 'failed'
            : active.inline
              ? 'inline'
              : (runner?.state ?? 'standby');
      return {
        name: projection.name,
        version: projection.version,
        generation: active?.generation,
        state,
        position: (active?.inline ? head : undefined) ?? active?.position ?? undefined,
        error: active?.last_error ?? runner?.failure,
        rebuild: building ? this.progressOf(building, total) : undefined,
      };
    });
  }

  /**
   * How many events a rebuild replays, for its progress: counting scans the log (67 ms at a million
   * events), so a count serves every caller for REBUILD_TOTAL_MAX_AGE_MS — the staff console and the
   * rebuild script poll every half second while the rebuild itself needs the database.
   */
  private async rebuildTotal(projection: Projection, generation: number): Promise<number | undefined> {
    const cached = this.rebuildTotals.get(projection.name);
    if (cached && cached.generation === generation && Date.now() - cached.at < REBUILD_TOTAL_MAX_AGE_MS) return cached.total;
    const total = await this.store.countEvents(projection.eventTypes);
    this.rebuildTotals.set(projection.name, { generation, total, at: Date.now() });
    return total;
  }

  /** For /api/health/ready: unready while a projection is stuck on an event. */
  async readiness(): Promise<{ ok: boolean; details: Record<string, unknown> }> {
    const statuses = await this.status({ withTotals: false });
    const failed = statuses.filter((status) => status.state === 'failed' || status.error);
    const details: Record<string, unknown> = {};
    for (const status of statuses) {
      details[status.name] = { state: status.state, position: status.position, ...(status.error ? { error: status.error } : {}) };
    }
    return { ok: failed.length === 0, details };
  }

  private progressOf(row: GenerationRow, total: number | undefined): RebuildProgress {
    const processed = Number(row.processed);
    const seconds = Math.max((row.updated_at.getTime() - row.started_at.getTime()) / 1000, 0.001);
    const eventsPerSecond = processed / seconds;
    const all = Math.max(total ?? Number(row.total_at_start ?? 0), processed);
    return {
      generation: row.generation,
      processed,
      total: all,
      eventsPerSecond: Math.round(eventsPerSecond),
      etaSeconds: eventsPerSecond > 0 ? Math.ceil((all - processed) / eventsPerSecond) : null,
      startedAt: row.started_at.toISOString(),
    };
  }

  private runnerKey(name: string, generation: number): string {
    return `${name}#${generation}`;
  }

  /** First start: a projection without any generation gets generation 1, active at once, filled from the start. */
  private async prepare(projection: Projection): Promise<void> {
    await this.withAdminLock(projection.name, async (client) => {
      const rows = await this.generations(client, projection.name);
      const active = rows.find((row) => row.status === 'active');
      const building = rows.find((row) => row.status === 'building');
      if (!active && !building) {
        // Filled from the start, so its plain indexes wait until it has caught up (ADR 0097).
        await this.createTables(client, projection, 1, await this.hasEventsFor(projection));
        await this.pointViews(client, projection, 1);
        await client.query(
          `INSERT INTO projection_generations (name, generation, version, status, activated_at) VALUES ($1, 1, $2, 'active', now())`,
          [projection.name, projection.version],
        );
        return;
      }
      if (active?.version === projection.version) {
        if (building && building.version !== projection.version) await this.retire(client, projection, building.generation);
        // A first fill cut short (a crash) may have stopped before its deferred indexes: readers use this generation.
        await this.completeIndexes(projection, active.generation, client);
        return;
      }
      // New code for this projection: build its new generation while the old one keeps serving, frozen.
      if (building?.version !== projection.version) await this.createBuilding(client, projection);
    });
  }

  private async retire(client: PoolClient, projection: Projection, generation: number): Promise<void> {
    await client.query(`UPDATE projection_generations SET status = 'retired', retired_at = now() WHERE name = $1 AND generation = $2`, [
      projection.name,
      generation,
    ]);
    await this.dropTables(client, projection, generation);
  }

  private async createBuilding(client: PoolClient, projection: Projection): Promise<number> {
    const rows = await this.generations(client, projection.name);
    const stale = rows.find((row) => row.status === 'building');
    if (stale) await this.retire(client, projection, stale.generation);
    const maxResult = await client.query<{ max: number | null }>('SELECT max(generation) AS max FROM projection_generations WHERE name = $1', [
      projection.name,
    ]);
    const generation = (maxResult.rows[0].max ?? 0) + 1;
    const total = await this.store.countEvents(projection.eventTypes);
    // Its plain indexes are built once the replay has caught up, just before the swap (ADR 0097).
    await this.createTables(client, projection, generation, total !== 0);
    await client.query(
      `INSERT INTO projection_generations (name, generation, version, status, total_at_start) VALUES ($1, $2, $3, 'building', $4)`,
      [projection.name, generation, projection.version, total ?? null],
    );
    return generation;
  }

  /**
   * Swaps a caught-up building generation in: views point at its tables, the old
   * generation retires (its runner is fenced by the checkpoint compare-and-set),
   * all in one transaction; the old tables are dropped after it.
   */
  private async tryActivate(runner: ProjectionRunner): Promise<boolean> {
    const { projection, generation } = runner;
    let head = await this.store.headPosition();
    // Drained at a page boundary is not caught up: the indexes wait for the end of the log.
    if (this.store.comparePositions(await this.positionOf(projection, generation), head) < 0) return false;
    // Before the swap and outside the admin lock: the live generation keeps committing while they build.
    await this.completeIndexes(projection, generation);
    let retired: number | undefined;
    const activated = await this.withAdminLock(projection.name, async (client) => {
      // No inline append is open across the switch (ADR 0240): one that read the old generation as
      // inline would otherwise write into tables about to be dropped, and fail.
      if (this.inlineSupport && projection.lifecycle === 'inline') {
        await client.query(`SELECT pg_advisory_xact_lock(${INLINE_LOCK_SQL})`);
        // An append that committed inline into the old generation just before must be in the new
        // one too, or a member told "consistent" could read the new one without it: the new one
        // must have reached the head as it is now, every committed event within reach.
        if (await this.inlineSupport.heldBack(projection.eventTypes)) return false;
        head = await this.store.headPosition();
      }
      const rows = await this.generations(client, projection.name, true);
      const building = rows.find((row) => row.status === 'building' && row.generation === generation);
      const active = rows.find((row) => row.status === 'active');
      if (!building) return false;
      const position = building.position ?? undefined;
      if (this.store.comparePositions(position, head) < 0) return false;
      if (active && active.version === projection.version && this.store.comparePositions(position, active.position ?? undefined) < 0) return false;
      await this.pointViews(client, projection, generation);
      if (active) {
        await client.query(`UPDATE projection_generations SET status = 'retired', retired_at = now() WHERE name = $1 AND generation = $2`, [
          projection.name,
          active.generation,
        ]);
        retired = active.generation;
      }
      await client.query(`UPDATE projection_generations SET status = 'active', activated_at = now() WHERE name = $1 AND generation = $2`, [
        projection.name,
        generation,
      ]);
      return true;
    });
    if (activated) {
      this.host.log.info('Projection rebuilt and switched', { projection: projection.name, generation, retired });
      if (retired !== undefined) {
        await this.runners.get(this.runnerKey(projection.name, retired))?.stop();
        this.runners.delete(this.runnerKey(projection.name, retired));
        const client = await this.pool.connect();
        try {
          await this.dropTables(client, projection, retired);
        } finally {
          client.release();
        }
      }
      this.progress.bump();
    }
    return activated;
  }

  /** Makes sure this process runs (or stands by for) every generation that should be running. */
  private supervise(): Promise<void> {
    this.supervising ??= this.superviseOnce()
      .catch((error: unknown) => this.host.log.error('Projection supervisor failed', { error: String(error) }))
      .finally(() => {
        this.supervising = undefined;
      });
    return this.supervising;
  }

  private async superviseOnce(): Promise<void> {
    if (!this.started || this.projections.size === 0) return;
    const result = await this.pool.query<GenerationRow>(`SELECT * FROM projection_generations WHERE name = ANY ($1)`, [[...this.projections.keys()]]);
    for (const row of result.rows) {
      const projection = this.projections.get(row.name)!;
      const key = this.runnerKey(row.name, row.generation);
      const runner = this.runners.get(key);
      // An inline generation is applied by the appends themselves (ADR 0240).
      const shouldRun = row.status !== 'retired' && row.version === projection.version && !row.inline;
      if (!shouldRun) {
        if (runner) {
          this.runners.delete(key);
          await runner.stop();
        }
        continue;
      }
      if (runner?.active) continue;
      if (!this.started) return;
      const fresh = new ProjectionRunner(this.host, projection, row.generation);
      this.runners.set(key, fresh);
      void fresh.start();
    }
  }

  private onLocksLost(): void {
    this.host.log.error('Lost the projection lock connection; stopping runners until it is back', {});
    const runners = [...this.runners.values()];
    this.runners.clear();
    void Promise.all(runners.map((runner) => runner.stop())).then(() => this.supervise());
  }

  private withAdminLock<T>(name: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [ADMIN_LOCK(name)]);
      return work(client);
    });
  }

  /** Runs `work` in a transaction of its own connection: committed when it returns, rolled back when it throws. */
  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }


  private async generations(client: PoolClient, name: string, lock = false): Promise<GenerationRow[]> {
    const result = await client.query<GenerationRow>(
      `SELECT * FROM projection_generations WHERE name = $1 AND status <> 'retired' ORDER BY generation ${lock ? 'FOR UPDATE' : ''}`,
      [name],
    );
    return result.rows;
  }

  /** With `deferIndexes`, leaves out the plain secondary indexes: completeIndexes adds them after the replay. */
  private async createTables(client: PoolClient, projection: Projection, generation: number, deferIndexes = false): Promise<void> {
    for (const [table, ddl] of Object.entries(projection.tables)) {
      const physical = physicalTable(table, generation);
      await client.query(`DROP TABLE IF EXISTS ${physical}`);
      for (const statement of ddl(physical)) {
        if (deferIndexes && deferrableIndexName(statement)) continue;
        await client.query(statement);
      }
    }
  }

  private async positionOf(projection: Projection, generation: number): Promise<string | undefined> {
    const result = await this.pool.query<{ position: string | null }>('SELECT position FROM projection_generations WHERE name = $1 AND generation = $2', [
      projection.name,
      generation,
    ]);
    return result.rows[0]?.position ?? undefined;
  }

  /** Whether a first fill has anything to replay (a store that cannot count is assumed to have). */
  private async hasEventsFor(projection: Projection): Promise<boolean> {
    return (await this.store.countEvents(projection.eventTypes)) !== 0;
  }

  /**
   * Creates the deferred indexes of a generation's DDL that do not exist yet (ADR 0097);
   * answers how many. Idempotent, so a replay resumed after a crash still ends with all of them.
   * Without a `client`, they are built side by side, one connection each, up to one per core
   * (ADR 0275): a primary key is built as its unique index, which another index of the same table
   * may build beside (an `ADD PRIMARY KEY` would lock the table), and attached once all are built.
   */
  private async completeIndexes(projection: Projection, generation: number, client?: PoolClient, only?: 'primary-keys'): Promise<number> {
    const deferred: { statement: string; name: string; primaryKey?: { table: string; name: string; columns: string[] } }[] = [];
    for (const [table, ddl] of Object.entries(projection.tables)) {
      for (const statement of ddl(physicalTable(table, generation))) {
        const name = deferrableIndexName(statement);
        const primaryKey = deferredPrimaryKey(statement);
        if (name && (only !== 'primary-keys' || primaryKey)) deferred.push({ statement, name, primaryKey });
      }
    }
    if (deferred.length === 0) return 0;
    const run = <R extends QueryResultRow>(sql: string, params?: unknown[]) => (client ? client.query<R>(sql, params) : this.pool.query<R>(sql, params));
    // A primary key's index may be there without its constraint: built before a crash, not yet attached.
    const present = await run<{ indexed: boolean[]; attached: boolean[] }>(
      `SELECT array_agg(to_regclass(name) IS NOT NULL ORDER BY ord) AS indexed,
              array_agg(EXISTS (SELECT 1 FROM pg_constraint WHERE conname = name AND contype = 'p' AND conrelid = to_regclass(tbl)) ORDER BY ord) AS attached
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(name, tbl, ord)`,
      [deferred.map((index) => index.name), deferred.map((index) => index.primaryKey?.table ?? null)],
    );
    const builds = deferred.filter((_, index) => !present.rows[0].indexed[index]);
    const attachments = deferred.filter((index, position) => index.primaryKey && !present.rows[0].attached[position]);
    if (builds.length === 0 && attachments.length === 0) return 0;
    const started = Date.now();
    const build = async ({ statement, primaryKey }: (typeof deferred)[number]): Promise<void> => {
      const sql = primaryKey ? `CREATE UNIQUE INDEX ${primaryKey.name} ON ${primaryKey.table} (${primaryKey.columns.join(', ')})` : statement;
      try {
        await run(sql);
      } catch (error) {
        if (!primaryKey || (error as { code?: string }).code !== '23505') throw error;
        // A row COPY wrote twice (a log that holds one fact twice): the first one stays, as an
        // ON CONFLICT DO NOTHING would have kept it. Rows only ever appended by COPY lie in the log's order.
        const same = primaryKey.columns.map((column) => `later.${column} = earlier.${column}`).join(' AND ');
        const removed = await run(`DELETE FROM ${primaryKey.table} AS later USING ${primaryKey.table} AS earlier WHERE ${same} AND later.ctid > earlier.ctid`);
        this.host.log.error('Projection rows written twice by a replay were removed before its primary key', {
          projection: projection.name,
          generation,
          table: primaryKey.table,
          rows: removed.rowCount,
        });
        await run(sql);
      }
    };
    await eachSideBySide(builds, client ? 1 : INDEX_BUILDS_SIDE_BY_SIDE, build);
    for (const { primaryKey } of attachments) {
      await run(`ALTER TABLE ${primaryKey!.table} ADD CONSTRAINT ${primaryKey!.name} PRIMARY KEY USING INDEX ${primaryKey!.name}`);
    }
    this.host.log.info('Projection indexes built after the replay', {
      projection: projection.name,
      generation,
      indexes: builds.length,
      seconds: (Date.now() - started) / 1000,
    });
    return builds.length;
  }

  private async dropTables(client: PoolClient, projection: Projection, generation: number): Promise<void> {
    for (const table of Object.keys(projection.tables)) await client.query(`DROP TABLE IF EXISTS ${physicalTable(table, generation)}`);
  }

  private async pointViews(client: PoolClient, projection: Projection, generation: number): Promise<void> {
    for (const table of Object.keys(projection.tables)) {
      await client.query(`DROP VIEW IF EXISTS ${table}`);
      await client.query(`CREATE VIEW ${table} AS SELECT * FROM ${physicalTable(table, generation)}`);
    }
  }
}

/** Runs `work` on every item, at most `width` at a time; the first failure is thrown once all have settled. */
async function eachSideBySide<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  const outcomes = await Promise.allSettled(lanes);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
