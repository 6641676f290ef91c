import { Client } from 'pg';

/**
 * What PostgreSQL was doing while a benchmark ran (diagnostics for `bench:load`'s latency tail):
 * every BENCH_DB_SAMPLE_MS it reads `pg_stat_activity` and tallies, under the label of the slice
 * under way, what each busy backend waited for (`CPU` when it waited for nothing), background
 * work included (autovacuum workers, a checkpoint being written). Around each labelled interval
 * it also reads the checkpointer's and autovacuum's counters, so a stall can be laid at the
 * right door. One connection of its own; nothing it does is timed.
 */
export class DatabaseSampler {
  private readonly client: Client;
  private timer?: NodeJS.Timeout;
  private label?: string;
  private busy = false;
  private readonly tallies = new Map<string, Map<string, number>>();
  private readonly samples = new Map<string, number>();
  private readonly counters = new Map<string, Counters>();
  /** Every sample of the Pulso label with its wall-clock time, to look up what happened during a given request. */
  private readonly timeline: Array<{ at: number; label: string; busy: string[] }> = [];
  private counterStart?: Counters & { perTable: Map<string, number> };

  constructor(
    url: string,
    private readonly everyMs = Number(process.env.BENCH_DB_SAMPLE_MS ?? 20),
  ) {
    // Pipelined: the counters' three reads and a sample may overlap on the one connection.
    this.client = new Client({ connectionString: url, pipeline: true } as ConstructorParameters<typeof Client>[0]);
    this.client.on('error', () => undefined);
  }

  async open(): Promise<void> {
    await this.client.connect();
    this.timer = setInterval(() => void this.sample(), this.everyMs);
  }

  /** Samples from now on count under `label`, until `end()`. */
  async begin(label: string): Promise<void> {
    this.counterStart = await this.readCounters();
    this.label = label;
  }

  async end(): Promise<void> {
    const label = this.label;
    this.label = undefined;
    if (!label || !this.counterStart) return;
    const after = await this.readCounters();
    const sum = this.counters.get(label) ?? {
      checkpoints: 0,
      checkpointWriteMs: 0,
      checkpointSyncMs: 0,
      autovacuums: 0,
      autoanalyzes: 0,
      walBytes: 0,
      tables: new Set(),
    };
    sum.checkpoints += after.checkpoints - this.counterStart.checkpoints;
    sum.checkpointWriteMs += after.checkpointWriteMs - this.counterStart.checkpointWriteMs;
    sum.checkpointSyncMs += after.checkpointSyncMs - this.counterStart.checkpointSyncMs;
    sum.autovacuums += after.autovacuums - this.counterStart.autovacuums;
    sum.autoanalyzes += after.autoanalyzes - this.counterStart.autoanalyzes;
    sum.walBytes += after.walBytes - this.counterStart.walBytes;
    for (const [table, count] of after.perTable) if (count !== this.counterStart.perTable.get(table)) sum.tables.add(table);
    this.counters.set(label, sum);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.client.end().catch(() => undefined);
  }

  /** One line per label: background work and WAL, then the most frequent waits (share of samples with that backend busy so). */
  report(top = 10): string {
    const lines: string[] = [];
    for (const [label, tally] of this.tallies) {
      const samples = this.samples.get(label) ?? 0;
      const counters = this.counters.get(label);
      if (counters) {
        lines.push(
          `${label}: ${samples} samples; checkpoints ${counters.checkpoints} (write ${counters.checkpointWriteMs.toFixed(0)} ms, sync ${counters.checkpointSyncMs.toFixed(0)} ms); ` +
            `autovacuum ${counters.autovacuums}, autoanalyze ${counters.autoanalyzes}${counters.tables.size ? ` (${[...counters.tables].join(', ')})` : ''}; WAL ${(counters.walBytes / 1e6).toFixed(1)} MB`,
        );
      }
      for (const [what, n] of [...tally.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        lines.push(`  ${(n / Math.max(samples, 1)).toFixed(3)} per sample  ${what}`);
      }
    }
    return lines.join('\n');
  }

  /**
   * For each request (when it was due and how long it took), the samples taken while it waited: how
   * many backends were busy and on what, and the largest gap between samples (this process's own stall).
   */
  during(requests: ReadonlyArray<{ dueAt: number; route: string; latency: number }>): string {
    const lines: string[] = [];
    for (const request of requests) {
      const samples = this.timeline.filter((sample) => sample.at >= request.dueAt && sample.at <= request.dueAt + request.latency);
      let gap = 0;
      for (let index = 1; index < samples.length; index += 1) gap = Math.max(gap, samples[index]!.at - samples[index - 1]!.at);
      const tally = new Map<string, number>();
      for (const sample of samples) for (const busy of sample.busy) tally.set(busy, (tally.get(busy) ?? 0) + 1);
      const top = [...tally.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([what, n]) => `${n}× ${what}`);
      lines.push(
        `${new Date(request.dueAt).toISOString().slice(11, 23)} ${request.route} ${request.latency.toFixed(0)} ms: ${samples.length} samples, largest gap ${gap} ms; ` +
          `busy per sample ${(samples.reduce((sum, sample) => sum + sample.busy.length, 0) / Math.max(samples.length, 1)).toFixed(1)}`,
      );
      for (const entry of top) lines.push(`    ${entry}`);
    }
    return lines.join('\n');
  }

  private async sample(): Promise<void> {
    const label = this.label;
    if (!label || this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{ backend_type: string; wait: string; query: string }>(
        `SELECT backend_type, coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait,
                left(regexp_replace(coalesce(query, ''), '\\s+', ' ', 'g'), 48) AS query
           FROM pg_stat_activity
          WHERE pid <> pg_backend_pid()
            AND (state = 'active' OR backend_type IN ('autovacuum worker', 'checkpointer', 'walwriter', 'background writer'))
            AND coalesce(wait_event, '') NOT IN ('CheckpointerMain', 'WalWriterMain', 'BgWriterMain', 'BgWriterHibernate', 'AutoVacuumMain', 'ClientRead')`,
      );
      if (this.label !== label) return;
      const at = Date.now();
      this.samples.set(label, (this.samples.get(label) ?? 0) + 1);
      const tally = this.tallies.get(label) ?? new Map<string, number>();
      for (const row of rows) {
        const what = row.backend_type === 'client backend' ? `${row.wait}  ${row.query}` : `${row.backend_type} ${row.wait}`;
        tally.set(what, (tally.get(what) ?? 0) + 1);
      }
      this.tallies.set(label, tally);
      this.timeline.push({
        at,
        label,
        busy: rows.map((row) => (row.backend_type === 'client backend' ? `${row.wait} ${row.query}` : `${row.backend_type} ${row.wait}`)),
      });
    } catch {
      // A sample lost is a sample lost: diagnostics never fail the benchmark.
    } finally {
      this.busy = false;
    }
  }

  private async readCounters(): Promise<Counters & { perTable: Map<string, number> }> {
    const [checkpointer, tables, wal] = await Promise.all([
      this.client.query<{ n: string; write_ms: number; sync_ms: number }>(
        'SELECT (num_timed + num_requested)::text AS n, write_time AS write_ms, sync_time AS sync_ms FROM pg_stat_checkpointer',
      ),
      this.client.query<{ relname: string; vacuums: string; analyzes: string }>(
        'SELECT relname, autovacuum_count::text AS vacuums, autoanalyze_count::text AS analyzes FROM pg_stat_user_tables',
      ),
      this.client.query<{ bytes: string }>('SELECT wal_bytes::text AS bytes FROM pg_stat_wal'),
    ]);
    const perTable = new Map(tables.rows.map((row) => [row.relname, Number(row.vacuums) * 1000 + Number(row.analyzes)]));
    return {
      checkpoints: Number(checkpointer.rows[0]?.n ?? 0),
      checkpointWriteMs: Number(checkpointer.rows[0]?.write_ms ?? 0),
      checkpointSyncMs: Number(checkpointer.rows[0]?.sync_ms ?? 0),
      autovacuums: tables.rows.reduce((sum, row) => sum + Number(row.vacuums), 0),
      autoanalyzes: tables.rows.reduce((sum, row) => sum + Number(row.analyzes), 0),
      walBytes: Number(wal.rows[0]?.bytes ?? 0),
      tables: new Set(),
      perTable,
    };
  }
}

interface Counters {
  checkpoints: number;
  checkpointWriteMs: number;
  checkpointSyncMs: number;
  autovacuums: number;
  autoanalyzes: number;
  walBytes: number;
  tables: Set<string>;
}
