import { expect, test, type Page } from '@playwright/test';

/*
 * The landing's deferred sections (content-visibility) reserve the height they render at, the
 * page does not shift while it loads, and a link to a section (/#workout, or a link within the
 * page) lands on that section's heading, right under the fixed bar.
 */

const SECTIONS = ['about', 'entrenadores', 'reviews', 'nuestraapp', 'entrenamiento-especializado', 'workout'];
const WIDTHS = [375, 1280];
const viewport = (width: number) => ({ width, height: width < 768 ? 812 : 800 });

/** How far the section's heading sits below the fixed bar's bottom edge (0: right under it). */
function headingOffset(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => {
    const heading = document.querySelector(`#${sectionId} h2`);
    const bar = document.querySelector('.site-navbar');
    if (!heading || !bar) throw new Error(`#${sectionId} sin título o sin barra`);
    return Math.round(heading.getBoundingClientRect().top - bar.getBoundingClientRect().bottom);
  }, id);
}

/** The offset once the page has stopped scrolling (the in-page links scroll smoothly). */
async function settledOffset(page: Page, id: string): Promise<number> {
  let previous = Number.NaN;
  await expect
    .poll(
      async () => {
        const [offset, y] = await Promise.all([headingOffset(page, id), page.evaluate(() => window.scrollY)]);
        const still = y === previous;
        previous = y;
        return still && Math.abs(offset) <= 3;
      },
      { message: `#${id}: el título no quedó bajo la barra`, intervals: [200], timeout: 10_000 },
    )
    .toBe(true);
  return headingOffset(page, id);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('an address with a section lands on its heading, right under the bar', async ({ page }) => {
      for (const id of SECTIONS) {
        // A fresh load each time (from /#about to /#reviews would be a navigation within the page).
        await page.goto('about:blank');
        await page.goto(`/#${id}`);
        await expect(page.locator(`#${id} h2`)).toBeVisible();
        expect(Math.abs(await settledOffset(page, id)), `/#${id}`).toBeLessThanOrEqual(3);
      }
    });

    test('a link within the page lands on the heading of the section it names', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page has no index of its sections: a plain link in it, as any page or message would carry.
      await page.evaluate((ids) => {
        const nav = document.createElement('nav');
        nav.setAttribute('aria-label', 'Secciones');
        nav.style.cssText = 'position:fixed;left:0;bottom:0;z-index:2000;background:#fff';
        for (const id of ids) {
          const link = document.createElement('a');
          link.href = `#${id}`;
          link.textContent = id;
          link.style.marginRight = '4px';
          nav.append(link);
        }
        document.body.append(nav);
      }, SECTIONS);
      // From the top, and then from one section to another in both directions.
      for (const id of [...SECTIONS, 'about', 'workout', 'entrenadores']) {
        await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: id, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        expect(Math.abs(await settledOffset(page, id)), `enlace a #${id}`).toBeLessThanOrEqual(3);
      }
    });
  });
}

for (const width of [375, 412, 1280]) {
  test(`at ${width} px the landing loads without layout shifts and its sections reserve what they render`, async ({ page }) => {
    await page.setViewportSize(viewport(width));
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { pulsoShifts: number[] }).pulsoShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    // Hydrated, the runtime config shown and the headline's face in use.
    await expect(page.locator('.site-footer a[href^="mailto:"]')).toBeAttached();
    await page.evaluate(() => document.fonts.ready);
    const shifts = await page.evaluate(() => (window as unknown as { pulsoShifts: number[] }).pulsoShifts);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      `desplazamientos: ${shifts.join(', ')}`,
    ).toBeLessThanOrEqual(0.02);

    // Each deferred section, before and after it is laid out for real.
    const heights = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.landing > section:not(.hero)')].map((section) => [section.id, section.getBoundingClientRect().height] as const),
      );
    const reserved = await heights();
    await page.addStyleTag({ content: '.landing > section { content-visibility: visible !important; }' });
    const rendered = await heights();
    for (const [index, [id, height]] of rendered.entries()) {
      expect(Math.abs(reserved[index]![1] - height) / height, `#${id}: reserva ${reserved[index]![1]} px, mide ${height} px`).toBeLessThanOrEqual(0.06);
    }
  });
}
