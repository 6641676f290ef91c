import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * A rights request at the desk: staff erase a member's personal data from the member's page.
 * The name and the profile's values are gone from the console, the erasure is in the member's
 * history with the request's reference, and the member's account no longer opens.
 */
test('staff erase a member’s personal data from the console', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const member = await newOnboardedMember(page, 'Marisol');
  const signIn = await request.post('/api/identity/sign-in', { data: { email: member.email, password: member.password } });
  expect(signIn.ok()).toBe(true);
  const token = ((await signIn.json()) as { session: { accessToken: string } }).session.accessToken;
  const memberId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const workouts = await request.get('/api/workouts', { headers: { Authorization: `Bearer ${token}` } });
  const workout = ((await workouts.json()) as { workouts: Array<{ _id: string }> }).workouts[0];
  expect((await request.post('/api/progress/complete', { headers: { Authorization: `Bearer ${token}` }, data: { workoutId: workout._id } })).ok()).toBe(true);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto(`/staff/miembros/${memberId}`);
  await expect(staff.getByRole('heading', { name: /Marisol/ })).toBeVisible();
  await expect(staff.getByRole('cell', { name: '58 kg' })).toBeVisible();

  await staff.getByRole('button', { name: 'Borrar datos personales' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Borrar datos personales' });
  await expect(dialog).toContainText('Esta acción no se puede deshacer.');
  await dialog.getByLabel('Solicitud que se atiende (opcional)').fill('SOL-E2E-7');
  // The confirmation passes axe-core (no serious or critical violation), at 1280 and 375 px.
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page: staff }).include('.modal').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  }
  await dialog.getByRole('button', { name: 'Borrar datos personales' }).click();
  await expect(dialog.getByRole('alert')).toContainText('fueron borrados');
  await dialog.getByRole('button', { name: 'Entendido' }).click();

  // The page refetched: no name, the erasure recorded with its request, the values "[borrado]".
  await expect(staff.getByRole('heading', { name: 'Miembro con datos borrados' })).toBeVisible();
  await expect(staff.getByText(memberId, { exact: true })).toBeVisible();
  await expect(staff.getByText('(solicitud SOL-E2E-7)', { exact: false })).toBeVisible();
  await expect(staff.getByText('Datos personales borrados').first()).toBeVisible();
  await expect(staff.getByRole('cell', { name: '[borrado]' }).first()).toBeVisible();
  await expect(staff.getByRole('cell', { name: '58 kg' })).toHaveCount(0);
  await expect(staff.getByText('Marisol')).toHaveCount(0);

  // The account is gone with the data.
  expect((await request.post('/api/identity/sign-in', { data: { email: member.email, password: member.password } })).ok()).toBe(false);
  await staffContext.close();
});
