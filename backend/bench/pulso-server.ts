import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { Client, type Pool } from 'pg';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import { LocalSigningKeys } from '../src/infrastructure/auth/local-signing-keys';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres/postgres-event-store';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { MemberStreams } from '../src/modules/members/member-streams';
import type { CpuProfile } from './cpu-profile';
import { samplePromotions } from './heap-profile';
import { GcPauses, StallWatch, type GcPause, type Stall } from './stall-watch';

/**
 * Pulso's server for `bench:load`, in a process of its own as it runs in production (and as the CRUD
 * peer runs beside it): the product's Node.js flags (backend/package.json's `start`), nothing of the
 * benchmark's own work (seeding, the database sampler, the ledger) on its event loop. Its
 * diagnostics (stalls, GC pauses, event-loop delay, pool waits, CPU and heap profiles) run inside it
 * only during Pulso's slices, and come back over IPC.
 */

/** The Node.js flags of backend/package.json's `start` (what production runs), and `--expose-gc` to weigh the live heap. */
export const SERVER_FLAGS = [...productFlags(), '--expose-gc'];

function productFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export interface SliceOptions {
  /** Write a CPU profile of the slice there. */
  cpuProfile?: string;
  heapSpaces?: boolean;
  /** Sample what the server promotes a third into the slice (`all`: every allocation). */
  heapProfile?: 'promoted' | 'all';
  heapSnapshot?: string;
  sliceMs: number;
}

export interface SliceResult {
  cpuMicros: number;
  profile?: CpuProfile;
  notes: string[];
}

export interface ServerReport {
  stalls: Stall[];
  longestStallMs: number;
  gcPauses: GcPause[];
  gcSummary: string;
  loopDelay: { p50: number; p99: number; max: number };
  pool: { taken: number; waiting: number; maxWaiting: number };
  waits: number[];
  waitsByProjection: Record<string, number[]>;
  memory: { heapUsed: number; rss: number };
  heapLiveBeforeTraffic: number;
  heapLiveAfterTraffic: number;
  memberStatesCached: number;
  traced?: string;
}

type Request =
  | { op: 'start'; port: number }
  | { op: 'sign'; claims: Array<Record<string, string>> }
  | { op: 'jwks' }
  | { op: 'caughtUp'; timeoutMs: number }
  | { op: 'sliceStart'; options: SliceOptions }
  | { op: 'sliceEnd' }
  | { op: 'report'; slowest: ReadonlyArray<{ dueAt: number; latency: number; route: string }> }
  | { op: 'close' };

/** The parent's handle on the server process. */
export interface PulsoServer {
  port: number;
  /** The server's process id (its CPU time is read from /proc). */
  pid: number;
  replaySeconds: number;
  sign(claims: Array<Record<string, string>>): Promise<string[]>;
  jwks(): Promise<{ keys: object[] }>;
  /** Waits until every projection has passed the log's head as it is now. */
  caughtUp(timeoutMs: number): Promise<void>;
  /** Diagnostics on from now (the first call also starts the traffic-wide ones). */
  sliceStart(options: SliceOptions): Promise<void>;
  sliceEnd(): Promise<SliceResult>;
  report(slowest: ReadonlyArray<{ dueAt: number; latency: number; route: string }>): Promise<ServerReport>;
  close(): Promise<void>;
}

export async function startPulsoServer(databaseUrl: string, port: number): Promise<PulsoServer> {
  const child: ChildProcess = fork(path.join(__dirname, 'pulso-server.js'), [], {
    // BENCH_SERVER_FLAGS: more Node.js flags for the server (experiments, e.g. a V8 flag).
    execArgv: [...SERVER_FLAGS, ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_SERVER_DATABASE_URL: databaseUrl },
  });
  let next = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new Error(message.error));
  });
  child.once('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`Pulso's server exited with ${code}`));
    pending.clear();
  });
  const ask = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, ...request });
    });
  const started = await ask<{ replaySeconds: number }>({ op: 'start', port });
  return {
    port,
    pid: child.pid!,
    replaySeconds: started.replaySeconds,
    sign: (claims) => ask({ op: 'sign', claims }),
    jwks: () => ask({ op: 'jwks' }),
    caughtUp: (timeoutMs) => ask({ op: 'caughtUp', timeoutMs }),
    sliceStart: (options) => ask({ op: 'sliceStart', options }),
    sliceEnd: () => ask({ op: 'sliceEnd' }),
    report: (slowest) => ask({ op: 'report', slowest }),
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await ask({ op: 'close' }).catch(() => undefined);
      await exited;
    },
  };
}

/** The server process itself. */
async function serve(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent',
    DATABASE_URL: process.env.BENCH_SERVER_DATABASE_URL!,
  });
  const gc = (globalThis as { gc?: () => void }).gc;
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  let engine: ProjectionEngine | undefined;
  let store: EventStore | undefined;
  let allProjections: string[] = [];
  let heapLiveBeforeTraffic = 0;
  // Whole-traffic diagnostics, on during Pulso's slices only.
  const stallWatch = new StallWatch();
  const gcPauses = new GcPauses();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const pool = { taken: 0, waiting: 0, maxWaiting: 0, on: false };
  let poolWatch: NodeJS.Timeout | undefined;
  const waitsByPosition = new Map<string, number>();
  const waitsByProjection: Record<string, number[]> = {};
  let traced: ReturnType<typeof traceAppends> | undefined;
  // The slice under way.
  let slice:
    | {
        cpu: NodeJS.CpuUsage;
        profiler?: { stop(): Promise<CpuProfile> };
        file?: string;
        spaces?: { stop(): string };
        promotions?: Promise<string>;
        snapshot?: NodeJS.Timeout;
      }
    | undefined;

  const handlers: { [K in Request['op']]: (request: Extract<Request, { op: K }>) => Promise<unknown> } = {
    async start({ port }) {
      traced = process.env.BENCH_TRACE_APPENDS === '1' ? traceAppends() : undefined;
      const started = performance.now();
      app = await createApp(config);
      await app.init();
      const projections = app.get(ProjectionEngine);
      engine = projections;
      const log = app.get(EventStore);
      store = log;
      allProjections = projections.registered().map((projection) => projection.name);
      const replayed = await projections.waitFor((await log.headPosition())!, { projections: allProjections }, 3_600_000);
      if (!replayed.reached) throw new Error(`The initial replay did not finish: ${replayed.pending.join(', ')}`);
      const replaySeconds = (performance.now() - started) / 1000;
      gc?.();
      heapLiveBeforeTraffic = process.memoryUsage().heapUsed;
      // BENCH_HEAP_SNAPSHOT_REPLAYED=<file>: what the initial replay leaves alive, before any traffic.
      const replayedSnapshot = process.env.BENCH_HEAP_SNAPSHOT_REPLAYED;
      if (replayedSnapshot) process.stderr.write(`· heap snapshot after the replay written to ${writeHeapSnapshot(replayedSnapshot)}\n`);
      await app.listen(port, '127.0.0.1');
      // Where a completion's time goes: its wait for the projections (read-your-writes). The first
      // wait for a position is the completion route's own; BENCH_WAIT_SPLIT=1 adds one per projection.
      const waitFor = projections.waitFor.bind(projections);
      const split = process.env.BENCH_WAIT_SPLIT === '1';
      projections.waitFor = async (...args: Parameters<ProjectionEngine['waitFor']>) => {
        if (!pool.on) return waitFor(...args);
        const begun = performance.now();
        if (split && !waitsByPosition.has(args[0]) && args[1].eventTypes?.includes('WorkoutCompleted')) {
          for (const projection of projections.registered().filter((candidate) => candidate.eventTypes.includes('WorkoutCompleted'))) {
            void waitFor(args[0], { projections: [projection.name] }, args[2]).then(() =>
              (waitsByProjection[projection.name] ??= []).push(performance.now() - begun),
            );
          }
        }
        const result = await waitFor(...args);
        if (!waitsByPosition.has(args[0])) waitsByPosition.set(args[0], performance.now() - begun);
        return result;
      };
      return { replaySeconds };
    },
    async sign({ claims }) {
      const keys = app!.get(LocalSigningKeys);
      return Promise.all(claims.map(async (claim) => `Bearer ${await keys.sign(claim as unknown as Parameters<LocalSigningKeys['sign']>[0])}`));
    },
    async jwks() {
      return app!.get(LocalSigningKeys).jwks();
    },
    async caughtUp({ timeoutMs }) {
      const caught = await engine!.waitFor((await store!.headPosition())!, { projections: allProjections }, timeoutMs);
      if (!caught.reached) throw new Error(`The projections did not catch up: ${caught.pending.join(', ')}`);
      return null;
    },
    async sliceStart({ options }) {
      const appPool = app!.get<Pool>(PG_POOL);
      poolWatch ??= setInterval(() => {
        if (!pool.on) return;
        pool.taken += 1;
        if (appPool.waitingCount > 0) pool.waiting += 1;
        pool.maxWaiting = Math.max(pool.maxWaiting, appPool.waitingCount);
      }, 5);
      slice = { cpu: process.cpuUsage(), file: options.cpuProfile };
      if (options.cpuProfile) slice.profiler = await startProfile();
      if (options.heapSpaces) slice.spaces = watchHeapSpaces();
      if (options.heapProfile) {
        const all = options.heapProfile === 'all';
        slice.promotions = new Promise<void>((resolve) => setTimeout(resolve, options.sliceMs / 3)).then(() => samplePromotions(all));
      }
      if (options.heapSnapshot) {
        const file = options.heapSnapshot;
        slice.snapshot = setTimeout(() => process.stderr.write(`· heap snapshot written to ${writeHeapSnapshot(file)}\n`), options.sliceMs / 2);
      }
      loopDelay.enable();
      stallWatch.start();
      gcPauses.on = true;
      pool.on = true;
      return null;
    },
    async sliceEnd() {
      pool.on = false;
      gcPauses.on = false;
      stallWatch.stop();
      loopDelay.disable();
      const current = slice!;
      slice = undefined;
      const used = process.cpuUsage(current.cpu);
      const notes: string[] = [];
      clearTimeout(current.snapshot);
      if (current.spaces) notes.push(`heap spaces, growth per second between GCs:\n${current.spaces.stop()}`);
      if (current.promotions) notes.push(`what the server promoted into the old generation:\n${await current.promotions}`);
      let profile: CpuProfile | undefined;
      if (current.profiler) {
        profile = await current.profiler.stop();
        await mkdir(path.dirname(current.file!), { recursive: true });
        await writeFile(current.file!, JSON.stringify(profile));
        notes.push(`CPU profile of a Pulso traffic slice written to ${path.relative(process.cwd(), current.file!)}`);
      }
      return { cpuMicros: used.user + used.system, profile, notes } satisfies SliceResult;
    },
    async report({ slowest }) {
      if (poolWatch) clearInterval(poolWatch);
      gcPauses.close();
      const memory = process.memoryUsage();
      gc?.();
      return {
        stalls: stallWatch.stalls,
        longestStallMs: stallWatch.longest,
        gcPauses: gcPauses.pauses,
        gcSummary: gcPauses.summary(),
        loopDelay: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
        pool: { taken: pool.taken, waiting: pool.waiting, maxWaiting: pool.maxWaiting },
        waits: [...waitsByPosition.values()],
        waitsByProjection,
        memory: { heapUsed: memory.heapUsed, rss: memory.rss },
        heapLiveBeforeTraffic,
        heapLiveAfterTraffic: process.memoryUsage().heapUsed,
        memberStatesCached: app!.get(MemberStreams).cachedStates,
        traced: traced?.around(slowest),
      } satisfies ServerReport;
    },
    async close() {
      await app?.close();
      setImmediate(() => process.exit(0));
      return null;
    },
  };

  process.on('message', (message: Request & { id: number }) => {
    const handler = handlers[message.op] as (request: Request) => Promise<unknown>;
    handler(message).then(
      (value) => process.send!({ id: message.id, ok: true, value }),
      (error: unknown) => process.send!({ id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}

async function startProfile(): Promise<{ stop(): Promise<CpuProfile> }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
      session.disconnect();
      return profile;
    },
  };
}

function watchHeapSpaces(): { stop(): string } {
  const grown = new Map<string, number>();
  let last = new Map(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]));
  let seconds = 0;
  const timer = setInterval(() => {
    const now = new Map(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]));
    seconds += 0.05;
    // Only growth counts: a GC in between shrinks a space, and what it freed is not what was added.
    for (const [name, used] of now) grown.set(name, (grown.get(name) ?? 0) + Math.max(0, used - (last.get(name) ?? 0)));
    last = now;
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return [...grown].map(([name, bytes]) => `  ${name}: ${(bytes / seconds / 1048576).toFixed(2)} MB/s`).join('\n');
    },
  };
}

/** Wraps the PostgreSQL store's append and its group runner to record when each ran (diagnostics only). */
function traceAppends(): { around(requests: ReadonlyArray<{ dueAt: number; latency: number; route: string }>): string } {
  const spans: Array<{ kind: string; start: number; end: number; size: number }> = [];
  const proto = PostgresEventStore.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const [name, kind] of [
    ['append', 'append'],
    ['appendGroup', 'group'],
  ] as const) {
    const original = proto[name]!;
    proto[name] = async function (this: unknown, ...args: unknown[]) {
      const start = Date.now();
      try {
        return await original.apply(this, args);
      } finally {
        spans.push({ kind, start, end: Date.now(), size: Array.isArray(args[0]) ? args[0].length : 1 });
      }
    };
  }
  // Every statement of the process's pg clients, with its connection's backend pid: which one a slow append sat in.
  const statements: Array<{ pid: number; text: string; start: number; end: number }> = [];
  const clientProto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = clientProto.query;
  clientProto.query = function (this: Client & { processID?: number }, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const start = Date.now();
      const first = args[0] as string | { text?: string; name?: string };
      const text = typeof first === 'string' ? first : (first?.name ?? first?.text ?? '?');
      const done = () => statements.push({ pid: this.processID ?? 0, text: text.replace(/\s+/g, ' ').slice(0, 70), start, end: Date.now() });
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
  return {
    around(requests) {
      const lines: string[] = [];
      for (const request of requests) {
        const from = request.dueAt;
        const until = request.dueAt + request.latency;
        lines.push(`${new Date(from).toISOString().slice(11, 23)} ${request.route} ${request.latency.toFixed(0)} ms:`);
        for (const span of spans.filter((entry) => entry.end >= from && entry.start <= until).sort((a, b) => a.start - b.start)) {
          lines.push(`    ${span.kind} ×${span.size} ${new Date(span.start).toISOString().slice(17, 23)} → +${span.end - span.start} ms`);
        }
        for (const statement of statements
          .filter((entry) => entry.end >= from && entry.start <= until && entry.end - entry.start >= 15)
          .sort((a, b) => a.start - b.start)) {
          lines.push(
            `    [${statement.pid}] ${new Date(statement.start).toISOString().slice(17, 23)} +${statement.end - statement.start} ms ${statement.text}`,
          );
        }
      }
      return lines.join('\n');
    },
  };
}

if (require.main === module) {
  serve().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
