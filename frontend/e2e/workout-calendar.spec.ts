import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import ical, { type VEvent } from 'node-ical';
import { databaseUrl, mailsTo, newOnboardedMember } from './support/members';

/*
 * The workout calendar against the real backend: a member enrolled in a plan chooses their
 * training days and time, sees the plan laid out on them (month and week), subscribes to the
 * iCal URL — whose events an independent parser (node-ical) reads in America/El_Salvador — and
 * revokes it, after which the old URL is gone. Then the reminder: two more instances of the built
 * backend on the same database, each under a fake clock, stand for a second server and a restart.
 */

const PLAN = 'Arranque Pulso';
const FIRST_WORKOUT = 'Activación Express';

/** Full-page pictures at phone and desktop widths, kept with the test results for review. */
async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

interface ReminderInstance {
  close(): Promise<void>;
  /** Runs one scheduler pass at `now`; answers how many reminders it sent. */
  tickAt(now: Date): Promise<number>;
}

/** Another instance of the built backend on the e2e server's database, its reminder clock in the test's hands. */
async function reminderInstance(): Promise<ReminderInstance> {
  const require = createRequire(import.meta.url);
  const { createApp } = require('../../backend/dist/bootstrap.js');
  const { loadConfig } = require('../../backend/dist/config/app-config.js');
  const { ReminderClock, WorkoutReminderScheduler } = require('../../backend/dist/modules/training-calendar/workout-reminder.scheduler.js');
  const app = await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl }));
  await app.init();
  return {
    close: () => app.close(),
    async tickAt(now: Date) {
      app.get(ReminderClock).now = () => now;
      return app.get(WorkoutReminderScheduler).tick();
    },
  };
}

/** The UTC instant of a local time in San Salvador (UTC-6 all year). */
function sanSalvador(date: string, time: string): Date {
  return new Date(`${date}T${time}:00.000-06:00`);
}

/** Today in San Salvador, as the calendar names its days. */
function studioToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

test('a member sets training days, sees the plan on the calendar, subscribes to the iCal URL, revokes it and gets one reminder', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await newOnboardedMember(page, 'Lucía');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await page.getByRole('button', { name: `Ver detalles de ${PLAN}` }).click();
  await page.getByRole('dialog', { name: PLAN }).getByRole('button', { name: 'Comenzar este plan' }).click();
  await expect(page).toHaveURL(/\/training$/);

  // The calendar from the members' navigation: nothing chosen yet, the recommended days preselected.
  await page.getByRole('navigation', { name: 'Plataforma de entrenamiento' }).getByRole('link', { name: 'Calendario', exact: true }).click();
  await expect(page).toHaveURL(/\/training\/calendario$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page.getByText(/Elige tus días y tu hora en/)).toBeVisible();
  const days = page.getByRole('group', { name: 'Días de entrenamiento' });
  const pressed = await days.getByRole('button', { pressed: true }).count();
  expect(pressed).toBeGreaterThanOrEqual(3);
  expect(pressed).toBeLessThanOrEqual(4);
  await expect(page.getByText(/justo lo recomendado/)).toBeVisible();
  await screenshots(page, 'calendar-empty');

  // Every day a training day, so today holds the plan's first workout whatever day this runs.
  for (const name of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']) {
    const day = days.getByRole('button', { name, exact: true });
    if ((await day.getAttribute('aria-pressed')) !== 'true') await day.click();
  }
  await expect(page.getByText(/Son muchos días/)).toBeVisible();
  await page.getByLabel('Hora', { exact: true }).fill('06:30');
  await page.getByLabel('Cuándo enviar el recordatorio').selectOption('30');
  await expect(page.getByRole('switch', { name: 'Recibir un recordatorio por correo' })).toBeChecked();
  await page.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(page.getByText('Horario guardado. Tu calendario ya lo sigue.')).toBeVisible();

  // Month view (the desktop default): today is the plan's first workout, tomorrow the second.
  const today = studioToday();
  await expect(page.getByText(new RegExp(`${PLAN} · te toca el entrenamiento 1 de \\d+`))).toBeVisible();
  const todayCell = page.locator(`.tcal-month__cell[data-date="${today}"]`);
  await expect(todayCell).toHaveAttribute('aria-label', new RegExp(`toca ${FIRST_WORKOUT}`));
  await expect(todayCell).toHaveClass(/is-planned/);

  // Week view: the same day as an entry with the time and a way to start.
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  const todayEntry = page.locator(`.tcal-week__day[data-date="${today}"]`);
  await expect(todayEntry.getByText(FIRST_WORKOUT)).toBeVisible();
  await expect(todayEntry.getByText(/6:30 a\. m\. · 1 de \d+/)).toBeVisible();
  await expect(todayEntry.getByRole('link', { name: 'Entrenar ahora' })).toHaveAttribute('href', '/training');
  await screenshots(page, 'calendar-week');
  await page.getByRole('button', { name: 'Mes', exact: true }).click();
  await screenshots(page, 'calendar-month');

  // The iCal URL: copied, and its events read by an independent parser at 06:30 in San Salvador.
  const urlField = page.getByLabel('Tu enlace privado');
  const url = await urlField.inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('button', { name: '¡Copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByRole('link', { name: 'Abrir en mi calendario' })).toHaveAttribute('href', url.replace(/^https?:\/\//, 'webcal://'));
  await page.getByText('Cómo suscribirte').click();
  await expect(page.getByRole('heading', { name: 'Google Calendar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Outlook' })).toBeVisible();

  const feedPath = new URL(url).pathname;
  const feed = await page.request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = Object.values(ical.sync.parseICS(await feed.text())).filter((component): component is VEvent => component?.type === 'VEVENT');
  const first = events.find((event) => event.uid.startsWith(`${today}-`));
  expect(first?.summary).toBe(`Pulso: ${FIRST_WORKOUT}`);
  expect((first?.start as (Date & { tz?: string }) | undefined)?.tz).toBe('America/El_Salvador');
  const startsAt = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/El_Salvador', hour: '2-digit', minute: '2-digit' }).format(first!.start);
  expect(startsAt).toBe('06:30');
  expect(events.length).toBeGreaterThan(1);

  // Revoking: a confirmation, a new URL, and the old one answers 404.
  await page.getByRole('button', { name: 'Revocar enlace' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Revocar tu enlace de calendario?' });
  await dialog.getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Enlace revocado. El anterior ya no funciona; este es tu enlace nuevo.')).toBeVisible();
  await expect(urlField).not.toHaveValue(url);
  expect((await page.request.get(feedPath)).status()).toBe(404);
  expect((await page.request.get(new URL(await urlField.inputValue()).pathname)).status()).toBe(200);

  // The reminder, 30 minutes before 06:30 tomorrow: nothing before the window, one email inside it,
  // nothing more from a second instance ticking at the same moment nor from a restart after it.
  const tomorrow = new Date(new Date(`${today}T12:00:00.000Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  const one = await reminderInstance();
  const two = await reminderInstance();
  try {
    expect(await one.tickAt(sanSalvador(tomorrow, '05:55'))).toBe(0);
    expect(await mailsTo(member.email, 'workout-reminder')).toEqual([]);
    const inside = sanSalvador(tomorrow, '06:05');
    await Promise.all([one.tickAt(inside), two.tickAt(inside)]);
    const reminders = await mailsTo(member.email, 'workout-reminder');
    expect(reminders.map((mail) => mail.subject)).toEqual([`Hoy a las 06:30: ${FIRST_WORKOUT}`]);
    expect(reminders[0]!.text_body).toContain('¡Hola, Lucía!');
    expect(reminders[0]!.text_body).toMatch(/\/correo\/baja\?token=/);
  } finally {
    await one.close();
    await two.close();
  }
  const restarted = await reminderInstance();
  try {
    expect(await restarted.tickAt(sanSalvador(tomorrow, '06:10'))).toBe(0);
  } finally {
    await restarted.close();
  }
  expect(await mailsTo(member.email, 'workout-reminder')).toHaveLength(1);
});
