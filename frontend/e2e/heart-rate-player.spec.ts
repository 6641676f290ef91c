import { readFile } from 'node:fs/promises';
import { Decoder, Stream } from '@garmin/fitsdk';
import { expect, type Page } from '@playwright/test';
import { MEASUREMENTS, STRAPS, test } from './support/bluetooth';
import { mailsTo, newOnboardedMember } from './support/members';

/*
 * Issue 18: a member pairs a heart-rate strap from the player's preload screen (or mid-workout,
 * from the player's bar) and trains with it, through Chromium's real Web Bluetooth stack and
 * emulated straps (support/bluetooth.ts; tested with Chromium 156.0.8078.79).
 *
 * The page's clock is the test's (page.clock), as in workout-player.spec.ts. Both the
 * workout timer (performance.now) and the sensor (Date.now, setTimeout for the 5-second
 * watchdog and the reconnection backoff) read that clock, so "no BPM older than 5 s" and
 * the backoff happen exactly when the test moves time, whatever the load on the machine,
 * and the timer can be checked to the second across a drop. The Bluetooth stack itself
 * runs outside the page's clock: a measurement lands as soon as it is fed.
 *
 * 'Activación Express' (first workout of 'Arranque Pulso'): 5 s countdown, Saltos de tijera
 * 30 s + 10 s rest, Sentadilla 10 reps + 15 s rest, 20 s round rest, Escaladores 30 s +
 * 10 s rest, Plancha frontal 20 s.
 */

test.use({ viewport: { width: 375, height: 812 } });

const PLAN = 'Arranque Pulso';

const { eightBitWithContactAndRr, sixteenBit, withEnergy, severalRr } = MEASUREMENTS;

async function openFirstWorkout(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.getByRole('button', { name: `Ver detalles de ${PLAN}` }).click();
  await page.getByRole('dialog', { name: PLAN }).getByRole('button', { name: 'Comenzar este plan' }).click();
  const href = await page.locator('section.dashboard-today').getByRole('link', { name: 'Comenzar Entrenamiento' }).getAttribute('href');
  expect(href).toMatch(/^\/workout\//);
  return href!;
}

test('a member pairs a strap, trains with live heart rate through a drop and a reconnection, and saves the workout', async ({ page, straps }) => {
  test.setTimeout(120_000);
  const member = await newOnboardedMember(page, 'Valeria');
  const playerUrl = await openFirstWorkout(page);

  await page.clock.install();
  const profileResponse = page.waitForResponse((response) => response.url().endsWith('/api/heart-rate/profile') && response.ok());
  await page.goto(playerUrl);
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  // The member's max HR (Tanaka from the wizard's date of birth) turns each BPM into the % shown.
  const { maxHr } = (await (await profileResponse).json()) as { maxHr: number };
  const pctOf = (bpm: number) => String(Math.round((bpm * 100) / maxHr));

  const bpm = page.getByTestId('hr-bpm');
  const zone = page.getByTestId('hr-zone');
  const pct = page.getByTestId('hr-pct');
  const points = page.getByTestId('hr-points');
  const state = page.getByTestId('hr-state');
  const banner = page.getByRole('alert').filter({ hasText: 'Sensor desconectado — Reconectar' });
  const timer = page.getByRole('timer', { name: 'Tiempo restante' });

  // Consent first, then the browser's chooser: the member's own strap among two in the room.
  straps.choose(STRAPS.garmin.name);
  await page.getByRole('button', { name: 'Conectar sensor' }).click();
  const notice = page.getByRole('dialog', { name: 'Frecuencia cardiaca' });
  await expect(notice).toContainText('retirar tu consentimiento');
  const consentResponse = page.waitForResponse((response) => response.url().endsWith('/api/heart-rate/consent') && response.request().method() === 'PUT');
  await notice.getByRole('button', { name: 'Acepto' }).click();
  await expect(notice).toBeHidden();
  // Recorded before any pairing, to the notice version in force.
  const consent = (await (await consentResponse).json()) as { consent: { granted: boolean; noticeVersion: string | null }; currentNoticeVersion: string };
  expect(consent.consent).toMatchObject({ granted: true, noticeVersion: consent.currentNoticeVersion });
  await expect(state).toHaveText('Conectando…');
  await expect(bpm).toHaveText('--');

  // The first measurement shows within 2 s; below 50 % of max there is no zone and no points.
  await straps.measure(page, eightBitWithContactAndRr);
  await expect(bpm).toHaveText('72', { timeout: 2_000 });
  await expect(state).toHaveText('Recibiendo');
  await expect(pct).toHaveText(pctOf(72));
  await expect(zone).toHaveText('--');
  await expect(points).toHaveText('0');

  // Into the player: the strap stays paired across the preload screen and the running player.
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.clock.runFor(2_500);
  await straps.measure(page, sixteenBit);
  await expect(bpm).toHaveText('300');
  await expect(zone).toHaveText('Máxima');
  await expect(pct).toHaveText(pctOf(300));
  await page.clock.runFor(2_600);
  await expect(page.getByRole('alertdialog', { name: 'Prepárate' })).toBeHidden();
  await expect(timer).toHaveText('0:30');

  // A reading every 3 s in zones 4–5 (4 points a minute): one Puntos Pulso after 15 s of them.
  await straps.measure(page, withEnergy);
  await expect(bpm).toHaveText('150');
  await expect(zone).toHaveText('Intensa');
  await expect(pct).toHaveText(pctOf(150));
  for (const payload of [severalRr, withEnergy, severalRr, withEnergy, severalRr]) {
    await page.clock.runFor(3_000);
    await straps.measure(page, payload);
  }
  await expect(bpm).toHaveText('170');
  await expect(zone).toHaveText('Máxima');
  await expect(pct).toHaveText(pctOf(170));
  await expect(points).toHaveText('1');
  await expect(timer).toHaveText('0:15');

  // Silence: after 5 s nothing stale is shown, and the workout timer keeps its pace.
  await page.clock.runFor(5_000);
  await expect(bpm).toHaveText('--');
  await expect(state).toHaveText('Sin señal');
  await expect(timer).toHaveText('0:10');
  await straps.measure(page, withEnergy);
  await expect(bpm).toHaveText('150');
  await expect(state).toHaveText('Recibiendo');

  // The strap drops and walks out of range: the banner, no BPM, an automatic retry that fails.
  await straps.drop();
  await expect(banner).toBeVisible();
  await expect(state).toHaveText('Reconectando…');
  await expect(bpm).toHaveText('--');
  await expect(points).toHaveText('1');
  await page.clock.runFor(1_000);
  const reconnectNow = banner.getByRole('button', { name: 'Reconectar' });
  await expect(reconnectNow).toBeEnabled(); // the failed retry scheduled the next one
  await expect(state).toHaveText('Reconectando…');
  await expect(timer).toHaveText('0:09');

  // Back in range, "Reconectar" tries at once, and BPM is back.
  straps.bringBack();
  await reconnectNow.click();
  await page.clock.runFor(0);
  await straps.measure(page, severalRr);
  await expect(bpm).toHaveText('170');
  await expect(state).toHaveText('Recibiendo');
  await expect(banner).toBeHidden();
  await expect(timer).toHaveText('0:09');

  // The rest of the workout, sensor or not, to a saved completion.
  const strip = page.getByRole('region', { name: 'Temporizador' });
  await page.clock.runFor(19_000);
  await expect(strip.getByRole('heading', { name: 'Sentadilla con peso corporal' })).toBeVisible();
  await strip.getByRole('button', { name: 'Terminé' }).click();
  await expect(timer).toHaveText('0:15');
  // The screen moves on at the player's next 250 ms tick after the rest is over.
  await page.clock.runFor(15_300);
  await expect(strip.getByText('Descanso entre Rondas', { exact: true })).toBeVisible();
  await page.clock.runFor(20_000);
  await expect(strip.getByRole('heading', { name: 'Escaladores' })).toBeVisible();
  await page.clock.runFor(40_000);
  await expect(strip.getByRole('heading', { name: 'Plancha frontal' })).toBeVisible();
  // A reading in the last seconds of the workout is the start of the recovery minute.
  await page.clock.runFor(17_000);
  await straps.measure(page, severalRr);
  await page.clock.runFor(3_000);
  const modal = page.getByRole('dialog', { name: '¡Entrenamiento Completado!' });
  await expect(modal).toBeVisible();

  // The sensor stays on: the modal measures the minute after the end (170 → 150 bpm: 20 of recovery).
  await expect(modal.getByText('Mantén el sensor puesto')).toBeVisible();
  await page.clock.runFor(57_000);
  await straps.measure(page, withEnergy);
  await page.clock.runFor(4_000);
  await expect(modal.getByText('Mantén el sensor puesto')).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(modal.getByRole('status').filter({ hasText: 'Recuperación medida. Ya puedes guardar.' })).toBeVisible();
  await page.clock.resume();
  const completionResponse = page.waitForResponse((response) => response.url().endsWith('/api/progress/complete') && response.ok());
  await modal.getByRole('button', { name: 'Guardar y Continuar' }).click();

  // Saved with consent and readings: the modal becomes the session's summary, as the server answered it.
  const completion = await completionResponse;
  // The strap's R–R intervals went with the readings, second by second trained (ADR 0146): the
  // three of each `severalRr` (≈ 345, 352, 338 ms); the 1000 ms one received on the preload
  // screen, long before the first second trained, is not among them.
  const { rr } = (completion.request().postDataJSON() as { heartRate: { rr: { ms: number[]; counts: number[] } } }).heartRate;
  expect(rr.ms.length).toBeGreaterThanOrEqual(12);
  expect(rr.ms).toEqual(Array.from({ length: rr.ms.length / 3 }, () => [345, 352, 338]).flat());
  expect(rr.counts.reduce((total, count) => total + count, 0)).toBe(rr.ms.length);
  const { heartRate: summary } = (await completion.json()) as {
    heartRate: { points: number; avgBpm: number; maxBpm: number; secondsInZone: number[]; recovery1MinBpm: number | null };
  };
  expect(summary.maxBpm).toBe(300);
  await expect(modal.getByTestId('hr-summary-points')).toHaveText(String(summary.points));
  await expect(modal.getByText('FC media').locator('xpath=following-sibling::dd')).toHaveText(`${summary.avgBpm} lpm`);
  await expect(modal.getByText('FC máxima').locator('xpath=following-sibling::dd')).toHaveText('300 lpm');
  const segments = modal.getByTestId('hr-summary-bar').locator('[data-zone]');
  await expect(segments).toHaveCount(summary.secondsInZone.filter((seconds) => seconds > 0).length);
  await expect(modal.getByRole('list', { name: 'Tiempo en cada zona' }).getByRole('listitem')).toHaveText([
    /^Suave/,
    /^Ligera/,
    /^Moderada/,
    /^Intensa/,
    /^Máxima/,
  ]);
  expect(summary.recovery1MinBpm).toBe(20);
  await expect(modal.getByText('Recuperación (1 min)').locator('xpath=following-sibling::dd')).toHaveText('20 lpm');

  // The session's readings as a .fit file: a valid FIT activity with the readings of the time trained.
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'Descargar .fit' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pulso-\d{4}-\d{2}-\d{2}\.fit$/);
  const decoder = new Decoder(Stream.fromByteArray(Array.from(await readFile((await file.path())!))));
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages } = decoder.read();
  const heartRates = (messages.recordMesgs ?? []).map((record) => record.heartRate);
  expect(heartRates.length).toBeGreaterThan(0);
  // 300 bpm does not fit FIT's one byte: the file leaves it out and keeps the rest.
  expect(Math.max(...(heartRates as number[]))).toBe(170);
  expect(messages.sessionMesgs?.[0]).toMatchObject({ sport: 'training', avgHeartRate: summary.avgBpm });
  // And the R–R intervals as HRV messages, in seconds, for Garmin Connect and Strava's variability.
  expect((messages.hrvMesgs ?? []).flatMap((mesg) => mesg.time ?? [])).toEqual(rr.ms.map((ms) => ms / 1000));

  await modal.getByRole('button', { name: 'Continuar', exact: true }).click();
  await expect(page).toHaveURL(/\/training$/);

  // Mi Progreso shows the same session: its points on the history entry and its time in zones.
  await page.goto('/training/progress');
  const history = page.getByRole('region', { name: 'Historial Reciente' });
  await expect(history.getByTestId('history-heart-rate')).toContainText(`${summary.points} Puntos Pulso`);
  await expect(history.getByTestId('history-heart-rate')).toContainText(`${summary.avgBpm} lpm media`);
  const zones = page.getByRole('region', { name: 'Tiempo en zonas' });
  await expect(zones.getByTestId('zones-bar').locator('[data-zone]')).toHaveCount(summary.secondsInZone.filter((seconds) => seconds > 0).length);

  // The "Resumen de rendimiento" lands in her inbox once, with the same figures and the opt-out link.
  await expect.poll(async () => (await mailsTo(member.email, 'performance-summary')).length).toBe(1);
  const [mail] = await mailsTo(member.email, 'performance-summary');
  expect(mail.subject).toBe(`Tu resumen de rendimiento: Activación Express, ${summary.points} Puntos Pulso`);
  expect(mail.text_body).toContain('¡Buen trabajo, Valeria!');
  expect(mail.text_body).toContain(`FC media: ${summary.avgBpm} lpm`);
  expect(mail.text_body).toContain('FC máxima: 300 lpm');
  expect(mail.text_body).toMatch(/\/correo\/baja\?token=/);
});

test('pairing mid-workout from the player leaves the timer running; "Ahora no" pairs nothing', async ({ page, straps }) => {
  test.setTimeout(90_000);
  await newOnboardedMember(page, 'Mónica');
  const playerUrl = await openFirstWorkout(page);
  await page.clock.install();
  await page.goto(playerUrl);
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.clock.runFor(5_100);
  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  await expect(timer).toHaveText('0:30');

  // Declining the notice closes it and opens no chooser; the player runs on meanwhile.
  const connect = page.getByRole('button', { name: 'Conectar sensor' });
  const notice = page.getByRole('dialog', { name: 'Frecuencia cardiaca' });
  await connect.click();
  await notice.getByRole('button', { name: 'Ahora no' }).click();
  await expect(notice).toBeHidden();
  await page.clock.runFor(5_000);
  await expect(timer).toHaveText('0:25');
  await expect(connect).toBeVisible();
  await expect(page.getByTestId('hr-state')).toHaveCount(0);

  // Accepting pairs the first strap; BPM shows while the exercise counts down untouched.
  await connect.click();
  await notice.getByRole('button', { name: 'Acepto' }).click();
  await straps.measure(page, withEnergy);
  await expect(page.getByTestId('hr-bpm')).toHaveText('150', { timeout: 2_000 });
  await expect(page.getByTestId('hr-state')).toHaveText('Recibiendo');
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await expect(timer).toHaveText('0:25');
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText('0:15');
});
