import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { INTERVAL_TIMER_WORKOUT_ID, MAX_TIMER_PRESETS, TIMER_MESSAGES } from '../src/modules/interval-timer/interval-timer.rules';
import { memberStreamName } from '../src/modules/members/member.events';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

const LEGS = { name: 'Piernas 40/20', workSec: 40, restSec: 20, rounds: 8, sets: 2, setRestSec: 60 };
const TABATA = { kind: 'tabata', name: 'Tabata 20/10 × 8', workSec: 20, restSec: 10, rounds: 8, sets: 1, setRestSec: 0 };

describe('interval timer: presets and completions (e2e)', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const userIdOf = (auth: string) => JSON.parse(Buffer.from(auth.split('.')[1]!, 'base64url').toString()).sub as string;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  describe('presets', () => {
    it('requires a signed-in member', async () => {
      await http().get('/api/timer/presets').expect(401);
      await http().post('/api/timer/presets').send(LEGS).expect(401);
    });

    it('starts empty, creates, lists with the total and deletes; another member sees none of it', async () => {
      const auth = await bearerFor(t);
      const other = await bearerFor(t);
      expect((await http().get('/api/timer/presets').set('Authorization', auth).expect(200)).body).toEqual({ presets: [] });

      const created = await http()
        .post('/api/timer/presets')
        .set('Authorization', auth)
        .send({ ...LEGS, name: '  Piernas   40/20 ' })
        .expect(201);
      expect(created.headers['x-read-your-writes']).toBe('ok');
      // 2 × 8 × 60 s, the first set's last 20-s rest replaced by the 60-s rest between sets.
      expect(created.body.preset).toEqual({ id: expect.any(String), ...LEGS, totalSec: 1000, createdAt: expect.any(String) });

      const listed = await http().get('/api/timer/presets').set('Authorization', auth).expect(200);
      expect(listed.body.presets).toEqual([created.body.preset]);
      expect((await http().get('/api/timer/presets').set('Authorization', other).expect(200)).body.presets).toEqual([]);

      const id = created.body.preset.id as string;
      const theirs = await http().delete(`/api/timer/presets/${id}`).set('Authorization', other).expect(404);
      expect(theirs.body.message).toBe(TIMER_MESSAGES.presetNotFound);

      const deleted = await http().delete(`/api/timer/presets/${id}`).set('Authorization', auth).expect(200);
      expect(deleted.body).toEqual({ id, message: 'Temporizador eliminado.' });
      expect((await http().get('/api/timer/presets').set('Authorization', auth).expect(200)).body.presets).toEqual([]);
      await http().delete(`/api/timer/presets/${id}`).set('Authorization', auth).expect(404);
      const malformed = await http().delete('/api/timer/presets/no-es-un-id').set('Authorization', auth).expect(400);
      expect(malformed.body.message).toBe('El id no es un identificador de temporizador válido.');
    });

    it('answers a retry with the same key with the same preset, stored once', async () => {
      const auth = await bearerFor(t);
      const key = randomUUID();
      const first = await http().post('/api/timer/presets').set('Authorization', auth).set('Idempotency-Key', key).send(LEGS).expect(201);
      const retry = await http().post('/api/timer/presets').set('Authorization', auth).set('Idempotency-Key', key).send(LEGS).expect(201);
      expect(retry.body).toEqual(first.body);
      await http()
        .post('/api/timer/presets')
        .set('Authorization', auth)
        .set('Idempotency-Key', key)
        .send({ ...LEGS, rounds: 9 })
        .expect(422);
      expect((await http().get('/api/timer/presets').set('Authorization', auth).expect(200)).body.presets).toHaveLength(1);
    });

    it.each([
      [{ ...LEGS, workSec: 4 }, 'workSec', TIMER_MESSAGES.workSec],
      [{ ...LEGS, workSec: 601 }, 'workSec', TIMER_MESSAGES.workSec],
      [{ ...LEGS, restSec: -1 }, 'restSec', TIMER_MESSAGES.restSec],
      [{ ...LEGS, rounds: 100 }, 'rounds', TIMER_MESSAGES.rounds],
      [{ ...LEGS, sets: 0 }, 'sets', TIMER_MESSAGES.sets],
      [{ ...LEGS, sets: 21 }, 'sets', TIMER_MESSAGES.sets],
      [{ ...LEGS, setRestSec: 601 }, 'setRestSec', TIMER_MESSAGES.setRestSec],
      [{ ...LEGS, rounds: 2.5 }, 'rounds', TIMER_MESSAGES.rounds],
      [{ ...LEGS, name: 'x'.repeat(41) }, 'name', TIMER_MESSAGES.name],
      [{ ...LEGS, name: '' }, 'name', TIMER_MESSAGES.name],
    ])('refuses %j with a Spanish 400 on %s', async (body, field, message) => {
      const auth = await bearerFor(t);
      const answer = await http().post('/api/timer/presets').set('Authorization', auth).send(body).expect(400);
      expect(answer.body.message).toBe(message);
      expect(JSON.stringify(answer.body)).toContain(field);
      expect((await http().get('/api/timer/presets').set('Authorization', auth).expect(200)).body.presets).toEqual([]);
    });

    it('refuses a blank name (only spaces) in Spanish', async () => {
      const auth = await bearerFor(t);
      const answer = await http()
        .post('/api/timer/presets')
        .set('Authorization', auth)
        .send({ ...LEGS, name: '   ' })
        .expect(400);
      expect(answer.body.message).toBe(TIMER_MESSAGES.name);
    });

    it('refuses a second timer with the same name (any case) and more than the maximum', async () => {
      const auth = await bearerFor(t);
      await http().post('/api/timer/presets').set('Authorization', auth).send(LEGS).expect(201);
      const same = await http()
        .post('/api/timer/presets')
        .set('Authorization', auth)
        .send({ ...LEGS, name: 'PIERNAS 40/20' })
        .expect(409);
      expect(same.body.message).toBe(TIMER_MESSAGES.nameTaken);
      for (let index = 1; index < MAX_TIMER_PRESETS; index += 1) {
        await http()
          .post('/api/timer/presets')
          .set('Authorization', auth)
          .send({ ...LEGS, name: `Serie ${index}` })
          .expect(201);
      }
      const tooMany = await http()
        .post('/api/timer/presets')
        .set('Authorization', auth)
        .send({ ...LEGS, name: 'Una más' })
        .expect(409);
      expect(tooMany.body.message).toBe(TIMER_MESSAGES.tooMany);
    });
  });

  describe('saving a finished timer session', () => {
    const complete = (auth: string, body: object, key = randomUUID()) =>
      http().post('/api/progress/complete').set('Authorization', auth).set('Idempotency-Key', key).send(body);

    it('counts it once in the stats and names it in the history; a retry with the same key answers the same', async () => {
      const auth = await bearerFor(t);
      const key = randomUUID();
      const body = { workoutId: INTERVAL_TIMER_WORKOUT_ID, planId: null, enrollmentId: null, durationSec: 240, intervalTimer: TABATA };
      const first = await complete(auth, body, key).expect(200);
      expect(first.body.duplicate).toBe(false);
      expect(first.body.progress).toMatchObject({
        workoutId: { _id: 'interval-timer', title: 'Temporizador: Tabata 20/10 × 8', estDurationSec: 240 },
        planId: null,
        durationSec: 240,
        isRunning: false,
      });
      const retry = await complete(auth, body, key).expect(200);
      expect(retry.body).toEqual({ ...first.body, duplicate: true });

      const stats = (await http().get('/api/progress/stats').set('Authorization', auth).expect(200)).body.stats;
      expect(stats).toMatchObject({ totalWorkouts: 1, hasWorkoutToday: true, currentStreak: 1, totalDurationSec: 240 });
      expect(stats.recentWorkouts).toEqual([{ completedAt: first.body.progress.completedAt, workoutId: first.body.progress.workoutId }]);
      expect(stats.achievements.find((achievement: { code: string }) => achievement.code === 'workouts-10')).toMatchObject({ unlocked: false, progress: 1 });

      const history = (await http().get('/api/progress').set('Authorization', auth).expect(200)).body;
      expect(history.progress).toEqual([first.body.progress]);

      const events = await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)));
      const completed = events.filter((event) => event.type === 'WorkoutCompleted');
      expect(completed).toHaveLength(1);
      expect(completed[0]!.metadata.schemaVersion).toBe(3);
      expect((completed[0]!.data as { intervalTimer: unknown }).intervalTimer).toEqual(TABATA);
    });

    it('shows the session in the staff timeline by its timer', async () => {
      const auth = await bearerFor(t);
      const staff = await bearerFor(t, { role: 'staff' });
      await complete(auth, { workoutId: INTERVAL_TIMER_WORKOUT_ID, durationSec: 240, intervalTimer: TABATA }).expect(200);
      const timeline = await http()
        .get(`/api/staff/members/${userIdOf(auth)}/timeline`)
        .set('Authorization', staff)
        .expect(200);
      expect(JSON.stringify(timeline.body)).toContain('Completó «Temporizador: Tabata 20/10 × 8» (4 min)');
    });

    it('refuses a timer completion without its description, without a duration, in a plan, or a description on another workout', async () => {
      const auth = await bearerFor(t);
      const missing = await complete(auth, { workoutId: INTERVAL_TIMER_WORKOUT_ID, durationSec: 240 }).expect(400);
      expect(missing.body.message).toBe(TIMER_MESSAGES.sessionRequired);
      const noDuration = await complete(auth, { workoutId: INTERVAL_TIMER_WORKOUT_ID, intervalTimer: TABATA }).expect(400);
      expect(noDuration.body.message).toBe(TIMER_MESSAGES.durationRequired);
      const inPlan = await complete(auth, {
        workoutId: INTERVAL_TIMER_WORKOUT_ID,
        planId: 'plan-x',
        enrollmentId: randomUUID(),
        durationSec: 240,
        intervalTimer: TABATA,
      }).expect(400);
      expect(inPlan.body.message).toBe(TIMER_MESSAGES.timerWithoutPlan);
      const outOfBounds = await complete(auth, { workoutId: INTERVAL_TIMER_WORKOUT_ID, durationSec: 240, intervalTimer: { ...TABATA, rounds: 100 } }).expect(
        400,
      );
      expect(outOfBounds.body.message).toBe(TIMER_MESSAGES.rounds);
      const badKind = await complete(auth, { workoutId: INTERVAL_TIMER_WORKOUT_ID, durationSec: 240, intervalTimer: { ...TABATA, kind: 'hiit' } }).expect(400);
      expect(badKind.body.message).toBe(TIMER_MESSAGES.kind);
      const stats = (await http().get('/api/progress/stats').set('Authorization', auth).expect(200)).body.stats;
      expect(stats.totalWorkouts).toBe(0);
    });
  });
});
