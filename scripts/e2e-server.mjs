// The server the browser tests drive: the real product on a fresh embedded
// PostgreSQL (its own data folder, wiped first), exactly as `npm start` runs it.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWhatIsMissing, root } from './lib.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(root, '.data', `e2e-postgres-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// The studio's uploaded media of that database (MEDIA_UPLOAD_DIR's default beside it).
rmSync(`${dataDir}-media`, { recursive: true, force: true });
await buildWhatIsMissing({ quiet: true });

// A server whose clock is moved (the visual check's: PULSO_CLOCK_OFFSET_MS) loads the shifted clock first.
const clock = process.env.PULSO_CLOCK_OFFSET_MS ? ['--import', pathToFileURL(path.join(root, 'scripts/shifted-clock.mjs')).href] : [];
const child = spawn(process.execPath, [...clock, '--enable-source-maps', path.join(root, 'backend/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    EMBEDDED_PG_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? String(Number(port) + 51299),
    STAFF_EMAILS: 'staff@pulso.test',
    // Every journey signs up and in from one address: the per-address limit is for people, not for a test run.
    IDENTITY_IP_ACTIONS_PER_10_MIN: '100000',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
