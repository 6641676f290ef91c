import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { memberScopedId } from '../src/modules/members/member-streams';
import { DatabaseSampler } from './db-sampler';
import { benchDatabase, figure, freePort, load, note, repoRoot, seededCatalogue } from './bench-kit';
import { formatSummary, summarise, type CpuProfile } from './cpu-profile';
import { createCrudTables, startCrud } from './crud-baseline';
import { writeHistories } from './members-seed';
import { startPulsoServer, type SliceOptions } from './pulso-server';
import { ROUTES, type LoadMember, type RouteFigures, type TrafficRequest, type TrafficResult } from './load-traffic';
import { figures } from './traffic-figures';
import { cpuTicks, databaseCpuMs, pausesDuring, stallsDuring, type GcPause, type Stall } from './stall-watch';

/**
 * `npm run bench:load` (docs/performance.md, "Load"). Starts its own embedded PostgreSQL,
 * seeds BENCH_MEMBERS × BENCH_EVENTS_PER_MEMBER member events through the documented bulk path
 * (bench/members-seed.ts), starts the whole application on it in a process of its own with the
 * product's Node.js flags (bench/pulso-server.ts), lets the projections catch up, then drives mixed member traffic with autocannon in a child process at
 * BENCH_RATE requests/s for BENCH_SECONDS: 80 % reads (stats, progress, enrolments,
 * current workout, workout library) and 20 % (BENCH_COMPLETION_SHARE) completions with an
 * Idempotency-Key, BENCH_RETRY_SHARE of them repeating a recent key of the same member, over
 * BENCH_CONNECTIONS connections. A key whose answers were still in flight when the run ended is retried
 * once afterwards, as a member whose answer never came would.
 * Afterwards it checks the ledger: every key answered 200 with `duplicate: false` has
 * exactly one WorkoutCompleted event and one progress record, and nothing else was added.
 * Figures go to stdout, one `name=value` per line, the last one being
 * `p99_ms=X [p99_ratio_vs_crud=… reads_p99_ratio_vs_crud=… completion_p99_ratio_vs_crud=…] completion_p99_ms=C errors=E lost=L duplicated=D rss_mb=M`;
 * progress goes to stderr.
 *
 * Beside it, in the same run and on the same data, the plain CRUD baseline (bench/crud-baseline.ts,
 * its own process too) takes the same traffic: BENCH_SLICES alternating slices each (Pulso, CRUD, Pulso,
 * CRUD…), BENCH_SECONDS in all for each; BENCH_CRUD=0 leaves it out. The ratios compare p99s.
 *
 * The traffic is paced: one request every 1/BENCH_RATE s, open loop, each latency from when its
 * request was due (BENCH_CLIENT=paced, the default). BENCH_CLIENT=autocannon uses autocannon's
 * overallRate instead, which spends each connection's per-second budget at once: bursts at the top
 * of every second, the way the figures before 2026-11-24 22:30 were taken.
 *
 * Quick run: BENCH_MEMBERS=500 BENCH_SECONDS=10 npm run bench:load
 */

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const EVENTS_PER_MEMBER = Number(process.env.BENCH_EVENTS_PER_MEMBER ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RETRY_SHARE = Number(process.env.BENCH_RETRY_SHARE ?? 0.1);
const COMPLETION_SHARE = Number(process.env.BENCH_COMPLETION_SHARE ?? 0.2);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 2));
const WITH_CRUD = process.env.BENCH_CRUD !== '0';
/** How the traffic is sent (bench/load-traffic.ts): `paced` open loop (default) or autocannon's per-second bursts. */
/** Unmeasured traffic to each server before the slices (see the warm-up below). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const CLIENT: 'paced' | 'autocannon' = process.env.BENCH_CLIENT === 'autocannon' ? 'autocannon' : 'paced';

/**
 * BENCH_CPU_PROFILE=1 (or a file path): a CPU profile of Pulso's server process (bench/pulso-server.ts) during
 * Pulso's traffic slices only (not the seed, the replay or the CRUD slices), one profile per slice,
 * written to backend/.bench/load-<time>[-sliceN].cpuprofile (or beside the path given), followed on
 * stderr by the top BENCH_CPU_PROFILE_TOP (15) functions and packages by self time over all slices.
 * The sampling itself costs CPU: compare server_cpu_ms_per_request only between runs without it.
 * BENCH_CRUD_CPU_PROF=<directory>: the CRUD peer's process writes its own profile there when it stops
 * (its whole life, warm-up included; read it with `node .bench/bench/cpu-profile.js <file>`).
 */
const PROFILE = process.env.BENCH_CPU_PROFILE;
const PROFILE_TOP = Number(process.env.BENCH_CPU_PROFILE_TOP ?? 15);

function profileFiles(setting: string, slices: number): string[] {
  const base =
    setting === '1' || setting === 'true'
      ? path.join(repoRoot, 'backend', '.bench', `load-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`)
      : path.resolve(setting);
  if (slices === 1) return [base];
  return Array.from({ length: slices }, (_, slice) => base.replace(/(\.cpuprofile)?$/, `-slice${slice + 1}.cpuprofile`));
}

const routeName = (route: string) =>
  route
    .replace(/^(GET|POST) \/api\//, (_, method: string) => `${method.toLowerCase()}_`)
    .replace(/\{id\}/g, 'id')
    .replace(/[^a-z0-9_]+/gi, '_')
    .replace(/_+$/, '');

function runTraffic(request: TrafficRequest): Promise<TrafficResult> {
  return new Promise((resolve, reject) => {
    // The generator's own pauses would count in every latency it measures, on both sides. With V8's
    // small starting old generation it ran a full GC every 0.25–0.5 s from its 15th second on (5–13 ms
    // each, at 9 MB live); a 64 MB start leaves it none in a slice.
    const child = fork(path.join(__dirname, 'load-traffic.js'), [], {
      execArgv: [...process.execArgv, '--initial-old-space-size=64'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve(message as TrafficResult));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`The load generator exited with ${code}`))));
    child.send(request);
  });
}

/** One run's result from its slices: sums, and percentiles over every latency of every slice. */
function merge(slices: TrafficResult[], seconds: number): TrafficResult {
  const latencies: Record<string, number[]> = {};
  const non2xxByRoute = new Map<string, number>();
  const statusCounts: Record<string, number> = {};
  for (const slice of slices) {
    for (const [route, values] of Object.entries(slice.latencies)) (latencies[route] ??= []).push(...values);
    for (const route of slice.routes) non2xxByRoute.set(route.route, (non2xxByRoute.get(route.route) ?? 0) + route.non2xx);
    for (const [key, n] of Object.entries(slice.statusCounts)) statusCounts[key] = (statusCounts[key] ?? 0) + n;
  }
  const sum = (pick: (slice: TrafficResult) => number) => slices.reduce((total, slice) => total + pick(slice), 0);
  const requests = sum((slice) => slice.requests);
  return {
    requests,
    non2xx: sum((slice) => slice.non2xx),
    errors: sum((slice) => slice.errors),
    timeouts: sum((slice) => slice.timeouts),
    rate: requests / seconds,
    overall: figures(
      'overall',
      Object.values(latencies).flat(),
      [...non2xxByRoute.values()].reduce((total, n) => total + n, 0),
    ),
    routes: Object.entries(latencies).map(([route, values]) => figures(route, values, non2xxByRoute.get(route) ?? 0)),
    completionsSent: sum((slice) => slice.completionsSent),
    retriesSent: sum((slice) => slice.retriesSent),
    followUps: sum((slice) => slice.followUps),
    answers: slices.flatMap((slice) => slice.answers),
    statusCounts,
    latencies,
    slowest: slices.flatMap((slice) => slice.slowest).sort((a, b) => b.latency - a.latency),
    generatorStalls: slices.flatMap((slice) => slice.generatorStalls),
    generatorLongestStallMs: Math.max(0, ...slices.map((slice) => slice.generatorLongestStallMs)),
  };
}

/** For each of the slowest requests, the stalls of the server's process and of the generator while it waited. */
function whoStood(result: TrafficResult, serverStalls: readonly Stall[], gc: readonly GcPause[], count = 8): string {
  return result.slowest
    .slice(0, count)
    .map((request) => {
      const until = request.dueAt + request.latency;
      const server = stallsDuring(serverStalls, request.dueAt, until);
      const generator = stallsDuring(result.generatorStalls, request.dueAt, until);
      const pauses = pausesDuring(gc, request.dueAt, until);
      return (
        `${new Date(request.dueAt).toISOString().slice(11, 23)} ${request.route} ${request.latency.toFixed(0)} ms: server ${server.join(', ') || 'none'}` +
        ` (GC ${pauses.join(', ') || 'none over 5 ms'}); generator ${generator.join(', ') || 'none'}`
      );
    })
    .join('\n');
}

/** The reads of a run (every GET route) and its completions, as two latency figures. */
function readsAndCompletions(result: TrafficResult): { reads: RouteFigures; completions: RouteFigures } {
  const reads = Object.entries(result.latencies)
    .filter(([route]) => route !== ROUTES.complete)
    .flatMap(([, values]) => values);
  return { reads: figures('reads', reads, 0), completions: figures('completions', result.latencies[ROUTES.complete] ?? [], 0) };
}

async function count(pool: Pool, sql: string, params: unknown[] = []): Promise<number> {
  const result = await pool.query<{ n: string }>(sql, params);
  return Number(result.rows[0]!.n);
}

async function main(): Promise<void> {
  const db = await benchDatabase('load');
  const { config, pool } = db;
  try {
    const catalogue = await seededCatalogue(config);

    note(`writing ${MEMBERS} members × ${EVENTS_PER_MEMBER} events`);
    const seedStarted = performance.now();
    const { total } = await writeHistories(pool, catalogue, MEMBERS, EVENTS_PER_MEMBER, note);
    await pool.query('VACUUM ANALYZE event_store_events');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // Pulso's server, in its own process, finds the read models empty and fills them from the log before the traffic starts.
    const port = await freePort();
    const server = await startPulsoServer(db.url, port);
    const replaySeconds = server.replaySeconds;
    note(`${total} events seeded in ${seedSeconds.toFixed(1)} s, replayed in ${replaySeconds.toFixed(1)} s; load average ${load()}`);
    const chosen = await pool.query<{ user_id: string; enrollment_id: string | null }>(
      `SELECT t.user_id,
              (SELECT e.enrollment_id FROM member_enrollments e
                WHERE e.user_id = t.user_id AND e.status <> 'abandoned'
                ORDER BY (e.status = 'active') DESC, e.enrolled_at DESC LIMIT 1) AS enrollment_id
         FROM (SELECT user_id FROM member_progress_totals ORDER BY random() LIMIT $1) t`,
      [TOKENS],
    );
    const userIds = chosen.rows.map((row) => row.user_id);
    const tokens = await server.sign(
      chosen.rows.map(({ user_id: userId }) => ({ sub: userId, email: `socio-${userId.slice(0, 8)}@example.com`, first_name: 'Ana', last_name: 'Martínez' })),
    );
    const members: LoadMember[] = chosen.rows.map(({ enrollment_id: enrollmentId }, index) => ({ token: tokens[index]!, enrollmentId }));

    const countCompleted = () => count(pool, `SELECT count(*) AS n FROM event_store_events WHERE event_type = 'WorkoutCompleted'`);
    const countRecords = () => count(pool, 'SELECT count(*) AS n FROM progress_records');
    let completedBefore = await countCompleted();
    let recordsBefore = await countRecords();
    let positionBefore = await count(pool, 'SELECT coalesce(max(global_position), 0) AS n FROM event_store_events');

    note(
      `mixed traffic at ${RATE} req/s for ${SECONDS} s over ${members.length} members; load average ${load()}; time origin ${new Date(performance.timeOrigin).toISOString()}`,
    );
    const loadBefore = load();
    const crud = WITH_CRUD
      ? await (async () => {
          await createCrudTables(pool);
          return startCrud(db.url, (await server.jwks()).keys[0]!, await freePort());
        })()
      : undefined;
    // What PostgreSQL waits for during each side's slices (the latency tail's diagnosis; BENCH_DB_SAMPLE=0 leaves it out).
    const sampler = process.env.BENCH_DB_SAMPLE === '0' ? undefined : new DatabaseSampler(db.url);
    await sampler?.open();
    const profiles: CpuProfile[] = [];
    const profileFileList = PROFILE ? profileFiles(PROFILE, SLICES) : [];
    const heapProfile = process.env.BENCH_HEAP_PROFILE === '1' ? 'promoted' : process.env.BENCH_HEAP_PROFILE === 'all' ? 'all' : undefined;
    const trafficFor = (url: string, seconds: number): TrafficRequest => ({
      url,
      members,
      trainingWorkoutIds: [...catalogue.trainingWorkoutIds],
      runningWorkoutIds: [...catalogue.runningWorkoutIds],
      rate: RATE,
      seconds,
      connections: CONNECTIONS,
      retryShare: RETRY_SHARE,
      completionShare: COMPLETION_SHARE,
      client: CLIENT,
    });
    // Warm-up, not measured: both servers take the same traffic for BENCH_WARMUP_SECONDS first (JIT,
    // caches, connections), then PostgreSQL writes its dirty pages out, so that neither side meets
    // what the seeding and the replay left behind (autovacuum, a checkpoint) in its first slice.
    if (WARMUP_SECONDS > 0) {
      await runTraffic(trafficFor(`http://127.0.0.1:${port}`, WARMUP_SECONDS));
      if (crud) await runTraffic(trafficFor(`http://127.0.0.1:${crud.port}`, WARMUP_SECONDS));
      await server.caughtUp(600_000);
      await pool.query('VACUUM ANALYZE');
      await pool.query('CHECKPOINT');
      completedBefore = await countCompleted();
      recordsBefore = await countRecords();
      positionBefore = await count(pool, 'SELECT coalesce(max(global_position), 0) AS n FROM event_store_events');
      note(`warm-up of ${WARMUP_SECONDS} s each done; load average ${load()}`);
    }
    // Whose standstill a slow request met (bench/stall-watch.ts): the server's process (its own report) and,
    // from each slice's result, the generator's; and the hypervisor's share of the machine's CPU time.
    const stealTicks = { pulso: 0, crud: 0 };
    const totalTicks = { pulso: 0, crud: 0 };
    // PostgreSQL's CPU during each side's slices (every process of the embedded server: the sampler's own queries included, on both sides).
    const dbCpuMs = { pulso: 0, crud: 0 };
    const pulsoSlices: TrafficResult[] = [];
    const crudSlices: TrafficResult[] = [];
    let pulsoCpuMicros = 0;
    let crudCpuMs = 0;
    const sliceSeconds = SECONDS / SLICES;
    for (let slice = 0; slice < SLICES; slice += 1) {
      const options: SliceOptions = {
        sliceMs: sliceSeconds * 1000,
        cpuProfile: profileFileList[slice],
        heapSpaces: process.env.BENCH_HEAP_SPACES === '1',
        heapProfile: slice === 0 ? heapProfile : undefined,
        heapSnapshot: slice === 0 ? process.env.BENCH_HEAP_SNAPSHOT : undefined,
      };
      const ticksBefore = cpuTicks();
      const dbBefore = databaseCpuMs(db.dataDir);
      await server.sliceStart(options);
      await sampler?.begin('Pulso');
      note(`slice ${slice + 1} Pulso starts at ${new Date().toISOString().slice(11, 23)}`);
      pulsoSlices.push(await runTraffic(trafficFor(`http://127.0.0.1:${port}`, sliceSeconds)));
      await sampler?.end();
      const sliceResult = await server.sliceEnd();
      const dbAfter = databaseCpuMs(db.dataDir);
      if (dbBefore !== undefined && dbAfter !== undefined) dbCpuMs.pulso += dbAfter - dbBefore;
      const ticksAfter = cpuTicks();
      if (ticksBefore && ticksAfter) {
        stealTicks.pulso += ticksAfter.steal - ticksBefore.steal;
        totalTicks.pulso += ticksAfter.total - ticksBefore.total;
      }
      note(
        `slice ${slice + 1} Pulso: p50 ${pulsoSlices.at(-1)!.overall.p50.toFixed(1)} ms, p99 ${pulsoSlices.at(-1)!.overall.p99.toFixed(1)} ms, max ${pulsoSlices.at(-1)!.overall.max.toFixed(1)} ms`,
      );
      for (const line of sliceResult.notes) note(line);
      if (sliceResult.profile) profiles.push(sliceResult.profile);
      pulsoCpuMicros += sliceResult.cpuMicros;
      if (!crud) continue;
      // The CRUD slice starts once Pulso's projections have caught up, so that neither shares the machine with the other's backlog.
      await server.caughtUp(600_000);
      const crudBefore = await crud.cpuMs();
      const crudTicksBefore = cpuTicks();
      const crudDbBefore = databaseCpuMs(db.dataDir);
      await sampler?.begin('CRUD');
      crudSlices.push(await runTraffic(trafficFor(`http://127.0.0.1:${crud.port}`, sliceSeconds)));
      await sampler?.end();
      const crudTicksAfter = cpuTicks();
      const crudDbAfter = databaseCpuMs(db.dataDir);
      if (crudDbBefore !== undefined && crudDbAfter !== undefined) dbCpuMs.crud += crudDbAfter - crudDbBefore;
      if (crudTicksBefore && crudTicksAfter) {
        stealTicks.crud += crudTicksAfter.steal - crudTicksBefore.steal;
        totalTicks.crud += crudTicksAfter.total - crudTicksBefore.total;
      }
      note(
        `slice ${slice + 1} CRUD: p50 ${crudSlices.at(-1)!.overall.p50.toFixed(1)} ms, p99 ${crudSlices.at(-1)!.overall.p99.toFixed(1)} ms, max ${crudSlices.at(-1)!.overall.max.toFixed(1)} ms`,
      );
      crudCpuMs += (await crud.cpuMs()) - crudBefore;
    }
    const traffic = merge(pulsoSlices, SECONDS);
    const report = await server.report(traffic.slowest.slice(0, 4));
    if (sampler) {
      note(`what PostgreSQL did during the slices (busy backends per sample of pg_stat_activity):\n${sampler.report()}`);
      note(`what it did while the slowest Pulso requests waited:\n${sampler.during(merge(pulsoSlices, SECONDS).slowest.slice(0, 8))}`);
      note(
        `stalls of 25 ms or more while the slowest Pulso requests waited (server's process; generator):\n${whoStood(traffic, report.stalls, report.gcPauses)}`,
      );
      note(`the server's GC pauses during Pulso's slices: ${report.gcSummary}`);
      if (report.traced) note(`appends and groups around the slowest Pulso requests:\n${report.traced}`);
      await sampler.close();
    }
    const serverCpu = { user: pulsoCpuMicros, system: 0 };
    const baseline = crud ? merge(crudSlices, SECONDS) : undefined;
    if (crud) await crud.stop();
    if (profiles.length) note(formatSummary(summarise(profiles), PROFILE_TOP, traffic.requests));
    const loadAfter = load();
    const memory = report.memory;

    // The ledger: the projections catch up, then answers, events and records must agree.
    await server.caughtUp(600_000);
    const completedAdded = (await countCompleted()) - completedBefore;
    const recordsAdded = (await countRecords()) - recordsBefore;

    // Accepted: a key answered 200 as new, or answered 200 as a duplicate by a retry of it (during the run or,
    // for a key whose answers the end of the run cut off, after it): either way its completion is stored.
    const byKey = new Map<string, { member: number; key: string; accepted: number; recovered: boolean }>();
    for (const answer of traffic.answers) {
      const id = `${answer.member}:${answer.key}`;
      const entry = byKey.get(id) ?? { member: answer.member, key: answer.key, accepted: 0, recovered: false };
      if (answer.status === 200 && answer.duplicate === false) entry.accepted += 1;
      // A retry answered as a duplicate says the key's earlier attempt was recorded, whether that attempt's
      // answer was cut off by the end of the run or never came (the generator's timeout under overload).
      if (answer.status === 200 && answer.duplicate === true) entry.recovered = true;
      byKey.set(id, entry);
    }
    const completionIdOf = (entry: { member: number; key: string }) => memberScopedId(userIds[entry.member]!, 'complete-workout', entry.key);
    const acceptedKeys = [...byKey.values()].filter((entry) => entry.accepted > 0 || entry.recovered);
    const recoveredKeys = acceptedKeys.filter((entry) => entry.accepted === 0).length;
    const inconsistentAnswers = traffic.answers.filter((answer) => answer.status === 200 && answer.consistent === false).length;
    const answeredTwiceAsNew = acceptedKeys.filter((entry) => entry.accepted > 1).length;

    const newEvents = await pool.query<{ completion_id: string; n: string }>(
      `SELECT data->>'completionId' AS completion_id, count(*) AS n FROM event_store_events
        WHERE event_type = 'WorkoutCompleted' AND global_position > $1 GROUP BY 1`,
      [positionBefore],
    );
    const eventsById = new Map(newEvents.rows.map((row) => [row.completion_id, Number(row.n)]));
    const records = await pool.query<{ completion_id: string }>(`SELECT completion_id FROM progress_records WHERE completion_id = ANY($1::text[])`, [
      acceptedKeys.map(completionIdOf),
    ]);
    const recorded = new Set(records.rows.map((row) => row.completion_id));
    let lost = 0;
    for (const entry of acceptedKeys) {
      const id = completionIdOf(entry);
      if (!eventsById.has(id) || !recorded.has(id)) lost += 1;
    }
    const extraEvents = [...eventsById.values()].reduce((sum, n) => sum + (n - 1), 0);
    const duplicated = extraEvents + answeredTwiceAsNew;
    const acceptedIds = new Set(acceptedKeys.map(completionIdOf));
    const eventsWithoutAcceptedAnswer = [...eventsById.keys()].filter((id) => !acceptedIds.has(id)).length;
    const followUpFailures = traffic.answers.filter((answer) => answer.followUp && answer.status !== 200).length;
    const errors = traffic.errors + traffic.timeouts + traffic.non2xx + followUpFailures;

    await server.close();

    figure('members', MEMBERS);
    figure('events_seeded', total);
    figure('seed_s', seedSeconds.toFixed(1));
    figure('initial_replay_s', replaySeconds.toFixed(1));
    figure('rate_target', RATE);
    figure('seconds', SECONDS);
    figure('connections', CONNECTIONS);
    figure('client', CLIENT);
    figure('completion_share', COMPLETION_SHARE);
    figure('requests', traffic.requests);
    figure('req_per_s', traffic.rate.toFixed(1));
    for (const route of [traffic.overall, ...traffic.routes]) {
      const name = routeName(route.route);
      figure(`${name}_requests`, route.requests);
      figure(`${name}_non2xx`, route.non2xx);
      figure(`${name}_p50_ms`, route.p50);
      figure(`${name}_p95_ms`, route.p95);
      figure(`${name}_p99_ms`, route.p99);
      figure(`${name}_max_ms`, route.max);
    }
    for (const [status, n] of Object.entries(traffic.statusCounts).sort()) figure(`status ${status}`, n);
    figure('transport_errors', traffic.errors);
    figure('timeouts', traffic.timeouts);
    figure('non2xx', traffic.non2xx);
    figure('follow_up_failures', followUpFailures);
    figure('completions_sent', traffic.completionsSent);
    figure('completion_retries_sent', traffic.retriesSent);
    figure('completion_keys', byKey.size);
    figure('completion_answers_cut_off_then_retried', traffic.followUps);
    figure('completions_recovered_by_retry', recoveredKeys);
    figure('completion_answers_not_yet_consistent', inconsistentAnswers);
    figure('completions_accepted', acceptedKeys.length);
    figure('workout_completed_events_added', completedAdded);
    figure('progress_records_added', recordsAdded);
    figure('events_without_accepted_answer', eventsWithoutAcceptedAnswer);
    figure('ledger_agrees', acceptedKeys.length === completedAdded && completedAdded === recordsAdded ? 'yes' : 'no');
    figure('server_cpu_ms_per_request', ((serverCpu.user + serverCpu.system) / 1000 / Math.max(traffic.requests, 1)).toFixed(2));
    const sortedWaits = [...report.waits].sort((a, b) => a - b);
    const rank = (p: number) => (sortedWaits.length === 0 ? 0 : sortedWaits[Math.min(sortedWaits.length - 1, Math.ceil((p / 100) * sortedWaits.length) - 1)]!);
    figure('projection_waits', sortedWaits.length);
    figure('projection_wait_p50_ms', rank(50).toFixed(1));
    figure('projection_wait_p99_ms', rank(99).toFixed(1));
    for (const [name, values] of Object.entries(report.waitsByProjection).sort()) {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
      figure(`projection_wait_${name}_p50_ms`, at(50).toFixed(1));
      figure(`projection_wait_${name}_p99_ms`, at(99).toFixed(1));
    }
    figure('event_loop_delay_p50_ms', report.loopDelay.p50.toFixed(1));
    figure('event_loop_delay_p99_ms', report.loopDelay.p99.toFixed(1));
    figure('event_loop_delay_max_ms', report.loopDelay.max.toFixed(1));
    if (dbCpuMs.pulso > 0) figure('database_cpu_ms_per_request', (dbCpuMs.pulso / Math.max(traffic.requests, 1)).toFixed(2));
    figure('server_gc_pause_ms', report.gcPauses.reduce((sum, pause) => sum + pause.ms, 0).toFixed(0));
    figure('server_gc_longest_pause_ms', Math.max(0, ...report.gcPauses.map((pause) => pause.ms)).toFixed(0));
    figure('server_stalls_25ms', report.stalls.length);
    figure('server_longest_stall_ms', Math.round(report.longestStallMs));
    figure('generator_stalls_25ms', traffic.generatorStalls.length);
    figure('generator_longest_stall_ms', traffic.generatorLongestStallMs);
    if (totalTicks.pulso > 0) figure('cpu_steal_share', (stealTicks.pulso / totalTicks.pulso).toFixed(3));
    figure('pool_waiting_share', (report.pool.waiting / Math.max(1, report.pool.taken)).toFixed(3));
    figure('pool_waiting_max', report.pool.maxWaiting);
    figure('heap_used_mb', Math.round(memory.heapUsed / 1048576));
    // Live heap before the traffic (after the seed and replay) and after it, both after a full GC.
    figure('heap_live_before_traffic_mb', Math.round(report.heapLiveBeforeTraffic / 1048576));
    figure('heap_live_after_traffic_mb', Math.round(report.heapLiveAfterTraffic / 1048576));
    figure('member_states_cached', report.memberStatesCached);
    const ours = readsAndCompletions(traffic);
    figure('reads_p50_ms', ours.reads.p50);
    figure('reads_p99_ms', ours.reads.p99);
    figure('completions_p50_ms', ours.completions.p50);
    figure('completions_p99_ms', ours.completions.p99);
    let ratios = '';
    if (baseline) {
      const theirs = readsAndCompletions(baseline);
      for (const route of [baseline.overall, ...baseline.routes]) {
        const name = routeName(route.route);
        figure(`crud_${name}_requests`, route.requests);
        figure(`crud_${name}_non2xx`, route.non2xx);
        figure(`crud_${name}_p50_ms`, route.p50);
        figure(`crud_${name}_p99_ms`, route.p99);
      }
      figure('crud_req_per_s', baseline.rate.toFixed(1));
      figure('crud_errors', baseline.errors + baseline.timeouts + baseline.non2xx);
      figure('crud_reads_p50_ms', theirs.reads.p50);
      figure('crud_reads_p99_ms', theirs.reads.p99);
      figure('crud_completions_p50_ms', theirs.completions.p50);
      figure('crud_completions_p99_ms', theirs.completions.p99);
      figure('crud_generator_stalls_25ms', baseline.generatorStalls.length);
      figure('crud_generator_longest_stall_ms', baseline.generatorLongestStallMs);
      if (totalTicks.crud > 0) figure('crud_cpu_steal_share', (stealTicks.crud / totalTicks.crud).toFixed(3));
      if (dbCpuMs.crud > 0) figure('crud_database_cpu_ms_per_request', (dbCpuMs.crud / Math.max(baseline.requests, 1)).toFixed(2));
      figure('crud_server_cpu_ms_per_request', (crudCpuMs / Math.max(baseline.requests, 1)).toFixed(2));
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
      ratios = ` p99_ratio_vs_crud=${ratio(traffic.overall.p99, baseline.overall.p99)} reads_p99_ratio_vs_crud=${ratio(ours.reads.p99, theirs.reads.p99)} completion_p99_ratio_vs_crud=${ratio(ours.completions.p99, theirs.completions.p99)}`;
    }
    figure('load_avg_before', loadBefore);
    figure('load_avg_after', loadAfter);
    figure('cpus', os.cpus().length);
    const rssMb = Math.round(memory.rss / 1048576);
    process.stdout.write(
      `p99_ms=${traffic.overall.p99}${ratios} completion_p99_ms=${ours.completions.p99} errors=${errors} lost=${lost} duplicated=${duplicated} rss_mb=${rssMb}\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
