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
  const slot = await page.getByLabel('Horario').locator('option').nth(1).textContent();
  await page.getByLabel('Horario').selectOption(slot!);
  return { date: lastDate!, slot: slot! };
}

test('a visitor books a free class and the confirmation reaches the outbox; the same DUI is refused next', async ({ page }) => {
  const email = `ana.${unique}@example.com`;
  const dui = `0${unique}`;

  await page.goto('/register');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor completa todos los campos requeridos.');
  await expect(page.getByText('Nombre es requerido.')).toBeVisible();

  const { slot } = await fillBooking(page, { dui, email });
  const className = (await page.getByTestId('class-name').textContent())!.replace('Clase del día: ', '').trim();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status')).toHaveText('¡Registro exitoso! Revisa tu correo para más detalles.');
  await expect(page.getByLabel('Nombre')).toHaveValue('');
  await expect(page.getByLabel('DUI')).toHaveValue('');

  const mails = await confirmationsFor(email);
  expect(mails).toHaveLength(1);
  expect(mails[0].text_body).toContain(`Horario: ${slot}`);
  expect(mails[0].text_body).toContain(`Clase: ${className}`);
  expect(mails[0].text_body).toContain('Santa Tecla');

  await fillBooking(page, { dui, email: `otra.${unique}@example.com` });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ya existe una clase gratis registrada con este DUI. La clase gratis es una por persona.');
  expect(await confirmationsFor(`otra.${unique}@example.com`)).toHaveLength(0);
});
