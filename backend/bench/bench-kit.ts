import { rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { createApp } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import type { AppConfig } from '../src/config/app-config';
import { startEmbeddedPostgres } from '../src/infrastructure/database/embedded-postgres';
import { CatalogReadModel } from '../src/modules/catalog/catalog.read-model';
import type { HistoryCatalogue } from '../src/modules/progress/testing/member-history';

/** What the benchmarks share: output conventions, ports and the catalogue their histories use. */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** One figure per line on stdout, `name=value`; progress notes go to stderr. */
export const figure = (name: string, value: number | string) => process.stdout.write(`${name}=${value}\n`);
export const note = (message: string) => process.stderr.write(`· ${message}\n`);
export const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join('/');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * A throwaway embedded PostgreSQL under `.data/bench-<name>-<pid>`, the application's config
 * pointing at it and a small pool; `close()` stops it and removes its files.
 */
export async function benchDatabase(name: string): Promise<{ url: string; dataDir: string; config: AppConfig; pool: Pool; close(): Promise<void> }> {
  const dataDir = path.join(repoRoot, '.data', `bench-${name}-${process.pid}`);
  // BENCH_PG_LOG_MS=n: PostgreSQL logs each statement that runs n ms or longer (with its duration) to stderr.
  const slowStatementMs = process.env.BENCH_PG_LOG_MS;
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'pulso_bench',
    log: slowStatementMs ? (line) => /duration:|checkpoint/.test(line) && process.stderr.write(`[postgres] ${line}\n`) : undefined,
  });
  // BENCH_PG_SET="name=value,…": PostgreSQL settings for an experiment (reloadable ones), e.g. wal_compression=pglz.
  const settings = (process.env.BENCH_PG_SET ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]);
  if (slowStatementMs) settings.push(['log_min_duration_statement', String(Number(slowStatementMs))], ['log_checkpoints', 'on']);
  if (settings.length > 0) {
    const admin = new Pool({ connectionString: pg.adminUrl, max: 1 });
    for (const [name, value] of settings) {
      if (!/^[a-z_]+$/.test(name)) throw new Error(`BENCH_PG_SET: not a setting name: ${name}`);
      await admin.query(`ALTER SYSTEM SET ${name} = '${value.replace(/'/g, "''")}'`);
    }
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
  }
  note(`embedded PostgreSQL ready (${dataDir}); load average ${load()}`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent', DATABASE_URL: pg.url });
  const pool = new Pool({ connectionString: pg.url, max: 4 });
  pool.on('error', () => undefined);
  return {
    url: pg.url,
    dataDir,
    config,
    pool,
    async close() {
      await pool.end().catch(() => undefined);
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A first start migrates the database and seeds the catalogue; the histories use its ids. */
export async function seededCatalogue(config: AppConfig): Promise<HistoryCatalogue> {
  const setup = await createApp(config);
  await setup.init();
  const catalog = setup.get(CatalogReadModel);
  const catalogue: HistoryCatalogue = {
    trainingWorkoutIds: catalog.listWorkouts().map((workout) => workout._id),
    runningWorkoutIds: catalog.listRunningWorkouts().map((workout) => workout._id),
    plans: catalog.listPlans().map((plan) => ({ id: plan._id, workoutIds: plan.workouts.map((workout) => workout._id) })),
  };
  await setup.close();
  return catalogue;
}
