import { expect, test, type ConsoleMessage } from '@playwright/test';
import { PRERENDERED_PAGES } from './support/public-pages';

// The public pages prerendered at build time (ADR 0037): their HTML already carries the page,
// React hydrates it without a mismatch, and the full stylesheet is loaded without blocking.

test.describe('prerendered public pages', () => {
  test('GET / answers with the hero headline already in the HTML, and its own head', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['cache-control']).toBe('no-cache');
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Entrena con <em>tecnología avanzada<\/em> y alcanza tus metas<\/h1>/);
    expect(html).toContain('Clase Gratis');
    expect(html).toContain('<link rel="canonical" href="https://pulso.sv/">');
    // Critical CSS inline, the full stylesheet deferred (with a fallback without JavaScript).
    expect(html).toMatch(/<style>[^<]*\.hero/);
    expect(html).toMatch(/<link rel="stylesheet"[^>]*media="print" data-beasties-media="all">/);
    expect(html).toMatch(/<noscript><link rel="stylesheet"/);
  });

  test('GET /memberships answers with the nine plans and their prices in the HTML', async ({ request }) => {
    for (const path of ['/memberships', '/memberships/']) {
      const html = await (await request.get(path)).text();
      expect(html).toContain('<title>Membresías | Pulso</title>');
      expect(html).toContain('<meta property="og:url" content="https://pulso.sv/memberships">');
      expect(html.match(/class="plan-card__title"/g)).toHaveLength(9);
      expect(html).toMatch(/data-testid="price-elite"><span class="plan-card__amount">\$<!-- -->\d+</);
      expect(html).toContain('Comprar Sensor');
    }
  });

  test('a page preloads its own chunks only; a link to another page loads its chunk once the visitor points at it', async ({ page, request }) => {
    const membershipsChunk = /<link rel="modulepreload"[^>]*href="\/assets\/memberships-[\w-]+\.js"/;
    expect(await (await request.get('/memberships')).text()).toMatch(membershipsChunk);
    expect(await (await request.get('/')).text()).not.toMatch(membershipsChunk);

    const chunks: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/memberships-[\w-]+\.js$/.test(sent.url())) chunks.push(sent.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    await page.getByRole('navigation').getByRole('link', { name: 'Membresías' }).hover();
    await expect.poll(() => chunks.length).toBe(1);
  });

  test('other client routes keep the plain shell with the blocking stylesheet', async ({ request }) => {
    const html = await (await request.get('/register')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-beasties-media');
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
  });

  test('each prerendered page hydrates without a React error and then shows the runtime config', async ({ page }) => {
    const problems: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    };
    page.on('console', onConsole);
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    for (const [path, heading] of PRERENDERED_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // The full stylesheet is switched on by the entry, and the config-dependent footer appears once hydrated.
      await expect(page.locator('link[data-beasties-media]')).toHaveCount(0);
      await expect(page.locator('.site-footer a[href^="mailto:"]')).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test('hydration keeps the server DOM and the memberships toggle and links work afterwards', async ({ page }) => {
    await page.addInitScript(() => {
      // Before the entry module runs: mark the <h1> the HTML carried.
      document.addEventListener('readystatechange', () => {
        const heading = document.querySelector('h1');
        if (document.readyState === 'interactive' && heading) (heading as HTMLElement & { __fromServer?: boolean }).__fromServer = true;
      });
    });
    await page.goto('/memberships');
    const buy = page.getByRole('link', { name: 'Comprar Elite' });
    await expect(buy).toHaveAttribute('href', /^https?:\/\//);
    expect(await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { __fromServer?: boolean }).__fromServer === true)).toBe(true);
    const oneTime = await page.getByTestId('price-elite').textContent();
    await page.getByRole('switch', { name: 'Renovación automática' }).check();
    await expect(page.getByTestId('price-elite')).not.toHaveText(oneTime ?? '');
  });

  test('a visitor who scrolls before the page is hydrated keeps their place, and the link under their finger works', async ({ page }) => {
    // The page's chunk is held until the visitor has scrolled: the hydration starts only after it.
    let release = () => undefined as void;
    const scrolled = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/reserva-[^/]+\.js$/, async (route) => {
      await scrolled;
      await route.continue();
    });
    await page.goto('/reserva', { waitUntil: 'domcontentloaded' });
    const link = page.locator('main').getByRole('link', { name: 'Ver horarios y lugares libres' });
    await link.scrollIntoViewIfNeeded();
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(0);
    release();
    // Hydrated once the footer shows the runtime config.
    await expect(page.locator('.site-footer a[href^="mailto:"]')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
    await link.click();
    await expect(page).toHaveURL(/\/horarios$/);
    await expect(page.getByRole('heading', { name: 'Horarios', level: 1 })).toBeVisible();
  });
});
