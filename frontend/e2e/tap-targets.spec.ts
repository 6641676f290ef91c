import { expect, test, type Locator, type Page } from '@playwright/test';
import { newOnboardedMember } from './support/members';

/*
 * Issue #22, problem 10, on a phone (375 px): every control a thumb needs is at least
 * 44 px high, the tab bar keeps 'Perfil' off the screen's edge, and a workout's
 * length in the plan's detail never breaks into "27" and "min".
 */

const PHONE = { width: 375, height: 812 };
const MIN_TARGET = 44;

async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box.height;
}

async function expectTapTarget(locator: Locator) {
  await expect(locator).toBeVisible();
  expect(await heightOf(locator)).toBeGreaterThanOrEqual(MIN_TARGET);
}

/** Visible controls under 44 px high; a card's stretched title is left out, its target is the whole card. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = [...document.querySelectorAll<HTMLElement>('a, button, select, input, summary')];
    return controls
      .filter((element) => element.offsetParent !== null && !element.classList.contains('stretched-link'))
      .filter((element) => element.getBoundingClientRect().height < min)
      .map(
        (element) =>
          `${(element.textContent || element.getAttribute('aria-label') || element.tagName).trim()} (${Math.round(element.getBoundingClientRect().height)} px)`,
      );
  }, MIN_TARGET);
}

function tabBar(page: Page) {
  return page.getByRole('navigation', { name: 'Navegación inferior' });
}

test('controls on the members’ pages are thumb-sized at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await newOnboardedMember(page, 'Carla');

  await page.goto('/training/plans');
  await page.getByRole('button', { name: 'Ver detalles de Arranque Pulso' }).click();
  const detail = page.getByRole('dialog', { name: 'Arranque Pulso' });
  for (const duration of await detail.locator('.plans-detail__duration').all()) {
    // One line of 0.85rem text: a wrapped "27 / min" would be twice as high.
    expect(await heightOf(duration)).toBeLessThan(30);
  }
  await expectTapTarget(detail.getByRole('button', { name: 'Cerrar' }).last());
  await detail.getByRole('button', { name: 'Comenzar este plan' }).click();
  await expect(page).toHaveURL(/\/training$/);

  for (const name of ['Ver planes', 'Ver todo', 'Ver logros']) await expectTapTarget(page.getByRole('link', { name, exact: true }));

  // The spec's five tabs and "Más", each label whole; "Más" keeps a margin from the screen's edge.
  const tabs = tabBar(page).getByRole('link');
  await expect(tabs).toHaveCount(5);
  for (const tab of await tabs.all()) {
    await expectTapTarget(tab);
    expect(await tab.locator('span').evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  }
  const more = tabBar(page).getByRole('button', { name: 'Más' });
  await expectTapTarget(more);
  const moreLabel = await more.locator('span').boundingBox();
  expect(moreLabel).not.toBeNull();
  expect(moreLabel!.x + moreLabel!.width).toBeLessThanOrEqual(PHONE.width - 8);
  await more.click();
  const moreLinks = tabBar(page).getByRole('list', { name: 'Más secciones' }).getByRole('link');
  await expect(moreLinks).toHaveText(['Mis Clases', 'Calendario', 'Temporizador', 'Retos']);
  for (const link of await moreLinks.all()) await expectTapTarget(link);
  await page.keyboard.press('Escape');
  await expect(moreLinks).toHaveCount(0);

  await tabBar(page).getByRole('link', { name: 'Planes' }).click();
  const enrolled = page.locator('article.plans-card.is-enrolled');
  await expectTapTarget(enrolled.getByRole('button', { name: 'Abandonar' }));

  // Every page of the platform, whole.
  for (const [path, ready] of [
    ['/training', 'Mis planes'],
    ['/training/plans', 'Planes de Entrenamiento'],
    ['/training/workouts', 'Biblioteca de Entrenamientos'],
    ['/training/progress', 'Mi Progreso'],
    ['/training/timer', 'Temporizador'],
    ['/training/calendario', 'Mi calendario'],
    ['/training/profile', 'Mi Perfil'],
    ['/training/retos', 'Retos'],
    ['/training/clases', 'Mis Clases'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await smallControls(page), path).toEqual([]);
  }
});

test("the public site's footer links and social icons are thumb-sized at 375 px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const footer = page.locator('footer.site-footer');
  await expect(footer.getByRole('link', { name: 'Membresías' })).toBeVisible();
  const links = await footer.getByRole('link').all();
  expect(links.length).toBeGreaterThan(8);
  const small: string[] = [];
  for (const link of links) {
    const box = await link.boundingBox();
    if (box && box.height < MIN_TARGET)
      small.push(`${(await link.textContent())?.trim() || (await link.getAttribute('aria-label'))} (${Math.round(box.height)} px)`);
  }
  expect(small).toEqual([]);
});
