import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * The staff journey: a member trains, a staff member (STAFF_EMAILS of the e2e server)
 * finds that completion in the member's timeline, exports the filtered log, rebuilds
 * every projection to 100 % and the member's figures are the same afterwards.
 */

async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

async function memberFigures(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const [stats, profile] = await Promise.all([request.get('/api/progress/stats', { headers }), request.get('/api/platform-users/profile', { headers })]);
  expect(stats.ok()).toBe(true);
  return { stats: await stats.json(), profile: await profile.json() };
}

test.describe.configure({ mode: 'serial' });

test('staff follow a member, export the log and rebuild every projection to 100 %', async ({ page, browser, request }) => {
  test.setTimeout(120_000);

  // A member signs up, finishes the wizard and completes a workout.
  const member = await newOnboardedMember(page, 'Valeria');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'No autorizado' })).toBeVisible();

  const memberToken = await signInToken(request, member.email, member.password);
  const list = await request.get('/api/workouts', { headers: { Authorization: `Bearer ${memberToken}` } });
  const workout = ((await list.json()) as { workouts: Array<{ _id: string; title: string }> }).workouts[0];
  const completed = await request.post('/api/progress/complete', { headers: { Authorization: `Bearer ${memberToken}` }, data: { workoutId: workout._id } });
  expect(completed.ok()).toBe(true);
  const before = await memberFigures(request, memberToken);

  // Staff sign in (their own browser), search the member in Actividad.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto('/staff');
  // The console opens on Hoy: the member trained today.
  await expect(staff.getByRole('heading', { name: 'Hoy', exact: true })).toBeVisible();
  const memberId = (JSON.parse(Buffer.from(memberToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  await expect(staff.getByRole('region', { name: 'Entrenaron hoy' }).locator(`a[href="/staff/miembros/${memberId}"]`)).toHaveText(/Valeria/);
  await staff.getByRole('link', { name: 'Ver toda la actividad' }).click();
  await expect(staff.getByRole('heading', { name: 'Actividad' })).toBeVisible();
  await staff.getByLabel('Buscar miembro').fill(member.email);
  await staff.getByLabel('Tipo de evento').selectOption('WorkoutCompleted');
  await staff.getByRole('button', { name: 'Filtrar' }).click();
  const rows = staff.getByRole('listitem').filter({ hasText: 'Entrenamiento completado' });
  await expect(rows).toHaveCount(1);

  // The filtered log as CSV.
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^actividad-.*\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('WorkoutCompleted');
  expect(lines[1]).toContain(member.email);

  // The member's timeline shows the completion with its title.
  await rows.first().getByRole('link').click();
  await expect(staff).toHaveURL(/\/staff\/miembros\//);
  await expect(staff.getByRole('heading', { name: /Valeria/ })).toBeVisible();
  await expect(staff.getByText(`Completó «${workout.title}»`, { exact: false })).toBeVisible();
  // The wizard's answers in the words of the member's pages, not the stored codes.
  await expect(staff.getByRole('rowheader', { name: 'Peso' })).toBeVisible();
  await expect(staff.getByRole('cell', { name: '58 kg' })).toBeVisible();
  await expect(staff.getByRole('cell', { name: 'Femenino' })).toBeVisible();
  await expect(staff.getByRole('cell', { name: '20 de agosto de 1995' })).toBeVisible();

  // A full rebuild, followed live to 100 %.
  await staff.getByRole('link', { name: 'Proyecciones' }).click();
  await expect(staff.getByRole('heading', { name: 'Proyecciones' })).toBeVisible();
  await staff.getByRole('button', { name: 'Reconstruir todas' }).click();
  // It asks first, saying what it rebuilds in the words of the console.
  const confirm = staff.getByRole('dialog', { name: '¿Reconstruir todas las cifras?' });
  await expect(confirm.getByRole('listitem').filter({ hasText: 'Rachas, cifras y logros' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Sí, reconstruir todas' }).click();
  await expect(staff.getByTestId('rebuild-percent')).toHaveText('100 %', { timeout: 60_000 });
  await expect(staff.getByRole('heading', { name: 'Reconstrucción completada' })).toBeVisible();
  await expect(staff.getByRole('cell', { name: 'Completada' }).first()).toBeVisible();

  // Same figures after the rebuild.
  expect(await memberFigures(request, memberToken)).toEqual(before);
  await staffContext.close();
});

test('the guest is on the class roster at the desk, staff mark the outcome once for both, and every console page fits a phone and a desktop', async ({
  page,
  request,
}, testInfo) => {
  const schedule = (await (await request.get('/api/free-class/schedule')).json()) as { days: { date: string; slots: string[] }[] };
  const { date, slots } = schedule.days.at(-1)!;
  const booked = await request.post('/api/users/register', {
    headers: { 'X-Forwarded-For': '203.0.113.77' },
    data: { name: 'Marta', lastname: 'Ríos', dui: '045678912', email: `marta.${Date.now()}@example.com`, cellphone: '+50370001111', date, time: slots[0] },
  });
  expect(booked.ok()).toBe(true);

  await signInStaff(page, request);

  // On the day of her class (the browser's clock on that morning), Hoy lists her in its roster beside the members (ADR 0380).
  await page.clock.setFixedTime(new Date(`${date}T06:00:00-06:00`));
  await page.goto('/staff');
  const roster = page.getByRole('list', { name: `Reservas de ${slots[0]}` });
  const guest = roster.getByRole('listitem').filter({ hasText: 'Marta Ríos' });
  await expect(guest).toContainText('Invitado · clase gratis');
  await expect(guest).toContainText('Reservó');
  await page.getByRole('button', { name: 'Registrar llegada de Marta Ríos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Llegada registrada' })).toHaveText('Llegada registrada: Marta Ríos.');
  await expect(guest).toContainText('Llegó');
  // The arrival is her free-class outcome: today's free classes say "Asistió".
  const freeToday = page.getByRole('region', { name: 'Clases gratis de hoy' });
  await expect(freeToday.getByRole('listitem').filter({ hasText: 'Marta Ríos' })).toContainText('Asistió');

  await page.goto('/staff/clases-gratis');
  // The week view of the class's week lists it under its day; the day view then shows it alone.
  await page.getByLabel('Fecha de la clase').fill(date);
  await page.getByRole('group', { name: 'Vista' }).getByRole('button', { name: 'Semana' }).click();
  await expect(page.getByRole('article', { name: 'Marta Ríos' })).toBeVisible();
  await page.getByRole('group', { name: 'Vista' }).getByRole('button', { name: 'Día' }).click();
  await page.getByRole('button', { name: 'Día siguiente' }).click();
  await expect(page.getByRole('article', { name: 'Marta Ríos' })).toBeHidden();
  await page.getByRole('button', { name: 'Día anterior' }).click();
  const card = page.getByRole('article', { name: 'Marta Ríos' });
  // The same record the roster wrote.
  await expect(card.getByRole('button', { name: 'Asistió', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator('.badge', { hasText: 'Asistió' })).toBeVisible();
  await card.getByRole('button', { name: 'Se hizo miembro', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Se hizo miembro', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Back at the desk the roster shows it, with nothing left to mark.
  await page.goto('/staff');
  await expect(guest.locator('.badge', { hasText: 'Se hizo miembro' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marta Ríos se hizo miembro' })).toBeHidden();

  const pages = ['/staff', '/staff/actividad', '/staff/miembros', '/staff/proyecciones', '/staff/clases-gratis', '/staff/correos', '/staff/solicitudes'];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('.staff-page-header h1')).toBeVisible();
      if (path === '/staff/clases-gratis') await page.getByLabel('Fecha de la clase').fill(date);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, width, overflow }).toEqual({ path, width, overflow: 0 });
      if (width === 375) {
        // Every visible link and button of the page is at least 44 px tall for a thumb.
        const small = await page
          .locator('main a:visible, main button:visible')
          .evaluateAll((targets) =>
            targets
              .filter((target) => target.getBoundingClientRect().height < 44)
              .map((target) => target.textContent?.trim() || target.getAttribute('aria-label')),
          );
        expect({ path, small }).toEqual({ path, small: [] });
      }
      await page.screenshot({ path: testInfo.outputPath(`staff${path.replace(/\//g, '-')}-${width}.png`), fullPage: true });
    }
  }
});
