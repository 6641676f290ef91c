import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { completeWizard, signUp } from './support/members';
import { signInStaff } from './support/staff';
import { BROWSER_NOW } from './support/visual-clock';
import { MEMBER_ROUTES, STAFF_ROUTES, PUBLIC_ROUTES } from './support/routes';

/*
 * The visual check (ADR 0231): every route of the three faces at 375 and 1280 px, compared with
 * the baselines in e2e/__screenshots__/visual.spec.ts/ (tolerance, animations and caret off: see
 * the 'visual' project in playwright.config.ts). It runs on a server of its own with a fresh
 * database, so the pages hold only what this spec seeds: one member who finished the wizard,
 * enrolled in a plan and trained once, and the staff account. The browser's clock is fixed and the
 * server's is moved to the same Tuesday (e2e/support/visual-clock.ts), so everything computed from
 * "now" (weeks, months, today's class, who trained today) reads the same on every run; the minute
 * the server dates an event at is masked.
 *
 * After an intended change of the UI: `npm run test:visual:update`, look at the new images, commit them.
 */

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const MEMBER = { firstName: 'Carla', email: 'carla@pulso-visual.test' };

/**
 * What the server dates at the moment it happens (an event, a mail, a completion) or measures
 * (a rebuild's duration): it differs from run to run, so it is masked. Everything else counts.
 */
const SERVER_DATED = [
  'time',
  '.staff-log__when',
  '.staff-today-list__time',
  '.staff-mail__head .staff-muted',
  'td[data-label="Última actividad"]',
  'td[data-label="Último entrenamiento"]',
  'td[data-label="Solicitada"]',
  'td[data-label="Se unió"]',
  '.dashboard-recent__date',
  '.progress-history__date',
].join(', ');

function variableParts(page: Page): Locator[] {
  return [page.locator(SERVER_DATED)];
}

/**
 * The mask hides what a server date says, not how much room it takes: "24 nov 2026, 9:27 p. m." is one
 * line in the activity log where "24 nov 2026, 11:27 p. m." wraps, so the run's hour moved the rows.
 * Every such date and time is written as one fixed instant of the same format before the shot.
 */
async function pinServerDateTimes(page: Page): Promise<void> {
  await page.locator(SERVER_DATED).evaluateAll((elements) => {
    const dateTime = /\d{1,2} [a-zé]+\.? \d{4}, \d{1,2}:\d{2} [ap]\. m\./gi;
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeValue) node.nodeValue = node.nodeValue.replace(dateTime, '24 nov 2026, 9:00 a. m.');
      }
    }
  });
}

function snapshotName(path: string, width: number): string {
  const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${slug}-${width}.png`;
}

/** Loaded, and painted in its own faces: every face the stylesheets declare is fetched before the shot, not swapped in during it. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  // The faces come with a stylesheet that may still be on its way: wait until both are declared and loaded.
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await Promise.all(['16px "Inter Variable"', '16px "Bebas Neue"'].map((font) => document.fonts.load(font, 'Aá')))).every(
            (loaded) => loaded.length > 0,
          ),
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => undefined)));
    await document.fonts.ready;
  });
}

async function checkRoute(page: Page, path: string, options: { name?: string; ready?: (page: Page) => Promise<void> } = {}): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await settled(page);
    if (options.ready) await options.ready(page);
    await pinServerDateTimes(page);
    await expect.soft(page).toHaveScreenshot(snapshotName(options.name ?? path, size.width), { fullPage: true, mask: variableParts(page) });
  }
}

async function memberToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(BROWSER_NOW);
});

test('the public pages look as in their baselines', async ({ page }) => {
  test.setTimeout(180_000);
  // The prerendered pages show Inter only if it is at hand within 100 ms (font-display: optional,
  // ADR 0036): a first visit warms the cache, as for a returning visitor, so every shot has it.
  await page.goto('/');
  await settled(page);
  for (const path of PUBLIC_ROUTES) await checkRoute(page, path);
});

test('the members’ pages, with a member who trained, look as in their baselines', async ({ page, request }) => {
  test.setTimeout(300_000);
  const member = await signUp(page, MEMBER.firstName, MEMBER.email);
  await checkRoute(page, '/onboarding');
  await completeWizard(page);
  await checkRoute(page, '/subscription');

  // Enrolled in the first plan, and its first workout trained once (27 minutes).
  const headers = { Authorization: `Bearer ${await memberToken(request, member.email, member.password)}` };
  const plans = (await (await request.get('/api/plans', { headers })).json()) as { plans: Array<{ _id: string; title: string }> };
  const plan = plans.plans.find((candidate) => candidate.title === 'Arranque Pulso') ?? plans.plans[0];
  expect((await request.post('/api/enrollments', { headers, data: { planId: plan._id } })).ok()).toBe(true);
  await page.goto('/training');
  const start = page.locator('section.dashboard-today').getByRole('link', { name: 'Comenzar Entrenamiento' });
  const playerPath = (await start.getAttribute('href'))!;
  const [, , workoutId, , planId, , enrollmentId] = playerPath.split('/');
  const completed = await request.post('/api/progress/complete', {
    headers,
    data: { workoutId, planId, enrollmentId, durationSec: 1_620 },
  });
  expect(completed.ok(), await completed.text()).toBe(true);

  for (const path of MEMBER_ROUTES) await checkRoute(page, path);

  // The player: its preload screen with every clip in hand, then the player before 'Comenzar'.
  await checkRoute(page, `/workout/${workoutId}`, {
    name: '/player-preload',
    ready: async () => {
      await expect(page.getByRole('status')).toContainText('Videos listos.');
    },
  });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/workout/${workoutId}`);
    await expect(page.getByRole('status')).toContainText('Videos listos.');
    await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
    await expect(page.getByRole('timer', { name: 'Tiempo restante' })).toBeVisible();
    await expect.soft(page).toHaveScreenshot(`player-${size.width}.png`, { mask: variableParts(page) });
  }
});

test('the staff console, with that member in it, looks as in its baselines', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInStaff(page, request);
  for (const path of STAFF_ROUTES) await checkRoute(page, path);
});
