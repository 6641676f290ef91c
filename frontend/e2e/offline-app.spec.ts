import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium, expect, test, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * The members' app at the gym (issue 41): installed, opened from its start URL without a
 * connection, a workout trained to the end offline and counted once when the connection returns.
 * And no blank screens (issue 37): a page whose code cannot arrive shows a Spanish state and comes
 * back by itself. Screens land in test-results/screens/offline-*.png.
 */

test.use({ viewport: { width: 375, height: 812 } });

const PLAN = 'Arranque Pulso';
const WORKOUT = 'Activación Express';
const OFFLINE_STATE = 'Sin conexión. Reintentaremos en cuanto vuelvas a estar en línea.';
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/offline-${name}-375.png` });

function statCard(page: Page, label: string) {
  return page
    .locator('.members-stat')
    .filter({ has: page.locator('.members-stat__label', { hasText: label }) })
    .locator('.members-stat__value');
}

/** A new member enrolled in the first plan, on the dashboard. Answers the player's URL for today's workout. */
async function memberWithPlan(page: Page): Promise<string> {
  await newOnboardedMember(page, 'Gabriela');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.getByRole('button', { name: `Ver detalles de ${PLAN}` }).click();
  await page.getByRole('dialog', { name: PLAN }).getByRole('button', { name: 'Comenzar este plan' }).click();
  const today = page.locator('section.dashboard-today');
  await expect(today.getByRole('heading', { name: WORKOUT })).toBeVisible();
  const playerUrl = await today.getByRole('link', { name: 'Comenzar Entrenamiento' }).getAttribute('href');
  expect(playerUrl).toMatch(/^\/workout\/[^/]+\/plan\/[^/]+\/enrollment\/[^/]+$/);
  return playerUrl!;
}

/** Whether the worker has kept the workout and every clip it plays, as the dashboard asked it to. */
function workoutKeptOffline(page: Page, workoutId: string): Promise<boolean> {
  return page.evaluate(async (id) => {
    const answer = await (await caches.open('pulso-member-api')).match(`/api/workouts/${id}`, { ignoreVary: true });
    if (!answer) return false;
    type Media = { videoUrl?: string; secureUrl?: string } | null | undefined;
    const { workout } = (await answer.json()) as { workout: { rounds: { exercises: { details?: { media?: Media } | null }[] }[] } };
    const clips = workout.rounds.flatMap((round) => round.exercises.flatMap(({ details }) => details?.media?.secureUrl || details?.media?.videoUrl || []));
    const media = await caches.open('pulso-media');
    const kept = await Promise.all(clips.map((clip) => media.match(`${clip}?quality=high`)));
    return clips.length > 0 && kept.every(Boolean);
  }, workoutId);
}

test('the installed app runs the current workout offline; back online it is counted once', async ({ page, context }) => {
  test.setTimeout(150_000);
  const playerUrl = await memberWithPlan(page);
  const workoutId = playerUrl.split('/')[2];

  // Signed in, the worker installs and takes the page; the dashboard keeps the next workouts for the gym.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 }).toMatch(/\/sw\.js$/);
  await expect.poll(() => workoutKeptOffline(page, workoutId), { timeout: 30_000 }).toBe(true);

  // At the gym: no connection, the app opened from its start URL.
  await context.setOffline(true);
  await page.clock.install();
  await page.goto('/training');
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión — mostrando lo último guardado' })).toBeVisible();
  const today = page.locator('section.dashboard-today');
  await expect(today.getByRole('heading', { name: WORKOUT })).toBeVisible();
  await shot(page, 'dashboard');
  // What needs the server waits for it: another plan cannot be started offline.
  await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Planes' }).click();
  await page
    .getByRole('button', { name: /^Ver detalles de / })
    .nth(1)
    .click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Comenzar este plan' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Dashboard' }).click();
  await today.getByRole('link', { name: 'Comenzar Entrenamiento' }).click();

  // The player, offline, with every clip from the phone.
  await expect(page.getByRole('heading', { name: WORKOUT })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Videos listos.' })).toBeVisible();
  await expect(page.getByText(/^(\d+) \/ \1 videos$/)).toBeVisible();
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
  await page.getByRole('button', { name: 'Comenzar' }).click();
  const strip = page.getByRole('region', { name: 'Temporizador' });
  // Countdown, 'Saltos de tijera' 30 s and its rest, then the repetitions.
  await page.clock.runFor(45_100);
  const done = strip.getByRole('button', { name: 'Terminé' });
  await expect(done).toBeEnabled();
  await done.click();
  // Its rest, the rest between rounds, 'Escaladores' and its rest, 'Plancha frontal'.
  await page.clock.runFor(15_100);
  await page.clock.runFor(20_000);
  await page.clock.runFor(40_000);
  await expect(strip.getByRole('heading', { name: 'Plancha frontal' })).toBeVisible();
  await page.clock.runFor(21_000);
  const modal = page.getByRole('dialog', { name: '¡Entrenamiento Completado!' });
  await expect(modal).toBeVisible();
  await page.clock.resume();

  // Saved offline: it waits in the outbox.
  await modal.getByRole('button', { name: 'Guardar y Continuar' }).click();
  await expect(modal.getByRole('status')).toContainText('Lo guardaremos automáticamente cuando vuelva la conexión');
  const outbox = () => page.evaluate(() => JSON.parse(localStorage.getItem('pulso.completion-outbox') ?? '[]').length as number);
  expect(await outbox()).toBe(1);
  await shot(page, 'saved-offline');

  // Back online: the outbox sends it by itself; saving again answers the same completion.
  await context.setOffline(false);
  await expect.poll(outbox, { timeout: 20_000 }).toBe(0);
  await modal.getByRole('button', { name: 'Guardar y Continuar' }).click();
  await expect(page).toHaveURL(/\/training$/);

  await page.goto('/training/progress');
  await expect(statCard(page, 'Entrenamientos totales')).toHaveText('1');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Historial Reciente' }) });
  await expect(history.getByText(WORKOUT)).toHaveCount(1);
});

test('Chromium finds the app installable on /training', async ({ browserName: _ }, testInfo) => {
  test.setTimeout(90_000);
  // Chromium never offers installs in an incognito profile, which is what a test context is: a real profile here.
  const profile = mkdtempSync(path.join(tmpdir(), 'pulso-install-'));
  const { baseURL, launchOptions, locale, timezoneId } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale, timezoneId, viewport: { width: 375, height: 812 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await memberWithPlan(page);
    await expect(page).toHaveURL(/\/training$/);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data);
    expect(manifest).toMatchObject({ start_url: '/training', display: 'standalone', lang: 'es-SV', short_name: 'Pulso', theme_color: '#0b0f17' });
    expect(manifest.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toEqual(['Entrenar hoy', 'Mis clases', 'Mi calendario']);
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('signing out deletes the member data kept for offline use', async ({ page }) => {
  test.setTimeout(90_000);
  await memberWithPlan(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  const kept = () => page.evaluate(async () => ((await caches.has('pulso-member-api')) ? (await (await caches.open('pulso-member-api')).keys()).length : 0));
  await expect.poll(kept, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('pulso.offline-member'))).toContain('Gabriela');

  await page.getByRole('button', { name: 'Cerrar Sesión' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await kept()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('pulso.offline-member'))).toBeNull();
});

test('a new version is announced and applied only when the member taps "Actualizar"', async ({ page }) => {
  test.setTimeout(90_000);
  await memberWithPlan(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(firstWorker).toMatch(/\/sw\.js$/);

  // A deployment: the server now has another worker. The open tab keeps running the one it has.
  const file = path.join(dist, 'sw.js');
  const deployed = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, `${deployed}\n// ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.getByRole('status').filter({ hasText: 'Hay una versión nueva' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('section.dashboard-today').getByRole('heading', { name: WORKOUT })).toBeVisible();
    await shot(page, 'update-notice');

    await notice.getByRole('button', { name: 'Actualizar' }).click();
    await page.waitForEvent('load');
    await expect(page).toHaveURL(/\/training$/);
    await expect(page.getByRole('status').filter({ hasText: 'Hay una versión nueva' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    writeFileSync(file, deployed);
  }
});

test.describe('before the app is installed', () => {
  // A member whose worker is not there yet (or a browser without one): pages load from the network.
  test.use({ serviceWorkers: 'block' });

  test('a page that cannot load offline shows a Spanish state and opens by itself when the connection returns', async ({ page, context }) => {
    test.setTimeout(90_000);
    await newOnboardedMember(page, 'Mónica');
    await page.goto('/training/workouts');
    await expect(page.getByRole('heading', { name: 'Biblioteca de Entrenamientos' })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión — mostrando lo último guardado' })).toBeVisible();
    await shot(page, 'banner');
    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Mi Progreso' }).click();
    await expect(page.getByRole('alert')).toContainText(OFFLINE_STATE);
    await shot(page, 'state');

    // The member does nothing: the page arrives once the connection does, at the same address.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Mi Progreso', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/training\/progress$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a page whose code is gone after a deployment reloads once, where the member was', async ({ page }) => {
    test.setTimeout(90_000);
    await newOnboardedMember(page, 'Rebeca');
    await page.goto('/training/workouts');
    await expect(page.getByRole('heading', { name: 'Biblioteca de Entrenamientos' })).toBeVisible();
    // The old build's chunk of Mi Progreso no longer exists on the server (once: the reload gets the new build).
    let refused = 0;
    await page.route(/\/assets\/training-progress-[\w-]+\.js$/, (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue()));
    await page.getByRole('navigation', { name: 'Navegación inferior' }).getByRole('link', { name: 'Mi Progreso' }).click();
    await expect(page.getByRole('heading', { name: 'Mi Progreso', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/training\/progress$/);
    expect(refused).toBe(2);
  });
});
