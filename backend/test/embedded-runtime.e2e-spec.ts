import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './support/crash-runtime';

/**
 * The embedded runtime as `npm start` runs it (the compiled backend): data survives a
 * restart, a postmaster orphaned by SIGKILL is recovered by the next start, and a
 * clean stop leaves no PostgreSQL process behind.
 */
const mainJs = path.resolve(__dirname, '..', 'dist', 'main.js');
const dataRoot = path.resolve(__dirname, '..', '..', '.data');

interface Running {
  child: ChildProcess;
  output: () => string;
}

function start(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, [mainJs], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 45 s:\n${output}`)), 45000);
    child.stdout!.on('data', () => {
      if (output.includes('Pulso listo en')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.on('exit', (code) => resolve(code));
  });
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

async function sql(port: string | undefined, text: string): Promise<unknown[]> {
  const client = new Client({ connectionString: `postgres://pulso:pulso@127.0.0.1:${port}/pulso` });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('embedded runtime (compiled backend)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error('backend/dist/main.js is missing: build the backend first (npm test does it).');
    mkdirSync(dataRoot, { recursive: true });
    const folder = mkdtempSync(path.join(dataRoot, 'runtime-'));
    chmodSync(folder, 0o755);
    dataDir = path.join(folder, 'postgres');
    env = { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_DATA_DIR: dataDir, DATABASE_URL: '' };
  });

  afterAll(() => {
    const pid = dataDir && postmasterPid(dataDir);
    if (pid && alive(pid)) process.kill(pid, 'SIGQUIT');
    if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('recovers a postmaster left by SIGKILL, keeps the data, and stops cleanly', async () => {
    const first = await start(env);
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/api/health/ready`);
    expect(ready.status).toBe(200);
    await sql(
      env.EMBEDDED_PG_PORT,
      `INSERT INTO mail_outbox (id, kind, recipient, subject, text_body, transport)
      VALUES ('00000000-0000-4000-8000-000000000001', 'test', 'a@b.sv', 'persisted', 'x', 'outbox')`,
    );
    const orphan = postmasterPid(dataDir)!;
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(alive(orphan)).toBe(true); // the database outlived its parent

    const second = await start(env);
    expect(second.output()).toContain('recuperado');
    expect(alive(orphan)).toBe(false);
    const health = (await (await fetch(`http://127.0.0.1:${env.PORT}/api/health/ready`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    expect(await sql(env.EMBEDDED_PG_PORT, 'SELECT subject FROM mail_outbox')).toEqual([{ subject: 'persisted' }]);
    // Whatever the machine's locale (ADR 0275): UTF-8, compared byte by byte (code-point order), cased by Unicode.
    expect(
      await sql(
        env.EMBEDDED_PG_PORT,
        `SELECT pg_encoding_to_char(encoding) AS encoding, datcollate, datctype, lower('ÁÉÑ') AS lowered, 'Z' < 'a' AND 'z' < 'á' AS code_point_order
           FROM pg_database WHERE datname = current_database()`,
      ),
    ).toEqual([{ encoding: 'UTF8', datcollate: 'C', datctype: 'C.UTF-8', lowered: 'áéñ', code_point_order: true }]);
    const current = postmasterPid(dataDir)!;

    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
    expect(alive(current)).toBe(false);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  }, 120000);

  it('names the variable when the configuration is bad', async () => {
    const child = spawn(process.execPath, [mainJs], { env: { ...process.env, PORT: 'abc' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    expect(await exited(child)).toBe(78);
    expect(stderr).toMatch(/PORT debe ser un número de puerto/);
  });
});
