import { expect, request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { databaseUrlOf, latestCode } from './members';

/** The one staff account of the e2e server (its STAFF_EMAILS). */
export const STAFF = { firstName: 'Rosa', email: 'staff@pulso.test', password: 'Consola-Segura-24' };

/**
 * Opens a staff session in `page`: signs the account up (with the mailed code) the first time a
 * journey needs it, and signs in when an earlier journey of the same run already made it.
 */
export async function signInStaff(page: Page, request: APIRequestContext): Promise<void> {
  // A context of its own: the journey's `request` may hold a member's session, and signing in over it is refused.
  const probe = await apiRequest.newContext({ baseURL: await baseUrlOf(request) });
  const existing = await probe.post('/api/identity/sign-in', { data: { email: STAFF.email, password: STAFF.password } });
  await probe.dispose();
  if (existing.ok()) {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(STAFF.email);
    await page.getByLabel('Contraseña').fill(STAFF.password);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    return;
  }
  await page.goto('/platform-register');
  await page.getByLabel('Nombre').fill(STAFF.firstName);
  await page.getByLabel('Apellido').fill('Recepción');
  await page.getByLabel('Correo electrónico').fill(STAFF.email);
  await page.getByLabel('Contraseña').fill(STAFF.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Verifica tu correo' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await latestCode(STAFF.email, databaseUrlOf(page)));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/platform-register/);
}

/** The server's origin, from a request the journey's own API context answers. */
async function baseUrlOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/health/live');
  return new URL(response.url()).origin;
}
