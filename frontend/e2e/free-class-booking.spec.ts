import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { mailsTo } from './support/members';

function confirmationsFor(email: string) {
  return mailsTo(email, 'free-class-confirmation');
}

const unique = Date.now().toString().slice(-8);

async function fillBooking(page: Page, visitor: { dui: string; email: string }) {
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
  const slot = await page.getByLabel('Horario').locator('option').nth(1).textContent();
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
