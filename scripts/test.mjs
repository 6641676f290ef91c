// `npm test`: lint, typecheck, contract checks, every backend, frontend and browser
// test, then one summary line `N passed, N failed`. It installs Debian's Chromium
// (and docker-compose, to validate the compose file) when they are missing and it can.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildWhatIsMissing, root, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = path.join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = []; // { stage, passed, failed, skipped }
const only = process.env.PULSO_TEST_ONLY?.split(',');

function header(title) {
  process.stdout.write(`\n━━ ${title} ━━\n`);
}

function have(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

let aptUpdated = false;
function aptInstall(packages) {
  const isRoot = process.getuid?.() === 0;
  const command = `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (!isRoot || !have('apt-get')) {
    throw new Error(`Falta ${packages.join(', ')}. Instálalo con:\n  sudo apt-get update && sudo ${command}`);
  }
  process.stdout.write(`Instalando ${packages.join(', ')} (apt-get)…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('sh', ['-c', `${command} -qq`], { stdio: 'inherit', env });
}

async function check(stage, fn) {
  if (only && !only.includes(stage)) return;
  header(stage);
  try {
    const ok = await fn();
    results.push({ stage, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
  } catch (error) {
    process.stdout.write(`${error.message}\n`);
    results.push({ stage, passed: 0, failed: 1, skipped: 0 });
  }
}

async function suite(stage, fn) {
  if (only && !only.includes(stage)) return;
  header(stage);
  try {
    results.push({ stage, ...(await fn()) });
  } catch (error) {
    process.stdout.write(`${error.message}\n`);
    results.push({ stage, passed: 0, failed: 1, skipped: 0 });
  }
}

function readJson(file) {
  if (!existsSync(file)) throw new Error(`No se generó el informe ${path.relative(root, file)}: la ejecución falló antes de terminar.`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

// ── set-up ─────────────────────────────────────────────────────────────────────
header('preparación');
if (!existsSync(CHROMIUM)) aptInstall(['chromium']);
if (!have('docker-compose')) {
  try {
    aptInstall(['docker-compose']);
  } catch (error) {
    process.stdout.write(`${error.message}\n`);
  }
}
await buildWhatIsMissing();

// ── static checks ──────────────────────────────────────────────────────────────
await check('lint', async () => (await run('npx', ['eslint', '.', '--max-warnings=0'])) === 0);
await check('adr-index', async () => (await run('node', ['scripts/check-adr-index.mjs'])) === 0);
await check('docs-map', async () => (await run('node', ['scripts/check-docs-map.mjs'])) === 0);
await check('typecheck', async () => (await run('npm', ['run', 'typecheck', '--silent'])) === 0);
// Prettier (.prettierrc.json): the tree stays formatted (`npm run format` fixes it).
await check('format', async () => (await run('npx', ['prettier', '--check', '.', '--log-level=warn'])) === 0);

await check('openapi', async () => (await run('node', ['backend/dist/scripts/write-openapi.js', '--check'])) === 0);

await check('api-codegen', async () => {
  const file = path.join(root, 'frontend/src/shared/api/generated-api.ts');
  const before = readFileSync(file, 'utf8');
  const { atime, mtime } = statSync(file);
  const code = await run('npx', ['rtk-query-codegen-openapi', 'openapi-config.cjs'], { cwd: path.join(root, 'frontend'), stdio: 'ignore' });
  const after = readFileSync(file, 'utf8');
  utimesSync(file, atime, mtime); // unchanged content must not make the frontend build look stale
  if (code !== 0) return false;
  if (after !== before) {
    writeFileSync(file, before);
    process.stdout.write('frontend/src/shared/api/generated-api.ts está desactualizado: ejecuta `npm run api:codegen`.\n');
    return false;
  }
  process.stdout.write('generated-api.ts al día\n');
  return true;
});

// Both production shapes: EventStoreDB (the default) and the `postgres` profile.
await check('docker-compose', async () => {
  if (!have('docker-compose')) throw new Error('docker-compose no está instalado: no se pudo validar docker-compose.yml.');
  let valid = true;
  for (const profile of [[], ['--profile', 'eventstoredb'], ['--profile', 'postgres']]) {
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...profile, 'config', '-q'], { cwd: root, stdio: 'inherit' });
    const shape = profile.length ? `perfil ${profile[1]}` : 'sin perfil';
    process.stdout.write(`docker-compose.yml (${shape}): ${result.status === 0 ? 'válido' : 'inválido'}\n`);
    valid &&= result.status === 0;
  }
  return valid;
});

// ── test suites ────────────────────────────────────────────────────────────────
await suite('backend (jest)', async () => {
  const output = path.join(reports, 'jest.json');
  await run('npx', ['jest', '--json', `--outputFile=${output}`], { cwd: path.join(root, 'backend') });
  const report = readJson(output);
  const crashed = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + crashed, skipped: report.numPendingTests + report.numTodoTests };
});

await suite('frontend (vitest)', async () => {
  const output = path.join(reports, 'vitest.json');
  await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`], { cwd: path.join(root, 'frontend') });
  const report = readJson(output);
  const crashed = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + crashed, skipped: report.numPendingTests + report.numTodoTests };
});

await suite('browser (playwright + chromium)', async () => {
  const output = path.join(reports, 'playwright.json');
  await run('npx', ['playwright', 'test'], {
    cwd: path.join(root, 'frontend'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  const report = readJson(output);
  const stats = report.stats;
  const setupErrors = (report.errors ?? []).length;
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky + setupErrors, skipped: stats.skipped };
});

// ── summary ────────────────────────────────────────────────────────────────────
header('resumen');
for (const r of results) {
  process.stdout.write(`${r.failed ? '✗' : '✓'} ${r.stage}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}\n`);
}
const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
process.stdout.write(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
