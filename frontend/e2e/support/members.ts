import { expect, type Page } from '@playwright/test';
import { Client } from 'pg';

/*
 * What several journeys share: the product's own database (for the mailed codes a
 * person would read in their inbox) and a fresh member who has finished the wizard.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
export const databaseUrl = `postgres://pulso:pulso@127.0.0.1:${process.env.E2E_PG_PORT ?? port + 51299}/pulso`;

/**
 * The database of the server `page` is on: the journeys' server, or another one the run started
 * (the visual check's own, see playwright.config.ts), whose PostgreSQL listens on its port + 51299.
 */
export function databaseUrlOf(page: Page): string {
  const pagePort = Number(new URL(page.url()).port);
  return !pagePort || pagePort === port ? databaseUrl : `postgres://pulso:pulso@127.0.0.1:${pagePort + 51299}/pulso`;
}

export interface OutboxMail {
  subject: string;
  text_body: string;
}

/** The mails of one kind sent to one address, oldest first. */
export async function mailsTo(email: string, kind: string, database = databaseUrl): Promise<OutboxMail[]> {
  const client = new Client({ connectionString: database });
  await client.connect();
  try {
    const { rows } = await client.query<OutboxMail>('SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND kind = $2 ORDER BY created_at, id', [
      email,
      kind,
    ]);
    return rows;
  } finally {
    await client.end();
  }
}

export async function latestCode(email: string, database = databaseUrl): Promise<string> {
  const mails = await mailsTo(email, 'verification-code', database);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export interface NewMember {
  firstName: string;
  email: string;
  password: string;
}

/** Signs up through the pages, verifies the mailed code and lands on /onboarding. */
export async function signUp(page: Page, firstName = 'Lucía', email?: string, lastName = 'Ramírez'): Promise<NewMember> {
  const member = {
    firstName,
    email: email ?? `${firstName.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '-').toLowerCase()}.${Date.now()}@example.com`,
    password: 'Entrena-Fuerte-24',
  };
  await page.goto('/platform-register');
  await page.getByLabel('Nombre').fill(member.firstName);
  await page.getByLabel('Apellido').fill(lastName);
  await page.getByLabel('Correo electrónico').fill(member.email);
  await page.getByLabel('Contraseña').fill(member.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Verifica tu correo' })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await latestCode(member.email, databaseUrlOf(page)));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  return member;
}

/** The wizard with valid answers; ends on /subscription. `atStep` runs as each step shows, before it is answered. */
export async function completeWizard(page: Page, atStep: (step: 1 | 2 | 3) => Promise<void> = async () => undefined): Promise<void> {
  const choose = (text: string) => page.locator('label.onboarding-choice', { hasText: text }).click();
  const next = page.getByRole('button', { name: /Siguiente/ });
  await atStep(1);
  await page.getByLabel('Fecha de nacimiento').fill('1995-08-20');
  await choose('Femenino');
  await page.getByLabel('Altura (cm)').fill('163');
  await page.getByLabel('Peso (kg)').fill('58');
  await page.getByLabel(/Acepto los términos/).check();
  await page.getByLabel(/Autorizo a Pulso/).check();
  await next.click();
  await atStep(2);
  await choose('Mejorar resistencia');
  await next.click();
  await atStep(3);
  await choose('Intermedio');
  await page.getByRole('button', { name: /Finalizar/ }).click();
  await expect(page).toHaveURL(/\/subscription$/);
}

export async function newOnboardedMember(page: Page, firstName?: string): Promise<NewMember> {
  const member = await signUp(page, firstName);
  await completeWizard(page);
  return member;
}
