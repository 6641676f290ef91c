import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../src/config/app-config';
import { startEmbeddedPostgres } from '../src/infrastructure/database/embedded-postgres';
import { migrations } from '../src/migrations';
import { PostgresEventStore } from '../src/infrastructure/event-store/postgres/postgres-event-store';
import type { Projection } from '../src/infrastructure/projections/projection';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { DataKeys } from '../src/infrastructure/privacy/data-keys';
import { PersonalDataPolicy } from '../src/infrastructure/privacy/personal-data-policy';
import { ActivityLog, type LogFilters } from '../src/modules/staff/activity-log';
import { MemberTimeline } from '../src/modules/staff/member-timeline';
import { MembersOverview } from '../src/modules/staff/members-overview';
import { ACTIVITY_LOG, ACTIVITY_STREAMS, staffActivityProjection } from '../src/modules/staff/staff-activity.projection';
import { figure, freePort, load, note, repoRoot } from './bench-kit';

/**
 * `npm run bench:staff` (docs/performance.md, "Staff console"). Starts its own embedded
 * PostgreSQL, writes BENCH_EVENTS (1,000,000) member events over BENCH_MEMBERS (5,000)
 * members with local accounts, stored over a year, fills the staff console's read model by
 * running the `staff_activity` projection from the start (`fill_seconds`, the first fill of a
 * new deployment or a rebuild), then times the staff activity log (a mix of filtered first
 * pages, keyset pages deep in the log, searches by name) and the member timeline through the
 * same classes the API uses. Figures go to stdout, one `name=value` per line; the last line is
 * `audit_p99_ms=A timeline_p99_ms=T`.
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);

/** Members with accounts, then their events straight into the store's tables, set-based, one transaction per chunk. */
async function generate(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO identity_accounts (id, email, first_name, last_name, password_hash)
     SELECT md5('member' || k)::uuid, 'socio' || k || '@example.com', 'Nombre' || k, 'Apellido' || k, 'x' FROM generate_series(0, $1::int - 1) AS k`,
    [MEMBERS],
  );
  const chunk = 50_000;
  const yearSeconds = 365 * 24 * 3600;
  for (let from = 0; from < EVENTS; from += chunk) {
    const to = Math.min(from + chunk, EVENTS);
    await pool.query(
      `WITH generated AS (
         SELECT i, md5('member' || (i % $3))::uuid::text AS member, gen_random_uuid() AS id,
                timestamptz '2025-11-01 00:00:00+00' + make_interval(secs => (i::float8 / $4) * $5) AS at
           FROM generate_series($1::bigint, $2::bigint - 1) AS i
       )
       INSERT INTO event_store_events (stream_id, stream_revision, event_id, event_type, data, metadata, recorded_at)
       SELECT 'member-' || member, i / $3, id,
              CASE WHEN i % 50 = 7 THEN 'EnrollmentAbandoned' WHEN i % 10 = 0 THEN 'EnrolledInPlan' WHEN i % 10 = 1 THEN 'ProfileUpdated' ELSE 'WorkoutCompleted' END,
              CASE WHEN i % 50 = 7 THEN jsonb_build_object('enrollmentId', md5('e' || i)::uuid, 'planId', 'plan-' || (i % 7), 'occurredAt', at)
                   WHEN i % 10 = 0 THEN jsonb_build_object('enrollmentId', md5('e' || i)::uuid, 'planId', 'plan-' || (i % 7), 'workoutIds', jsonb_build_array('wk-1', 'wk-2'), 'occurredAt', at)
                   WHEN i % 10 = 1 THEN jsonb_build_object('changes', jsonb_build_object('weight', jsonb_build_object('before', 60 + i % 5, 'after', 61 + i % 5)), 'occurredAt', at)
                   ELSE jsonb_build_object('completionId', id, 'workoutId', 'wk-' || (i % 40), 'planId', NULL, 'enrollmentId', NULL, 'isRunning', false,
                                           'durationSec', 900 + i % 1800, 'occurredAt', at, 'localDate', to_char(at, 'YYYY-MM-DD'))
              END,
              jsonb_build_object('eventId', id, 'correlationId', id, 'causationId', id, 'actor', jsonb_build_object('userId', member, 'role', 'member'),
                                 'occurredAt', at, 'schemaVersion', 1),
              at
         FROM generated ORDER BY i`,
      [from, to, MEMBERS, EVENTS, yearSeconds],
    );
    if ((to / chunk) % 4 === 0) note(`${to} events written`);
  }
  await pool.query(
    `INSERT INTO event_store_streams (stream_id, revision)
     SELECT stream_id, max(stream_revision) FROM event_store_events GROUP BY stream_id
     ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
  );
  await pool.query('VACUUM ANALYZE event_store_events');
  await pool.query('ANALYZE identity_accounts');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function main(): Promise<void> {
  const dataDir = path.join(repoRoot, '.data', `bench-staff-postgres-${process.pid}`);
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'pulso_bench' });
  note(`embedded PostgreSQL ready`);
  const pool = new Pool({ connectionString: pg.url, max: 8 });
  pool.on('error', () => undefined);
  try {
    const dataSource = new DataSource({ type: 'postgres', url: pg.url, migrations, logging: false });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.destroy();

    const started = performance.now();
    await generate(pool);
    figure('events', EVENTS);
    figure('members', MEMBERS);
    figure('generate_seconds', Math.round((performance.now() - started) / 100) / 10);

    // The read model, filled the way a deployment fills it: the engine replays the log through the port.
    const store = new PostgresEventStore(pool);
    const fillStarted = performance.now();
    const engine = new ProjectionEngine(pool, store, { log: { error: (message, details) => console.error(message, details), info: () => undefined } });
    // The same projection, timed: its apply (building the rows, encoding payloads, its reads) apart from the rest.
    const spent = { apply: 0, reads: 0 };
    const timed: Projection = {
      ...staffActivityProjection,
      async apply(events, context) {
        const t0 = performance.now();
        try {
          return await staffActivityProjection.apply(events, {
            table: (name) => context.table(name),
            query: async (sql, params) => {
              const t1 = performance.now();
              try {
                return await context.query(sql, params);
              } finally {
                spent.reads += performance.now() - t1;
              }
            },
          });
        } finally {
          spent.apply += performance.now() - t0;
        }
      },
    };
    engine.register(timed);
    await engine.start();
    const head = await store.headPosition();
    const filled = await engine.waitFor(head!, { projections: [staffActivityProjection.name] }, 3_600_000);
    if (!filled.reached) throw new Error('the staff_activity projection did not catch up');
    figure('fill_seconds', Math.round((performance.now() - fillStarted) / 100) / 10);
    // The apply answers its writes; the engine runs them: what is not the apply's JS is the engine's reads and writes.
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    figure('fill_handler_js_seconds', Math.round((spent.apply - spent.reads) / 100) / 10);
    figure('fill_sql_seconds', Math.round((fillSeconds - (spent.apply - spent.reads) / 1000) * 10) / 10);
    figure('fill_load', load());
    await engine.stop();
    for (const view of [ACTIVITY_LOG, ACTIVITY_STREAMS]) {
      const { rows } = await pool.query<{ physical: string }>(
        `SELECT c.relname AS physical FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid JOIN pg_class c ON c.oid = d.refobjid
          WHERE r.ev_class = $1::regclass AND c.relkind = 'r' LIMIT 1`,
        [view],
      );
      await pool.query(`VACUUM ANALYZE ${rows[0].physical}`);
    }
    // The fill's writes reach the disk before the timings start, so they do not time the write-back.
    await pool.query('CHECKPOINT');

    // The log reads back staff exports' sealed search terms; the generated history has none to open.
    const policy = new PersonalDataPolicy(new DataKeys(pool, { privacy: {}, env: 'test' } as unknown as AppConfig));
    const log = new ActivityLog(pool, policy);
    // BENCH_EXPLAIN=1 prints each view's plan once (EXPLAIN ANALYZE of the log's own query).
    const explained = new ActivityLog(
      {
        query: async (sql: string, params: unknown[]) => {
          const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
          process.stdout.write(`${rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}\n`);
          return pool.query(sql, params);
        },
      } as unknown as Pool,
      policy,
    );
    const timeline = new MemberTimeline(store, pool);
    const memberId = (k: number) => `${(k % MEMBERS).toString()}`;
    const { rows: ids } = await pool.query<{ k: string; id: string }>(
      `SELECT k::text, md5('member' || k)::uuid::text AS id FROM generate_series(0, $1::int - 1) AS k`,
      [MEMBERS],
    );
    const idOf = new Map(ids.map((row) => [row.k, row.id]));
    // A cursor from the middle of the log (cursors are the read model's order key).
    const { rows: last } = await pool.query<{ seq: string }>(`SELECT max(seq)::text AS seq FROM ${ACTIVITY_LOG}`);
    const middle = (BigInt(last[0].seq) / 2n).toString();

    // The views staff open: each a first page of 50, newest first, or a page deep in the log.
    const viewNames = [
      'no_filter',
      'common_type',
      'rare_type_deep',
      'member',
      'member_type',
      'email_search',
      'name_search',
      'type_month',
      'period_7d',
      'deep_page',
    ];
    const auditQueries: Array<(i: number) => [LogFilters, string | undefined]> = [
      () => [{}, undefined],
      () => [{ types: ['WorkoutCompleted'] }, undefined],
      () => [{ types: ['EnrollmentAbandoned'] }, middle],
      (i) => [{ member: idOf.get(memberId(i * 7919))! }, undefined],
      (i) => [{ member: idOf.get(memberId(i * 104729))!, types: ['WorkoutCompleted'] }, undefined],
      (i) => [{ q: `socio${(i * 31) % MEMBERS}@` }, undefined],
      (i) => [{ q: `Nombre${(i * 17) % MEMBERS} Apellido` }, undefined],
      (i) => {
        const month = (i % 12) + 1;
        const from = new Date(Date.UTC(2025, 10 + month - 1, 1));
        const to = new Date(Date.UTC(2025, 10 + month, 1));
        return [{ types: ['ProfileUpdated'], from, to }, undefined];
      },
      (i) => {
        const from = new Date(Date.UTC(2026, 0, 1 + (i % 200)));
        return [{ from, to: new Date(from.getTime() + 7 * 86_400_000) }, undefined];
      },
      () => [{}, middle],
    ];

    if (process.env.BENCH_EXPLAIN === '1') {
      for (const [kind, query] of auditQueries.entries()) {
        note(`plan of ${viewNames[kind]}`);
        const [filters, before] = query(kind);
        await explained.page(filters, before, 50);
      }
    }
    note('warming up');
    for (let i = 0; i < 50; i++) {
      const [filters, before] = auditQueries[i % auditQueries.length](i);
      await log.page(filters, before, 50);
      await timeline.page(idOf.get(memberId(i * 13))!, undefined, 100);
    }

    const audit: number[] = [];
    const perKind = new Map<number, number[]>();
    for (let i = 0; i < SAMPLES; i++) {
      const kind = i % auditQueries.length;
      const [filters, before] = auditQueries[kind](i + 1000);
      const t0 = performance.now();
      const page = await log.page(filters, before, 50);
      const ms = performance.now() - t0;
      if (page.items.length === 0 && !filters.q) throw new Error(`audit query ${kind} found nothing`);
      audit.push(ms);
      perKind.set(kind, [...(perKind.get(kind) ?? []), ms]);
    }
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const page = await timeline.page(idOf.get(memberId(i * 7 + 3))!, undefined, 100);
      times.push(performance.now() - t0);
      if (page.items.length === 0) throw new Error('empty timeline');
    }
    // The members list (not a target of the issue, measured so its cost is known): first page by last
    // activity, a page deep in the list, a search, and the inactive view.
    const members = new MembersOverview(pool, { auth: { staffEmails: [] } } as unknown as AppConfig);
    const listViews: Array<[string, Parameters<MembersOverview['list']>[0]]> = [
      ['first_page', { limit: 50, offset: 0 }],
      ['deep_page', { limit: 50, offset: 2500 }],
      ['search', { q: 'socio12', limit: 50, offset: 0 }],
      ['inactive_30d', { inactiveDays: 30, limit: 50, offset: 0 }],
    ];
    for (const [name, options] of listViews) {
      const samples: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await members.list(options);
        samples.push(performance.now() - t0);
      }
      figure(`members_list_${name}_p50_ms`, round(percentile(samples, 50)));
    }
    for (const [kind, values] of [...perKind.entries()].sort((a, b) => a[0] - b[0])) figure(`audit_${viewNames[kind]}_p99_ms`, round(percentile(values, 99)));
    figure('audit_p50_ms', round(percentile(audit, 50)));
    figure('timeline_p50_ms', round(percentile(times, 50)));
    figure('load_average', load());
    process.stdout.write(`audit_p99_ms=${round(percentile(audit, 99))} timeline_p99_ms=${round(percentile(times, 99))}\n`);
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
