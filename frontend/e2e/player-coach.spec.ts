import { expect, test, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * The player's coach and the member's say over it, in Debian's Chromium with the page's clock in
 * the test's hands: the spoken cues and the rest controls (issue 41), then the browser's Back
 * during a workout and the resume message after a reload (issue 37).
 *
 * Headless Chromium here lists no voices and fails every utterance ('synthesis-failed'), so the
 * voice journey replaces `speechSynthesis` before the page loads with a recorder that offers
 * voices as a phone would; the Back journey keeps the real one, and the player falls back to beeps.
 *
 * 'Activación Express' (first workout of 'Arranque Pulso'):
 *   round 1 (20 s round rest): Saltos de tijera 30 s + 10 s rest, Sentadilla con peso corporal 10 reps + 15 s rest
 *   round 2 (no round rest):   Escaladores 30 s + 10 s rest, Plancha frontal 20 s
 */

test.use({ viewport: { width: 375, height: 812 } });

const PLAN = 'Arranque Pulso';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/coach-${name}-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/screens/coach-${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 812 });
}

/** A new member enrolled in the plan, on the dashboard: the link to its first workout. */
async function enrolledMember(page: Page, name: string) {
  await newOnboardedMember(page, name);
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.getByRole('button', { name: `Ver detalles de ${PLAN}` }).click();
  await page.getByRole('dialog', { name: PLAN }).getByRole('button', { name: 'Comenzar este plan' }).click();
  const start = page.locator('section.dashboard-today').getByRole('link', { name: 'Comenzar Entrenamiento' });
  await expect(start).toBeVisible();
  return start;
}

/** Stands in for the device's speech: three voices as a phone lists them, and a record of every utterance. */
function recordSpeech() {
  const voices = [
    { name: 'Samantha', lang: 'en-US', localService: true, default: true, voiceURI: 'Samantha' },
    { name: 'Mónica', lang: 'es-ES', localService: true, default: false, voiceURI: 'Mónica' },
    { name: 'Paulina', lang: 'es-MX', localService: true, default: false, voiceURI: 'Paulina' },
  ];
  const spoken: { text: string; lang: string; voice: string | null }[] = [];
  class Utterance {
    text: string;
    lang = '';
    voice: { name: string } | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const synth = {
    speaking: false,
    pending: false,
    paused: false,
    getVoices: () => voices,
    speak: (utterance: Utterance) => spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null }),
    cancel: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, '__spoken', { value: spoken });
}

/** What was said, leaving out the silent utterance a tap speaks to let Safari talk later. */
async function spokenSoFar(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __spoken: { text: string }[] }).__spoken.map((entry) => entry.text).filter((text) => text !== ''));
}

test('the coach speaks each cue in Spanish, in order, moving with a pause, and the rest controls move the countdown on the screen', async ({ page }) => {
  test.setTimeout(150_000);
  await page.addInitScript(recordSpeech);
  const start = await enrolledMember(page, 'Rebeca');
  const playerUrl = await start.getAttribute('href');

  // One choice, kept on the device: switched off in Mi Perfil, the player opens with it off.
  await page.goto('/training/profile');
  const profileCard = page.getByRole('region', { name: 'Voz del entrenador' });
  const profileSwitch = profileCard.getByRole('switch', { name: 'Voz del entrenador' });
  await expect(profileSwitch).toBeChecked();
  await expect(profileCard).toContainText('Se guarda en este dispositivo.');
  await profileCard.scrollIntoViewIfNeeded();
  await shot(page, 'profile-switch');
  await profileSwitch.click();
  await expect(profileSwitch).not.toBeChecked();

  await page.clock.install();
  await page.goto(playerUrl!);
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();

  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  const strip = page.getByRole('region', { name: 'Temporizador' });
  const restControls = page.getByRole('group', { name: 'Ajustar descanso' });
  const said: string[] = [];
  /** What the coach said since the last call. */
  const newlySaid = async () => {
    const all = await spokenSoFar(page);
    const fresh = all.slice(said.length);
    said.push(...fresh);
    return fresh;
  };
  const playerSwitch = page.getByRole('switch', { name: 'Voz del entrenador' });
  await expect(playerSwitch).toHaveAttribute('aria-checked', 'false');
  await playerSwitch.click();
  await expect(playerSwitch).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.clock.runFor(5_100);
  await expect(strip.getByRole('heading', { name: 'Saltos de tijera' })).toBeVisible();
  await expect.poll(newlySaid).toEqual(['3', '2', '1', 'Saltos de tijera, 30 segundos']);
  await page.clock.runFor(15_000);
  await expect.poll(newlySaid).toEqual(['Mitad']);
  await page.clock.runFor(15_000);
  await expect(strip.getByText('Descanso', { exact: true })).toBeVisible();
  await expect.poll(newlySaid).toEqual(['3', '2', '1', 'Descanso. Sigue: Sentadilla con peso corporal']);

  // The rest on the member's terms: each tap moves the countdown they see.
  await expect(timer).toHaveText('0:10');
  await expect(restControls.getByRole('button', { name: '−15 s' })).toBeVisible();
  await restControls.getByRole('button', { name: '+15 s' }).click();
  await expect(timer).toHaveText('0:25');
  await shot(page, 'rest-controls');
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText('0:15');
  // Nothing at the rest's old end.
  expect(await newlySaid()).toEqual([]);
  await restControls.getByRole('button', { name: '−15 s' }).click();
  await expect(strip.getByRole('heading', { name: 'Sentadilla con peso corporal' })).toBeVisible();
  await expect(timer).toHaveText('1:00');
  await expect.poll(newlySaid).toEqual(['Sentadilla con peso corporal, 10 repeticiones']);

  await strip.getByRole('button', { name: 'Terminé' }).click();
  await expect(timer).toHaveText('0:15');
  await expect.poll(newlySaid).toEqual(['Descanso. Sigue: Escaladores']);
  await restControls.getByRole('button', { name: 'Saltar descanso' }).click();
  await expect(strip.getByText('Descanso entre Rondas', { exact: true })).toBeVisible();
  await expect(timer).toHaveText('0:20');
  await expect.poll(newlySaid).toEqual(['Descanso entre rondas. Sigue: Escaladores']);
  await restControls.getByRole('button', { name: 'Saltar descanso' }).click();
  await expect(page.getByText('Ronda 2/2')).toBeVisible();
  await expect(strip.getByRole('heading', { name: 'Escaladores' })).toBeVisible();
  await expect(restControls).toHaveCount(0);
  await expect.poll(newlySaid).toEqual(['Escaladores, 30 segundos']);

  // A pause: nothing is said however long it lasts, and the halfway comes 15 s of training later.
  await page.clock.runFor(5_000);
  await page.getByRole('button', { name: 'Pausar' }).click();
  await page.clock.runFor(60_000);
  expect(await newlySaid()).toEqual([]);
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await page.clock.runFor(9_000);
  expect(await newlySaid()).toEqual([]);
  await page.clock.runFor(1_100);
  await expect.poll(newlySaid).toEqual(['Mitad']);

  await page.clock.runFor(15_000 + 10_000 + 20_000);
  await expect(page.getByRole('dialog', { name: '¡Entrenamiento Completado!' })).toBeVisible();
  await expect
    .poll(newlySaid)
    .toEqual([
      '3',
      '2',
      '1',
      'Descanso. Sigue: Plancha frontal',
      '3',
      '2',
      '1',
      'Plancha frontal, 20 segundos',
      'Mitad',
      '3',
      '2',
      '1',
      '¡Entrenamiento completado!',
    ]);

  // The whole workout, as heard, in one Latin-American voice though the device lists Spain's first.
  const heard = await page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string; voice: string | null }[] }).__spoken);
  expect(heard.map((entry) => entry.text).filter((text) => text !== '')).toEqual(said);
  expect(new Set(heard.map((entry) => `${entry.voice} ${entry.lang}`))).toEqual(new Set(['Paulina es-MX']));
});

test("the browser's Back asks before leaving a workout; staying carries on, leaving keeps it, Forward and a reload say where it picks up", async ({ page }) => {
  test.setTimeout(120_000);
  const start = await enrolledMember(page, 'Marisol');
  await page.clock.install();
  await start.click();
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  // Nothing under way yet: no resume message.
  await expect(page.getByText(/Continúa donde lo dejaste/)).toHaveCount(0);
  await page.clock.pauseAt(Date.now() + 5_000);
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();

  // This Chromium has no voice: the switch says so and the beeps count instead.
  const voiceSwitch = page.getByRole('switch', { name: 'Voz del entrenador' });
  await expect(voiceSwitch).toBeDisabled();
  await expect(voiceSwitch).toHaveAttribute('title', /no tiene una voz en español/);

  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  const strip = page.getByRole('region', { name: 'Temporizador' });
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.clock.runFor(5_100 + 10_000);
  await expect(timer).toHaveText('0:20');

  // Back: the question, with the workout paused behind it.
  await page.goBack();
  const ask = page.getByRole('dialog', { name: '¿Salir del entrenamiento?' });
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(/\/workout\//);
  await expect(page.getByRole('button', { name: 'Reanudar' })).toBeAttached();
  await shot(page, 'back-dialog');
  await page.clock.runFor(30_000);
  await expect(timer).toHaveText('0:20');

  // Staying: the player where it was, running again.
  await ask.getByRole('button', { name: 'Seguir entrenando' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(timer).toHaveText('0:15');

  // Back again, and this time leave: the dashboard.
  await page.goBack();
  await ask.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.locator('section.dashboard-today')).toBeVisible();

  // Forward: the preload screen says where it picks up, and the player resumes there, paused.
  await page.goForward();
  await expect(page).toHaveURL(/\/workout\//);
  const resume = page.getByText('Continúa donde lo dejaste: Saltos de tijera, 0:15');
  await expect(resume).toBeVisible();
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
  await expect(strip.getByRole('heading', { name: 'Saltos de tijera' })).toBeVisible();
  await expect(timer).toHaveText('0:15');
  await expect(page.getByRole('button', { name: 'Reanudar' })).toBeVisible();

  // Into the rest, then a reload: the preload screen says so, with the rest's time.
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await page.clock.runFor(15_000 + 3_000);
  await expect(strip.getByText('Descanso', { exact: true })).toBeVisible();
  await expect(timer).toHaveText('0:07');
  // The app starts on timers of its own: the page's clock runs on from here.
  await page.clock.resume();
  await page.reload();
  await expect(page.getByText('Continúa donde lo dejaste: descanso antes de Sentadilla con peso corporal, 0:07')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Videos listos.');
  await shot(page, 'resume-after-reload');
  await page.getByRole('button', { name: 'Comenzar entrenamiento' }).click();
  await expect(strip.getByText('Descanso', { exact: true })).toBeVisible();
  await expect(timer).toHaveText('0:07');

  // After a reload the question still comes, and leaving from it goes back where the member came from.
  await page.getByRole('button', { name: 'Reanudar' }).click();
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/training$/);
});
