import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/bootstrap';
import { LocalSigningKeys } from '../src/infrastructure/auth/local-signing-keys';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { ProgressReadModel } from '../src/modules/progress/progress.read-model';
import type { LoadRequest, LoadResult } from './members-load';
import { benchDatabase, figure, freePort, load, note, seededCatalogue } from './bench-kit';
import { createCrudTables, startCrud } from './crud-baseline';
import { writeHistories } from './members-seed';
import { samplePromotions } from './heap-profile';
import { databaseCpuMs, GcPauses, type GcPause } from './stall-watch';

/**
 * `npm run bench:members` (docs/performance.md). Starts its own embedded PostgreSQL
 * and the whole application on it, writes BENCH_MEMBERS × BENCH_EVENTS_PER_MEMBER
 * realistic member events (profile, onboarding, enrolments and their lifecycle,
 * plan, standalone and running workouts, interleaved in time across members)
 * straight into the event store's tables, times the replay and a rebuild of the
 * progress read models, then drives `GET /api/progress/stats` with autocannon
 * (in a child process, so the load generator does not share the server's event loop)
 * at BENCH_RATE requests/s for BENCH_SECONDS, rotating over BENCH_TOKENS members.
 * Figures go to stdout, one `name=value` per line, the last one being
 * `rebuild_1m_s=S stats_p99_ms=P`; progress goes to stderr.
 *
 * Quick run: BENCH_MEMBERS=500 BENCH_SECONDS=5 npm run bench:members
 */

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const EVENTS_PER_MEMBER = Number(process.env.BENCH_EVENTS_PER_MEMBER ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 1000);
const PROGRESS_PROJECTIONS = ['progress_records', 'member_progress'];
/** Which projections the timed rebuild replays (diagnostics: one at a time); both by default. */
const REBUILT = (process.env.BENCH_REBUILD ?? PROGRESS_PROJECTIONS.join(',')).split(',');
/** A file to write the CPU profile of the application during the rebuild to (Chrome DevTools format). */
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
/** `paced` (default, as `bench:load`) or `autocannon` (bursts at the top of every second: the earlier figures). */
const CLIENT = process.env.BENCH_CLIENT === 'autocannon' ? 'autocannon' : 'paced';
/** Unmeasured requests to each server before its measured run (JIT, caches, pool connections). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

/** Profiles this process's CPU while `work` runs, when BENCH_CPU_PROFILE names a file. */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  if (!CPU_PROFILE) return work();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    await writeFile(CPU_PROFILE, JSON.stringify(profile));
    session.disconnect();
  }
}

function runLoad(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // A 64 MB old generation from the start: the generator's own full GCs would count in the latencies (see load.bench.ts).
    const child = fork(path.join(__dirname, 'members-load.js'), [], {
      execArgv: [...process.execArgv, '--initial-old-space-size=64'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve(message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`The load generator exited with ${code}`))));
    child.send(request);
  });
}

async function main(): Promise<void> {
  const db = await benchDatabase('members');
  const { config, pool } = db;
  try {
    const catalogue = await seededCatalogue(config);

    note(`writing ${MEMBERS} members × ${EVENTS_PER_MEMBER} events`);
    const writeStarted = performance.now();
    const { total, byType } = await writeHistories(pool, catalogue, MEMBERS, EVENTS_PER_MEMBER, note);
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    await pool.query('VACUUM ANALYZE event_store_events');
    note(`mix: ${JSON.stringify(byType)}`);

    // The second start finds the read models empty and fills them from the log.
    const replayStarted = performance.now();
    const app = await createApp(config);
    await app.init();
    const engine = app.get(ProjectionEngine);
    const head = (await app.get(EventStore).headPosition())!;
    const replayed = await engine.waitFor(head, { projections: PROGRESS_PROJECTIONS }, 1_800_000);
    if (!replayed.reached) throw new Error(`The initial replay did not finish: ${replayed.pending.join(', ')}`);
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    note(`initial replay ${replaySeconds.toFixed(1)} s; load average ${load()}`);
    // The rest of the read models (the staff log, challenges, enrolments…) replay the same log: the timed
    // rebuild starts once they are done, so that it does not share the machine with their catch-up.
    const settled = await engine.waitFor(head, { projections: engine.registered().map((projection) => projection.name) }, 1_800_000);
    if (!settled.reached) throw new Error(`The other projections did not catch up: ${settled.pending.join(', ')}`);
    await pool.query('CHECKPOINT');
    note(`every projection caught up ${((performance.now() - replayStarted) / 1000).toFixed(1)} s after the start; load average ${load()}`);

    note('rebuilding progress_records and member_progress into new generations while the live ones serve');
    const loadBeforeRebuild = load();
    const rebuildCpu = process.cpuUsage();
    const rebuildPgCpuMs = databaseCpuMs(db.dataDir);
    const rebuildStarted = performance.now();
    // The garbage collector's pauses during the rebuild, by kind (young-generation scavenges, full mark-compacts).
    const gcPauses = new GcPauses();
    gcPauses.on = true;
    // BENCH_HEAP_PROFILE=1|all (needs --expose-gc): what the rebuild promotes, sampled a few seconds into it.
    const promotions = process.env.BENCH_HEAP_PROFILE
      ? new Promise<void>((resolve) => setTimeout(resolve, Number(process.env.BENCH_HEAP_PROFILE_AT_MS ?? 5000))).then(() =>
          samplePromotions(process.env.BENCH_HEAP_PROFILE === 'all'),
        )
      : undefined;
    await profiled(async () => {
      const generations = await Promise.all(REBUILT.map(async (name) => [name, (await engine.rebuild(name))[0]!] as const));
      for (const [name, generation] of generations) {
        if (!(await engine.waitUntilActive(name, generation, 1_800_000))) throw new Error(`The rebuild of ${name} did not finish`);
      }
    });
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    if (promotions) note(`what the rebuild promoted into the old generation:\n${await promotions}`);
    gcPauses.close();
    const gcMs = (kind: GcPause['kind']) => gcPauses.pauses.filter((pause) => pause.kind === kind).reduce((sum, pause) => sum + pause.ms, 0);
    const rebuildNodeCpu = process.cpuUsage(rebuildCpu);
    const rebuildPgCpuAfterMs = databaseCpuMs(db.dataDir);
    const loadAfterRebuild = load();
    const sizes = await pool.query<{ table: string; rows: string }>(
      `SELECT 'progress_records' AS table, count(*) AS rows FROM progress_records
       UNION ALL SELECT 'member_active_days', count(*) FROM member_active_days
       UNION ALL SELECT 'member_achievements', count(*) FROM member_achievements`,
    );

    const port = await freePort();
    await app.listen(port, '127.0.0.1');
    const keys = app.get(LocalSigningKeys);
    const members = await pool.query<{ user_id: string }>(`SELECT user_id FROM member_progress_totals ORDER BY random() LIMIT $1`, [TOKENS]);
    const tokens = await Promise.all(
      members.rows.map(
        async ({ user_id: userId }) =>
          `Bearer ${await keys.sign({ sub: userId, email: `socio-${userId.slice(0, 8)}@example.com`, first_name: 'Ana', last_name: 'Martínez' })}`,
      ),
    );
    // The read model alone, in this process, one call after the other: what the stats handler's queries cost.
    const readModel = app.get(ProgressReadModel);
    const handlerTimes: number[] = [];
    for (const { user_id: userId } of members.rows.slice(0, 300)) {
      const started = performance.now();
      await readModel.statsFor(userId);
      handlerTimes.push(performance.now() - started);
    }
    handlerTimes.sort((a, b) => a - b);
    const handlerPercentile = (p: number) =>
      handlerTimes.length ? handlerTimes[Math.min(handlerTimes.length - 1, Math.ceil((p / 100) * handlerTimes.length) - 1)]! : 0;
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT local_date, workouts FROM member_active_days WHERE user_id = $1 AND local_date <= CURRENT_DATE ORDER BY local_date`,
      [members.rows[0]?.user_id ?? ''],
    );
    note(`plan of the active days of one member:\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
    note(`GET /api/progress/stats at ${RATE} req/s for ${SECONDS} s over ${tokens.length} members; load average ${load()}`);
    const loadBeforeStats = load();
    const statsCpu = process.cpuUsage();
    if (WARMUP_SECONDS > 0) await runLoad({ url: `http://127.0.0.1:${port}/api/progress/stats`, tokens, rate: RATE, seconds: WARMUP_SECONDS, client: CLIENT });
    const result = await runLoad({ url: `http://127.0.0.1:${port}/api/progress/stats`, tokens, rate: RATE, seconds: SECONDS, client: CLIENT });
    const statsNodeCpu = process.cpuUsage(statsCpu);
    const loadAfterStats = load();
    // The same stats route of the plain CRUD baseline (aggregate SQL at read time, bench/crud-baseline.ts),
    // same tokens, same rate, same data, its own process; BENCH_CRUD=0 leaves it out.
    let crudResult: LoadResult | undefined;
    if (process.env.BENCH_CRUD !== '0') {
      await createCrudTables(pool);
      const crud = await startCrud(db.url, (await keys.jwks()).keys[0]!, await freePort());
      note(`CRUD baseline: GET /api/progress/stats at ${RATE} req/s for ${SECONDS} s; load average ${load()}`);
      if (WARMUP_SECONDS > 0)
        await runLoad({ url: `http://127.0.0.1:${crud.port}/api/progress/stats`, tokens, rate: RATE, seconds: WARMUP_SECONDS, client: CLIENT });
      crudResult = await runLoad({ url: `http://127.0.0.1:${crud.port}/api/progress/stats`, tokens, rate: RATE, seconds: SECONDS, client: CLIENT });
      await crud.stop();
    }
    await app.close();

    figure('members', MEMBERS);
    figure('events', total);
    for (const [type, count] of Object.entries(byType).sort()) figure(`events_${type}`, count);
    figure('bulk_write_s', writeSeconds.toFixed(1));
    figure('initial_replay_s', replaySeconds.toFixed(1));
    figure('rebuilt', REBUILT.join('+'));
    figure('rebuild_s', rebuildSeconds.toFixed(1));
    figure('rebuild_events_per_s', Math.round(total / rebuildSeconds));
    // CPU of this Node process (the application) during the rebuild; the rest of the wall time is PostgreSQL and the machine's other work.
    figure('rebuild_node_cpu_s', ((rebuildNodeCpu.user + rebuildNodeCpu.system) / 1e6).toFixed(1));
    // PostgreSQL's CPU in the same interval: with the application's, what the rebuild costs whatever the machine's load.
    if (rebuildPgCpuMs !== undefined && rebuildPgCpuAfterMs !== undefined)
      figure('rebuild_pg_cpu_s', ((rebuildPgCpuAfterMs - rebuildPgCpuMs) / 1000).toFixed(1));
    figure('rebuild_gc_scavenge_ms', Math.round(gcMs('scavenge')));
    figure('rebuild_gc_mark_compact_ms', Math.round(gcPauses.pauses.reduce((sum, pause) => sum + pause.ms, 0) - gcMs('scavenge')));
    for (const row of sizes.rows) figure(`rows_${row.table}`, row.rows);
    figure('load_avg_rebuild_before', loadBeforeRebuild);
    figure('load_avg_rebuild_after', loadAfterRebuild);
    figure('stats_requests', result.requests);
    figure('stats_non_2xx', result.non2xx);
    figure('stats_errors', result.errors);
    figure('stats_req_per_s', result.rate.toFixed(1));
    figure('stats_p50_ms', result.p50);
    figure('stats_p90_ms', result.p90);
    figure('stats_p99_ms', result.p99);
    figure('stats_max_ms', result.max);
    figure('stats_read_model_p50_ms', handlerPercentile(50).toFixed(2));
    figure('stats_read_model_p99_ms', handlerPercentile(99).toFixed(2));
    figure('stats_server_cpu_ms_per_request', ((statsNodeCpu.user + statsNodeCpu.system) / 1000 / Math.max(result.requests, 1)).toFixed(2));
    figure('load_avg_stats_before', loadBeforeStats);
    figure('load_avg_stats_after', loadAfterStats);
    let ratio = '';
    if (crudResult) {
      figure('crud_stats_requests', crudResult.requests);
      figure('crud_stats_non_2xx', crudResult.non2xx);
      figure('crud_stats_errors', crudResult.errors);
      figure('crud_stats_p50_ms', crudResult.p50);
      figure('crud_stats_p99_ms', crudResult.p99);
      ratio = ` stats_p99_ratio_vs_crud=${crudResult.p99 > 0 ? (result.p99 / crudResult.p99).toFixed(2) : 'n/a'}`;
    }
    figure('client', CLIENT);
    figure('cpus', os.cpus().length);
    process.stdout.write(`rebuild_1m_s=${rebuildSeconds.toFixed(1)} stats_p99_ms=${result.p99}${ratio}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
