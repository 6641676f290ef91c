import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../src/infrastructure/database/embedded-postgres';
import { migrations } from '../src/migrations';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres/postgres-event-store';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { sampleMemberActivityProjection } from '../src/infrastructure/projections/testing/sample-member-activity.projection';
import { generateSyntheticEvents } from './synthetic-events';
import { figure, freePort, note, repoRoot } from './bench-kit';

/**
 * `npm run bench:eventstore` (docs/performance.md). Starts its own embedded
 * PostgreSQL, measures single-event appends with an expected revision to
 * distinct streams, Pulso's store and Emmett's side by side on the same
 * database, with the machine's own limit beside them in the same slices: a raw single-row
 * INSERT per call (autocommit, no event-store work). Then the replay rate of the sample
 * projection over a synthetic log, beside the physical replay limit: reading the whole log
 * in keyset pages and writing the same rows back with COPY, with no projection logic.
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

/** Keyset pages of the log, as the projection engine reads it. */
const PAGE = 20_000;

/** One value for COPY's text format: backslash, tab and line breaks escaped. */
function copyText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * The physical replay limit: every event read in keyset pages over (transaction_id, global_position)
 * with its payload, and written back with COPY into a plain table — the I/O a rebuild cannot avoid,
 * without folding anything. Answers the seconds it took.
 */
async function physicalReplaySeconds(pool: Pool): Promise<number> {
  await pool.query('CREATE TABLE bench_replay_copy (stream_id text NOT NULL, event_type text NOT NULL, data jsonb NOT NULL)');
  const started = performance.now();
  const client = await pool.connect();
  try {
    let after: [string, string] = ['0', '0'];
    for (;;) {
      const { rows } = await client.query<{ tx: string; gp: string; stream_id: string; event_type: string; data: string }>(
        `SELECT transaction_id::text AS tx, global_position::text AS gp, stream_id, event_type, data::text AS data
           FROM event_store_events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          ORDER BY transaction_id, global_position LIMIT $3`,
        [after[0], after[1], PAGE],
      );
      if (rows.length === 0) break;
      const lines = rows.map((row) => `${copyText(row.stream_id)}\t${copyText(row.event_type)}\t${copyText(row.data)}\n`);
      await pipeline(Readable.from([lines.join('')]), client.query(copyFrom('COPY bench_replay_copy (stream_id, event_type, data) FROM STDIN')));
      const last = rows[rows.length - 1]!;
      after = [last.tx, last.gp];
    }
  } finally {
    client.release();
  }
  const seconds = (performance.now() - started) / 1000;
  const [copied, logged] = await Promise.all(
    ['bench_replay_copy', 'event_store_events'].map(async (table) =>
      Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n),
    ),
  );
  if (copied !== logged) throw new Error(`The physical replay copied ${copied} of ${logged} events`);
  return seconds;
}

function benchEvent() {
  const id = randomUUID();
  return {
    type: 'BenchEvent',
    data: { memberId: 'm1', minutes: 42, day: '2026-11-22' },
    metadata: {
      eventId: id,
      correlationId: id,
      causationId: id,
      actor: { userId: 'm1', role: 'member' },
      occurredAt: '2026-11-22T18:00:00.000Z',
      schemaVersion: 1,
    },
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
    await pool.query('CREATE TABLE bench_raw_insert (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL)');
    const rawInsert: Append = (stream) => pool.query('INSERT INTO bench_raw_insert (stream, data) VALUES ($1, $2)', [stream, benchEvent().data]);
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
    await appendsPerSecond(8, 1000, rawInsert);
    // Short alternating slices, each going first in turn, so all see the same machine load.
    for (let round = 0; round < ROUNDS; round++) {
      for (const writers of [1, 8]) {
        const contenders = [
          ['pulso', appendPulso],
          ['emmett', appendEmmett],
          ['raw', rawInsert],
        ] as const;
        const order = [...contenders.slice(round % 3), ...contenders.slice(0, round % 3)];
        for (const [name, append] of order) {
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

    const engine = new ProjectionEngine(pool, pulso, {
      log: { error: (message, details) => note(`${message} ${JSON.stringify(details)}`), info: () => undefined },
    });
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
    note('the physical limit: keyset read of the whole log and COPY of the same rows');
    const physicalSeconds = await physicalReplaySeconds(pool);
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
    figure('raw_inserts_per_s_1w', Math.round(mean('raw_1w')));
    figure('raw_inserts_per_s_8w', Math.round(mean('raw_8w')));
    figure('physical_replay_seconds', physicalSeconds.toFixed(1));
    figure('rebuild_vs_physical_limit', (rebuildSeconds / physicalSeconds).toFixed(2));
    figure('append_share_of_raw_insert_8w', (mean('pulso_8w') / mean('raw_8w')).toFixed(2));
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
