import { expect, test, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { signInStaff } from './support/staff';

/*
 * The studio's own imagery on the landing (ADR 0300, 0301): staff upload a hero photo and a
 * trainer's portrait on Medios, with their alternative text and focal point; visitors get them in
 * the served HTML as <picture> elements with AVIF and WebP sizes; removing them brings the
 * illustrations back.
 */

/** A real JPEG made by the browser's own encoder: a gradient with a few shapes, `width` × `height`. */
async function jpegPhoto(page: Page, width: number, height: number, hue: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h, tint]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, `hsl(${tint} 70% 35%)`);
      gradient.addColorStop(1, `hsl(${tint + 60} 70% 60%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      context.fillStyle = 'rgba(255, 255, 255, 0.35)';
      for (let i = 0; i < 12; i++) {
        context.beginPath();
        context.arc(((i * 97) % 13) * (w / 13), ((i * 53) % 7) * (h / 7), Math.min(w, h) / (6 + (i % 4)), 0, 2 * Math.PI);
        context.fill();
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.85));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height, hue] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Console errors and warnings of a page (a hydration mismatch shows there). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const slot = (page: Page, name: string) => page.locator(`[data-slot="${name}"]`);

/** The file the browser chose from the srcset, once loaded. */
async function loadedSource(image: Locator): Promise<string> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => element.currentSrc);
}

async function expectIllustrations(page: Page) {
  await expect(slot(page, 'portada')).toBeEmpty();
  await expect(slot(page, 'entrenador-andres').locator('img')).toHaveAttribute('src', '/images/trainer-andres.svg');
  await expect(page.locator('.landing picture')).toHaveCount(0);
}

test('staff upload a hero photo and a trainer portrait on Medios; the landing serves them in AVIF and WebP sizes until they are removed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = problemsOf(page);
  await page.goto('/');
  await expectIllustrations(page);
  // The page as the build wrote it, for a web server that serves it untouched (below).
  const built = (await (await request.get('/')).text()).replace(/<script type="application\/json" id="pulso-landing-images">.*?<\/script>/, '');
  expect(built).not.toContain('pulso-landing-images');

  // Staff, in their own browser.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto('/staff');
  await staff.getByRole('link', { name: 'Medios' }).first().click();
  await expect(staff.getByRole('heading', { name: 'Inicio del sitio' })).toBeVisible();
  const hero = staff.getByRole('listitem', { name: 'Portada' });
  await expect(hero.getByText('Fondo dibujado de Pulso')).toBeVisible();

  // A file that only looks like a photo is refused by the server, in Spanish, and nothing changes.
  await hero
    .locator('input[type=file]')
    .setInputFiles({ name: 'portada.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('no soy una foto, solo me llamo así') });
  await hero.getByLabel('Texto alternativo').fill('Una foto que no es');
  await hero.getByRole('button', { name: 'Subir foto' }).click();
  await expect(hero.getByRole('alert')).toHaveText(
    'Este archivo no es una foto ni un video que Pulso pueda mostrar. Sube un video MP4 (H.264) o WebM, o una foto JPEG, PNG o WebP.',
  );
  await hero.getByRole('button', { name: 'Cancelar' }).click();
  await expect(hero.getByText('Fondo dibujado de Pulso')).toBeVisible();

  // The hero: previewed before sending, with its text and its focal point.
  await hero.locator('input[type=file]').setInputFiles({ name: 'sala-principal.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto(staff, 2000, 1250, 205) });
  await expect(hero.getByText('Vista previa de sala-principal.jpg: todavía no se ha subido.')).toBeVisible();
  await hero.getByRole('button', { name: 'Subir foto' }).click();
  await expect(hero.getByRole('alert')).toHaveText('Escribe el texto alternativo: qué muestra la foto, para quien no puede verla.');
  await hero.getByLabel('Texto alternativo').fill('Clase de Box and Burn con las pantallas de frecuencia cardiaca encendidas');
  const picker = hero.getByTestId('punto-focal');
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.25, y: box.height * 0.3 } });
  await expect(hero.getByText('Horizontal: 25 %')).toBeVisible();
  await expect(hero.getByText('Vertical: 30 %')).toBeVisible();
  await hero.getByRole('button', { name: 'Subir foto' }).click();
  await expect(hero.getByRole('status')).toHaveText('Foto guardada: ya se ve en el inicio del sitio.', { timeout: 60_000 });
  await expect(hero.getByText('Foto del estudio')).toBeVisible();
  await expect(hero.getByText(/sala-principal\.jpg · 2000 × 1250 px · 8 tamaños AVIF y WebP · subida por Rosa/)).toBeVisible();

  // A trainer's portrait.
  const andres = staff.getByRole('listitem', { name: 'Andrés Castillo' });
  await expect(andres.getByText('Ilustración de Pulso')).toBeVisible();
  await andres.locator('input[type=file]').setInputFiles({ name: 'andres.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto(staff, 900, 1125, 20) });
  await andres.getByLabel('Texto alternativo').fill('Andrés Castillo, head coach, en la pista de atletismo');
  await andres.getByRole('button', { name: 'Subir foto' }).click();
  await expect(andres.getByRole('status')).toHaveText('Foto guardada: ya se ve en el inicio del sitio.', { timeout: 60_000 });

  // The visitor's next visit: both photos are in the HTML, as pictures with AVIF and WebP sizes.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(
    /data-slot="portada"><picture><source type="image\/avif" srcset="[^"]+-640\.avif 640w, [^"]+-960\.avif 960w, [^"]+-1280\.avif 1280w, [^"]+-1920\.avif 1920w"/,
  );
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { pulsoShifts: number[] }).pulsoShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  const heroImage = slot(page, 'portada').locator('picture img');
  await expect(slot(page, 'portada').locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/api\/media\/uploads\/[0-9a-f-]{36}-\d+\.avif \d+w/);
  await expect(slot(page, 'portada').locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/api\/media\/uploads\/[0-9a-f-]{36}-\d+\.webp \d+w/);
  await expect(heroImage).toHaveAttribute('alt', 'Clase de Box and Burn con las pantallas de frecuencia cardiaca encendidas');
  await expect(heroImage).toHaveAttribute('fetchpriority', 'high');
  await expect(heroImage).not.toHaveAttribute('loading', 'lazy');
  expect(await heroImage.evaluate((element) => getComputedStyle(element).objectPosition)).toBe('25% 30%');
  expect(await loadedSource(heroImage)).toMatch(/-\d+\.avif$/);
  // The photo arrives inside a frame of its own size: nothing on the page moves.
  expect((await page.evaluate(() => (window as unknown as { pulsoShifts: number[] }).pulsoShifts)).reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(
    0.02,
  );
  const portrait = slot(page, 'entrenador-andres').locator('picture img');
  await expect(portrait).toHaveAttribute('loading', 'lazy');
  await expect(portrait).toHaveAttribute('alt', 'Andrés Castillo, head coach, en la pista de atletismo');
  expect(await loadedSource(portrait)).toMatch(/-\d+\.avif$/);
  // The other places keep their illustrations.
  await expect(slot(page, 'sistemas').locator('img')).toHaveAttribute('src', '/images/app-systems.svg');

  // Through the carousel and back: the portrait comes from the markup the page carries.
  await page.getByRole('button', { name: 'Siguiente entrenador' }).click();
  await expect(page.locator('.trainer__name')).toHaveText('Gabriela Rivas');
  await expect(slot(page, 'entrenador-gabriela').locator('img')).toHaveAttribute('src', '/images/trainer-gabriela.svg');
  await page.getByRole('button', { name: 'Entrenador anterior' }).click();
  await expect(page.locator('.trainer__name')).toHaveText('Andrés Castillo');
  await expect(slot(page, 'entrenador-andres').locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 360w/);

  // Arriving from another page of the site.
  await page.goto('/memberships');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Home' }).click();
  await expect(slot(page, 'portada').locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 1920w/);

  // Served by a web server that does not fill the page (the nginx deployment): the landing asks for them.
  await page.route('**/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: built }));
  await page.goto('/');
  await expect(slot(page, 'portada').locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 640w/);
  await expect(slot(page, 'entrenador-andres').locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp 360w/);
  await page.unroute('**/');
  expect(problems).toEqual([]);

  // Staff remove both: the illustrations are back.
  await hero.getByRole('button', { name: 'Quitar foto' }).click();
  await expect(hero.getByRole('status')).toHaveText('Se quitó la foto: vuelve el fondo dibujado de Pulso.');
  await andres.getByRole('button', { name: 'Quitar foto' }).click();
  await expect(andres.getByRole('status')).toHaveText('Se quitó la foto: vuelve la ilustración.');
  await page.reload();
  await expectIllustrations(page);
  await staffContext.close();
});
