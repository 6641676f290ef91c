import { expect, test, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * The interval timer from the members' navigation: a preset of the member's own saved and
 * deleted, then Tabata 20/10 × 8 run to the end on the test's clock (page.clock) — countdown,
 * work and rest, a pause that stops time, a reload that resumes it, the halfway cue — saved as a
 * workout, and the member's figures moving once even when the same save is sent again.
 */

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/timer-${name}-1280.png` });
}

function statCard(page: Page, label: string) {
  return page
    .locator('.members-stat')
    .filter({ has: page.locator('.members-stat__label', { hasText: label }) })
    .locator('.members-stat__value');
}

test('Tabata runs to the end on the clock, is saved as a workout and counted once', async ({ page }) => {
  test.setTimeout(150_000);
  await newOnboardedMember(page, 'Marcela');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page).toHaveURL(/\/training\/plans$/);
  await page.getByRole('navigation', { name: 'Plataforma de entrenamiento' }).getByRole('link', { name: 'Temporizador' }).click();
  await expect(page).toHaveURL(/\/training\/timer$/);
  await expect(page.getByRole('heading', { name: 'Temporizador', level: 1 })).toBeVisible();
  const mine = page.locator('section', { has: page.getByRole('heading', { name: 'Mis temporizadores' }) });
  await expect(mine.getByText('Aún no guardas temporizadores')).toBeVisible();

  // A timer of the member's own: out of bounds first (a Spanish message, nothing saved), then saved and deleted.
  const custom = page.getByRole('form', { name: 'Temporizador personalizado' });
  await custom.getByLabel('Trabajo').fill('3');
  await custom.getByRole('button', { name: 'Guardar en mis temporizadores' }).click();
  await expect(custom.getByRole('alert')).toHaveText('Trabajo: escribe un número entero entre 5 y 600 segundos.');
  await custom.getByLabel('Trabajo').fill('45');
  await custom.getByLabel('Nombre (para guardarlo)').fill('Piernas 45/15');
  await custom.getByLabel('Descanso', { exact: true }).fill('15');
  await expect(custom.getByText('Duración total:')).toContainText('16:45');
  await custom.getByRole('button', { name: 'Guardar en mis temporizadores' }).click();
  await expect(custom.getByRole('status')).toHaveText('Guardaste «Piernas 45/15» en tus temporizadores.');
  await expect(mine.getByRole('heading', { name: 'Piernas 45/15' })).toBeVisible();
  await expect(mine.getByText('45 s trabajo · 15 s descanso · 8 rondas · 2 series · 60 s entre series · 16:45')).toBeVisible();
  await shot(page, 'picker');
  await mine.getByRole('button', { name: 'Eliminar Piernas 45/15' }).click();
  const confirmDelete = page.getByRole('dialog', { name: '¿Eliminar este temporizador?' });
  await confirmDelete.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(mine.getByText('Aún no guardas temporizadores')).toBeVisible();

  // From here on the page's timers and performance.now() follow the test's clock.
  await page.clock.install();
  await page.reload();
  const startTabata = page.getByRole('button', { name: 'Empezar Tabata 20/10 × 8' });
  await expect(startTabata).toBeVisible();
  await page.clock.pauseAt(Date.now() + 5_000);
  await startTabata.click();

  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  await expect(page.getByRole('heading', { name: 'Tabata 20/10 × 8' })).toBeVisible();
  await expect(timer).toHaveText('0:20');
  await expect(page.getByText('Ronda', { exact: true }).locator('..')).toContainText('1/8');
  await expect(page.getByText('Serie', { exact: true }).locator('..')).toContainText('1/1');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('timer', { name: 'Cuenta regresiva' })).toHaveText('5');
  await expect(page.getByText('Prepárate')).toBeVisible();
  await page.clock.runFor(5_100);

  // Work: the clock runs the timer.
  await expect(page.getByText('Trabajo', { exact: true })).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText('0:10');
  await shot(page, 'work');

  // Paused, time stands still; a reload comes back paused where it was.
  await page.getByRole('button', { name: 'Pausar' }).click();
  await page.clock.runFor(60_000);
  await expect(timer).toHaveText('0:10');
  // The page needs its timers to load; the session is paused, so the clock running changes nothing.
  await page.clock.resume();
  await page.reload();
  await expect(timer).toHaveText('0:10');
  await expect(page.getByText('En pausa')).toBeVisible();
  // The page's clock is ahead of the test's after the fast-forwards: pause from the page's time.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await expect(timer).toHaveText('0:10');
  await page.getByRole('button', { name: 'Reanudar' }).click();

  // Its rest, then round 2.
  await page.clock.runFor(10_000);
  await expect(page.getByText('Descanso', { exact: true })).toBeVisible();
  await expect(timer).toHaveText('0:10');
  await shot(page, 'rest');
  await page.clock.runFor(10_000);
  await expect(page.getByText('Ronda', { exact: true }).locator('..')).toContainText('2/8');

  // Halfway: 2 minutes of training (10 + 10 + 10 + 91 s).
  await page.clock.runFor(91_000);
  await expect(page.getByRole('status').filter({ hasText: '¡Mitad del entrenamiento!' })).toBeVisible();
  await expect(page.getByText('Ronda', { exact: true }).locator('..')).toContainText('5/8');

  // Stopping asks first, and "Seguir entrenando" carries on (paused while asking).
  await page.getByRole('button', { name: 'Detener' }).click();
  const confirmStop = page.getByRole('dialog', { name: '¿Detener el temporizador?' });
  await expect(confirmStop).toBeVisible();
  await confirmStop.getByRole('button', { name: 'Seguir entrenando' }).click();
  await expect(confirmStop).toBeHidden();
  await page.getByRole('button', { name: 'Reanudar' }).click();

  // To the end: 4:00 trained, the pauses not counted.
  await page.clock.runFor(121_000);
  await expect(page.getByRole('heading', { name: '¡Temporizador completado!' })).toBeVisible();
  await expect(page.getByText('Tiempo', { exact: true }).locator('..')).toContainText('4:00');
  await shot(page, 'finished');

  // Saved as a workout; the request is kept to send it again as a lost-answer retry would.
  await page.clock.resume();
  const saving = page.waitForRequest((request) => request.url().endsWith('/api/progress/complete') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Guardar entrenamiento' }).click();
  const sent = await saving;
  await expect(page.getByText('¡Guardado! Ya cuenta en tu progreso, tu racha y tus logros.')).toBeVisible();
  expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({
    workoutId: 'interval-timer',
    durationSec: 240,
    intervalTimer: { kind: 'tabata', name: 'Tabata 20/10 × 8', workSec: 20, restSec: 10, rounds: 8, sets: 1, setRestSec: 0 },
  });
  const headers = await sent.allHeaders();
  const retry = await page.request.post(sent.url(), {
    headers: { authorization: headers.authorization!, 'idempotency-key': headers['idempotency-key']!, 'content-type': 'application/json' },
    data: sent.postData()!,
  });
  expect(retry.status()).toBe(200);
  expect((await retry.json()).duplicate).toBe(true);

  // Progress counts it once, by the timer's name.
  await page.getByRole('link', { name: 'Ver mi progreso' }).click();
  await expect(page).toHaveURL(/\/training\/progress$/);
  await expect(statCard(page, 'Entrenamientos totales')).toHaveText('1');
  await expect(statCard(page, 'Tiempo total')).toContainText('4');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Historial Reciente' }) });
  await expect(history.getByText('Temporizador: Tabata 20/10 × 8')).toHaveCount(1);
  await shot(page, 'progress-after');
});
