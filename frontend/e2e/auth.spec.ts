import { expect, test, type Page } from '@playwright/test';
import { latestCode } from './support/members';

/*
 * Identity journeys on the embedded default (the local provider), plus the switch
 * to Clerk by configuration. The verification code is read from the mail outbox,
 * the way a member reads their inbox.
 */

const PASSWORD = 'Entrena-Fuerte-24';
/** /training, or /onboarding where the dashboard sends a member who has not completed it yet. */
const PLATFORM = /\/(training|onboarding)$/;

async function signUp(page: Page, email: string) {
  await page.goto('/platform-register');
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Martínez');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Verifica tu correo' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

test('a visitor signs up, verifies with the mailed code, lands on onboarding, signs out and signs in again', async ({ page }) => {
  const email = `ana.${Date.now()}@example.com`;
  await page.goto('/platform-register');
  await expect(page.getByRole('heading', { name: 'Prueba gratis de 7 días' })).toBeVisible();
  await expect(page.locator('.auth-steps li')).toHaveText([
    /Crea tu cuenta/,
    /Verifica tu correo con un código/,
    /Completa tu perfil fitness/,
    /Comienza tu prueba gratis de 7 días/,
    /Acceso completo/,
  ]);

  await signUp(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);

  // The session survives a reload (refresh cookie), and signed-in members skip the public entry pages.
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding$/);
  // They go to /training, whose dashboard sends a member who has not finished onboarding back there.
  for (const path of ['/', '/login', '/platform-register']) {
    await page.goto(path);
    await expect(page).toHaveURL(PLATFORM);
  }

  // Sign out the way the identity layer does it, then the platform is closed again.
  await page.evaluate(() => fetch('/api/identity/sign-out', { method: 'POST' }));
  await page.goto('/training');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('Otra-Clave-99');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('La contraseña es incorrecta. Inténtalo de nuevo.')).toBeVisible();
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(PLATFORM);
});

test('a protected page sends a visitor to /login, which lists the platform benefits', async ({ page }) => {
  await page.goto('/training/progress');
  await expect(page).toHaveURL(/\/login$/);
  const benefits = page.getByRole('list', { name: 'Beneficios de la plataforma' });
  await expect(benefits.getByRole('listitem')).toHaveCount(5);
  await expect(benefits).toContainText('Temporizador TABATA integrado');
  await page.locator('.auth-card').getByRole('link', { name: 'Regístrate' }).click();
  await expect(page).toHaveURL(/\/platform-register$/);
});

test('sign-up refuses a breached password in Spanish', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Nombre').fill('Luis');
  await page.getByLabel('Apellido').fill('Rivas');
  await page.getByLabel('Correo electrónico').fill(`luis.${Date.now()}@example.com`);
  await page.getByLabel('Contraseña').fill('Password123!');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText(/aparece en listas de contraseñas filtradas/)).toBeVisible();
});

test('the public site on the local provider never downloads Clerk', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  // Clerk's loader carries this error code; no chunk the page loaded may contain it.
  expect(bodies.filter((body) => body.includes('failed_to_load_clerk_js'))).toHaveLength(0);
});

test('the same build switches to Clerk by configuration and shows a retry when Clerk cannot load', async ({ page }) => {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({ response, json: { ...config, auth: { provider: 'clerk', clerkPublishableKey: 'pk_test_cHVsc28uY2xlcmsuYWNjb3VudHMuZGV2JA' } } });
  });
  // Offline, as on this machine: Clerk's script never arrives.
  await page.route(/clerk\.(accounts\.dev|com)/, (route) => route.abort('internetdisconnected'));
  await page.clock.install();
  const clerkChunk = page.waitForResponse(/\/assets\/clerk-identity-provider-.*\.js$/);

  await page.goto('/login');
  await clerkChunk;
  await expect(page.getByRole('status')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The provider's script timeout (15 s) on a fast clock: an error with a retry, never an endless spinner.
  await page.clock.runFor(15_000);
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar el inicio de sesión');
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toHaveCount(0);

  // A protected page waits with 'Cargando plataforma...' and then shows the same error.
  await page.goto('/training');
  await expect(page.getByText('Cargando plataforma...')).toBeVisible();
  await expect(async () => {
    await page.clock.runFor(5_000);
    await expect(page.getByRole('alert')).toContainText('No pudimos cargar el inicio de sesión', { timeout: 500 });
  }).toPass();
});
