import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * Monthly challenges end to end: staff create the month's challenge in the console (a
 * Spanish error first), a member joins it from the dashboard, their completions move the
 * progress, the second one finishes it with today's date, the achievement shows on the
 * challenge card and on Mi Progreso, the leaderboard shows them by their initials once they
 * opt in, and staff see the finisher and export them as CSV.
 */

async function signInToken(request: APIRequestContext, email: string, password: string): Promise<string | null> {
  const response = await request.post('/api/identity/sign-in', { data: { email, password } });
  if (!response.ok()) return null;
  return ((await response.json()) as { session: { accessToken: string } }).session.accessToken;
}

/** Today in San Salvador, as the product writes it on an achievement: "24 de noviembre de 2026". */
function studioToday(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  const [year, month, day] = parts.split('-').map(Number) as [number, number, number];
  return `${day} de ${months[month - 1]} de ${year}`;
}

test.describe.configure({ mode: 'serial' });

test("staff create the month's challenge, a member joins, trains, finishes it and shows on the leaderboard by initials", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const name = `Dos entrenamientos ${Date.now().toString().slice(-5)}`;

  // A member with a plan, so the dashboard opens.
  const member = await newOnboardedMember(page, 'Valeria');
  const token = (await signInToken(request, member.email, member.password))!;
  const headers = { Authorization: `Bearer ${token}` };
  const plans = (await (await request.get('/api/plans', { headers })).json()) as { plans: Array<{ _id: string }> };
  expect((await request.post('/api/enrollments', { headers, data: { planId: plans.plans[0]._id } })).ok()).toBe(true);
  await page.goto('/training');
  await expect(page.getByText('Este mes no hay reto todavía. El estudio publicará el próximo pronto.')).toBeVisible();

  // Staff create the challenge of this month; a too-short name is explained beside the field first.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto('/staff/retos');
  await expect(staff.getByRole('heading', { name: 'Retos del mes' })).toBeVisible();
  const form = staff.getByRole('form', { name: 'Crear reto' });
  await form.getByLabel('Nombre del reto').fill('ab');
  await form.getByLabel('Meta').fill('2');
  await form.getByRole('button', { name: 'Crear reto' }).click();
  await expect(form.getByText('El nombre del reto debe tener entre 3 y 80 caracteres.')).toBeVisible();
  await form.getByLabel('Nombre del reto').fill(name);
  await form.getByLabel('Qué cuenta').selectOption('workouts');
  await form.getByRole('button', { name: 'Crear reto' }).click();
  await expect(form.getByText(`Reto «${name}» creado para`)).toBeVisible();
  const card = staff.getByRole('article', { name });
  await expect(card.getByText('Vigente')).toBeVisible();
  await expect(card.getByRole('definition').first()).toHaveText('0');

  // The member joins from the dashboard.
  await page.reload();
  const challenge = page.getByRole('region', { name });
  await expect(challenge.getByText('0 / 2 entrenamientos')).toBeVisible();
  await challenge.getByRole('button', { name: 'Unirme al reto' }).click();
  await expect(challenge.getByText('Estás participando')).toBeVisible();
  await expect(challenge.getByText('Te faltan 2 entrenamientos')).toBeVisible();

  // A completion moves the progress; the second one finishes the challenge with today's date.
  const workouts = (await (await request.get('/api/workouts', { headers })).json()) as { workouts: Array<{ _id: string }> };
  expect((await request.post('/api/progress/complete', { headers, data: { workoutId: workouts.workouts[0]._id } })).ok()).toBe(true);
  await page.reload();
  await expect(challenge.getByText('1 / 2 entrenamientos')).toBeVisible();
  await expect(challenge.getByRole('progressbar', { name: 'Avance del reto' })).toHaveAttribute('aria-valuenow', '50');
  expect((await request.post('/api/progress/complete', { headers, data: { workoutId: workouts.workouts[1]._id } })).ok()).toBe(true);
  await page.reload();
  await expect(challenge.getByText(`Reto completado: ${name} · el ${studioToday()}`)).toBeVisible();
  await expect(challenge.getByText('¡Lo lograste!')).toBeVisible();

  // The leaderboard: nobody until the member opts in, then their initials, never their name.
  await challenge.getByRole('link', { name: 'Ver clasificación' }).click();
  await expect(page).toHaveURL(/\/training\/retos$/);
  await expect(page.getByText('Todavía nadie aparece en la clasificación')).toBeVisible();
  await page.getByRole('switch', { name: 'Aparecer en la clasificación' }).click();
  await expect(page.getByRole('switch', { name: 'Aparecer en la clasificación' })).toHaveAttribute('aria-checked', 'true');
  const board = page.getByRole('list', { name: `Clasificación de ${name}` });
  await expect(board.getByRole('listitem')).toHaveCount(1);
  await expect(board.getByRole('listitem').first()).toContainText('V. R.');
  await expect(board.getByRole('listitem').first()).toContainText('Tú');
  await expect(board).not.toContainText('Valeria');
  await expect(page.getByText('Los demás te ven como')).toContainText('V. R.');

  // The achievement beside the others on Mi Progreso.
  await page.goto('/training/progress');
  await expect(page.getByRole('region', { name: 'Retos completados' }).getByText(`Reto completado: ${name}`)).toBeVisible();

  // Staff see the participant and the finisher, and export them.
  await staff.reload();
  await expect(card.getByRole('definition').nth(0)).toHaveText('1');
  await expect(card.getByRole('definition').nth(1)).toHaveText('1');
  await card.getByRole('button', { name: 'Ver participantes' }).click();
  await expect(card.getByRole('table', { name: `Participantes de ${name}` })).toContainText(member.email);
  const downloading = staff.waitForEvent('download');
  await card.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reto-\d{4}-\d{2}-participantes\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('reto,mes,posicion,miembro,correo,id_miembro,avance,meta,unido,completado');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(member.email);
  expect(lines[1]).toContain(',2,2,');
  await staffContext.close();
});
