import { expect, request as apiRequest, test } from '@playwright/test';
import { databaseUrlOf, mailsTo, newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * Issue 40, point 2, on a phone: the desk sells a 4 Classes pack from the member's page (a sale
 * without its reference is refused in Spanish first), freezes and unfreezes it; the member gets
 * one receipt and sees the plan, the classes left and the last day on the dashboard and in Mi
 * Perfil; the desk's Hoy lists the 7-day trial another member got as ending this week.
 */
test.use({ viewport: { width: 375, height: 812 } });

test('the desk sells a pack and the member sees their classes and expiry', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const member = await newOnboardedMember(page, 'Paola');
  const signIn = await request.post('/api/identity/sign-in', { data: { email: member.email, password: member.password } });
  const token = ((await signIn.json()) as { session: { accessToken: string } }).session.accessToken;
  const memberId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const plans = (await (await request.get('/api/plans', { headers: { Authorization: `Bearer ${token}` } })).json()) as { plans: Array<{ _id: string }> };
  expect((await request.post('/api/enrollments', { headers: { Authorization: `Bearer ${token}` }, data: { planId: plans.plans[0]!._id } })).ok()).toBe(true);

  // Another member, who will get the 7-day trial (signed in before the desk is).
  const other = await browser.newContext();
  const trialist = await newOnboardedMember(await other.newPage(), 'Tania');
  // A request context of its own: the fixture's holds Paola's session, and one session signs in once.
  const trialApi = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const trialSignIn = await trialApi.post('/api/identity/sign-in', { data: { email: trialist.email, password: trialist.password } });
  const trialToken = ((await trialSignIn.json()) as { session: { accessToken: string } }).session.accessToken;
  const trialistId = (JSON.parse(Buffer.from(trialToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

  const staffContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto(`/staff/miembros/${memberId}`);
  const panel = staff.getByRole('region', { name: 'Membresía' });
  await expect(panel.getByText('Sin membresía todavía.')).toBeVisible();
  await panel.getByLabel('Plan').selectOption('four-classes');
  await panel.getByLabel('Método de pago').selectOption('tarjeta');
  await expect(panel.getByText('Total: $45')).toBeVisible();
  // The reference is required: the browser keeps the form until it is there.
  await panel.getByRole('button', { name: 'Registrar venta' }).click();
  await expect(panel.getByRole('status')).toHaveCount(0);
  await panel.getByLabel(/Referencia/).fill('AUT-778812');
  await panel.getByRole('button', { name: 'Registrar venta' }).click();
  await expect(panel.getByRole('status')).toContainText('Venta registrada: 4 Classes');
  await expect(panel.getByText('Quedan 4 de 4 clases')).toBeVisible();
  await panel.getByRole('button', { name: 'Congelar' }).click();
  await expect(panel.getByText('Congelada', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Descongelar' }).click();
  await expect(panel.getByText('Vigente', { exact: true })).toBeVisible();
  const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect.poll(async () => (await mailsTo(member.email, 'membership-receipt', databaseUrlOf(page))).length).toBe(1);

  await page.goto('/training');
  const card = page.getByRole('region', { name: 'Mi membresía' });
  await expect(card.getByText('4 Classes')).toBeVisible();
  await expect(card.getByText('Quedan 4 de 4 clases')).toBeVisible();
  await expect(card.getByText(/Vigente hasta el \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();
  await page.goto('/training/profile');
  await expect(page.getByRole('region', { name: 'Mi membresía' }).getByText('Quedan 4 de 4 clases')).toBeVisible();

  // Another member's 7-day trial ends within the week: Hoy lists it.
  await staff.goto(`/staff/miembros/${trialistId}`);
  await staff.getByRole('region', { name: 'Membresía' }).getByLabel('Plan').selectOption('platform-trial');
  await staff.getByRole('button', { name: 'Registrar venta' }).click();
  await expect(staff.getByRole('region', { name: 'Membresía' }).getByRole('status')).toContainText('Prueba de 7 días');
  await staff.goto('/staff');
  const expiring = staff.getByRole('region', { name: 'Vencen esta semana' });
  await expect(expiring.locator(`a[href="/staff/miembros/${trialistId}"]`)).toHaveText('Tania');
  await expect(expiring.locator(`a[href="/staff/miembros/${memberId}"]`)).toHaveCount(0);
  await trialApi.dispose();
  await other.close();
  await staffContext.close();
});
