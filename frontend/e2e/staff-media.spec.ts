import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { newOnboardedMember } from './support/members';
import { signInStaff } from './support/staff';

/*
 * The studio replaces a demonstration with its own photo: staff upload it in Medios (a file that
 * would need converting is refused in Spanish), a member sees it on the library card and in the
 * exercise list, and "Quitar foto" brings the illustration back.
 */

/** A real 48×32 PNG (a gradient), built here so the journey needs no fixture file. */
function smallPng(): Buffer {
  const width = 48;
  const height = 32;
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => [Math.round((255 * x) / width), 120 + y * 3, 200]).flat()]),
  );
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('staff upload a photo for an exercise and members see it in the library, until it is removed', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await newOnboardedMember(page, 'Marisol');

  // The first workout's card shows the illustrated demonstration of its lead exercise.
  await page.goto('/training/workouts');
  const card = page.getByRole('article', { name: 'Activación Express' });
  const cover = card.locator('.library-card__cover');
  await expect(cover).toHaveAttribute('data-exercise', 'Escaladores');
  await expect(cover.locator('svg.exercise-demo')).toHaveAttribute('data-family', 'plancha');

  // Staff, in their own browser, upload a photo for that exercise.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, request);
  await staff.goto('/staff');
  await staff.getByRole('link', { name: 'Medios' }).first().click();
  await expect(staff.getByRole('heading', { name: 'Medios' })).toBeVisible();
  await staff.getByLabel('Buscar ejercicio').fill('escal');
  const row = staff.getByRole('listitem', { name: 'Escaladores' });
  await expect(row.getByText('Ilustración de Pulso')).toBeVisible();

  // A QuickTime file is refused with the formats to use.
  await row
    .locator('input[type=file]')
    .setInputFiles({ name: 'escaladores.mov', mimeType: 'video/quicktime', buffer: Buffer.from('0000001466747970717420200000000071742020', 'hex') });
  await expect(row.getByRole('alert')).toHaveText(/Los archivos MOV \(QuickTime\) necesitan convertirse.*MP4 \(H\.264\) o WebM.*JPEG, PNG o WebP/);

  await row.locator('input[type=file]').setInputFiles({ name: 'escaladores.png', mimeType: 'image/png', buffer: smallPng() });
  await expect(row.getByRole('status')).toHaveText('Foto guardada: ya se ve en la biblioteca y en el panel.');
  await expect(row.getByText('Foto del estudio')).toBeVisible();
  await expect(row.getByText(/escaladores\.png · subido por Rosa/)).toBeVisible();

  // The member sees the photo on the card and in the exercise list.
  await page.reload();
  const photo = card.locator('.library-card__cover img');
  await expect(photo).toHaveAttribute('src', /^\/api\/media\/uploads\/[0-9a-f-]{36}\.png$/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(48);
  await card.getByRole('button', { name: 'Ver ejercicios de Activación Express' }).click();
  const listed = page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Escaladores' });
  await expect(listed.locator('img')).toHaveAttribute('src', /\/api\/media\/uploads\/.+\.png$/);
  // The other exercises keep their demonstrations.
  await expect(page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Plancha frontal' }).locator('svg.exercise-demo')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click();

  // Staff remove it: the illustration is back.
  await row.getByRole('button', { name: 'Quitar foto' }).click();
  await expect(row.getByRole('status')).toHaveText('Se quitó la foto: vuelve la ilustración.');
  await expect(row.getByText('Ilustración de Pulso')).toBeVisible();
  await page.reload();
  await expect(cover.locator('svg.exercise-demo')).toHaveAttribute('data-family', 'plancha');
  await expect(cover.locator('img')).toHaveCount(0);
  await staffContext.close();
});
