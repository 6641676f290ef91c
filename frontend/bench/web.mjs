// Public-site performance figures (issue "Public site", item 9). Not a timed test.
//
//   npm run bench:web                      builds what is stale, starts the product on a fresh
//                                          embedded PostgreSQL, measures, stops it
//   npm run bench:web -- --url=http://…    measures a server that is already running (the offline
//                                          figure also needs BENCH_DATABASE_URL, its database)
//
// 1. landing_js_gzip_kb: every JavaScript file `/` downloads until it is hydrated and idle
//    (the prerendered <h1> paints before any script; the footer's contact links render once
//    React runs with the runtime config), measured in Debian's Chromium, gzip -9 of each file.
// 2. Lighthouse 12 (mobile preset: emulated mid-range phone, simulated slow 4G) on `/` and
//    `/memberships`: performance and accessibility scores.
// 3. cls_home: the cumulative layout shift of `/` as Lighthouse observes it while the page loads.
// 4. offline_dashboard_ms: the installed members' app at the gym. A new member signs up, enrols in
//    the first plan and waits on the dashboard until the service worker has kept what it needs;
//    then, with the browser offline, a repeat visit to /training: milliseconds from the start of
//    that navigation to today's workout on screen (target ≤ 1,000).
// Last line: `landing_js_gzip_kb=X lighthouse_perf=Y lighthouse_a11y=Z cls_home=W offline_dashboard_ms=V`,
// the lowest scores of the pages. Results are recorded in docs/performance.md.
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
import pg from 'pg';
/* global caches, document -- read inside the page (page.waitForFunction) */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const PAGES = ['/', '/memberships'];
const TARGETS = { jsKb: 100, perf: 95, a11y: 100, cls: 0.02, offlineMs: 1_000 };

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
  // The server's own embedded PostgreSQL (scripts/e2e-server.mjs: its port + 51299).
  return { base, databaseUrl: `postgres://pulso:pulso@127.0.0.1:${Number(port) + 51299}/pulso`, stop: () => child.kill('SIGTERM') };
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

/** The verification code the product mailed to `email` (its outbox table, as a person reads their inbox). */
async function mailedCode(databaseUrl, email) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'verification-code' ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '')?.[1];
    if (!code) throw new Error(`sin código de verificación para ${email}`);
    return code;
  } finally {
    await client.end();
  }
}

/** A repeat visit to /training without a connection: ms from the navigation's start to today's workout on screen. */
async function offlineDashboard(base, databaseUrl) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-SV', timezoneId: 'America/El_Salvador' });
    const page = await context.newPage();
    const email = `bench.offline.${Date.now()}@example.com`;
    await page.goto(`${base}/platform-register`);
    await page.getByLabel('Nombre').fill('Banca');
    await page.getByLabel('Apellido').fill('Sin Señal');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('Entrena-Fuerte-24');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByRole('heading', { name: 'Verifica tu correo' }).waitFor();
    await page.getByLabel('Código de verificación').fill(await mailedCode(databaseUrl, email));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(/\/onboarding$/);
    const choose = (text) => page.locator('label.onboarding-choice', { hasText: text }).click();
    const next = page.getByRole('button', { name: /Siguiente/ });
    await page.getByLabel('Fecha de nacimiento').fill('1995-08-20');
    await choose('Femenino');
    await page.getByLabel('Altura (cm)').fill('163');
    await page.getByLabel('Peso (kg)').fill('58');
    await page.getByLabel(/Acepto los términos/).check();
    await page.getByLabel(/Autorizo a Pulso/).check();
    await next.click();
    await choose('Mejorar resistencia');
    await next.click();
    await choose('Intermedio');
    await page.getByRole('button', { name: /Finalizar/ }).click();
    await page.waitForURL(/\/subscription$/);
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await page
      .getByRole('button', { name: /^Ver detalles de / })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Comenzar este plan' }).click();
    const today = page.locator('section.dashboard-today h3');
    await today.waitFor();
    // The worker in control and the dashboard's answers kept (the dashboard asks for them again through it).
    const ready = () =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller || !(await caches.has('pulso-member-api'))) return false;
        const kept = (await (await caches.open('pulso-member-api')).keys()).map((request) => new URL(request.url).pathname);
        return (
          ['/api/platform-users/onboarding-status', '/api/platform-users/profile', '/api/enrollments', '/api/progress/stats'].every((path) =>
            kept.includes(path),
          ) && kept.some((path) => path.endsWith('/current'))
        );
      });
    const deadline = Date.now() + 60_000;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error('el service worker no guardó el dashboard a tiempo');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await context.setOffline(true);
    const runs = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(`${base}/training`, { waitUntil: 'commit' });
      // performance.now() counts from the start of this navigation; polled every frame.
      runs.push(
        await (
          await page.waitForFunction(() => (document.querySelector('section.dashboard-today h3') ? performance.now() : false), undefined, {
            timeout: 30_000,
            polling: 'raf',
          })
        ).jsonValue(),
      );
    }
    return Math.round([...runs].sort((a, b) => a - b)[1]);
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
    [
      ...prefix,
      url,
      '--only-categories=performance,accessibility',
      `--chrome-flags=${chromeFlags.join(' ')}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
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
  // Needs the server's database for the mailed code: only against the server this script started (or BENCH_DATABASE_URL).
  const databaseUrl = server.databaseUrl ?? process.env.BENCH_DATABASE_URL;
  const offlineMs = databaseUrl ? await offlineDashboard(server.base, databaseUrl) : undefined;
  if (offlineMs !== undefined)
    console.log(`Visita repetida a /training sin conexión: el dashboard a los ${offlineMs} ms (mediana de 3; objetivo ≤ ${TARGETS.offlineMs})`);
  console.log(
    `landing_js_gzip_kb=${js.kb.toFixed(1)} lighthouse_perf=${perf} lighthouse_a11y=${a11y} cls_home=${clsHome.toFixed(3)} offline_dashboard_ms=${offlineMs ?? 'n/a'}`,
  );
} finally {
  server.stop();
}
