import { expect } from '@playwright/test';
import { MEASUREMENTS, STRAPS, test } from './support/bluetooth';
import { newOnboardedMember } from './support/members';

/*
 * The interval timer with a paired strap (optional, as in the player): consent, the live BPM
 * in the timer's bar, Tabata to the end on the page's clock, and the saved session carrying
 * the heart-rate summary the server decided, shown on the finish screen.
 */

test.use({ viewport: { width: 375, height: 812 } });

test('a Tabata with a paired strap is saved with its heart-rate summary', async ({ page, straps }) => {
  test.setTimeout(150_000);
  await newOnboardedMember(page, 'Daniela');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page).toHaveURL(/\/training\/plans$/);

  await page.clock.install();
  await page.goto('/training/timer');
  const start = page.getByRole('button', { name: 'Empezar Tabata 20/10 × 8' });
  await expect(start).toBeVisible();
  await start.click();

  // Pair from the timer's bar: consent first, then the member's own strap.
  straps.choose(STRAPS.polar.name);
  await page.getByRole('button', { name: 'Conectar sensor' }).click();
  const notice = page.getByRole('dialog', { name: 'Frecuencia cardiaca' });
  await notice.getByRole('button', { name: 'Acepto' }).click();
  await expect(notice).toBeHidden();
  await straps.measure(page, MEASUREMENTS.withEnergy);
  await expect(page.getByTestId('hr-bpm')).toHaveText('150');

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.clock.runFor(5_100);
  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  await expect(timer).toHaveText('0:20');
  // A reading every 3 s keeps the sensor fresh (no reading older than 5 s) for the whole 4 minutes.
  for (let second = 0; second < 243; second += 3) {
    await straps.measure(page, second % 2 === 0 ? MEASUREMENTS.withEnergy : MEASUREMENTS.severalRr);
    await page.clock.runFor(3_000);
  }
  await expect(page.getByRole('heading', { name: '¡Temporizador completado!' })).toBeVisible();

  await page.clock.resume();
  const completionResponse = page.waitForResponse((response) => response.url().endsWith('/api/progress/complete') && response.ok());
  await page.getByRole('button', { name: 'Guardar entrenamiento' }).click();
  const answer = (await (await completionResponse).json()) as {
    progress: { workoutId: { title: string } };
    heartRate: { points: number; maxBpm: number } | null;
  };
  expect(answer.progress.workoutId.title).toBe('Temporizador: Tabata 20/10 × 8');
  expect(answer.heartRate).not.toBeNull();
  expect(answer.heartRate!.maxBpm).toBe(170);
  await expect(page.getByText('¡Guardado! Ya cuenta en tu progreso, tu racha y tus logros.')).toBeVisible();
  await expect(page.getByTestId('hr-summary-points')).toHaveText(String(answer.heartRate!.points));
  await page.screenshot({ path: 'test-results/screens/timer-heart-rate-saved-375.png', fullPage: true });
});
