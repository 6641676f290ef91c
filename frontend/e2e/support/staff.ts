import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { Client } from 'pg';
import { databaseUrl, databaseUrlOf, latestCode } from './members';
import { visualClockOffsetMs } from './visual-clock';

/** The one staff account of the e2e server (its STAFF_EMAILS). */
export const STAFF = { firstName: 'Rosa', email: 'staff@pulso.test', password: 'Consola-Segura-24' };

const STEP_MS = 30_000;
const port = Number(process.env.E2E_PORT ?? 3100);
/** The server the journey's staff session is on: the visual check runs its own (port + 1), with its own database and account. */
let serverPort = port;
const followServerOf = (page: Page) => {
  const pagePort = Number(new URL(page.url()).port);
  if (pagePort) serverPort = pagePort;
};

/**
 * What the staff member's authenticator app holds, kept between journeys of one run (the
 * server's database is fresh each run, and enrolment rewrites this file): the secret read off
 * the enrolment page, the recovery codes it showed, and the last time step used, since the
 * server refuses a code whose step it has already accepted.
 */
export interface StaffAuthenticator {
  secret: string;
  recoveryCodes: string[];
  lastStep: number;
}

const authenticatorFile = (email: string) => join(tmpdir(), `pulso-e2e-totp-${serverPort}-${email.replace(/[^a-z0-9]/gi, '_')}.json`);

export function readAuthenticator(email = STAFF.email): StaffAuthenticator {
  const file = authenticatorFile(email);
  if (!existsSync(file)) throw new Error(`no authenticator enrolled for ${email} in this run`);
  return JSON.parse(readFileSync(file, 'utf8')) as StaffAuthenticator;
}

function saveAuthenticator(email: string, state: StaffAuthenticator): void {
  writeFileSync(authenticatorFile(email), JSON.stringify(state));
}

/**
 * The code the app shows for a time step the server has not seen yet: this step, or the next
 * one (the server allows one step of drift), or after waiting for the clock when both are spent.
 */
export async function nextTotpCode(email = STAFF.email): Promise<string> {
  const state = readAuthenticator(email);
  // The app's clock agrees with the server's: the visual server's is moved (e2e/support/visual-clock.ts).
  const now = () => Date.now() + (serverPort === port + 1 ? visualClockOffsetMs() : 0);
  const current = Math.floor(now() / STEP_MS);
  const target = Math.max(current, state.lastStep + 1);
  if (target > current + 1) await new Promise((resolve) => setTimeout(resolve, (target - 1) * STEP_MS - now() + 500));
  saveAuthenticator(email, { ...state, lastStep: target });
  return authenticator.clone({ epoch: target * STEP_MS + 1_000 }).generate(state.secret);
}

/** Takes one recovery code off the paper: each works once. */
export function takeRecoveryCode(email = STAFF.email): string {
  const state = readAuthenticator(email);
  const [code, ...rest] = state.recoveryCodes;
  if (!code) throw new Error(`no recovery code left for ${email}`);
  saveAuthenticator(email, { ...state, recoveryCodes: rest });
  return code;
}

/**
 * Opens a staff session in `page` with the second factor the console requires: signs the account
 * up (with the mailed code) and enrols its authenticator the first time a journey needs it, and
 * otherwise signs in with the password and the app's current code.
 */
export async function signInStaff(page: Page, request: APIRequestContext): Promise<void> {
  // A context of its own: the journey's `request` may hold a member's session, and signing in over it is refused.
  const baseUrl = await baseUrlOf(request);
  serverPort = Number(new URL(baseUrl).port) || port;
  const probe = await apiRequest.newContext({ baseURL: baseUrl });
  const existing = await probe.post('/api/identity/sign-in', { data: { email: STAFF.email, password: STAFF.password } });
  const status = existing.ok() ? ((await existing.json()) as { status: string }).status : undefined;
  await probe.dispose();
  if (status === 'needs_second_factor') {
    await signInWithCode(page, STAFF.email, STAFF.password);
    return;
  }
  if (status === 'complete') {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(STAFF.email);
    await page.getByLabel('Contraseña').fill(STAFF.password);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  } else {
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
  await enrolAuthenticator(page, STAFF.email);
}

/** The password, then the app's code on the second step; lands on the console. */
export async function signInWithCode(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  followServerOf(page);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await page.getByLabel('Código de la app de autenticación').fill(await nextTotpCode(email));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
}

/**
 * From a staff session without a second factor: /staff shows the enrolment; the journey reads
 * the key under the QR code as a person would type it into their app, confirms with the app's
 * first code and keeps the recovery codes shown once (`whileCodesShow` runs while they are on screen).
 */
export async function enrolAuthenticator(page: Page, email: string, whileCodesShow?: () => Promise<void>): Promise<StaffAuthenticator> {
  await page.goto('/staff');
  followServerOf(page);
  await expect(page.getByRole('heading', { name: 'Activa la verificación en dos pasos' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  saveAuthenticator(email, { secret, recoveryCodes: [], lastStep: 0 });
  await page.getByLabel('Código de 6 dígitos de la app').fill(await nextTotpCode(email));
  await page.getByRole('button', { name: 'Activar verificación' }).click();
  await expect(page.getByRole('heading', { name: 'Guarda tus códigos de recuperación' })).toBeVisible();
  const recoveryCodes = (await page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  if (whileCodesShow) await whileCodesShow();
  const state = { ...readAuthenticator(email), recoveryCodes };
  saveAuthenticator(email, state);
  await page.getByLabel('Guardé mis códigos en un lugar seguro').check();
  await page.getByRole('button', { name: 'Entrar a la consola' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
  return state;
}

/** Makes a signed-up account a staff member, as `npm run staff:grant` does; its next token carries the role. */
export async function grantStaffRole(email: string, database = databaseUrl): Promise<void> {
  const db = new Client({ connectionString: database });
  await db.connect();
  try {
    await db.query(`UPDATE identity_accounts SET role = 'staff' WHERE email = $1`, [email]);
  } finally {
    await db.end();
  }
}

/** The server's origin, from a request the journey's own API context answers. */
async function baseUrlOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/health/live');
  return new URL(response.url()).origin;
}

/**
 * An access token for the staff account through the API, as the console gets one: the password,
 * then the app's code for the challenge (the account must have signed in through the pages once).
 */
export async function staffAccessToken(baseURL: string): Promise<string> {
  const context = await apiRequest.newContext({ baseURL });
  serverPort = Number(new URL(baseURL).port) || port;
  try {
    const first = await context.post('/api/identity/sign-in', { data: { email: STAFF.email, password: STAFF.password } });
    expect(first.ok()).toBe(true);
    const answer = (await first.json()) as { status: string; challenge?: string; session?: { accessToken: string } };
    if (answer.session) return answer.session.accessToken;
    const second = await context.post('/api/identity/second-factor', { data: { challenge: answer.challenge, code: await nextTotpCode(STAFF.email) } });
    expect(second.ok()).toBe(true);
    return ((await second.json()) as { accessToken: string }).accessToken;
  } finally {
    await context.dispose();
  }
}
