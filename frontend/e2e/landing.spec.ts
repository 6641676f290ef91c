import { expect, test } from '@playwright/test';

test('a visitor opens the landing page and follows a navbar link', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('tecnología');
  await page.getByRole('navigation').getByRole('link', { name: 'Membresías' }).click();
  await expect(page).toHaveURL(/\/memberships$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Membresías' })).toBeVisible();
});

test('an unknown path lands on the home page', async ({ page }) => {
  await page.goto('/esto/no/existe');
  await expect(page).toHaveURL(/\/$/);
});
