import { expect, test } from '@playwright/test';
import { PRERENDERED_PAGES } from './support/public-pages';

test.describe('public site', () => {
  test('every public page has its Spanish heading, title and description', async ({ page }) => {
    const pages: [string, string][] = [...PRERENDERED_PAGES, ['/register', 'Regístrate para tu clase gratis']];
    const titles = new Set<string>();
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Pulso/);
      titles.add(await page.title());
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    }
    expect(titles.size).toBe(pages.length);
  });

  test('the landing page carries the sharing and LocalBusiness metadata', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image\.png$/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('HealthClub');
    expect(jsonLd.address.addressLocality).toBe('Santa Tecla');
    expect((await request.get('/robots.txt')).ok()).toBe(true);
    expect(await (await request.get('/sitemap.xml')).text()).toContain('/memberships</loc>');
    expect((await request.get('/og-image.png')).headers()['content-type']).toBe('image/png');
  });

  test('the landing sections link where the spec says', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#about')).toContainText('hermanos');
    await expect(page.locator('#reviews figure')).toHaveCount(4);
    await expect(page.locator('#nuestraapp').getByRole('link', { name: 'Descubre Más' })).toHaveAttribute('href', '/sistemas');
    await expect(page.locator('#entrenamiento-especializado').getByRole('link', { name: 'Más Información' })).toHaveAttribute(
      'href',
      '/informacion-especializado',
    );
    await expect(page.locator('#workout').getByRole('heading', { name: 'Nuestros Entrenamientos' })).toBeVisible();
    await expect(page.locator('#workout').getByRole('link', { name: /Más Información/ })).toHaveAttribute('href', '/workout');
    await page.locator('.hero').getByRole('link', { name: 'Clase Gratis' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the trainer carousel wraps both ways', async ({ page }) => {
    await page.goto('/');
    const carousel = page.locator('#entrenadores');
    const name = carousel.getByRole('heading', { level: 3 });
    await expect(name).toHaveText('Andrés Castillo');
    await carousel.getByRole('button', { name: 'Entrenador anterior' }).click();
    await expect(name).toHaveText('Sofía Menjívar');
    await carousel.getByRole('button', { name: 'Siguiente entrenador' }).click();
    await expect(name).toHaveText('Andrés Castillo');
    for (const expected of ['Gabriela Rivas', 'Kevin Hernández', 'Sofía Menjívar', 'Andrés Castillo']) {
      await carousel.getByRole('button', { name: 'Siguiente entrenador' }).click();
      await expect(name).toHaveText(expected);
    }
  });

  test('the announcement banner closes and comes back on reload', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Anuncio' });
    await expect(banner.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/platform-register');
    await banner.getByRole('button', { name: 'Cerrar anuncio' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Reserva' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reserva');
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(banner).toBeVisible();
  });

  test('the memberships toggle changes prices and payment links; fixed plans stay', async ({ page }) => {
    await page.goto('/memberships');
    const elite = page.getByRole('article', { name: 'Elite' });
    const fourClasses = page.getByRole('article', { name: '4 Classes' });
    await expect(elite.getByTestId('price-elite')).toContainText('$125');
    await expect(elite.getByRole('link', { name: 'Comprar Elite' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/elite');
    await page.getByRole('switch', { name: 'Renovación automática' }).check();
    await expect(elite.getByTestId('price-elite')).toContainText('$112');
    await expect(elite.getByRole('link', { name: 'Comprar Elite' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/elite-mensual');
    await expect(fourClasses.getByTestId('price-fourClasses')).toContainText('$45');
    await expect(page.getByRole('link', { name: 'Comprar Sensor' })).toHaveAttribute('href', 'https://pagos.pulso.sv/b/sensor');

    await elite.getByRole('button', { name: 'Más Información: Elite' }).click();
    await expect(page.getByRole('dialog', { name: 'Elite' })).toBeVisible();
    await page.getByTestId('modal-overlay').click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('reserva and contact pages use the runtime contact data', async ({ page, request }) => {
    const config = await (await request.get('/api/config')).json();
    await page.goto('/reserva');
    await expect(page.getByRole('link', { name: 'Ver Membresías' })).toHaveAttribute('href', '/memberships');
    await expect(page.getByRole('link', { name: 'Reservar en la app' })).toHaveAttribute('href', config.appStoreUrl);
    await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveAttribute('target', '_blank');
    await page.goto('/contactanos');
    await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveAttribute('href', config.contact.whatsappUrl);
    await expect(page.getByRole('link', { name: 'Enviar correo' })).toHaveAttribute('href', `mailto:${config.contact.email}`);
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('navigates through the collapsed menu', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Membresías' })).toBeHidden();
    await nav.getByRole('button', { name: 'Abrir menú' }).click();
    await nav.getByRole('link', { name: 'Membresías' }).click();
    await expect(page).toHaveURL(/\/memberships$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Membresías');
    await expect(nav.getByRole('link', { name: 'Contáctanos' })).toBeHidden();

    await nav.getByRole('button', { name: 'Abrir menú' }).click();
    // The menu opens in 300 ms; its last link is clipped until then, so the tap waits for the whole link.
    await expect(nav.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Clase Gratis' })).toBeInViewport({ ratio: 1 });
    await nav.getByRole('link', { name: 'Clase Gratis' }).click();
    await expect(page).toHaveURL(/\/register$/);
    // The booking page is a chunk of its own, fetched on this first visit.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regístrate para tu clase gratis', { timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the sign-in and sign-up forms come first under the navbar, with no banner above them', async ({ page }) => {
    for (const [path, submit] of [
      ['/login', 'Continuar'],
      ['/platform-register', 'Crear cuenta'],
    ]) {
      await page.goto(path);
      const form = page.locator('.auth-card');
      await expect(form.getByRole('button', { name: submit })).toBeInViewport();
      await expect(page.getByRole('complementary', { name: 'Anuncio' })).toHaveCount(0);
      const navbarBottom = (await page.locator('header.site-navbar').boundingBox())!;
      const formTop = (await form.boundingBox())!.y;
      expect(formTop - (navbarBottom.y + navbarBottom.height), path).toBeLessThan(40);
      expect(formTop, path).toBeLessThan((await page.getByRole('heading', { level: 1 }).boundingBox())!.y);
    }
  });

  test('the announcement banner offers 44 px targets', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Anuncio' });
    for (const target of [banner.getByRole('link', { name: 'Regístrate' }), banner.getByRole('button', { name: 'Cerrar anuncio' })]) {
      const box = (await target.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
  });

  test('an invalid booking brings its first invalid field back on screen, focused', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByLabel('Nombre')).toBeFocused();
    await expect(page.getByText('Nombre es requerido.')).toBeInViewport();
    await expect(page.getByRole('alert')).toHaveText('Por favor completa todos los campos requeridos.');
  });

  test("the booking's phone country reads +503 on a target of at least 44 px", async ({ page }) => {
    await page.goto('/register');
    const country = page.getByRole('combobox', { name: 'País' });
    await expect(country).toHaveValue('SV');
    await expect(page.locator('.phone-country-code')).toHaveText('+503');
    const box = (await country.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  });
});
