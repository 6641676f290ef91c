import request from 'supertest';
import { DIFFICULTIES, ROUND_TYPES, RUNNING_TYPES, TERRAINS, WORKOUT_TYPES } from '../src/modules/catalog/catalog.types';
import { buildCatalogSeed } from '../src/modules/catalog/seed/catalog-seed';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

const UNKNOWN_ID = '00000000-0000-5000-8000-000000000000';
const MAX_CLIP_BYTES = 300 * 1024;

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('catalogue (e2e)', () => {
  let t: TestApp;
  let auth: string;
  const http = () => request(t.app.getHttpServer());
  const get = (path: string) => http().get(path).set('Authorization', auth);

  beforeAll(async () => {
    t = await createTestApp();
    auth = await bearerFor(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('asks for a session on every catalogue route', async () => {
    for (const path of ['/api/workouts', `/api/workouts/${UNKNOWN_ID}`, '/api/running-workouts', `/api/running-workouts/${UNKNOWN_ID}`, '/api/plans']) {
      const response = await http().get(path).expect(401);
      expect(response.body.error).toBe('Debes iniciar sesión para continuar.');
    }
  });

  it('lists the training workouts with rounds, exercises and playable media', async () => {
    const { body } = await get('/api/workouts').expect(200);
    expect(Object.keys(body)).toEqual(['workouts']);
    expect(body.workouts.length).toBeGreaterThanOrEqual(24);
    const types = new Set(body.workouts.flatMap((w: { workoutType: string[] }) => w.workoutType));
    expect([...types].sort()).toEqual([...WORKOUT_TYPES].sort());
    expect(new Set(body.workouts.map((w: { difficulty: string }) => w.difficulty))).toEqual(new Set(DIFFICULTIES));
    const roundTypes = new Set(body.workouts.flatMap((w: { rounds: { roundType: string }[] }) => w.rounds.map((r) => r.roundType)));
    expect([...roundTypes].sort()).toEqual([...ROUND_TYPES].sort());

    const express = body.workouts.find((w: { title: string }) => w.title === 'Activación Express');
    expect(express).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      goal: expect.any(String),
      description: expect.any(String),
      difficulty: 'beginner',
      workoutType: ['full-body', 'cardio'],
      estDurationMin: 3,
      estDurationSec: 165,
      duration: 3,
      calculatedDurationMin: 3,
      totalRounds: 2,
      targetMuscles: expect.arrayContaining(['Core']),
      requiresEquipment: [],
    });
    expect(express.rounds[0]).toEqual({
      roundType: 'warmup',
      roundName: 'Activación',
      restBetweenRounds: 20,
      exercises: [
        {
          exerciseId: expect.any(String),
          type: 'time',
          exerciseTime: 30,
          exerciseRest: 10,
          details: {
            name: 'Saltos de tijera',
            primaryMuscles: ['Pantorrillas', 'Hombros'],
            media: {
              publicId: 'ejercicio-cardio',
              videoUrl: '/api/media/ejercicio-cardio',
              secureUrl: '/api/media/ejercicio-cardio',
              thumbSecureUrl: '/api/media/ejercicio-cardio/thumbnail',
              family: 'cardio',
              customVideo: false,
            },
          },
        },
        expect.objectContaining({
          type: 'reps',
          exerciseReps: 10,
          exerciseRest: 15,
          details: expect.objectContaining({ name: 'Sentadilla con peso corporal' }),
        }),
      ],
    });
    // A missing rest stays missing in the answer, so the player applies its 10-second default.
    const exercises = body.workouts.flatMap((w: { rounds: { exercises: object[] }[] }) => w.rounds.flatMap((r) => r.exercises));
    expect(exercises.some((e: object) => !('exerciseRest' in e))).toBe(true);
  });

  it('sends the lists compressed, with an ETag that answers 304 while the content is unchanged', async () => {
    for (const path of ['/api/workouts', '/api/running-workouts', '/api/plans']) {
      const first = await get(path).set('Accept-Encoding', 'gzip').expect(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      // Revalidated on every use (a 304 while unchanged): the studio's media show at once (ADR 0221).
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const plain = await get(path).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(first.body);
      await get(path).set('If-None-Match', first.headers.etag).expect(304);
    }
  });

  it('answers one workout exactly as the list shows it, and 404 in Spanish for unknown or malformed ids', async () => {
    const { body: list } = await get('/api/workouts').expect(200);
    const first = list.workouts[0];
    const { body } = await get(`/api/workouts/${first._id}`).expect(200);
    expect(body).toEqual({ workout: first });
    await get(`/api/workouts/${first._id.toUpperCase()}`).expect(200);

    for (const id of [UNKNOWN_ID, 'no-existe', "1' OR '1'='1", '%E2%80%A6']) {
      const response = await get(`/api/workouts/${id}`).expect(404);
      expect(response.body).toMatchObject({ error: 'Entrenamiento no encontrado.', message: 'Entrenamiento no encontrado.' });
    }
  });

  it('serves one length in minutes per workout, the same in its plans, from the seconds the player runs (ADR 0290)', async () => {
    const workouts = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts as Array<{
      _id: string;
      title: string;
      estDurationSec: number;
      estDurationMin: number;
      duration: number;
      calculatedDurationMin: number;
    }>;
    for (const workout of workouts) {
      const minutes = Math.max(1, Math.round(workout.estDurationSec / 60));
      expect({ title: workout.title, minutes: [workout.estDurationMin, workout.duration, workout.calculatedDurationMin] }).toEqual({
        title: workout.title,
        minutes: [minutes, minutes, minutes],
      });
    }
    const championship = workouts.find((workout) => workout.title === 'Box and Burn: Round de Campeonato')!;
    expect(championship).toMatchObject({ estDurationSec: 2913, estDurationMin: 49 });

    const byId = new Map(workouts.map((workout) => [workout._id, workout]));
    const plans = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans as Array<{
      workouts: Array<{ _id: string; estDurationSec: number; estDurationMin: number }>;
    }>;
    for (const workout of plans.flatMap((plan) => plan.workouts)) {
      expect({ id: workout._id, sec: workout.estDurationSec, min: workout.estDurationMin }).toEqual({
        id: workout._id,
        sec: byId.get(workout._id)!.estDurationSec,
        min: byId.get(workout._id)!.estDurationMin,
      });
    }
  });

  it('lists running workouts covering every type and terrain, each with its detail', async () => {
    const { body } = await get('/api/running-workouts').expect(200);
    expect(Object.keys(body)).toEqual(['workouts']);
    expect(body.workouts.length).toBeGreaterThanOrEqual(10);
    expect(new Set(body.workouts.map((w: { runningType: string }) => w.runningType))).toEqual(new Set(RUNNING_TYPES));
    expect(new Set(body.workouts.map((w: { terrain: string }) => w.terrain))).toEqual(new Set(TERRAINS));
    const track = body.workouts.find((w: { title: string }) => w.title === 'Intervalos de 400 m en Pista');
    expect(track).toMatchObject({
      difficulty: 'advanced',
      distance: 8,
      duration: 50,
      runningType: 'interval-training',
      terrain: 'track',
      calories: 560,
      paceInstructions: expect.any(String),
      tips: expect.any(Array),
      requirements: expect.arrayContaining(['Acceso a pista de atletismo']),
      isRunning: true,
    });
    expect(track.intervals).toContainEqual({ type: 'hard', distance: 0.4, pace: '4:10–4:35 min/km', repetitions: 8, description: 'Repetición de 400 m' });

    const detail = await get(`/api/running-workouts/${track._id}`).expect(200);
    expect(detail.body).toEqual({ workout: track });
    const missing = await get(`/api/running-workouts/${UNKNOWN_ID}`).expect(404);
    expect(missing.body.error).toBe('Entrenamiento de carrera no encontrado.');
    // A training workout id is not a running workout.
    const training = (await get('/api/workouts').expect(200)).body.workouts[0];
    await get(`/api/running-workouts/${training._id}`).expect(404);
  });

  it('lists plans with their ordered workouts, each resolvable as a training workout', async () => {
    const { body } = await get('/api/plans').expect(200);
    expect(Object.keys(body)).toEqual(['plans']);
    expect(body.plans.length).toBeGreaterThanOrEqual(6);
    const weeks = body.plans.map((p: { estimatedWeeks: number }) => p.estimatedWeeks);
    expect(Math.min(...weeks)).toBe(2);
    expect(Math.max(...weeks)).toBe(16);

    const { body: library } = await get('/api/workouts').expect(200);
    const byId = new Map(library.workouts.map((w: { _id: string }) => [w._id, w]));
    for (const plan of body.plans) {
      expect(plan).toMatchObject({ _id: expect.any(String), title: expect.any(String), description: expect.any(String), difficulty: expect.any(String) });
      expect(plan.totalWorkouts).toBe(plan.workouts.length);
      for (const item of plan.workouts) {
        const workout = byId.get(item._id) as { title: string; goal: string; estDurationSec: number } | undefined;
        expect(workout).toBeDefined();
        expect(item).toMatchObject({ title: workout!.title, goal: workout!.goal, estDurationSec: workout!.estDurationSec });
      }
    }
    const starter = body.plans.find((p: { title: string }) => p.title === 'Arranque Pulso');
    expect(starter.workouts[0]).toMatchObject({ title: 'Activación Express', estDurationSec: 165, week: 1 });
  });

  describe('media', () => {
    it('serves every clip the catalogue refers to, at every quality, small and publicly cacheable', async () => {
      const publicIds = new Set(buildCatalogSeed().exercises.map((e) => `ejercicio-${e.family}`));
      for (const publicId of publicIds) {
        for (const quality of ['low', 'medium', 'high', 'ultra']) {
          const response = await http().get(`/api/media/${publicId}?quality=${quality}`).buffer(true).parse(binary).expect(200);
          expect(response.headers['content-type']).toBe('video/mp4');
          expect((response.body as Buffer).length).toBeLessThanOrEqual(MAX_CLIP_BYTES);
          expect((response.body as Buffer).subarray(4, 8).toString('latin1')).toBe('ftyp');
        }
        const thumbnail = await http().get(`/api/media/${publicId}/thumbnail`).buffer(true).parse(binary).expect(200);
        expect(thumbnail.headers['content-type']).toBe('image/svg+xml');
        // The family's illustrated poster, the same drawing as the cards (ADR 0220).
        expect((thumbnail.body as Buffer).toString('utf8')).toContain(`data-family="${publicId.replace('ejercicio-', '')}"`);
      }
    });

    it('defaults to the high quality and answers byte ranges', async () => {
      const full = await http().get('/api/media/ejercicio-boxeo').buffer(true).parse(binary).expect(200);
      const high = await http().get('/api/media/ejercicio-boxeo?quality=high').buffer(true).parse(binary).expect(200);
      const low = await http().get('/api/media/ejercicio-boxeo?quality=low').buffer(true).parse(binary).expect(200);
      expect((full.body as Buffer).equals(high.body as Buffer)).toBe(true);
      expect((low.body as Buffer).equals(high.body as Buffer)).toBe(false);
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.headers['cache-control']).toMatch(/max-age=2592000/);
      expect(full.headers.etag).toBeTruthy();

      const partial = await http().get('/api/media/ejercicio-boxeo').set('Range', 'bytes=0-99').buffer(true).parse(binary).expect(206);
      expect(partial.headers['content-range']).toBe(`bytes 0-99/${(full.body as Buffer).length}`);
      expect((partial.body as Buffer).equals((full.body as Buffer).subarray(0, 100))).toBe(true);
    });

    it('refuses unknown clips and qualities in Spanish', async () => {
      for (const path of ['/api/media/ejercicio-natacion', '/api/media/..%2F..%2Fpackage.json', '/api/media/ejercicio-boxeo/thumbnail.png']) {
        const response = await http().get(path);
        expect(response.status).toBe(404);
        expect(response.body.error).toMatch(/no encontrado/i);
      }
      const bad = await http().get('/api/media/ejercicio-boxeo?quality=4k').expect(400);
      expect(bad.body.error).toBe('La calidad del video debe ser uno de: low, medium, high, ultra.');
    });
  });
});

describe('catalogue with a media CDN (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_CDN_BASE: 'https://media.pulso.sv' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('points the media objects at the CDN and redirects the embedded addresses there', async () => {
    const { body } = await request(t.app.getHttpServer())
      .get('/api/workouts')
      .set('Authorization', await bearerFor(t))
      .expect(200);
    expect(body.workouts[0].rounds[0].exercises[0].details.media).toEqual({
      publicId: 'ejercicio-cardio',
      videoUrl: 'https://media.pulso.sv/video/upload/ejercicio-cardio.mp4',
      secureUrl: 'https://media.pulso.sv/video/upload/ejercicio-cardio.mp4',
      thumbSecureUrl: 'https://media.pulso.sv/video/upload/so_1,h_360/ejercicio-cardio.jpg',
      family: 'cardio',
      customVideo: false,
    });
    const redirect = await request(t.app.getHttpServer()).get('/api/media/ejercicio-cardio?quality=ultra').expect(302);
    expect(redirect.headers.location).toBe('https://media.pulso.sv/video/upload/h_1080,br_5000k/ejercicio-cardio.mp4');
  });
});
