import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { LANDING_PHOTO_MESSAGES } from '../src/modules/catalog/landing-photo-sizes';
import { MEDIA_MESSAGES, PHOTO_MAX_BYTES } from '../src/modules/catalog/media-sniff';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/*
 * The landing's own photos (ADR 0300, 0301): staff upload a photo for a place of the landing with
 * its alternative text and focal point, the backend makes its AVIF and WebP sizes and fills the
 * served HTML with a <picture>; a bad file is refused in Spanish and leaves nothing behind; removing
 * the photo brings the illustration back.
 */

/** A real photo: a gradient, so the encoders have something to encode. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg', orientation?: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, 140], (y * width + x) * 3);
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const encoded = format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png();
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
}

/** A PNG of a size no camera makes, a few hundred bytes long (its first rows, all black). */
function hugePngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc((1 + width * 3) * 10));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const MOV = Buffer.concat([Buffer.from('0000001466747970717420200000000071742020', 'hex'), Buffer.alloc(512, 1)]);
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d61766331', 'hex'), Buffer.alloc(4096, 7)]);
const BROKEN_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('esto no es una foto, solo lo parece al principio'.repeat(40))]);

/** The prerendered landing as the frontend build writes it: slot frames with the illustration, or empty (the hero). */
const PRERENDERED_LANDING =
  '<!doctype html><html lang="es"><head><title>Pulso</title></head><body><div id="root"><main class="landing">' +
  '<section class="hero"><div class="landing-image hero__photo" data-slot="portada"></div><h1>Entrena</h1></section>' +
  '<section id="about"><div class="landing-image about__image" data-slot="nosotros"><img src="/images/about-studio.svg" alt="El estudio de Pulso con bicicletas" width="750" height="560" loading="lazy" decoding="async"/></div></section>' +
  '<section id="entrenadores"><div class="landing-image trainer__portrait trainer__fade" data-slot="entrenador-andres"><img src="/images/trainer-andres.svg" alt="Retrato de Andrés Castillo" width="480" height="600" loading="lazy" decoding="async"/></div></section>' +
  '</main></div></body></html>';

interface StaffPlace {
  slot: string;
  photo?: { url: string; alt: string; focalX: number; focalY: number; width: number; height: number; previewUrl: string; sizes: number };
}

describe('the landing photos (e2e)', () => {
  let t: TestApp;
  let uploadDir: string;
  let distDir: string;
  let staff: string;
  let member: string;
  const server = () => t.app.getHttpServer();
  const upload = (place: string, file: Buffer, name: string, fields: Record<string, string> = { alt: 'Clase de Box and Burn en el estudio' }, auth = staff) => {
    const call = request(server()).post(`/api/staff/media/landing/${place}`).set('Authorization', auth).attach('archivo', file, name);
    for (const [field, value] of Object.entries(fields)) void call.field(field, value);
    return call;
  };
  const files = () =>
    readdirSync(uploadDir)
      .filter((name) => !name.startsWith('.'))
      .sort();
  const incoming = () => (existsSync(path.join(uploadDir, '.entrantes')) ? readdirSync(path.join(uploadDir, '.entrantes')) : []);
  const landing = async () =>
    (await request(server()).get('/api/media/landing').expect(200)).body as {
      images: { slot: string; html: string; avifSrcset: string; webpSrcset: string; src: string; alt: string }[];
    };
  const place = async (slot: string) =>
    ((await request(server()).get('/api/staff/media').set('Authorization', staff).expect(200)).body.landing as StaffPlace[]).find(
      (entry) => entry.slot === slot,
    )!;
  const servedLanding = async () => (await request(server()).get('/').expect(200).expect('Content-Type', /html/)).text;

  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'pulso-landing-'));
    distDir = mkdtempSync(path.join(tmpdir(), 'pulso-dist-'));
    mkdirSync(path.join(distDir, 'prerendered'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html lang="es"><head><title>Pulso</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(distDir, 'prerendered', 'index.html'), PRERENDERED_LANDING);
    t = await createTestApp({ MEDIA_UPLOAD_DIR: uploadDir, SPA_DIST_DIR: distDir }, { serveSpa: true });
    staff = await bearerFor(t, { role: 'staff', userId: randomUUID(), email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción' });
    member = await bearerFor(t, { userId: randomUUID(), firstName: 'Ana', lastName: 'Miembro' });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  });

  it('shows the illustrations until the studio uploads a photo', async () => {
    expect(await landing()).toEqual({ images: [] });
    const staffList = (await request(server()).get('/api/staff/media').set('Authorization', staff).expect(200)).body.landing as (StaffPlace & {
      illustrationUrl?: string;
      minWidth: number;
    })[];
    expect(staffList.every((entry) => entry.photo === undefined)).toBe(true);
    expect(staffList.find((entry) => entry.slot === 'nosotros')).toMatchObject({
      label: 'Sobre nosotros',
      illustrationUrl: '/images/about-studio.svg',
      minWidth: 640,
    });
    expect(staffList.find((entry) => entry.slot === 'portada')?.illustrationUrl).toBeUndefined();
    const html = await servedLanding();
    expect(html).toContain('<div class="landing-image hero__photo" data-slot="portada"></div>');
    expect(html).toContain('data-slot="nosotros"><img src="/images/about-studio.svg"');
    expect(html).toContain('<script type="application/json" id="pulso-landing-images">{"images":[]}</script></head>');
  });

  it('takes a hero photo with its text and focal point, makes its AVIF and WebP sizes and fills the served page', async () => {
    const answer = await upload('portada', await photo(2400, 1600), 'portada.jpg', {
      alt: 'Clase de Box and Burn con las pantallas encendidas',
      focalX: '30',
      focalY: '40',
    }).expect(201);
    expect(answer.body.photo).toMatchObject({
      alt: 'Clase de Box and Burn con las pantallas encendidas',
      focalX: 30,
      focalY: 40,
      width: 2400,
      height: 1600,
      sizes: 8,
      uploadedByName: 'Rosa Recepción',
      originalName: 'portada.jpg',
    });
    const stem = path.basename(answer.body.photo.url as string, '.jpg');
    expect(files()).toEqual([`${stem}.jpg`, ...[640, 960, 1280, 1920].flatMap((width) => [`${stem}-${width}.avif`, `${stem}-${width}.webp`])].sort());

    // Each size is what its name says, served for good like every upload.
    const avif = await request(server()).get(`/api/media/uploads/${stem}-640.avif`).buffer(true).expect(200).expect('Content-Type', 'image/avif');
    expect(avif.headers['cache-control']).toContain('immutable');
    expect(await sharp(avif.body as Buffer).metadata()).toMatchObject({ width: 640, height: 427 });
    const webp = await request(server()).get(`/api/media/uploads/${stem}-1920.webp`).buffer(true).expect(200).expect('Content-Type', 'image/webp');
    expect(await sharp(webp.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1920 });

    const [image] = (await landing()).images;
    expect(image).toMatchObject({ slot: 'portada', alt: 'Clase de Box and Burn con las pantallas encendidas', src: `/api/media/uploads/${stem}-960.webp` });
    expect(image!.avifSrcset).toBe([640, 960, 1280, 1920].map((width) => `/api/media/uploads/${stem}-${width}.avif ${width}w`).join(', '));
    expect(image!.html).toBe(
      `<picture><source type="image/avif" srcset="${image!.avifSrcset}" sizes="100vw"><source type="image/webp" srcset="${image!.webpSrcset}" sizes="100vw">` +
        `<img src="/api/media/uploads/${stem}-960.webp" alt="Clase de Box and Burn con las pantallas encendidas" width="2400" height="1600" fetchpriority="high" decoding="async" style="object-position:30% 40%"></picture>`,
    );

    // The served landing carries the photo in its slot; the other slots keep their illustration.
    const html = await servedLanding();
    expect(html).toContain(`<div class="landing-image hero__photo" data-slot="portada">${image!.html}</div>`);
    expect(html).toContain('data-slot="nosotros"><img src="/images/about-studio.svg"');
    expect(html).toContain(`"slot":"portada","html":"\\u003cpicture>`);
    // The other pages get the markup too (a visit that starts elsewhere and then opens the landing), and nothing to fill.
    expect((await request(server()).get('/training').expect(200)).text).toContain('"slot":"portada"');
  });

  it('keeps a portrait upright as its camera meant it and never enlarges a narrow one', async () => {
    // Stored 1000 × 800 with EXIF orientation 6: upright it is 800 wide and 1000 tall.
    const answer = await upload('entrenador-andres', await photo(1000, 800, 'jpeg', 6), 'andres.jpg', { alt: 'Andrés Castillo en la pista' }).expect(201);
    expect(answer.body.photo).toMatchObject({ width: 800, height: 1000, focalX: 50, focalY: 50, sizes: 8 });
    const image = (await landing()).images.find((entry) => entry.slot === 'entrenador-andres')!;
    expect(image.webpSrcset.match(/ (\d+)w/g)).toEqual([' 360w', ' 540w', ' 720w', ' 800w']);
    expect(image.html).toContain('loading="lazy"');
    const stem = path.basename(answer.body.photo.url as string, '.jpg');
    expect(await sharp((await request(server()).get(`/api/media/uploads/${stem}-800.webp`).buffer(true).expect(200)).body as Buffer).metadata()).toMatchObject({
      width: 800,
      height: 1000,
    });
    expect(await servedLanding()).toContain(`data-slot="entrenador-andres">${image.html}</div>`);
  });

  it('changes the text and the focal point without a new upload', async () => {
    const changed = await request(server())
      .patch('/api/staff/media/landing/portada')
      .set('Authorization', staff)
      .send({ alt: '  Sala principal del estudio  ', focalY: 15 })
      .expect(200);
    expect(changed.body.photo).toMatchObject({ alt: 'Sala principal del estudio', focalX: 30, focalY: 15 });
    expect(await servedLanding()).toContain(
      'alt="Sala principal del estudio" width="2400" height="1600" fetchpriority="high" decoding="async" style="object-position:30% 15%"',
    );
    const refused = await request(server()).patch('/api/staff/media/landing/portada').set('Authorization', staff).send({ focalX: 101 }).expect(400);
    expect(refused.body.error).toBe('El punto focal horizontal no puede ser mayor que 100.');
    const none = await request(server()).patch('/api/staff/media/landing/sistemas').set('Authorization', staff).send({ alt: 'Pantallas' }).expect(404);
    expect(none.body.error).toBe(MEDIA_MESSAGES.noLandingPhoto);
  });

  it('refuses bad files and fields in Spanish and stores nothing', async () => {
    const before = { files: files(), landing: await landing(), place: await place('sistemas') };
    const refusals: [request.Test, number, string][] = [
      [upload('sistemas', MOV, 'clip.mov'), 415, MEDIA_MESSAGES.needsConversion('MOV (QuickTime)')],
      [upload('sistemas', MP4, 'clip.mp4'), 415, MEDIA_MESSAGES.landingNeedsPhoto],
      [upload('sistemas', Buffer.from('hola, no soy una foto'), 'foto.jpg'), 415, MEDIA_MESSAGES.unknownFormat],
      [upload('sistemas', BROKEN_JPEG, 'rota.jpg'), 415, LANDING_PHOTO_MESSAGES.unreadable],
      [upload('sistemas', Buffer.concat([await photo(800, 600), Buffer.alloc(PHOTO_MAX_BYTES, 1)]), 'enorme.jpg'), 413, MEDIA_MESSAGES.photoTooBig],
      [upload('sistemas', hugePngHeader(12000, 9000), 'gigante.png'), 413, LANDING_PHOTO_MESSAGES.tooManyPixels],
      [upload('sistemas', await photo(400, 300), 'chica.jpg'), 422, LANDING_PHOTO_MESSAGES.tooSmall(400, 300, 'Nuestros Sistemas', 480)],
      [upload('sistemas', await photo(800, 600), 'sin-texto.jpg', {}), 400, MEDIA_MESSAGES.altRequired],
      [upload('sistemas', await photo(800, 600), 'blanco.jpg', { alt: '   ' }), 400, MEDIA_MESSAGES.altRequired],
      [
        upload('sistemas', await photo(800, 600), 'foco.jpg', { alt: 'Pantallas', focalX: 'centro' }),
        400,
        'El punto focal horizontal debe ser un número entero.',
      ],
      [upload('sistemas', await photo(800, 600), 'largo.jpg', { alt: 'a'.repeat(201) }), 400, 'El texto alternativo no puede tener más de 200 caracteres.'],
      [
        upload('banner', await photo(800, 600), 'banner.jpg'),
        400,
        'El lugar del sitio debe ser uno de: portada, nosotros, sistemas, especializado, entrenador-andres, entrenador-gabriela, entrenador-kevin, entrenador-sofia.',
      ],
    ];
    for (const [call, status, message] of refusals) {
      const answer = await call;
      expect({ status: answer.status, error: answer.body.error, message: answer.body.message }).toEqual({ status, error: message, message });
    }
    expect(files()).toEqual(before.files);
    expect(incoming()).toEqual([]);
    expect(await landing()).toEqual(before.landing);
    expect(await place('sistemas')).toEqual(before.place);
  });

  it('lets only staff upload, change or remove a landing photo', async () => {
    const jpeg = await photo(800, 600);
    await upload('sistemas', jpeg, 'a.jpg', { alt: 'Pantallas' }, member).expect(403);
    await request(server()).post('/api/staff/media/landing/sistemas').attach('archivo', jpeg, 'a.jpg').field('alt', 'Pantallas').expect(401);
    await request(server()).patch('/api/staff/media/landing/portada').set('Authorization', member).send({ focalX: 10 }).expect(403);
    await request(server()).delete('/api/staff/media/landing/portada').set('Authorization', member).expect(403);
    await request(server()).delete('/api/staff/media/landing/portada').expect(401);
    expect((await landing()).images.map((image) => image.slot)).toEqual(['portada', 'entrenador-andres']);
    expect(incoming()).toEqual([]);
  });

  it('replaces a photo with a new one, deleting the old files, and brings the illustration back on removal', async () => {
    const stem = path.basename((await place('entrenador-andres')).photo!.url, '.jpg');
    const old = files().filter((name) => name.startsWith(stem));
    expect(old).toHaveLength(9);
    const replaced = await upload('entrenador-andres', await photo(1200, 1500, 'png'), 'andres-nuevo.png', { alt: 'Andrés Castillo' }).expect(201);
    expect(replaced.body.photo.sizes).toBe(8);
    expect(old.some((name) => existsSync(path.join(uploadDir, name)))).toBe(false);

    const current = files();
    await request(server()).delete('/api/staff/media/landing/entrenador-andres').set('Authorization', staff).expect(204);
    await request(server()).delete('/api/staff/media/landing/portada').set('Authorization', staff).expect(204);
    expect(files()).toEqual([]);
    expect(current).toHaveLength(18);
    expect(await landing()).toEqual({ images: [] });
    const html = await servedLanding();
    expect(html).toContain('<div class="landing-image hero__photo" data-slot="portada"></div>');
    expect(html).toContain('data-slot="entrenador-andres"><img src="/images/trainer-andres.svg"');
    expect(html).not.toContain('<picture>');
    const again = await request(server()).delete('/api/staff/media/landing/portada').set('Authorization', staff).expect(404);
    expect(again.body.error).toBe(MEDIA_MESSAGES.nothingToRevert);
  });
});
