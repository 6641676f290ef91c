import { expect, test, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * A whole plan workout trained on a phone-sized screen, with the browser's clock in
 * the test's hands (page.clock): preload, the 5-second countdown, timed and rep
 * exercises, an exercise rest and the rest between rounds, 'Terminé', the completion
 * saved, then the dashboard on the plan's next workout and progress counting it once.
 *
 * 'Activación Express' (first workout of 'Arranque Pulso'):
 *   round 1 'Activación' (20 s round rest): Saltos de tijera 30 s + 10 s rest,
 *                                          Sentadilla con peso corporal 10 reps + 15 s rest
 *   round 2 'Circuito corto' (no round rest): Escaladores 30 s + 10 s rest, Plancha frontal 20 s
 */

test.use({ viewport: { width: 375, height: 812 } });

const PLAN = 'Arranque Pulso';
const WORKOUT = 'Activación Express';
const NEXT_WORKOUT = 'Full Body en Casa: Sin Equipo';

async function shot(page: Page, name: string, alsoDesktop = false) {
  await page.screenshot({ path: `test-results/screens/player-${name}-375.png` });
  if (!alsoDesktop) return;
  // The same moment on a desktop or a landscape tablet; the clock is paused, so nothing moves meanwhile.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/screens/player-${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
}

function statCard(page: Page, label: string) {
  return page
    .locator('.members-stat')
    .filter({ has: page.locator('.members-stat__label', { hasText: label }) })
    .locator('.members-stat__value');
}

test('a plan workout is trained from preload to a saved completion, counted once', async ({ page }) => {
  test.setTimeout(120_000);
  await newOnboardedMember(page, 'Andrea');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.getByRole('button', { name: `Ver detalles de ${PLAN}` }).click();
  await page.getByRole('dialog', { name: PLAN }).getByRole('button', { name: 'Comenzar este plan' }).click();
  const start = page.locator('section.dashboard-today').getByRole('link', { name: 'Comenzar Entrenamiento' });
  await expect(page.locator('section.dashboard-today').getByRole('heading', { name: WORKOUT })).toBeVisible();
  const playerUrl = await start.getAttribute('href');
  expect(playerUrl).toMatch(/^\/workout\/[^/]+\/plan\/[^/]+\/enrollment\/[^/]+$/);

  // From here on the page's timers and performance.now() follow the test's clock.
  await page.clock.install();
  await page.goto(playerUrl!);

  // Preload: the clips come from the product's own media route; every one lands.
  await expect(page.getByRole('heading', { name: WORKOUT })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  await expect(page.getByText(/^(\d+) \/ \1 videos$/)).toBeVisible();
  // This project's Chromium has no Web Bluetooth, like an iPhone or Firefox: the screen says why and
  // what works instead, and the workout below runs exactly as without a sensor.
  await expect(page.getByRole('note').filter({ hasText: 'Usa Chrome en Android o en una computadora' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conectar sensor' })).toHaveCount(0);
  // Ready, and still a way back before starting.
  await expect(page.getByRole('button', { name: 'Volver a entrenamientos' })).toBeVisible();
  await shot(page, 'preload');
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();

  // The player, idle: first exercise, previous and skip disabled, the 'Precargado' badge.
  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  const strip = page.getByRole('region', { name: 'Temporizador' });
  await expect(page.getByText('Ronda 1/2')).toBeVisible();
  await expect(page.getByText('Ejercicio 1/2')).toBeVisible();
  await expect(page.getByText('Precargado')).toBeVisible();
  await expect(strip.getByRole('heading', { name: 'Saltos de tijera' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ejercicio anterior' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Saltar' })).toBeDisabled();
  await expect(timer).toHaveText('0:30');

  // Play: the 5-second countdown first.
  await page.getByRole('button', { name: 'Comenzar' }).click();
  const countdown = page.getByRole('alertdialog', { name: 'Prepárate' });
  await expect(countdown).toBeVisible();
  await expect(countdown).toContainText('El entrenamiento comenzará pronto');
  await expect(countdown).toContainText('5');
  await page.clock.runFor(2_500);
  await expect(countdown).toContainText('3');
  await shot(page, 'countdown');
  await page.clock.runFor(2_600);
  await expect(countdown).toBeHidden();

  // Exercise 1, timed: the timer runs from the clock.
  await expect(strip.getByText('Ejercicio', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saltar' })).toBeEnabled();
  await expect(strip.getByText('NEXT: Sentadilla con peso corporal')).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText('0:20');
  await shot(page, 'exercise', true);

  // Paused, time stands still however long the member waits.
  await page.getByRole('button', { name: 'Pausar' }).click();
  await page.clock.runFor(60_000);
  await expect(timer).toHaveText('0:20');
  await page.getByRole('button', { name: 'Reanudar' }).click();

  // Its 10-second rest, showing what comes next.
  await page.clock.runFor(20_000);
  await expect(strip.getByText('Descanso', { exact: true })).toBeVisible();
  await expect(page.getByText('NEXT: Sentadilla con peso corporal')).toBeVisible();
  // The rest names what comes next, not the exercise just finished, with one timer on the screen.
  await expect(strip.getByRole('heading', { level: 1 })).toHaveText('NEXT: Sentadilla con peso corporal');
  await expect(strip.getByText('Saltos de tijera')).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveCount(1);
  await shot(page, 'rest');
  await page.clock.runFor(10_000);

  // Exercise 2 counts repetitions: 'Terminé' moves on.
  await expect(strip.getByRole('heading', { name: 'Sentadilla con peso corporal' })).toBeVisible();
  await expect(strip.getByText('Completar Repeticiones')).toBeVisible();
  await expect(strip.getByText('10 reps', { exact: true })).toBeVisible();
  // The spec's 60-second timer is there as the time limit beside 'Terminé'.
  await expect(strip.locator('.session-strip__limit')).toContainText('Tiempo límite');
  await expect(strip.locator('.session-strip__limit').getByRole('timer')).toHaveText('1:00');
  await expect(page.getByText('Ejercicio 2/2')).toBeVisible();
  const done = strip.getByRole('button', { name: 'Terminé' });
  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(done).toBeDisabled();
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await expect(done).toBeEnabled();
  await shot(page, 'reps', true);
  await page.clock.runFor(4_000);
  await done.click();
  await expect(strip.getByText('Descanso', { exact: true })).toBeVisible();
  await expect(timer).toHaveText('0:15');

  // After the rest, the rest between rounds.
  await page.clock.runFor(15_100);
  await expect(strip.getByText('Descanso entre Rondas', { exact: true })).toBeVisible();
  await expect(page.getByText('NEXT: Escaladores')).toBeVisible();
  await shot(page, 'round-rest', true);
  await page.clock.runFor(20_000);

  // Round 2, then its last exercise announces the end.
  await expect(page.getByText('Ronda 2/2')).toBeVisible();
  await expect(strip.getByRole('heading', { name: 'Escaladores' })).toBeVisible();
  await page.clock.runFor(40_000);
  await expect(strip.getByRole('heading', { name: 'Plancha frontal' })).toBeVisible();
  await expect(strip.getByText('FINALIZANDO')).toBeVisible();
  await expect(strip.getByText('¡Último ejercicio del entrenamiento!')).toBeVisible();
  await page.clock.runFor(20_000);

  // Complete: 5 + 30 + 10 + 4 + 15 + 20 + 30 + 10 + 20 = 144 s trained, the pause not counted.
  const modal = page.getByRole('dialog', { name: '¡Entrenamiento Completado!' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Ejercicios').locator('..')).toContainText('4');
  await expect(modal.getByText('Rondas').locator('..')).toContainText('2');
  await expect(modal.getByText('Tiempo total').locator('..')).toContainText(/2:(19|2\d)/);
  await shot(page, 'complete', true);
  await page.clock.resume();
  await modal.getByRole('button', { name: 'Guardar y Continuar' }).click();

  // Back on the dashboard, the plan has moved on to its next workout.
  await expect(page).toHaveURL(/\/training$/);
  const today = page.locator('section.dashboard-today');
  await expect(today.getByRole('heading', { name: NEXT_WORKOUT })).toBeVisible();
  await expect(today.getByText(/^Entrenamiento 2 de \d+$/)).toBeVisible();
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Actividad reciente' }) }).getByText(WORKOUT)).toHaveCount(1);
  await shot(page, 'dashboard-after');

  // And progress counts it exactly once, even after a reload.
  await page.goto('/training/progress');
  await expect(statCard(page, 'Entrenamientos totales')).toHaveText('1');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Historial Reciente' }) });
  await expect(history.getByText(WORKOUT)).toHaveCount(1);
  await expect(history.getByText(PLAN)).toBeVisible();
  await shot(page, 'progress-after');
});
