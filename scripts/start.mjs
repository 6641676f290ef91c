// `npm start`: build what is missing, then run the whole product on embedded defaults.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWhatIsMissing, root } from './lib.mjs';

try {
  await buildWhatIsMissing();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const child = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    '--max-semi-space-size=64',
    '--heap-growing-percent=300',
    '--no-allocation-site-pretenuring',
    path.join(root, 'backend/dist/main.js'),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
// A terminal's Ctrl-C reaches the whole process group; the backend shuts down by itself.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGHUP', () => child.kill('SIGHUP'));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)));
