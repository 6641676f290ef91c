import type { Pool } from 'pg';
import type { GenerationRow } from './generations';
import type { Projection } from './projection';
import { ProjectionRunner, type RunnerHost } from './projection-runner';

/**
 * Which runners this process keeps (ADR 0014): one per generation that is active or being rebuilt,
 * at the projection's current version, unless the appends apply it (an inline generation, ADR 0240).
 * Each runner takes its generation's advisory lock or stands by, so at most one process applies a
 * generation; every process looks again now and then, in case another one died or a rebuild started
 * elsewhere.
 */
export class Supervisor {
  private readonly runners = new Map<string, ProjectionRunner>();
  private timer?: NodeJS.Timeout;
  private supervising?: Promise<void>;
  private running = false;

  constructor(
    private readonly pool: Pool,
    private readonly projections: ReadonlyMap<string, Projection>,
    private readonly host: RunnerHost,
  ) {}

  start(intervalMs: number): Promise<void> {
    this.running = true;
    this.timer = setInterval(() => void this.supervise(), intervalMs);
    this.timer.unref();
    return this.supervise();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.running = false;
    await this.supervising;
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
    this.runners.clear();
  }

  /** Makes sure this process runs (or stands by for) every generation that should be running. */
  supervise(): Promise<void> {
    this.supervising ??= this.superviseOnce()
      .catch((error: unknown) => this.host.log.error('Projection supervisor failed', { error: String(error) }))
      .finally(() => {
        this.supervising = undefined;
      });
    return this.supervising;
  }

  /** This process's runner of a generation, if it has one. */
  runner(name: string, generation: number): ProjectionRunner | undefined {
    return this.runners.get(key(name, generation));
  }

  /** A runner of this process applies the projection's active generation, so its commits wake the waiters' watcher. */
  runsLocally(name: string): boolean {
    for (const runner of this.runners.values()) {
      if (runner.projection.name === name && runner.state === 'running' && !runner.building) return true;
    }
    return false;
  }

  /** Stops the runner of a generation that retired. */
  async retire(name: string, generation: number): Promise<void> {
    await this.runners.get(key(name, generation))?.stop();
    this.runners.delete(key(name, generation));
  }

  /** The lock connection was lost: every runner stops, and the next look starts them again. */
  locksLost(): void {
    this.host.log.error('Lost the projection lock connection; stopping runners until it is back', {});
    const runners = [...this.runners.values()];
    this.runners.clear();
    void Promise.all(runners.map((runner) => runner.stop())).then(() => this.supervise());
  }

  private async superviseOnce(): Promise<void> {
    if (!this.running || this.projections.size === 0) return;
    const result = await this.pool.query<GenerationRow>(`SELECT * FROM projection_generations WHERE name = ANY ($1)`, [[...this.projections.keys()]]);
    for (const row of result.rows) {
      const projection = this.projections.get(row.name)!;
      const runner = this.runners.get(key(row.name, row.generation));
      // An inline generation is applied by the appends themselves (ADR 0240).
      const shouldRun = row.status !== 'retired' && row.version === projection.version && !row.inline;
      if (!shouldRun) {
        if (runner) {
          this.runners.delete(key(row.name, row.generation));
          await runner.stop();
        }
        continue;
      }
      if (runner?.active) continue;
      if (!this.running) return;
      const fresh = new ProjectionRunner(this.host, projection, row.generation);
      this.runners.set(key(row.name, row.generation), fresh);
      void fresh.start();
    }
  }
}

function key(name: string, generation: number): string {
  return `${name}#${generation}`;
}
