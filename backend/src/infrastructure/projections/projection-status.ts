import type { Pool } from 'pg';
import type { EventStore } from '../event-store/event-store.port';
import { LruCache } from '../lru-cache';
import type { GenerationRow } from './generations';
import type { Projection } from './projection';
import type { ProjectionFailureInfo, ProjectionRunner, RunnerState } from './projection-runner';

/**
 * What the staff console, the readiness probe and the rebuild script read about the projections: each
 * one's state and checkpoint, a rebuild's progress, the lag behind the log and the rebuild history. It
 * reads `projection_generations` and the runners of this process; it changes nothing.
 */

/** How long one count of a rebuild's events serves its progress: counting scans the log, and its readers poll every half second. */
const REBUILD_TOTAL_MAX_AGE_MS = 5_000;
/** How often `waitUntilActive` looks: the rebuild script shows its progress at this pace. */
const ACTIVE_POLL_MS = 500;

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

export class ProjectionStatuses {
  /** By projection and generation; a few projections rebuild at a time. */
  private readonly rebuildTotals = new LruCache<string, number | undefined>({ maxEntries: 64, ttlMs: REBUILD_TOTAL_MAX_AGE_MS });

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly registered: () => Projection[],
    private readonly runner: (name: string, generation: number) => ProjectionRunner | undefined,
  ) {}

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
      const rows = result.rows.filter((row) => row.name === projection.name);
      const active = rows.find((row) => row.status === 'active');
      const building = rows.find((row) => row.status === 'building');
      const runner = active ? this.runner(projection.name, active.generation) : undefined;
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
        rebuild: building ? progressOf(building, totals.get(projection.name)) : undefined,
      };
    });
  }

  /**
   * The staff console's view: status() plus the lag of each active generation behind the head of the
   * log (in events of the types it handles, counted up to `lagCountLimit`, and in seconds since the
   * oldest of them was stored).
   */
  async overview(options: { lagCountLimit?: number } = {}): Promise<ProjectionOverview[]> {
    const limit = options.lagCountLimit ?? 1000;
    const overview: ProjectionOverview[] = [];
    for (const status of await this.status()) {
      const projection = this.registered().find((candidate) => candidate.name === status.name)!;
      const pending =
        status.generation === undefined || status.state === 'inline'
          ? []
          : await this.store.readAll({ after: status.position, maxCount: limit + 1, eventTypes: projection.eventTypes });
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
      await new Promise((resolve) => setTimeout(resolve, ACTIVE_POLL_MS));
    }
    return false;
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

  /** How many events a rebuild replays, for its progress: one count serves every caller for a few seconds. */
  private async rebuildTotal(projection: Projection, generation: number): Promise<number | undefined> {
    const key = `${projection.name}#${generation}`;
    const cached = this.rebuildTotals.get(key);
    if (cached !== undefined) return cached;
    const total = await this.store.countEvents(projection.eventTypes);
    this.rebuildTotals.set(key, total);
    return total;
  }
}

function progressOf(row: GenerationRow, total: number | undefined): RebuildProgress {
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
