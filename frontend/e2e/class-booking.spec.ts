import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * Issue 40, point 3, the member's side: the desk sells a 4 Classes pack; the member opens Mis
 * Clases from the menu, reads the studio's rules in the confirm step, books a class of a coming
 * day (one class used), finds it in Mis reservas with its calendar file, cancels it in time (the
 * class comes back) and the page fits a phone.
 */
test('a member with a pack books a class, sees it in Mis reservas and cancels it in time', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const member = await newOnboardedMember(page, 'Valeria');
  const signIn = await request.post('/api/identity/sign-in', { data: { email: member.email, password: member.password } });
  const token = ((await signIn.json()) as { session: { accessToken: string } }).session.accessToken;
  const memberId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

  // The desk's sale, as the front desk records it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto(`/staff/miembros/${memberId}`);
  const panel = staff.getByRole('region', { name: 'Membresía' });
  await panel.getByLabel('Plan').selectOption('four-classes');
  await panel.getByLabel('Método de pago').selectOption('tarjeta');
  await panel.getByLabel(/Referencia/).fill('AUT-550021');
  await panel.getByRole('button', { name: 'Registrar venta' }).click();
  await expect(panel.getByRole('status')).toContainText('Venta registrada: 4 Classes');
  await staffContext.close();

  await page.goto('/training');
  await page.getByRole('navigation', { name: 'Plataforma de entrenamiento' }).getByRole('link', { name: 'Mis Clases' }).click();
  await expect(page).toHaveURL(/\/training\/clases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Clases' })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Tu membresía' });
  await expect(plan).toContainText('4 Classes');
  await expect(plan).toContainText('Te quedan 4 clases');
  await expect(page.getByRole('region', { name: 'Cómo funcionan las reservas' })).toContainText('Puedes cancelar sin costo');

  // A class of a coming day (never today's, which may already be inside the cancellation cutoff).
  const reserve = page.getByRole('button', { name: 'Reservar', exact: true });
  const comingDay = page
    .locator('section.cbook-day')
    .filter({ hasNot: page.getByRole('heading', { name: /^Hoy,/ }) })
    .filter({ has: reserve })
    .first();
  const lesson = comingDay.getByRole('listitem').filter({ has: reserve }).first();
  const lessonName = (await lesson.getAttribute('aria-label'))!;
  const className = lessonName.slice(0, lessonName.lastIndexOf(', '));
  await expect(lesson).toContainText(/\d+ lugar(es)?/);

  await lesson.getByRole('button', { name: 'Reservar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Reservar clase' });
  await expect(confirm).toContainText('Antes de reservar');
  await expect(confirm).toContainText('Reservar usa 1 clase de tu membresía (te quedan 4).');
  await expect(confirm).toContainText('Nunca te cobramos recargos');
  await confirm.getByRole('button', { name: 'Confirmar reserva' }).click();
  const booked = page.getByRole('dialog', { name: '¡Clase reservada!' });
  await expect(booked).toContainText(`¡Listo! Tienes tu lugar en ${className}`);
  await expect(booked).toContainText('Te quedan 3 clases.');
  await booked.getByRole('button', { name: 'Listo' }).click();

  // Within its day: the week shows the same class on other days too.
  const row = comingDay.getByRole('listitem', { name: lessonName });
  await expect(row).toContainText('Reservada');
  await expect(plan).toContainText('Te quedan 3 clases');

  const mine = page.getByRole('region', { name: 'Mis reservas' });
  const booking = mine.getByRole('listitem').filter({ hasText: className });
  await expect(booking).toContainText('Reservada');
  const download = page.waitForEvent('download');
  await booking.getByRole('button', { name: 'Agregar a mi calendario' }).click();
  const calendar = readFileSync((await (await download).path())!, 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain(className);

  await booking.getByRole('button', { name: 'Cancelar reserva' }).click();
  const cancel = page.getByRole('dialog', { name: '¿Cancelar tu reserva?' });
  await expect(cancel).toContainText('Cancelas a tiempo: la clase regresa a tu membresía.');
  await cancel.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reserva cancelada' })).toContainText('La clase regresó a tu membresía.');
  await expect(plan).toContainText('Te quedan 4 clases');
  await expect(mine.getByText('No tienes clases reservadas')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reservar', exact: true })).toBeVisible();

  // On a phone: one day at a time, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('group', { name: 'Día' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mis-clases-375.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
