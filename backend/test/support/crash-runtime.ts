import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * The compiled backend as `npm start` runs it, in a child process on its own embedded
 * PostgreSQL: started, killed with SIGKILL, started again on the same data directory.
 */
export const mainJs = path.resolve(__dirname, '..', '..', 'dist', 'main.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningBackend {
  child: ChildProcess;
  output: () => string;
}

export function startBackend(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<RunningBackend> {
  const child = spawn(process.execPath, [mainJs], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`backend not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`backend exited with ${code}:\n${output}`));
    };
    child.on('exit', onExit);
    child.stdout!.on('data', () => {
      if (output.includes('Pulso listo en')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ child, output: () => output });
      }
    });
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.on('exit', (code) => resolve(code));
  });
}

export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One short connection to the backend's embedded database. */
export async function sql<R = Record<string, unknown>>(pgPort: number, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: `postgres://pulso:pulso@127.0.0.1:${pgPort}/pulso` });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

/**
 * A bearer token of the local identity provider, signed with its current key read from
 * the database (the key survives restarts, so the token does too).
 */
export async function bearer(
  pgPort: number,
  publicUrl: string,
  user: { userId?: string; email?: string; staff?: boolean } = {},
): Promise<{ auth: string; userId: string }> {
  const [key] = await sql<{ kid: string; private_key_pem: string }>(
    pgPort,
    'SELECT kid, private_key_pem FROM identity_signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
  );
  if (!key) throw new Error('no signing key yet: fetch the JWKS first');
  const userId = user.userId ?? randomUUID();
  const token = jwt.sign(
    {
      email: user.email ?? `socio-${userId.slice(0, 8)}@example.com`,
      first_name: 'Ana',
      last_name: 'Martínez',
      ...(user.staff ? { org_role: 'org:admin', amr: ['pwd', 'otp'] } : {}),
    },
    key.private_key_pem,
    {
      algorithm: 'RS256',
      keyid: key.kid,
      subject: userId,
      issuer: `${publicUrl}/api/identity`,
      audience: 'pulso',
      expiresIn: 6 * 60 * 60,
      jwtid: randomUUID(),
    },
  );
  return { auth: `Bearer ${token}`, userId };
}
