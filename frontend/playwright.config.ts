import { defineConfig, devices } from '@playwright/test';
import { visualClockOffsetMs } from './e2e/support/visual-clock';

const port = Number(process.env.E2E_PORT ?? 3100);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];
/**
 * Journeys that pair emulated heart-rate straps (e2e/support/bluetooth.ts). Linux Chromium
 * offers Web Bluetooth only behind the experimental-features flag, which also switches on
 * unrelated experimental features; only these specs get it, so every other journey keeps
 * running on the browser members use.
 */
const BLUETOOTH_SPECS = /(bluetooth-harness|heart-rate-[a-z-]+)\.spec\.ts$/;

/**
 * The visual check (e2e/visual.spec.ts, ADR 0231) runs against a server of its own on the next
 * port, with a fresh database holding only what that spec seeds: its pages then look the same
 * whichever other journeys ran before it. That server starts only when the run can include the
 * check: no spec files named, or one of them is the visual spec, and no other project chosen.
 */
const VISUAL_SPEC = /visual\.spec\.ts$/;
const visualPort = port + 1;
const cliArgs = process.argv.slice(process.argv.indexOf('test') + 1);
const fileFilters = cliArgs.filter(
  (arg, index) =>
    !arg.startsWith('-') &&
    !/^(-g|-c|-j|--(project|grep|grep-invert|reporter|workers|repeat-each|retries|timeout|config|max-failures|shard|output|update-snapshots))$/.test(
      cliArgs[index - 1] ?? '',
    ),
);
const chosenProjects = cliArgs.flatMap((arg, index) =>
  arg.startsWith('--project=') ? [arg.slice('--project='.length)] : cliArgs[index - 1] === '--project' ? [arg] : [],
);
const runsVisual =
  (fileFilters.length === 0 || fileFilters.some((filter) => /visual/.test(filter))) && (chosenProjects.length === 0 || chosenProjects.includes('visual'));
const webServer = (serverPort: number) => ({
  command: 'node ../scripts/e2e-server.mjs',
  url: `http://localhost:${serverPort}/api/health/ready`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  env: {
    E2E_PORT: String(serverPort),
    E2E_PG_PORT: process.env.E2E_PG_PORT && serverPort === port ? process.env.E2E_PG_PORT : String(serverPort + 51299),
    // The visual server's wall clock reads the day its baselines show (e2e/support/visual-clock.ts).
    ...(serverPort === visualPort ? { PULSO_CLOCK_OFFSET_MS: String(visualClockOffsetMs()) } : {}),
  },
});

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the
 * real product on a fresh embedded PostgreSQL.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // Baselines beside the specs, one per name and no platform suffix: they are taken on Debian's Chromium only.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-SV',
    timezoneId: 'America/El_Salvador',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', testIgnore: [BLUETOOTH_SPECS, VISUAL_SPEC], use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'bluetooth',
      testMatch: BLUETOOTH_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath, args: [...CHROMIUM_ARGS, '--enable-experimental-web-platform-features'] },
      },
    },
    {
      name: 'visual',
      testMatch: VISUAL_SPEC,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${visualPort}`, viewport: { width: 1280, height: 800 } },
      expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.02, animations: 'disabled', caret: 'hide', scale: 'css', stylePath: './e2e/support/visual.css' } },
    },
  ],
  webServer: runsVisual ? [webServer(port), webServer(visualPort)] : webServer(port),
});
