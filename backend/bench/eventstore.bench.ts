import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../src/infrastructure/database/embedded-postgres';
import { migrations } from '../src/migrations';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres-event-store';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { sampleMemberActivityProjection } from '../src/infrastructure/projections/testing/sample-member-activity.projection';
import { generateSyntheticEvents } from './synthetic-events';
import { figure, freePort, note, repoRoot } from './bench-kit';

/**
 * `npm run bench:eventstore` (docs/performance.md). Starts its own embedded
 * PostgreSQL, measures single-event appends with an expected revision to
 * distinct streams, Pulso's store and Emmett's side by side on the same
 * database, then the replay rate of the sample projection over a synthetic log.
 * Figures go to stdout, one `name=value` per line; progress goes to stderr.
 *
 * BENCH_APPEND_SECONDS per slice (default 1.5), BENCH_ROUNDS (6), BENCH_EVENTS (1000000),
 * BENCH_MEMBERS (1000) tune it.
 */

const APPEND_MS = Number(process.env.BENCH_APPEND_SECONDS ?? 1.5) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);

type Append = (stream: string) => Promise<unknown>;



function benchEvent() {
  const id = randomUUID();
  return {
    type: 'BenchEvent',
    data: { memberId: 'm1', minutes: 42, day: '2026-11-22' },
    metadata: { eventId: id, correlationId: id, causationId: id, actor: { userId: 'm1', role: 'member' }, occurredAt: '2026-11-22T18:00:00.000Z', schemaVersion: 1 },
  };
}

async function appendsPerSecond(writers: number, durationMs: number, append: Append): Promise<number> {
  const run = randomUUID().slice(0, 8);
  const deadline = Date.now() + durationMs;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; Date.now() < deadline; i++) {
        await append(`bench-${run}-${writer}-${i}`);
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const dataDir = path.join(repoRoot, '.data', `bench-postgres-${process.pid}`);
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'pulso_bench' });
  note(`embedded PostgreSQL ready (${dataDir})`);
  const pool = new Pool({ connectionString: pg.url, max: 16 });
  // pg-pool's end() can resolve before its sockets close; stopping PostgreSQL right after must not crash the run.
  pool.on('error', () => undefined);
  try {
    const dataSource = new DataSource({ type: 'postgres', url: pg.url, migrations, logging: false });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.destroy();

    // Emmett's package is ESM-only; this file runs under plain node after tsc, where a dynamic import works.
    const emmettModule: typeof import('@event-driven-io/emmett-postgresql') = await import('@event-driven-io/emmett-postgresql');
    const emmett = emmettModule.getPostgreSQLEventStore(pg.url);
    const pulso = new PostgresEventStore(pool);
    const appendPulso: Append = (stream) => pulso.append(stream, [benchEvent()], { expectedRevision: 'no-stream' });
    const appendEmmett: Append = (stream) => {
      const event = benchEvent();
      return emmett.appendToStream(stream, [{ type: event.type, data: event.data, metadata: event.metadata }], {
        expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' as never,
      });
    };

    const results: Record<string, number[]> = {};
    note('warming up both stores');
    await appendsPerSecond(8, 1000, appendPulso);
    await appendsPerSecond(8, 1000, appendEmmett);
    // Short alternating slices, each store going first in turn, so both see the same machine load.
    for (let round = 0; round < ROUNDS; round++) {
      for (const writers of [1, 8]) {
        const contenders = [
          ['pulso', appendPulso],
          ['emmett', appendEmmett],
        ] as const;
        for (const [name, append] of round % 2 === 0 ? contenders : [...contenders].reverse()) {
          const rate = await appendsPerSecond(writers, APPEND_MS, append);
          note(`round ${round + 1}: ${name} ${writers}w ${Math.round(rate)} appends/s`);
          (results[`${name}_${writers}w`] ??= []).push(rate);
        }
      }
    }
    // Every slice has the same length, so the mean of the rates is the overall rate.
    const mean = (key: string) => results[key].reduce((a, b) => a + b, 0) / results[key].length;
    await emmett.close();

    note(`generating ${EVENTS} synthetic events for ${MEMBERS} members`);
    const generationStarted = performance.now();
    await generateSyntheticEvents(pool, EVENTS, MEMBERS);
    const generationSeconds = (performance.now() - generationStarted) / 1000;
    await pool.query('VACUUM ANALYZE event_store_events');

    const engine = new ProjectionEngine(pool, pulso, { log: { error: (message, details) => note(`${message} ${JSON.stringify(details)}`), info: () => undefined } });
    engine.register(sampleMemberActivityProjection());
    const head = (await pulso.headPosition())!;
    const total = (await pulso.countEvents())!;
    note(`replaying ${total} events into the live generation`);
    const replayStarted = performance.now();
    await engine.start();
    const replayed = await engine.waitFor(head, { projections: ['sample_member_activity'] }, 600_000);
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    if (!replayed.reached) throw new Error('The initial replay did not finish within 10 minutes');

    note('rebuilding into a new generation while the live one serves');
    const rebuildStarted = performance.now();
    const [generation] = await engine.rebuild('sample_member_activity');
    if (!(await engine.waitUntilActive('sample_member_activity', generation, 600_000))) throw new Error('The rebuild did not finish within 10 minutes');
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    await engine.stop();
    await pulso.close();

    figure('appends_per_s_pulso_1w', Math.round(mean('pulso_1w')));
    figure('appends_per_s_emmett_1w', Math.round(mean('emmett_1w')));
    figure('append_ratio_vs_emmett_1w', (mean('pulso_1w') / mean('emmett_1w')).toFixed(2));
    figure('appends_per_s_pulso_8w', Math.round(mean('pulso_8w')));
    figure('appends_per_s_emmett_8w', Math.round(mean('emmett_8w')));
    figure('synthetic_events', total);
    figure('synthetic_generation_events_per_s', Math.round(total / generationSeconds));
    figure('initial_replay_seconds', replaySeconds.toFixed(1));
    figure('initial_replay_events_per_s', Math.round(total / replaySeconds));
    figure('rebuild_seconds', rebuildSeconds.toFixed(1));
    figure('append_ratio_vs_emmett_8w', (mean('pulso_8w') / mean('emmett_8w')).toFixed(2));
    figure('rebuild_events_per_s', Math.round(total / rebuildSeconds));
  } finally {
    await pool.end().catch(() => undefined);
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
