import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { handleCommand } from '../src/infrastructure/event-store/command-handler';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { decideMembership, memberDecider } from '../src/modules/members/member.decider';
import { memberStreamName } from '../src/modules/members/member.events';
import { bearerFor, completeOnboarding, onboardedBearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

interface PlanSummary {
  _id: string;
  title: string;
  difficulty: string;
  totalWorkouts: number;
  workouts: { _id: string; title: string }[];
}

describe('enrolments (e2e)', () => {
  let t: TestApp;
  let plans: PlanSummary[];
  let shortest: PlanSummary;
  let other: PlanSummary;

  const http = () => request(t.app.getHttpServer());
  const enroll = (auth: string, planId: string, key?: string) => {
    const call = http().post('/api/enrollments').set('Authorization', auth);
    return (key ? call.set('Idempotency-Key', key) : call).send({ planId });
  };
  const list = async (auth: string) => (await http().get('/api/enrollments').set('Authorization', auth).expect(200)).body.enrollments;
  const complete = (auth: string, body: Record<string, unknown>) => http().post('/api/progress/complete').set('Authorization', auth).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    const auth = await bearerFor(t);
    plans = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans;
    const bySize = [...plans].sort((a, b) => a.workouts.length - b.workouts.length);
    shortest = bySize[0];
    other = bySize[1];
  });

  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in member on every route', async () => {
    const id = randomUUID();
    await http().get('/api/enrollments').expect(401);
    await http().post('/api/enrollments').send({ planId: shortest._id }).expect(401);
    await http().delete(`/api/enrollments/${id}`).expect(401);
    await http().get(`/api/enrollments/${id}/current`).expect(401);
    await http().post(`/api/enrollments/${id}/pause`).expect(401);
    await http().post(`/api/enrollments/${id}/resume`).expect(401);
  });

  it('answers an empty list, never 404, before any enrolment', async () => {
    const auth = await bearerFor(t);
    await http().get('/api/enrollments').set('Authorization', auth).expect(200, { enrollments: [] });
  });

  it('enrols, freezes the plan order, and lists the enrolment right after the POST', async () => {
    const auth = await onboardedBearerFor(t);
    const created = await enroll(auth, shortest._id).expect(201);
    expect(created.headers['x-read-your-writes']).toBe('ok');
    const enrollment = created.body.enrollment;
    expect(enrollment).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      planId: { _id: shortest._id, title: shortest.title, difficulty: shortest.difficulty, totalWorkouts: shortest.workouts.length },
      status: 'active',
      currentIndex: 0,
      enrolledAt: expect.any(String),
      completedAt: null,
      pausedBy: null,
    });
    expect(await list(auth)).toEqual([enrollment]);

    const current = await http().get(`/api/enrollments/${enrollment._id}/current`).set('Authorization', auth).expect(200);
    expect(Object.keys(current.body).sort()).toEqual(['currentWorkout', 'nextWorkout', 'progress']);
    expect(current.body.currentWorkout._id).toBe(shortest.workouts[0]._id);
    expect(current.body.currentWorkout.rounds.length).toBeGreaterThan(0);
    expect(current.body.nextWorkout._id).toBe(shortest.workouts[1]._id);
    expect(current.body.progress).toEqual({ current: 1, total: shortest.workouts.length, percentComplete: 0 });
  });

  it('refuses a second enrolment in the same plan while active or paused, and allows another plan', async () => {
    const auth = await onboardedBearerFor(t);
    const first = (await enroll(auth, shortest._id).expect(201)).body.enrollment;
    const again = await enroll(auth, shortest._id).expect(409);
    expect(again.body.error).toBe('Ya estás inscrito en este plan.');
    await http().post(`/api/enrollments/${first._id}/pause`).set('Authorization', auth).expect(200);
    const paused = await enroll(auth, shortest._id).expect(409);
    expect(paused.body.error).toBe('Ya estás inscrito en este plan, pero está pausado. Reactívalo desde la página de planes.');
    await enroll(auth, other._id).expect(201);
    expect((await list(auth)).map((e: { planId: { _id: string } }) => e.planId._id)).toEqual([shortest._id, other._id]);
  });

  it('validates the body and the id in Spanish, naming the field, and changes nothing', async () => {
    const auth = await onboardedBearerFor(t);
    const missing = await http().post('/api/enrollments').set('Authorization', auth).send({}).expect(400);
    expect(missing.body.error).toBe('El plan es requerido.');
    const extra = await http().post('/api/enrollments').set('Authorization', auth).send({ planId: shortest._id, status: 'completed' }).expect(400);
    expect(extra.body.error).toMatch(/status/);
    const unknown = await enroll(auth, randomUUID()).expect(404);
    expect(unknown.body.error).toBe('Plan no encontrado.');
    const badKey = await enroll(auth, shortest._id, 'not-a-uuid').expect(400);
    expect(badKey.body.error).toMatch(/Idempotency-Key/);
    const badId = await http().get('/api/enrollments/abc/current').set('Authorization', auth).expect(400);
    expect(badId.body.error).toBe('El id no es un identificador de inscripción válido.');
    expect(await list(auth)).toEqual([]);
  });

  it('applies a retried enrolment once, also when the retries arrive together', async () => {
    const auth = await onboardedBearerFor(t);
    const key = randomUUID();
    const first = await enroll(auth, shortest._id, key).expect(201);
    const retry = await enroll(auth, shortest._id, key).expect(201);
    expect(retry.body.enrollment._id).toBe(first.body.enrollment._id);
    const together = await Promise.all([0, 1, 2, 3, 4].map(() => enroll(auth, shortest._id, key)));
    expect(together.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await list(auth)).toHaveLength(1);

    const parallelKey = randomUUID();
    const burst = await Promise.all([0, 1, 2, 3, 4].map(() => enroll(auth, other._id, parallelKey)));
    expect(burst.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((r) => r.body.enrollment._id)).size).toBe(1);
    expect(await list(auth)).toHaveLength(2);
  });

  it('refuses the same key for another plan, or for a pause of another enrolment, with a 422', async () => {
    const auth = await onboardedBearerFor(t);
    const key = randomUUID();
    const first = await enroll(auth, shortest._id, key).expect(201);
    const reused = await enroll(auth, other._id, key).expect(422);
    expect(reused.body).toMatchObject({ code: 'unprocessable', details: { field: 'Idempotency-Key' } });
    expect((await list(auth)).map((enrollment: { _id: string }) => enrollment._id)).toEqual([first.body.enrollment._id]);

    const second = await enroll(auth, other._id).expect(201);
    const pauseKey = randomUUID();
    const pause = (id: string) => http().post(`/api/enrollments/${id}/pause`).set('Authorization', auth).set('Idempotency-Key', pauseKey);
    await pause(first.body.enrollment._id).expect(200);
    expect((await pause(second.body.enrollment._id).expect(422)).body.code).toBe('unprocessable');
    expect((await list(auth)).map((enrollment: { status: string }) => enrollment.status)).toEqual(['paused', 'active']);
  });

  it('never lets one member see or touch another member’s enrolment, even with the same key', async () => {
    const ana = await onboardedBearerFor(t);
    const luis = await onboardedBearerFor(t);
    const key = randomUUID();
    const anas = (await enroll(ana, shortest._id, key).expect(201)).body.enrollment;
    const luiss = (await enroll(luis, shortest._id, key).expect(201)).body.enrollment;
    expect(luiss._id).not.toBe(anas._id);

    for (const call of [
      http().get(`/api/enrollments/${anas._id}/current`),
      http().delete(`/api/enrollments/${anas._id}`),
      http().post(`/api/enrollments/${anas._id}/pause`),
      http().post(`/api/enrollments/${anas._id}/resume`),
    ]) {
      const answer = await call.set('Authorization', luis).expect(404);
      expect(answer.body.error).toBe('Inscripción no encontrada');
      expect(JSON.stringify(answer.body)).not.toContain(shortest.title);
    }
    expect((await list(ana))[0]).toMatchObject({ _id: anas._id, status: 'active' });
    expect(await list(luis)).toEqual([luiss]);
  });

  it('pauses and resumes, refusing the workout while paused', async () => {
    const auth = await onboardedBearerFor(t);
    const enrollment = (await enroll(auth, shortest._id).expect(201)).body.enrollment;
    const paused = await http().post(`/api/enrollments/${enrollment._id}/pause`).set('Authorization', auth).expect(200);
    expect(paused.body.enrollment).toMatchObject({ _id: enrollment._id, status: 'paused', pausedBy: 'member', enrolledAt: enrollment.enrolledAt });
    expect((await list(auth))[0].status).toBe('paused');
    await http().post(`/api/enrollments/${enrollment._id}/pause`).set('Authorization', auth).expect(200);

    const refused = await complete(auth, { workoutId: shortest.workouts[0]._id, planId: shortest._id, enrollmentId: enrollment._id }).expect(409);
    expect(refused.body.error).toBe('Este plan está pausado. Reactívalo desde la página de planes para continuar.');

    const resumed = await http().post(`/api/enrollments/${enrollment._id}/resume`).set('Authorization', auth).expect(200);
    expect(resumed.body.enrollment).toMatchObject({ status: 'active', pausedBy: null, currentIndex: 0 });
    await complete(auth, { workoutId: shortest.workouts[0]._id, planId: shortest._id, enrollmentId: enrollment._id }).expect(200);
    expect((await list(auth))[0]).toMatchObject({ status: 'active', currentIndex: 1 });
  });

  it('abandons: the enrolment leaves the list, its id is then unknown, and the plan can be joined again', async () => {
    const auth = await onboardedBearerFor(t);
    const enrollment = (await enroll(auth, shortest._id).expect(201)).body.enrollment;
    const abandoned = await http().delete(`/api/enrollments/${enrollment._id}`).set('Authorization', auth).expect(200);
    expect(abandoned.body).toEqual({ enrollmentId: enrollment._id, status: 'abandoned', message: 'Abandonaste el plan.' });
    expect(await list(auth)).toEqual([]);
    await http().get(`/api/enrollments/${enrollment._id}/current`).set('Authorization', auth).expect(404);
    await http().delete(`/api/enrollments/${enrollment._id}`).set('Authorization', auth).expect(404);
    await http().post(`/api/enrollments/${enrollment._id}/pause`).set('Authorization', auth).expect(404);
    const refused = await complete(auth, { workoutId: shortest.workouts[0]._id, planId: shortest._id, enrollmentId: enrollment._id }).expect(409);
    expect(refused.body.error).toBe('Abandonaste este plan. Inscríbete de nuevo si quieres retomarlo.');
    const again = (await enroll(auth, shortest._id).expect(201)).body.enrollment;
    expect(again._id).not.toBe(enrollment._id);
    expect(await list(auth)).toEqual([again]);
  });

  it('completes the plan with its last workout: currentWorkout null, full progress, completed status', async () => {
    const auth = await onboardedBearerFor(t);
    const enrollment = (await enroll(auth, shortest._id).expect(201)).body.enrollment;
    const total = shortest.workouts.length;
    for (const [index, workout] of shortest.workouts.entries()) {
      const current = await http().get(`/api/enrollments/${enrollment._id}/current`).set('Authorization', auth).expect(200);
      expect(current.body.currentWorkout._id).toBe(workout._id);
      expect(current.body.progress).toEqual({ current: index + 1, total, percentComplete: Math.round((index / total) * 100) });
      expect(current.body.nextWorkout?._id ?? null).toBe(shortest.workouts[index + 1]?._id ?? null);
      await complete(auth, { workoutId: workout._id, planId: shortest._id, enrollmentId: enrollment._id }).expect(200);
    }
    const done = await http().get(`/api/enrollments/${enrollment._id}/current`).set('Authorization', auth).expect(200);
    expect(done.body).toEqual({ currentWorkout: null, nextWorkout: null, progress: { current: total, total, percentComplete: 100 } });
    const [listed] = await list(auth);
    expect(listed).toMatchObject({ status: 'completed', currentIndex: total, completedAt: expect.any(String) });

    const after = await complete(auth, { workoutId: shortest.workouts[0]._id, planId: shortest._id, enrollmentId: enrollment._id }).expect(409);
    expect(after.body.error).toBe('Ya completaste este plan. Inscríbete de nuevo si quieres repetirlo.');
    await http().post(`/api/enrollments/${enrollment._id}/pause`).set('Authorization', auth).expect(409);
    await enroll(auth, shortest._id).expect(201);
  });

  it('keeps a studio hold: the member cannot lift it', async () => {
    const userId = randomUUID();
    const auth = await onboardedBearerFor(t, { userId });
    const enrollment = (await enroll(auth, shortest._id).expect(201)).body.enrollment;
    const now = new Date().toISOString();
    const hold = await handleCommand(
      t.app.get(EventStore),
      memberDecider(decideMembership),
      memberStreamName(userId),
      { type: 'PauseEnrollment', data: { enrollmentId: enrollment._id, by: 'staff', now } },
      { commandId: randomUUID(), actor: { userId: randomUUID(), role: 'staff' }, occurredAt: now },
    );
    // Written outside HTTP, so no read-your-writes header: wait for the read model here.
    const caughtUp = await t.app.get(ProjectionEngine).waitFor(hold.position!, { eventTypes: ['EnrollmentPaused'] }, 15_000);
    expect(caughtUp.reached).toBe(true);
    const refused = await http().post(`/api/enrollments/${enrollment._id}/resume`).set('Authorization', auth).expect(403);
    expect(refused.body.error).toBe('Tu plan fue pausado por el estudio. Comunícate con nosotros para reactivarlo.');
    const [listed] = await list(auth);
    expect(listed).toMatchObject({ status: 'paused', pausedBy: 'staff' });
    const blocked = await complete(auth, { workoutId: shortest.workouts[0]._id, planId: shortest._id, enrollmentId: enrollment._id }).expect(409);
    expect(blocked.body.error).toBe('Tu plan fue pausado por el estudio. Comunícate con nosotros para reactivarlo.');
  });

  it('refuses a member who has not finished onboarding with a 409 in Spanish, and stores nothing', async () => {
    const userId = randomUUID();
    const auth = await bearerFor(t, { userId });
    const refused = await enroll(auth, shortest._id).expect(409);
    expect(refused.body).toMatchObject({
      error: 'Completa tu perfil antes de inscribirte en un plan.',
      message: 'Completa tu perfil antes de inscribirte en un plan.',
      details: { reason: 'onboarding-incomplete' },
    });
    expect(refused.headers['x-read-your-writes']).toBeUndefined();
    expect(await list(auth)).toEqual([]);
    const stream = await t.app.get(EventStore).readStream(memberStreamName(userId));
    expect(stream.map((event) => event.type)).toEqual([]);

    // Once the wizard is finished, the same plan takes them.
    await completeOnboarding(t, auth);
    await enroll(auth, shortest._id).expect(201);
    expect(await list(auth)).toHaveLength(1);
  });

  it('scopes the profile’s Idempotency-Key per member too', async () => {
    const ana = await bearerFor(t);
    const luis = await bearerFor(t);
    const key = randomUUID();
    const save = (auth: string, height: number) =>
      http().put('/api/platform-users/profile').set('Authorization', auth).set('Idempotency-Key', key).send({ profile: { height }, completeOnboarding: false });
    expect((await save(ana, 170).expect(200)).body.user.profile.height).toBe(170);
    expect((await save(luis, 182).expect(200)).body.user.profile.height).toBe(182);
    const read = await http().get('/api/platform-users/profile').set('Authorization', luis).expect(200);
    expect(read.body.user.profile.height).toBe(182);
  });
});
