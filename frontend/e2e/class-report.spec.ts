import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, request as apiRequest, test } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff, staffAccessToken } from './support/staff';

/*
 * Issue 40, point 5: a member books tomorrow's class and the desk checks them in; the owner's
 * Reportes shows that class's occupancy and attendance and downloads it as CSV. At a phone's
 * width and a desktop's, without horizontal overflow.
 */

/** Tomorrow in San Salvador, `YYYY-MM-DD`, and its ISO weekday (1 = lunes … 7 = domingo). */
function tomorrow(): { date: string; weekday: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/El_Salvador' }).format(new Date(Date.now() + 24 * 3_600_000));
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return { date, weekday: day === 0 ? 7 : day };
}

test.describe.configure({ mode: 'serial' });

for (const [width, height, minute] of [
  [375, 812, '10'],
  [1280, 800, '20'],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the owner sees a booked and attended class in Reportes, and downloads it', async ({ page, browser, request }) => {
      test.setTimeout(180_000);
      const { date, weekday } = tomorrow();
      const className = `Informe ${randomUUID().slice(0, 4)}`;

      const member = await newOnboardedMember(page, 'Olga');
      const memberApi = await apiRequest.newContext({ baseURL: test.info().project.use.baseURL });
      const signIn = await memberApi.post('/api/identity/sign-in', { data: { email: member.email, password: member.password } });
      const memberToken = ((await signIn.json()) as { session: { accessToken: string } }).session.accessToken;
      const memberId = (JSON.parse(Buffer.from(memberToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

      const staffContext = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
      const staff = await staffContext.newPage();
      await signInStaff(staff, request);
      const asStaff = { Authorization: `Bearer ${await staffAccessToken(new URL(staff.url()).origin)}` };
      const type = await request.post('/api/staff/timetable/class-types', { headers: asStaff, data: { name: className, lengthMin: 60, defaultCapacity: 4 } });
      expect(type.ok()).toBe(true);
      const { classTypeId } = (await type.json()) as { classTypeId: string };
      const slot = await request.post('/api/staff/timetable/slots', {
        headers: asStaff,
        data: { weekday, startTime: `20:${minute}`, classTypeId, capacity: 4 },
      });
      expect(slot.ok()).toBe(true);
      const { slotId } = (await slot.json()) as { slotId: string };
      const sale = await request.post(`/api/staff/members/${memberId}/membership/sales`, {
        headers: { ...asStaff, 'Idempotency-Key': randomUUID() },
        data: { planId: 'four-classes', paymentMethod: 'efectivo', reference: 'REC-9' },
      });
      expect(sale.ok()).toBe(true);
      const booking = await memberApi.post(`/api/classes/${date}/${slotId}/bookings`, {
        headers: { Authorization: `Bearer ${memberToken}`, 'Idempotency-Key': randomUUID() },
        data: { waitlist: false },
      });
      expect(booking.status()).toBe(201);
      const { bookingId } = (await booking.json()) as { bookingId: string };
      expect((await request.post(`/api/staff/classes/${date}/${slotId}/check-ins`, { headers: asStaff, data: { bookingId } })).ok()).toBe(true);
      await memberApi.dispose();

      await staff.goto('/staff');
      if (width < 992) await staff.getByRole('button', { name: 'Abrir menú de la consola' }).click();
      await staff.getByRole('link', { name: 'Reportes' }).click();
      await expect(staff.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();
      // Tomorrow's week alone (tomorrow may be next week's Monday): the new weekly class is given once in it.
      await staff.getByLabel('Periodo').selectOption('1');
      await staff.getByLabel('Hasta la semana del').fill(date);
      const classes = staff.getByRole('region', { name: 'Por clase' });
      const row = classes.getByRole('listitem').filter({ hasText: className });
      await expect(row).toContainText('Ocupación 25% · Asistencia 25% · No llegaron 0%');
      await expect(staff.getByRole('img', { name: 'Ocupación y asistencia de cada semana, en porcentaje del cupo' })).toBeVisible();
      await expect(staff.getByRole('region', { name: 'Membresías' })).toContainText(/\d+ membresías? vigentes? al \d{1,2} de [a-z]+ de \d{4}/);
      const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await staff.screenshot({ path: test.info().outputPath(`reportes-${width}.png`), fullPage: true });

      const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Descargar CSV de clases' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^reporte-clases-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain(`,${className},1,4,1,1,0,25,25,0,0,0\r\n`);
      await staffContext.close();
    });
  });
}
