import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { EmulatedHeartRateStraps, MEASUREMENTS, readOnConsole, type StrapDescription } from './support/bluetooth';
import { newOnboardedMember, type NewMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * Issue 37, point 1 and the board's notice: heart-rate consent on a phone that cannot pair a
 * sensor. Inés, on a browser without `navigator.bluetooth` (as on an iPhone), gives her consent
 * from Mi Perfil; Beto never gave it and accepts the notice on the desk's screen. The desk pairs
 * two emulated straps (support/bluetooth.ts) on its PC; readings from a strap nobody wears raise
 * the board's notice, whose "Asignar" gives it to Inés; Beto's strap is given after his consent
 * at the desk. Both then appear on the board with their readings, and Beto finds the consent in
 * his registry ("en recepción") and withdraws it there.
 *
 * Real time, as heart-rate-studio-class.spec.ts: the console samples once a second and posts
 * every two seconds, and the board polls once a second.
 */

const STRAPS: StrapDescription[] = [
  { address: '09:09:09:09:0B:21', name: 'Polar H10 Recepción 1' },
  { address: '09:09:09:09:0B:22', name: 'Polar H10 Recepción 2' },
];

const test = base.extend<{ straps: EmulatedHeartRateStraps }>({
  straps: async ({ browser, page }, provide) => {
    const straps = await EmulatedHeartRateStraps.install(browser, page, STRAPS);
    await provide(straps);
    await straps.uninstall();
  },
});

/** A phone's browser without Web Bluetooth: the page finds no `navigator.bluetooth`, as on an iPhone or Firefox. */
async function phoneWithoutBluetooth(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript(() => {
    delete (Navigator.prototype as Navigator & { bluetooth?: unknown }).bluetooth;
  });
  const page = await context.newPage();
  return page;
}

/** axe-core's serious or critical WCAG 2.1 A/AA violations, as accessibility.spec.ts checks every route. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a member without Web Bluetooth consents from Mi Perfil, another at the desk; the desk assigns their straps and the board shows them with readings', async ({
  browser,
  page,
  request,
  straps,
}, testInfo) => {
  test.setTimeout(240_000);

  // Inés, on a phone that cannot pair a sensor, gives her consent from Mi Perfil.
  const ines = await phoneWithoutBluetooth(browser);
  const inesAccount: NewMember = await newOnboardedMember(ines, 'Inés');
  expect(await ines.evaluate(() => 'bluetooth' in navigator)).toBe(false);
  await ines.goto('/training/profile');
  const card = ines.getByRole('region', { name: 'Frecuencia cardiaca' });
  await expect(card.getByText('No registramos tu frecuencia cardiaca.')).toBeVisible();
  await expect(card).toContainText('Este navegador no puede conectarse a sensores Bluetooth');
  await expect(card).not.toContainText('Te pediremos tu consentimiento');
  for (const width of [375, 1280]) {
    await ines.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath(`profile-heart-rate-no-bluetooth-${width}.png`) });
    await noSideScroll(ines);
  }
  await ines.setViewportSize({ width: 375, height: 812 });
  await card.getByRole('button', { name: 'Leer el aviso y dar mi consentimiento' }).click();
  const notice = ines.getByRole('dialog', { name: 'Frecuencia cardiaca' });
  await expect(notice).toContainText('Si conectas un sensor, Pulso registra tu frecuencia cardiaca');
  await expect(notice).toContainText(/Versión del aviso: \S+/);
  await ines.screenshot({ path: testInfo.outputPath('profile-heart-rate-notice-375.png') });
  expect(await seriousViolations(ines)).toEqual([]);
  await notice.getByRole('button', { name: 'Acepto' }).click();
  await expect(notice).toBeHidden();
  await expect(card.getByTestId('heart-rate-notice-accepted')).toContainText('En el estudio, recepción te puede asignar una banda.');
  await expect(ines.locator('[data-consent="heart-rate"]')).toContainText(/Aceptado el .+ · aviso /);

  // Beto never gave it: he will read the notice at the desk.
  const beto = await phoneWithoutBluetooth(browser);
  const betoAccount = await newOnboardedMember(beto, 'Beto');

  // The desk's PC: start the class (ending one an earlier journey left open) and pair both straps.
  await signInStaff(page, request);
  await page.goto('/staff/clase');
  const start = page.getByRole('button', { name: 'Iniciar clase' });
  await page
    .getByRole('button', { name: /^(Iniciar clase|Emparejar sensor)$/ })
    .first()
    .waitFor();
  if (!(await start.isVisible())) {
    await page.getByRole('button', { name: 'Terminar clase' }).click();
    await page.getByRole('dialog', { name: 'Terminar la clase' }).getByRole('button', { name: 'Terminar clase' }).click();
  }
  await start.click();
  const rows = page.locator('li.studio-class-sensor');
  for (const [index, strap] of STRAPS.entries()) {
    straps.choose(strap.name);
    await page.getByRole('button', { name: 'Emparejar sensor' }).click();
    await expect(rows).toHaveCount(index + 1);
  }

  // The board on the TV. Inés's strap sends readings while nobody wears it: the board says so.
  const board = await page.context().newPage();
  await board.setViewportSize({ width: 1920, height: 1080 });
  await board.goto('/staff/clase/pantalla');
  const feed = async (names: readonly string[], seconds: number) => {
    for (let second = 0; second < seconds; second += 1) {
      const started = Date.now();
      for (const name of names) await straps.measure(page, MEASUREMENTS.withEnergy, name, readOnConsole);
      // The straps notify once a second; the console samples at that pace.
      await page.waitForTimeout(Math.max(0, 1_000 - (Date.now() - started)));
    }
  };
  const [inesStrap, betoStrap] = [STRAPS[0]!.name, STRAPS[1]!.name];
  await feed([inesStrap], 4);
  const boardNotice = board.getByRole('status', { name: 'Llegan lecturas de una banda sin asignar' });
  await expect(boardNotice).toContainText(`${inesStrap} · 150 lpm`);
  await expect(board.getByTestId('board-tile')).toHaveCount(0);
  await board.screenshot({ path: testInfo.outputPath('board-unassigned-strap-1920.png') });
  await boardNotice.getByRole('button', { name: `Asignar ${inesStrap}` }).click();
  const onBoard = board.getByRole('dialog', { name: `Asignar ${inesStrap}` });
  await onBoard.getByLabel('Buscar miembro por nombre o correo').fill(inesAccount.email);
  await onBoard.getByRole('button', { name: 'Asignar a Inés Ramírez' }).click();
  await expect(onBoard).toBeHidden();
  await expect(boardNotice).toBeHidden();
  const tiles = board.getByTestId('board-tile');
  await expect(tiles).toHaveCount(1);

  // Beto puts on the second strap before the desk gives it to him: Inés's tile and the notice, side by side.
  await feed([inesStrap, betoStrap], 3);
  await expect(boardNotice).toContainText(`${betoStrap} · 150 lpm`);
  await expect(tiles.nth(0).getByTestId('tile-bpm')).toHaveText('150');
  await board.screenshot({ path: testInfo.outputPath('board-notice-with-a-tile-1920.png') });
  expect(await seriousViolations(board)).toEqual([]);

  // Beto's strap from the console: no consent, so the notice goes on the desk's screen for him to accept.
  await rows.nth(1).getByRole('button', { name: 'Asignar' }).click();
  const assign = page.getByRole('dialog', { name: `Asignar ${betoStrap}` });
  await assign.getByLabel('Buscar miembro por nombre o correo').fill(betoAccount.email);
  const betoRow = assign.getByRole('listitem').filter({ hasText: 'Beto Ramírez' });
  await expect(betoRow).toContainText('Sin consentimiento de frecuencia cardiaca');
  await expect(betoRow.getByRole('button', { name: 'Asignar a Beto Ramírez' })).toHaveCount(0);
  await betoRow.getByRole('button', { name: 'Mostrar el aviso a Beto Ramírez' }).click();
  const deskConsent = page.getByRole('dialog', { name: 'Aviso de frecuencia cardiaca' });
  await expect(deskConsent).toContainText('Beto Ramírez, lee este aviso.');
  await expect(deskConsent).toContainText(/Versión del aviso: \S+/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: testInfo.outputPath(`desk-consent-${width}.png`) });
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await deskConsent.getByRole('button', { name: 'Acepto' }).click();
  await expect(deskConsent).toBeHidden();
  await expect(rows.nth(1)).toContainText('Beto Ramírez');
  await expect(rows.nth(0)).toContainText('Inés Ramírez');

  // Both on the board, with their readings, and no notice left.
  await feed([inesStrap, betoStrap], 4);
  await expect(tiles).toHaveCount(2);
  await expect(boardNotice).toBeHidden();
  await expect(tiles.nth(0)).toContainText('I. R.');
  await expect(tiles.nth(1)).toContainText('B. R.');
  for (const index of [0, 1]) {
    await expect(tiles.nth(index).getByTestId('tile-bpm')).toHaveText('150');
    await expect(tiles.nth(index)).not.toHaveClass(/is-stale/);
  }
  await board.screenshot({ path: testInfo.outputPath('board-two-tiles-1920.png') });

  // Beto sees where he gave it, and withdraws it as any other consent.
  await beto.goto('/training/profile');
  const betoConsent = beto.locator('[data-consent="heart-rate"]');
  await expect(betoConsent).toContainText(/Aceptado en recepción el .+ · aviso /);
  await betoConsent.getByRole('button', { name: 'Retirar consentimiento: Frecuencia cardiaca' }).click();
  await beto.getByRole('dialog', { name: '¿Retirar tu consentimiento?' }).getByRole('button', { name: 'Retirar consentimiento' }).click();
  await expect(betoConsent).toContainText(/Retirado el /);

  await page.getByRole('button', { name: 'Terminar clase' }).click();
  await page.getByRole('dialog', { name: 'Terminar la clase' }).getByRole('button', { name: 'Terminar clase' }).click();
  await expect(page.getByRole('heading', { name: /^Clase terminada/ })).toBeVisible();
  await ines.context().close();
  await beto.context().close();
});
