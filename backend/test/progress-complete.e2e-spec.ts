import { EventBus, ofType } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { memberStreamName } from '../src/modules/members/member.events';
import { MemberEventRecorded } from '../src/modules/members/member-streams';
import { bearerFor, completeOnboarding } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

interface PlanSummary {
  _id: string;
  title: string;
  workouts: { _id: string; title: string; estDurationSec: number }[];
}

describe('POST /api/progress/complete (e2e)', () => {
  let t: TestApp;
  let plan: PlanSummary;
  let training: { _id: string; title: string; estDurationSec: number };
  let running: { _id: string; title: string; duration: number };

  const http = () => request(t.app.getHttpServer());
  const complete = (auth: string, body: Record<string, unknown>, key?: string) => {
    const call = http().post('/api/progress/complete').set('Authorization', auth);
    return (key ? call.set('Idempotency-Key', key) : call).send(body);
  };
  const userIdOf = (auth: string) => JSON.parse(Buffer.from(auth.split('.')[1], 'base64url').toString()).sub as string;
  const storedTypes = async (auth: string) => (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
  const enrollIn = async (auth: string, planId: string) => {
    await completeOnboarding(t, auth);
    return (await http().post('/api/enrollments').set('Authorization', auth).send({ planId }).expect(201)).body.enrollment._id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const auth = await bearerFor(t);
    const plans: PlanSummary[] = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans;
    plan = [...plans].sort((a, b) => a.workouts.length - b.workouts.length)[0];
    training = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0];
    running = (await http().get('/api/running-workouts').set('Authorization', auth).expect(200)).body.workouts[0];
  });

  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in member', async () => {
    await http().post('/api/progress/complete').send({ workoutId: training._id, planId: null, enrollmentId: null }).expect(401);
  });

  it('records a standalone workout from the player with its measured duration', async () => {
    const auth = await bearerFor(t);
    const answer = await complete(auth, { workoutId: training._id, planId: null, enrollmentId: null, durationSec: 1234 }, randomUUID()).expect(200);
    expect(answer.headers['x-read-your-writes']).toBe('ok');
    expect(answer.body).toEqual({
      progress: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        completedAt: expect.any(String),
        localDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        workoutId: { _id: training._id, title: training.title, estDurationSec: training.estDurationSec },
        planId: null,
        enrollmentId: null,
        durationSec: 1234,
        isRunning: false,
        heartRate: null,
      },
      duplicate: false,
      consistent: true,
      heartRate: null,
    });
    expect(await storedTypes(auth)).toEqual(['WorkoutCompleted']);
  });

  it('takes the catalogue estimate when the spec payload carries no duration', async () => {
    const auth = await bearerFor(t);
    const answer = await complete(auth, { workoutId: training._id, planId: null, enrollmentId: null }).expect(200);
    expect(answer.body.progress.durationSec).toBe(training.estDurationSec);
  });

  it('records a running workout from the running modal', async () => {
    const auth = await bearerFor(t);
    const answer = await complete(auth, { workoutId: running._id, isRunning: true, duration: 1560 }).expect(200);
    expect(answer.body.progress).toMatchObject({
      workoutId: { _id: running._id, title: running.title, estDurationSec: running.duration * 60 },
      planId: null,
      enrollmentId: null,
      isRunning: true,
      durationSec: 1560,
    });
    const noDuration = await complete(auth, { workoutId: running._id, isRunning: true }).expect(400);
    expect(noDuration.body.error).toBe('La duración es requerida para un entrenamiento de carrera.');
    const notRunning = await complete(auth, { workoutId: training._id, isRunning: true, duration: 60 }).expect(404);
    expect(notRunning.body.error).toBe('Entrenamiento de carrera no encontrado.');
    expect(await storedTypes(auth)).toEqual(['WorkoutCompleted']);
  });

  it('validates in Spanish, naming the field, and records nothing', async () => {
    const auth = await bearerFor(t);
    const cases: [Record<string, unknown>, RegExp, number][] = [
      [{}, /^El entrenamiento es requerido\.$/, 400],
      [{ workoutId: training._id, duration: -5, isRunning: false }, /^La duración no puede ser negativa\.$/, 400],
      [{ workoutId: training._id, durationSec: 90000 }, /^La duración en segundos no puede superar 24 horas\.$/, 400],
      [{ workoutId: training._id, isRunning: 'sí' }, /^El indicador de carrera debe ser verdadero o falso\.$/, 400],
      [{ workoutId: training._id, enrollmentId: 'x' }, /^La inscripción no es válida\.$/, 400],
      [{ workoutId: training._id, planId: plan._id, enrollmentId: null }, /plan y la inscripción/, 400],
      [{ workoutId: training._id, points: 1000 }, /points/, 400],
      [{ workoutId: randomUUID() }, /^Entrenamiento no encontrado\.$/, 404],
      [{ workoutId: training._id, planId: plan._id, enrollmentId: randomUUID() }, /^Inscripción no encontrada$/, 404],
    ];
    for (const [body, message, status] of cases) {
      const answer = await complete(auth, body).expect(status);
      expect(answer.body.error).toMatch(message);
    }
    const badKey = await complete(auth, { workoutId: training._id }, 'clave').expect(400);
    expect(badKey.body.error).toMatch(/Idempotency-Key/);
    expect(await storedTypes(auth)).toEqual([]);
  });

  it('counts a retried completion once, answers it as the first time and publishes it once', async () => {
    const auth = await bearerFor(t);
    const published: MemberEventRecorded[] = [];
    const subscription = t.app
      .get(EventBus)
      .pipe(ofType(MemberEventRecorded))
      .subscribe((recorded) => recorded.userId === userIdOf(auth) && published.push(recorded));
    const key = randomUUID();
    const body = { workoutId: training._id, planId: null, enrollmentId: null, durationSec: 900 };
    const first = await complete(auth, body, key).expect(200);
    const retry = await complete(auth, body, key).expect(200);
    subscription.unsubscribe();
    expect(retry.body.progress).toEqual(first.body.progress);
    expect(retry.body.duplicate).toBe(true);
    expect(first.body.duplicate).toBe(false);
    expect(await storedTypes(auth)).toEqual(['WorkoutCompleted']);
    expect(published.map((recorded) => recorded.event.type)).toEqual(['WorkoutCompleted']);
  });

  it('refuses the same key with another completion with a 422 and keeps the first', async () => {
    const auth = await bearerFor(t);
    const key = randomUUID();
    const body = { workoutId: training._id, planId: null, enrollmentId: null, durationSec: 900 };
    await complete(auth, body, key).expect(200);
    const reused = await complete(auth, { ...body, durationSec: 5 }, key).expect(422);
    expect(reused.body).toMatchObject({ code: 'unprocessable', error: expect.stringMatching(/^Esta clave Idempotency-Key ya se usó para otra solicitud/) });
    const sameIdOtherWorkout = await complete(auth, { workoutId: running._id, isRunning: true, duration: 600, completionId: key }).expect(422);
    expect(sameIdOtherWorkout.body.code).toBe('unprocessable');
    expect(await storedTypes(auth)).toEqual(['WorkoutCompleted']);
  });

  it('records exactly one completion when five identical retries arrive together', async () => {
    const auth = await bearerFor(t);
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => complete(auth, { workoutId: training._id, planId: null, enrollmentId: null }, key)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.progress._id)).size).toBe(1);
    expect(answers.filter((answer) => !answer.body.duplicate)).toHaveLength(1);
    expect(await storedTypes(auth)).toEqual(['WorkoutCompleted']);
  });

  it('keeps members apart when they send the same key', async () => {
    const ana = await bearerFor(t);
    const luis = await bearerFor(t);
    const key = randomUUID();
    const anas = await complete(ana, { workoutId: training._id, durationSec: 600 }, key).expect(200);
    const luiss = await complete(luis, { workoutId: running._id, isRunning: true, duration: 700 }, key).expect(200);
    expect(luiss.body.duplicate).toBe(false);
    expect(luiss.body.progress._id).not.toBe(anas.body.progress._id);
    expect(luiss.body.progress).toMatchObject({ isRunning: true, durationSec: 700 });
    expect(await storedTypes(ana)).toEqual(['WorkoutCompleted']);
    expect(await storedTypes(luis)).toEqual(['WorkoutCompleted']);
  });

  it('advances the plan only with its current workout and completes it with the last one', async () => {
    const auth = await bearerFor(t);
    const enrollmentId = await enrollIn(auth, plan._id);
    const wrong = await complete(auth, { workoutId: plan.workouts[1]._id, planId: plan._id, enrollmentId }).expect(409);
    expect(wrong.body.error).toBe('Este no es el entrenamiento que te toca en tu plan. Continúa con tu entrenamiento actual.');

    for (const [index, workout] of plan.workouts.entries()) {
      const key = randomUUID();
      const answer = await complete(auth, { workoutId: workout._id, planId: plan._id, enrollmentId, durationSec: 1500 }, key).expect(200);
      expect(answer.body.progress).toMatchObject({ planId: { _id: plan._id, title: plan.title }, enrollmentId });
      // A retry of the last workout is not refused as "plan completed": it is the same completion.
      if (index === plan.workouts.length - 1) {
        const retry = await complete(auth, { workoutId: workout._id, planId: plan._id, enrollmentId, durationSec: 1500 }, key).expect(200);
        expect(retry.body.duplicate).toBe(true);
      }
    }
    const types = await storedTypes(auth);
    expect(types.filter((type) => type === 'WorkoutCompleted')).toHaveLength(plan.workouts.length);
    expect(types.at(-1)).toBe('EnrollmentCompleted');
    expect(types.filter((type) => type === 'EnrollmentCompleted')).toHaveLength(1);

    const current = await http().get(`/api/enrollments/${enrollmentId}/current`).set('Authorization', auth).expect(200);
    expect(current.body.currentWorkout).toBeNull();
    const refused = await complete(auth, { workoutId: plan.workouts[0]._id, planId: plan._id, enrollmentId }).expect(409);
    expect(refused.body.error).toBe('Ya completaste este plan. Inscríbete de nuevo si quieres repetirlo.');
  });

  it('refuses a completion in another member’s enrolment as not found', async () => {
    const ana = await bearerFor(t);
    const luis = await bearerFor(t);
    const enrollmentId = await enrollIn(ana, plan._id);
    const answer = await complete(luis, { workoutId: plan.workouts[0]._id, planId: plan._id, enrollmentId }).expect(404);
    expect(answer.body.error).toBe('Inscripción no encontrada');
    expect(await storedTypes(luis)).toEqual([]);
  });
});
