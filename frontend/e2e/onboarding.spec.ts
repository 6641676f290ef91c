import { expect, test } from '@playwright/test';
import { signUp } from './support/members';

/*
 * A new member's first minutes against the real backend: sign up, verify with the
 * mailed code, complete the 3-step profile wizard (the under-13 rule included), land
 * on /subscription, and find the saved profile on /training/profile.
 */

test('a new member completes the profile wizard and the profile is saved', async ({ page }) => {
  await signUp(page);

  // The wizard's choices are large labelled tiles: a member taps the tile, not the hidden input.
  const choose = (text: string) => page.locator('label.onboarding-choice', { hasText: text }).click();
  const next = page.getByRole('button', { name: /Siguiente/ });
  await expect(next).toBeDisabled();
  const thisYear = new Date().getFullYear();
  await page.getByLabel('Fecha de nacimiento').fill(`${thisYear - 10}-03-01`);
  await choose('Femenino');
  await page.getByLabel('Altura (cm)').fill('150');
  await page.getByLabel('Peso (kg)').fill('45');
  await expect(page.getByText('Debes tener al menos 13 años para usar esta plataforma')).toBeVisible();
  await expect(next).toBeDisabled();

  await page.getByLabel('Fecha de nacimiento').fill('1995-08-20');
  await page.getByLabel('Altura (cm)').fill('163');
  await page.getByLabel('Peso (kg)').fill('58');
  await page.getByLabel(/Acepto los términos/).check();
  await page.getByLabel(/Autorizo a Pulso/).check();
  await next.click();
  await expect(next).toBeDisabled();
  await choose('Mejorar resistencia');
  await choose('Reducir estrés');
  await next.click();
  await choose('Intermedio');
  await page.getByRole('button', { name: /Finalizar/ }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('button', { name: 'Comenzar' }).or(page.getByRole('link', { name: 'Comenzar' }))).toBeVisible();

  // The wizard is done: /onboarding now sends the member on, and the profile shows what was saved.
  await page.goto('/onboarding');
  await expect(page).not.toHaveURL(/\/onboarding$/);
  await page.goto('/training/profile');
  await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  await expect(page.getByText('163 cm', { exact: true })).toBeVisible();
  await expect(page.getByText('Mejorar resistencia')).toBeVisible();
});
