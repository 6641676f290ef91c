import { expect } from '@playwright/test';
import { MEASUREMENTS, test } from './support/bluetooth';
import { newOnboardedMember } from './support/members';

/*
 * Issue 18, the library's running modal: a strap paired while the run is timed, with the
 * consent notice opening over the modal; the run's clock never stops for it, and closing the
 * modal lets the strap go. Emulated straps in Chromium's real Web Bluetooth stack
 * (support/bluetooth.ts; tested with Chromium 156.0.8078.79); the page's clock is the test's.
 */

test.use({ viewport: { width: 375, height: 812 } });

const RUN = 'Trote Suave de Base';

test('a run is timed with a strap paired mid-run; once consent is given, pairing again asks nothing', async ({ page, straps }) => {
  await newOnboardedMember(page, 'Rebeca');
  await page.clock.install();
  await page.goto('/training/workouts');
  await page.getByRole('group', { name: 'Tipo de entrenamiento' }).getByRole('button', { name: 'Carrera' }).click();
  await page.getByRole('button', { name: RUN }).click();
  const runModal = page.getByRole('dialog', { name: RUN });
  const runClock = runModal.getByRole('timer', { name: 'Tiempo de carrera' });
  await page.clock.pauseAt(Date.now() + 1_000);
  await runModal.getByRole('button', { name: 'Iniciar' }).click();
  await page.clock.runFor(10_000);
  await expect(runClock).toHaveText('0:10');

  // The notice opens over the running modal; accepting it opens the chooser.
  await runModal.getByRole('button', { name: 'Conectar sensor' }).click();
  const notice = page.getByRole('dialog', { name: 'Frecuencia cardiaca' });
  await notice.getByRole('button', { name: 'Acepto' }).click();
  await expect(notice).toBeHidden();
  await straps.measure(page, MEASUREMENTS.withEnergy);
  await expect(runModal.getByTestId('hr-bpm')).toHaveText('150', { timeout: 2_000 });
  await expect(runModal.getByTestId('hr-state')).toHaveText('Recibiendo');
  await expect(runModal.getByText('En curso')).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(runClock).toHaveText('0:15');
  await expect(runModal.getByTestId('hr-bpm')).toHaveText('--');

  // Closing the modal lets the strap go; the next run pairs it again, straight to the chooser.
  await runModal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(runModal).toBeHidden();
  await page.getByRole('button', { name: RUN }).click();
  await runModal.getByRole('button', { name: 'Conectar sensor' }).click();
  await straps.measure(page, MEASUREMENTS.sixteenBit);
  await expect(runModal.getByTestId('hr-bpm')).toHaveText('300', { timeout: 2_000 });
  await expect(notice).toHaveCount(0);
});
