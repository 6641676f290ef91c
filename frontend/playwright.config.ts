import { defineConfig, devices } from '@playwright/test';

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
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-SV',
    timezoneId: 'America/El_Salvador',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', testIgnore: BLUETOOTH_SPECS, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'bluetooth',
      testMatch: BLUETOOTH_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath, args: [...CHROMIUM_ARGS, '--enable-experimental-web-platform-features'] },
      },
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
