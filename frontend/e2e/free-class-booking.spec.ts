import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { horizontalOverflow, smallTargets } from './support/layout';
import { mailsTo } from './support/members';
import { signInStaff, staffAccessToken } from './support/staff';

function confirmationsFor(email: string) {
  return mailsTo(email, 'free-class-confirmation');
}

const unique = Date.now().toString().slice(-8);

async function fillBooking(page: Page, visitor: { dui: string; email: string }, lastSlot = false) {
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Martínez');
  await page.getByLabel('DUI').fill(visitor.dui);
  await page.getByLabel('Correo Electrónico').fill(visitor.email);
  await page.getByRole('textbox', { name: 'Teléfono' }).pressSequentially('70001234');
  // The days come from the server after hydration.
  await expect(page.getByLabel('Fecha')).toBeEnabled();
  const dates = page.getByLabel('Fecha').locator('option');
  const lastDate = await dates.last().getAttribute('value');
  await page.getByLabel('Fecha').selectOption(lastDate!);
  // The slots are listed under the day's class.
  await expect(page.getByLabel('Horario').locator('optgroup')).toHaveAttribute('label', /^Clase del día: .+/);
  const options = page.getByLabel('Horario').locator('option');
  const slot = await (lastSlot ? options.last() : options.nth(1)).textContent();
  await page.getByLabel('Horario').selectOption(slot!);
  return { date: lastDate!, slot: slot! };
}

test('a visitor books a free class, reads the recap, and the confirmation reaches the outbox; the same DUI is refused next', async ({ page }) => {
  const email = `ana.${unique}@example.com`;
  const dui = `0${unique}`;

  await page.goto('/register');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor completa todos los campos requeridos.');
  // The first invalid field, far above the button on a phone, is brought into view with the focus.
  await expect(page.getByLabel('Nombre')).toBeFocused();
  await expect(page.getByLabel('Nombre')).toBeInViewport();
  await expect(page.getByText('Nombre es requerido.')).toBeVisible();

  const { slot } = await fillBooking(page, { dui, email });
  const className = (await page.getByTestId('class-name').textContent())!.replace('Clase del día: ', '').trim();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toHaveText('¡Registro exitoso! Revisa tu correo para más detalles.');
  const recap = page.getByRole('region', { name: '¡Listo, Ana! Tu clase gratis está reservada' });
  await expect(recap.getByRole('heading', { level: 2 })).toBeInViewport();
  await expect(recap.locator('dd').nth(0)).toHaveText(className);
  await expect(recap.locator('dd').nth(2)).toHaveText(slot);
  await expect(recap.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Santa%20Tecla/,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), recap.getByRole('link', { name: 'Agregar a mi calendario' }).click()]);
  expect(download.suggestedFilename()).toBe('clase-gratis-pulso.ics');
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`SUMMARY:Clase gratis: ${className}`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  const mails = await confirmationsFor(email);
  expect(mails).toHaveLength(1);
  expect(mails[0].text_body).toContain(`Horario: ${slot}`);
  expect(mails[0].text_body).toContain(`Clase: ${className}`);
  expect(mails[0].text_body).toContain('Santa Tecla');

  await page.getByRole('button', { name: 'Reservar para otra persona' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('');
  await fillBooking(page, { dui, email: `otra.${unique}@example.com` });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ya existe una clase gratis registrada con este DUI. La clase gratis es una por persona.');
  expect(await confirmationsFor(`otra.${unique}@example.com`)).toHaveLength(0);
});

interface TimetableClass {
  slotId: string;
  date: string;
  label: string;
  capacity: number;
  booked: number;
  free: number;
}

/** The class of a day and slot as the public timetable (/horarios) shows it. */
async function timetableClass(request: APIRequestContext, date: string, label: string): Promise<TimetableClass> {
  const weeks = ((await (await request.get('/api/timetable')).json()) as { weeks: { days: { date: string; classes: TimetableClass[] }[] }[] }).weeks;
  return weeks
    .flatMap((week) => week.days)
    .find((day) => day.date === date)!
    .classes.find((one) => one.label === label)!;
}

/*
 * Issue point 6 (ADR 0380): the free class takes a seat of the timetable's class, as /horarios shows
 * it; once the class is full the form says so and books nothing.
 */
test('a free class takes a seat of the class on /horarios; a full class is said on the form and nothing is booked', async ({ page, browser, request }) => {
  const classOf = (date: string, label: string) => timetableClass(request, date, label);
  await page.goto('/register');
  const first = { dui: `1${unique}`, email: `lugar.${unique}@example.com` };
  const { date, slot } = await fillBooking(page, first, true);
  const before = await classOf(date, slot);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toHaveText('¡Registro exitoso! Revisa tu correo para más detalles.');
  const after = await classOf(date, slot);
  expect(after).toMatchObject({ booked: before.booked + 1, free: before.free - 1 });

  // The studio lowers that class's capacity to the seats taken: it is full.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  const asStaff = { Authorization: `Bearer ${await staffAccessToken(new URL(staff.url()).origin)}` };
  await staffContext.close();
  const change = await request.put('/api/staff/timetable/changes', {
    headers: asStaff,
    data: { slotId: after.slotId, date, cancelled: false, capacity: after.booked },
  });
  expect(change.ok(), await change.text()).toBe(true);

  await page.getByRole('button', { name: 'Reservar para otra persona' }).click();
  const second = { dui: `2${unique}`, email: `sin.lugar.${unique}@example.com` };
  expect(await fillBooking(page, second, true)).toEqual({ date, slot });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Esa clase ya está llena. Escoge otro horario u otro día.');
  // The form now shows that slot as full, not to be chosen again.
  await expect(page.getByLabel('Horario').getByRole('option', { name: `${slot} · llena` })).toBeDisabled();
  expect(await confirmationsFor(second.email)).toHaveLength(0);
  expect(await classOf(date, slot)).toMatchObject({ capacity: after.booked, booked: after.booked, free: 0 });
});

test('a guest cancels their free class from the link of the confirmation: the seat is free again, and they book another time', async ({ page, request }) => {
  const guest = { dui: `3${unique}`, email: `cancela.${unique}@example.com` };
  await page.goto('/register');
  const { date, slot } = await fillBooking(page, guest);
  const before = await timetableClass(request, date, slot);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toHaveText('¡Registro exitoso! Revisa tu correo para más detalles.');
  expect((await timetableClass(request, date, slot)).booked).toBe(before.booked + 1);

  // The link of the confirmation, opened on the guest's phone.
  const [mail] = await confirmationsFor(guest.email);
  const link = new URL(/(https?:\/\/\S+\/clase-gratis\/cancelar\?token=\S+)/.exec(mail!.text_body)![1]!);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Hola, Ana: ¿cancelas tu clase gratis?' })).toBeVisible();
  await expect(page.getByText(slot, { exact: true })).toBeVisible();
  // The page fits the phone, every control is a 44 px target, and it reads to a screen reader.
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await smallTargets(page)).toEqual([]);
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Sí, cancelar mi clase' }).click();
  await expect(page.getByRole('heading', { name: 'Tu clase gratis quedó cancelada' })).toBeVisible();
  expect((await timetableClass(request, date, slot)).booked).toBe(before.booked);
  // Nothing of the guest is kept, their confirmation included; the link now says so.
  expect(await confirmationsFor(guest.email)).toHaveLength(0);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText('Esta clase gratis ya no está reservada: quizá ya la cancelaste.');

  // Another time, the same person: booked again.
  await page.getByRole('link', { name: 'Reservar una clase gratis' }).click();
  await fillBooking(page, guest);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toHaveText('¡Registro exitoso! Revisa tu correo para más detalles.');
  expect(await confirmationsFor(guest.email)).toHaveLength(1);
});
