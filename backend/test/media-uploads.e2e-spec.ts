import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MEDIA_MESSAGES, PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from '../src/modules/catalog/media-sniff';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5d1c80000000049454e44ae426082',
  'hex',
);
/** The start of an MP4 (an ftyp box with the isom brand), padded. */
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d61766331', 'hex'), Buffer.alloc(4096, 7)]);
const MOV = Buffer.concat([Buffer.from('0000001466747970717420200000000071742020', 'hex'), Buffer.alloc(512, 1)]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

interface MediaObject {
  publicId: string;
  videoUrl: string;
  thumbSecureUrl: string;
  photoUrl?: string;
  customVideo: boolean;
  family: string;
}

describe('studio media uploads (e2e)', () => {
  let t: TestApp;
  let uploadDir: string;
  let staff: string;
  let member: string;
  let exercise: { exerciseId: string; name: string; family: string };
  const server = () => t.app.getHttpServer();
  const upload = (url: string, body: Buffer, name: string, auth = staff) =>
    request(server()).post(url).set('Authorization', auth).attach('archivo', body, name);

  async function mediaOfExercise(exerciseId: string): Promise<MediaObject> {
    const { body } = await request(server()).get('/api/workouts').set('Authorization', member).expect(200);
    for (const workout of body.workouts as { rounds: { exercises: { exerciseId: string; details: { media: MediaObject } }[] }[] }[]) {
      for (const round of workout.rounds) {
        const found = round.exercises.find((entry) => entry.exerciseId === exerciseId);
        if (found) return found.details.media;
      }
    }
    throw new Error(`exercise ${exerciseId} not in the library`);
  }

  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'pulso-media-'));
    t = await createTestApp({ MEDIA_UPLOAD_DIR: uploadDir });
    staff = await bearerFor(t, { role: 'staff', userId: randomUUID(), email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Recepción' });
    member = await bearerFor(t, { userId: randomUUID(), firstName: 'Ana', lastName: 'Miembro' });
    const { body } = await request(server()).get('/api/staff/media').set('Authorization', staff).expect(200);
    expect(body.landing.map((place: { slot: string }) => place.slot)).toEqual([
      'portada',
      'nosotros',
      'sistemas',
      'especializado',
      'entrenador-andres',
      'entrenador-gabriela',
      'entrenador-kevin',
      'entrenador-sofia',
    ]);
    expect(body.limits).toEqual({ photoMaxBytes: PHOTO_MAX_BYTES, videoMaxBytes: VIDEO_MAX_BYTES });
    exercise = body.exercises.find((entry: { name: string }) => entry.name === 'Sentadilla con peso corporal');
    expect(exercise).toBeDefined();
  });

  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('shows the illustrated demonstration of the family until the studio uploads its own', async () => {
    expect(await mediaOfExercise(exercise.exerciseId)).toEqual({
      publicId: `ejercicio-${exercise.family}`,
      videoUrl: `/api/media/ejercicio-${exercise.family}`,
      secureUrl: `/api/media/ejercicio-${exercise.family}`,
      thumbSecureUrl: `/api/media/ejercicio-${exercise.family}/thumbnail`,
      family: 'sentadilla',
      customVideo: false,
    });
  });

  it('takes a photo, puts it in the library at once and serves it with range requests', async () => {
    const answer = await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, PNG, 'sentadilla.png').expect(201);
    expect(answer.body).toMatchObject({
      mediaKind: 'photo',
      contentType: 'image/png',
      sizeBytes: PNG.length,
      originalName: 'sentadilla.png',
      uploadedByName: 'Rosa Recepción',
    });
    expect(answer.body.url).toMatch(/^\/api\/media\/uploads\/[0-9a-f-]{36}\.png$/);
    const media = await mediaOfExercise(exercise.exerciseId);
    expect(media).toMatchObject({
      photoUrl: answer.body.url,
      thumbSecureUrl: answer.body.url,
      customVideo: false,
      videoUrl: `/api/media/ejercicio-${exercise.family}`,
    });

    const whole = await request(server()).get(answer.body.url).buffer(true).expect(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(whole.body as Buffer, PNG)).toBe(0);
    const part = await request(server()).get(answer.body.url).set('Range', 'bytes=0-7').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(Buffer.compare(part.body as Buffer, PNG.subarray(0, 8))).toBe(0);

    const listed = (await request(server()).get('/api/staff/media').set('Authorization', staff).expect(200)).body.exercises.find(
      (entry: { exerciseId: string }) => entry.exerciseId === exercise.exerciseId,
    );
    expect(listed.photo.url).toBe(answer.body.url);
    expect(listed.video).toBeUndefined();
  });

  it('takes an MP4 as the video the player shows, served in ranges like the clips', async () => {
    const answer = await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, MP4, 'clip.mp4').expect(201);
    expect(answer.body).toMatchObject({ mediaKind: 'video', contentType: 'video/mp4', sizeBytes: MP4.length });
    const media = await mediaOfExercise(exercise.exerciseId);
    expect(media).toMatchObject({ customVideo: true, videoUrl: answer.body.url, family: 'sentadilla' });
    expect(media.photoUrl).toMatch(/\.png$/);
    const part = await request(server()).get(`${answer.body.url}`).set('Range', 'bytes=100-199').buffer(true).expect(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 100-199/${MP4.length}`);
    expect((part.body as Buffer).length).toBe(100);
  });

  it('refuses formats that would need converting, saying which formats to use, and keeps nothing', async () => {
    const before = await mediaOfExercise(exercise.exerciseId);
    const mov = await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, MOV, 'video.mp4').expect(415);
    expect(mov.body.error).toBe(MEDIA_MESSAGES.needsConversion('MOV (QuickTime)'));
    expect(mov.body.error).toContain('MP4 (H.264) o WebM');
    const text = await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, Buffer.from('hola, no soy una foto'), 'foto.jpg').expect(415);
    expect(text.body.error).toBe(MEDIA_MESSAGES.unknownFormat);
    expect(await mediaOfExercise(exercise.exerciseId)).toEqual(before);
    expect(readdirSync(path.join(uploadDir, '.entrantes'))).toEqual([]);
  });

  it('refuses a photo over its limit and any file over the video limit, in Spanish', async () => {
    const bigPhoto = Buffer.concat([JPEG_HEAD, Buffer.alloc(PHOTO_MAX_BYTES, 1)]);
    const photo = await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, bigPhoto, 'grande.jpg').expect(413);
    expect(photo.body.error).toBe(MEDIA_MESSAGES.photoTooBig);
    const huge = Buffer.concat([MP4, Buffer.alloc(VIDEO_MAX_BYTES, 1)]);
    const video = await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, huge, 'largo.mp4').expect(413);
    expect(video.body.error).toBe(MEDIA_MESSAGES.fileTooBig);
    expect(readdirSync(path.join(uploadDir, '.entrantes'))).toEqual([]);
  });

  it('asks for a file, and for an exercise that exists', async () => {
    const none = await request(server()).post(`/api/staff/media/exercises/${exercise.exerciseId}`).set('Authorization', staff).expect(400);
    expect(none.body.error).toBe(MEDIA_MESSAGES.missingFile);
    const unknown = await upload(`/api/staff/media/exercises/${randomUUID()}`, PNG, 'a.png').expect(404);
    expect(unknown.body.error).toBe(MEDIA_MESSAGES.exerciseNotFound);
  });

  it('is for staff only', async () => {
    await upload(`/api/staff/media/exercises/${exercise.exerciseId}`, PNG, 'a.png', member).expect(403);
    await request(server()).post(`/api/staff/media/exercises/${exercise.exerciseId}`).attach('archivo', PNG, 'a.png').expect(401);
  });

  it('reverts to the demonstration and deletes the file', async () => {
    const media = await mediaOfExercise(exercise.exerciseId);
    const files = [media.videoUrl, media.photoUrl as string].map((url) => path.join(uploadDir, path.basename(url)));
    expect(files.every((file) => existsSync(file))).toBe(true);
    await request(server()).delete(`/api/staff/media/exercises/${exercise.exerciseId}/video`).set('Authorization', staff).expect(204);
    await request(server()).delete(`/api/staff/media/exercises/${exercise.exerciseId}/photo`).set('Authorization', staff).expect(204);
    expect(await mediaOfExercise(exercise.exerciseId)).toMatchObject({ customVideo: false, videoUrl: `/api/media/ejercicio-${exercise.family}` });
    expect((await mediaOfExercise(exercise.exerciseId)).photoUrl).toBeUndefined();
    expect(files.some((file) => existsSync(file))).toBe(false);
    await request(server()).get(media.videoUrl).expect(404);
    const again = await request(server()).delete(`/api/staff/media/exercises/${exercise.exerciseId}/photo`).set('Authorization', staff).expect(404);
    expect(again.body.error).toBe(MEDIA_MESSAGES.nothingToRevert);
  });

  it('never serves a name it did not make', async () => {
    await request(server()).get('/api/media/uploads/..%2F..%2Fpackage.json').expect(404);
    await request(server()).get('/api/media/uploads/nota.txt').expect(404);
  });
});

describe('studio media uploads behind a media CDN (e2e)', () => {
  let t: TestApp;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'pulso-media-cdn-'));
    t = await createTestApp({ MEDIA_CDN_BASE: 'https://media.pulso.sv', MEDIA_UPLOAD_DIR: uploadDir });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('points the media objects at the CDN folder the CDN pulls from the origin, which keeps serving the file', async () => {
    const staff = await bearerFor(t, { role: 'staff', firstName: 'Rosa', lastName: 'Recepción' });
    const { body } = await request(t.app.getHttpServer()).get('/api/staff/media').set('Authorization', staff).expect(200);
    const exercise = body.exercises[0] as { exerciseId: string };
    const photo = await request(t.app.getHttpServer())
      .post(`/api/staff/media/exercises/${exercise.exerciseId}`)
      .set('Authorization', staff)
      .attach('archivo', PNG, 'foto.png')
      .expect(201);
    const video = await request(t.app.getHttpServer())
      .post(`/api/staff/media/exercises/${exercise.exerciseId}`)
      .set('Authorization', staff)
      .attach('archivo', MP4, 'clip.mp4')
      .expect(201);
    const fileOf = (url: string) => url.split('/').pop() as string;
    expect(photo.body.url).toBe(`https://media.pulso.sv/image/upload/pulso-subidas/${fileOf(photo.body.url)}`);
    expect(video.body.url).toBe(`https://media.pulso.sv/video/upload/pulso-subidas/${fileOf(video.body.url)}`);
    // The origin the CDN pulls from.
    const origin = await request(t.app.getHttpServer())
      .get(`/api/media/uploads/${fileOf(video.body.url)}`)
      .set('Range', 'bytes=0-11')
      .buffer(true)
      .expect(206);
    expect(Buffer.compare(origin.body as Buffer, MP4.subarray(0, 12))).toBe(0);
  });
});
