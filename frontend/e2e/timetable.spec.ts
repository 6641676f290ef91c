import { expect, test, type Page } from '@playwright/test';
import { signInStaff } from './support/staff';

/*
 * The timetable end to end: staff change the room capacity of a weekly class on the Horarios
 * page and cancel that day's last class with a notice, and the public /horarios (linked from
 * Reserva) shows the class with those free spots and the cancelled one with its notice.
 * At a phone's width and a desktop's.
 */

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/** Today's weekday in San Salvador (0 = lunes); Sunday has no class by default, so Monday of next week then. */
function targetDay(): { dayName: string; nextWeek: boolean } {
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'America/El_Salvador', weekday: 'short' }).format(new Date());
  const index = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday);
  return index === 6 ? { dayName: 'Lunes', nextWeek: true } : { dayName: WEEKDAYS[index]!, nextWeek: false };
}

async function tapTargetsOf(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
}

test.describe.configure({ mode: 'serial' });

for (const [width, height, capacity] of [
  [375, 812, 13],
  [1280, 800, 17],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('staff change a weekly class and cancel another, and /horarios shows both', async ({ page, browser, request }) => {
      test.setTimeout(120_000);
      const { dayName, nextWeek } = targetDay();

      const staffContext = await browser.newContext({ viewport: { width, height } });
      const staff = await staffContext.newPage();
      await signInStaff(staff, request);
      await staff.goto('/staff/horarios');
      await expect(staff.getByRole('heading', { name: 'Horarios', level: 1 })).toBeVisible();
      const day = staff.getByRole('region', { name: dayName, exact: true });
      const first = day.getByRole('form').first();
      const label = (await first.getAttribute('aria-label'))!.replace('Clase del ', '');
      const startTime = label.split(' ').pop()!;

      // A capacity the API refuses is explained in Spanish and nothing changes.
      await day.getByLabel(`Cupo, ${label}`).fill('0');
      await day.getByRole('button', { name: `Guardar ${label}` }).click();
      await expect(day.getByRole('alert')).toHaveText('El cupo debe ser al menos 1.');

      await day.getByLabel(`Cupo, ${label}`).fill(String(capacity));
      await day.getByRole('button', { name: `Guardar ${label}` }).click();
      await expect(day.getByRole('status').first()).toHaveText('Guardado.');
      // That day's last class is cancelled with a notice for whoever was coming.
      const change = staff.getByRole('form', { name: 'Cambiar o cancelar una clase' });
      const classSelect = change.getByLabel('Clase');
      await classSelect.selectOption({ index: (await classSelect.locator('option').count()) - 1 });
      await change.getByLabel('Qué pasa').selectOption('cancel');
      await change.getByLabel('Aviso para quienes venían').fill('Mantenimiento del salón');
      await change.getByRole('button', { name: 'Cancelar la clase' }).click();
      await expect(change.getByRole('status')).toHaveText('Clase cancelada ese día.');
      await expect(staff.getByRole('region', { name: 'Cambios y días cerrados por venir' })).toContainText('Mantenimiento del salón');
      await staffContext.close();

      // The visitor comes from the Reserva page; its three blocks stay as they are.
      await page.goto('/reserva');
      await expect(page.locator('.action-card')).toHaveCount(3);
      await page.getByRole('link', { name: 'Ver horarios y lugares libres' }).click();
      await expect(page).toHaveURL(/\/horarios$/);
      await expect(page.getByRole('heading', { name: 'Horarios', level: 1 })).toBeVisible();
      if (nextWeek) await page.getByRole('button', { name: 'Próxima semana' }).click();
      const publicDay = page.getByRole('region', { name: new RegExp(`^${dayName} \\d`) });
      const [hour, minute] = startTime.split(':').map(Number) as [number, number];
      const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')}`;
      const row = publicDay.getByRole('listitem').filter({ hasText: new RegExp(`^${clock}[ -]`) });
      // Seats already taken that day (a free-class guest of another journey takes one, ADR 0380) stay taken.
      const weeks = (
        (await (await request.get('/api/timetable')).json()) as { weeks: { days: { dayName: string; classes: { startTime: string; booked: number }[] }[] }[] }
      ).weeks;
      const sameWeekday = weeks.flatMap((week) => week.days).filter((one) => one.dayName === dayName);
      const taken = sameWeekday[nextWeek ? 1 : 0]!.classes.find((one) => one.startTime === startTime)!.booked;
      await expect(row).toContainText(`${capacity - taken} lugares libres`);
      await expect(publicDay.getByRole('listitem').last()).toContainText('Cancelada');
      await expect(publicDay.getByRole('listitem').last()).toContainText('Mantenimiento del salón');

      for (const h of await tapTargetsOf(page, '.timetable-switch__option, .timetable-cta .btn')) expect(h).toBeGreaterThanOrEqual(44);
    });
  });
}
