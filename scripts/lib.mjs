// Helpers shared by the root scripts (start, test, e2e server, benchmarks).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files below the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(target, entry));
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

export function mtimeOf(file) {
  const full = path.join(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export const builds = [
  {
    name: 'frontend',
    sources: [
      'frontend/src',
      'frontend/public',
      'frontend/index.html',
      'frontend/vite.config.ts',
      'frontend/vite',
      'frontend/scripts',
      'frontend/package.json',
    ],
    output: 'frontend/dist/index.html',
    command: ['npm', ['run', 'build', '-w', 'frontend', '--silent']],
  },
  {
    name: 'backend',
    sources: ['backend/src', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'backend/package.json', 'tsconfig.json'],
    output: 'backend/dist/main.js',
    command: ['npm', ['run', 'build', '-w', 'backend', '--silent']],
  },
];

/** Builds each workspace whose output is missing or older than its sources. */
export async function buildWhatIsMissing({ quiet = false } = {}) {
  for (const build of builds) {
    if (mtimeOf(build.output) >= newestMtime(build.sources)) continue;
    if (!quiet) process.stdout.write(`Compilando ${build.name}…\n`);
    const code = await run(build.command[0], build.command[1]);
    if (code !== 0) throw new Error(`La compilación de ${build.name} falló (código ${code}).`);
  }
}
