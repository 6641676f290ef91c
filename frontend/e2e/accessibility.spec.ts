import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';
import { MEMBER_ROUTES, STAFF_ROUTES, PUBLIC_ROUTES } from './support/routes';

/*
 * axe-core on every route of the three faces, at 375 and 1280 px: no serious or critical
 * violation (WCAG 2.1 A and AA rules). Each failure names the rule and the elements.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function checkRoutes(page: Page, routes: readonly string[]): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const path of routes) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1').first()).toBeVisible();
      expect({ path, width, violations: await seriousViolations(page) }).toEqual({ path, width, violations: [] });
    }
  }
}

test('the public pages have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(120_000);
  await checkRoutes(page, PUBLIC_ROUTES);
});

test("the members' pages have no serious or critical accessibility violation", async ({ page }) => {
  test.setTimeout(120_000);
  await newOnboardedMember(page, 'Lucía');
  await checkRoutes(page, MEMBER_ROUTES);
});

test('the staff console has no serious or critical accessibility violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInStaff(page, request);
  await checkRoutes(page, STAFF_ROUTES);
});
