import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl, newOnboardedMember } from './support/members';

/*
 * Member emails (ADR 0142): the profile's "Correos" card, and the one-click opt-out page an
 * email links to, which works without signing in.
 */

/** The link an email of `topic` would carry for this member, signed as the server signs it. */
async function optOutPath(email: string, topic: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const secret = (await client.query<{ secret: string }>('SELECT secret FROM email_link_secret WHERE id = 1')).rows[0]!.secret;
    const userId = (await client.query<{ id: string }>('SELECT id::text AS id FROM identity_accounts WHERE email = $1', [email])).rows[0]!.id;
    const signature = createHmac('sha256', secret).update(`pulso-email-opt-out:${userId}:${topic}`).digest('base64url');
    return `/correo/baja?token=${encodeURIComponent(`${Buffer.from(userId).toString('base64url')}.${topic}.${signature}`)}`;
  } finally {
    await client.end();
  }
}

test('a member switches the performance summary off and on in the profile; the choice survives a reload', async ({ page }) => {
  await newOnboardedMember(page, 'Carmen');
  await page.goto('/training/profile');
  const card = page.getByRole('region', { name: 'Correos' });
  const summary = card.getByRole('switch', { name: 'Resumen de rendimiento después de cada entrenamiento' });
  const reminders = card.getByRole('switch', { name: 'Recordatorios de entrenamiento' });
  await expect(summary).toBeChecked();
  await expect(reminders).toBeChecked();

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/email-preferences/performance-summary') && response.request().method() === 'PUT',
  );
  await summary.click();
  expect((await saved).ok()).toBe(true);
  await expect(summary).not.toBeChecked();
  await page.reload();
  await expect(summary).not.toBeChecked();
  await expect(reminders).toBeChecked();
  await summary.click();
  await expect(summary).toBeChecked();
});

test("an email's opt-out link works signed out, says what stops, and the profile shows it; a tampered link is refused in Spanish", async ({
  page,
  browser,
}) => {
  const member = await newOnboardedMember(page, 'Rosa');
  const outside = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'es-SV' });
  const visitor = await outside.newPage();
  try {
    await visitor.goto('/correo/baja?token=hola');
    await expect(visitor.getByRole('heading', { name: 'No pudimos usar este enlace' })).toBeVisible();
    await expect(visitor.getByRole('alert')).toContainText('El enlace para dejar de recibir correos no es válido.');

    const path = await optOutPath(member.email, 'workout-reminders');
    await visitor.goto(path.replace('workout-reminders.', 'performance-summary.'));
    await expect(visitor.getByRole('heading', { name: 'No pudimos usar este enlace' })).toBeVisible();

    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name: 'Listo: ya no recibirás los recordatorios de entrenamiento.' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Ir a mi perfil' })).toHaveAttribute('href', '/training/profile');
  } finally {
    await outside.close();
  }

  await page.goto('/training/profile');
  const card = page.getByRole('region', { name: 'Correos' });
  await expect(card.getByRole('switch', { name: 'Recordatorios de entrenamiento' })).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Resumen de rendimiento después de cada entrenamiento' })).toBeChecked();
});
