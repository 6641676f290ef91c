// Public-site performance figures (issue "Public site", item 9). Not a timed test.
//
//   npm run bench:web                      builds what is stale, starts the product on a fresh
//                                          embedded PostgreSQL, measures, stops it
//   npm run bench:web -- --url=http://…    measures a server that is already running
//
// 1. landing_js_gzip_kb: every JavaScript file `/` downloads until it is hydrated and idle
//    (the prerendered <h1> paints before any script; the footer's contact links render once
//    React runs with the runtime config), measured in Debian's Chromium, gzip -9 of each file.
// 2. Lighthouse 12 (mobile preset: emulated mid-range phone, simulated slow 4G) on `/` and
//    `/memberships`: performance and accessibility scores.
// 3. The cumulative layout shift of `/` as Lighthouse observes it while the page loads.
// Last line: `landing_js_gzip_kb=X lighthouse_perf=Y lighthouse_a11y=Z cls_home=W`, the lowest
// scores of the pages and the CLS of `/`. Results are recorded in docs/performance.md.
//
// BENCH_RUNS=N (1–3, default 1) runs Lighthouse N times per page and keeps the median: the
// simulated 4× CPU slowdown multiplies whatever else the machine is doing, so each line also
// prints the load average and Lighthouse's own benchmark index of the host.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const PAGES = ['/', '/memberships'];
const TARGETS = { jsKb: 100, perf: 95, a11y: 100, cls: 0.02 };

const urlArg = process.argv.find((arg) => arg.startsWith('--url='))?.slice('--url='.length);

async function waitUntilReady(base, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} no respondió a tiempo`);
}

async function startServer() {
  const port = process.env.BENCH_PORT ?? '3390';
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: port, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  await waitUntilReady(base);
  return { base, stop: () => child.kill('SIGTERM') };
}

/** JavaScript `/` downloads until it is hydrated and the network is idle, gzip -9 per file. */
async function landingJavaScript(base) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const scripts = new Map();
    let rendered = false;
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (rendered || url.origin !== base || !url.pathname.endsWith('.js')) return;
      scripts.set(url.pathname, response.body());
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.site-footer a[href^="mailto:"]').waitFor();
    rendered = true;
    let total = 0;
    const files = [];
    for (const [name, body] of scripts) {
      const size = gzipSync(await body, { level: 9 }).length;
      files.push(`${name} ${(size / 1024).toFixed(1)} KB`);
      total += size;
    }
    return { kb: total / 1024, files };
  } finally {
    await browser.close();
  }
}

function lighthouseCommand() {
  try {
    const require = createRequire(import.meta.url);
    return [process.execPath, [require.resolve('lighthouse/cli/index.js')]];
  } catch {
    // Not a dependency of the workspace: npx fetches the pinned version into its cache.
    return ['npx', ['--yes', 'lighthouse@12.8.2']];
  }
}

function lighthouse(url) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pulso-lh-'));
  const output = path.join(dir, 'report.json');
  const [command, prefix] = lighthouseCommand();
  const run = spawnSync(
    command,
    [...prefix, url, '--only-categories=performance,accessibility', `--chrome-flags=${chromeFlags.join(' ')}`, '--output=json', `--output-path=${output}`, '--quiet'],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 },
  );
  if (!existsSync(output)) throw new Error(`Lighthouse falló en ${url} (código ${run.status})`);
  const report = JSON.parse(readFileSync(output, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  const score = (category) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const benchmarkIndex = Math.round(report.environment?.benchmarkIndex ?? 0);
  const audit = (id) => report.audits[id]?.displayValue ?? '—';
  return {
    perf: score('performance'),
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    a11y: score('accessibility'),
    details: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}; carga ${loadavg()[0].toFixed(1)}, benchmarkIndex ${benchmarkIndex}`,
    failedA11y: Object.values(report.audits)
      .filter((a) => report.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score !== null && a.score < 1)
      .map((a) => a.id),
  };
}

const server = urlArg ? { base: urlArg.replace(/\/$/, ''), stop: () => undefined } : await startServer();
try {
  const js = await landingJavaScript(server.base);
  console.log(`JavaScript de / hasta hidratarse: ${js.kb.toFixed(1)} KB gzip (objetivo ≤ ${TARGETS.jsKb})`);
  for (const file of js.files) console.log(`  ${file}`);
  const results = [];
  const runs = Math.min(3, Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1));
  for (const pagePath of PAGES) {
    const runsOfPage = [];
    for (let run = 0; run < runs; run++) {
      const result = lighthouse(`${server.base}${pagePath}`);
      runsOfPage.push(result);
      console.log(`Lighthouse ${pagePath}: rendimiento ${result.perf}, accesibilidad ${result.a11y} (${result.details})`);
      if (result.failedA11y.length) console.log(`  auditorías de accesibilidad por corregir: ${result.failedA11y.join(', ')}`);
    }
    // The median run by performance score (the middle one of three).
    const median = [...runsOfPage].sort((a, b) => a.perf - b.perf)[Math.floor((runsOfPage.length - 1) / 2)];
    if (runs > 1) console.log(`  mediana de ${runs}: rendimiento ${median.perf}, accesibilidad ${median.a11y}`);
    results.push(median);
    if (pagePath === '/') console.log(`CLS de /: ${median.cls.toFixed(3)} (objetivo ≤ ${TARGETS.cls})`);
  }
  const perf = Math.min(...results.map((r) => r.perf));
  const a11y = Math.min(...results.map((r) => r.a11y));
  const clsHome = results[PAGES.indexOf('/')].cls;
  console.log(`landing_js_gzip_kb=${js.kb.toFixed(1)} lighthouse_perf=${perf} lighthouse_a11y=${a11y} cls_home=${clsHome.toFixed(3)}`);
} finally {
  server.stop();
}
