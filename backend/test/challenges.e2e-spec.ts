import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { BODY_NOT_OBJECT_MESSAGE } from '../src/infrastructure/http/validation';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { CHALLENGE_MESSAGES } from '../src/modules/challenges/challenges.rules';
import { memberStreamName } from '../src/modules/members/member.events';
import { addDays, daysBetween, localDateOf, monthOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
import { waitForRebuild } from './support/eventually';
import { seedEvents } from './support/seed-events';
import { createTestApp, TestApp } from './support/test-app';

/** The month a number of months away from the studio's current one, `YYYY-MM`. */
function monthAhead(months: number): string {
  const [year, month] = localDateOf(new Date()).slice(0, 7).split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

describe('monthly challenges (e2e)', () => {
  let t: TestApp;
  let staff: string;
  let workoutId: string;
  let challengeId: string;
  const server = () => t.app.getHttpServer();
  const thisMonth = monthAhead(0);

  const complete = (auth: string, durationSec = 1200) =>
    request(server())
      .post('/api/progress/complete')
      .set('Authorization', auth)
      .set('Idempotency-Key', randomUUID())
      .send({ workoutId, planId: null, enrollmentId: null, durationSec });
  const mine = async (auth: string) => (await request(server()).get('/api/challenges').set('Authorization', auth).expect(200)).body;
  const join = (auth: string, id = challengeId) =>
    request(server()).post(`/api/challenges/${id}/join`).set('Authorization', auth).set('Idempotency-Key', randomUUID());

  beforeAll(async () => {
    t = await createTestApp();
    staff = await bearerFor(t, { role: 'staff', firstName: 'Sofía', lastName: 'Estudio' });
    const member = await bearerFor(t);
    workoutId = (await request(server()).get('/api/workouts').set('Authorization', member).expect(200)).body.workouts[0]._id;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('staff create a challenge', () => {
    it('refuses a member in Spanish', async () => {
      const member = await bearerFor(t);
      const response = await request(server())
        .post('/api/staff/challenges')
        .set('Authorization', member)
        .send({ name: 'Reto', month: thisMonth, goalType: 'workouts', target: 2 })
        .expect(403);
      expect(response.body.error).toEqual(expect.any(String));
      await request(server()).get('/api/staff/challenges').set('Authorization', member).expect(403);
    });

    it.each([
      [{ name: 'ab' }, CHALLENGE_MESSAGES.nameLength],
      [{ month: monthAhead(-1) }, CHALLENGE_MESSAGES.monthPast],
      [{ month: 'diciembre' }, CHALLENGE_MESSAGES.monthFormat],
      [{ target: 0 }, CHALLENGE_MESSAGES.target],
    ])('explains what is wrong with %j', async (change, message) => {
      const response = await request(server())
        .post('/api/staff/challenges')
        .set('Authorization', staff)
        .send({ name: 'Reto del mes', month: thisMonth, goalType: 'workouts', target: 2, ...change })
        .expect(400);
      expect(response.body.error).toBe(message);
    });

    it('refuses a body that is not a JSON object in Spanish', async () => {
      const response = await request(server())
        .post('/api/staff/challenges')
        .set('Authorization', staff)
        .set('Content-Type', 'application/json')
        .send('[]')
        .expect(400);
      expect(response.body.error).toBe(BODY_NOT_OBJECT_MESSAGE);
    });

    it('names a wrong goal type in Spanish', async () => {
      const response = await request(server())
        .post('/api/staff/challenges')
        .set('Authorization', staff)
        .send({ name: 'Reto del mes', month: thisMonth, goalType: 'km', target: 2 })
        .expect(400);
      expect(response.body.error).toMatch(/^El tipo de meta/);
    });

    it('creates the challenge of the month, records who did it and refuses a second one for that month', async () => {
      const created = await request(server())
        .post('/api/staff/challenges')
        .set('Authorization', staff)
        .send({ name: '  Dos entrenamientos  ', month: thisMonth, goalType: 'workouts', target: 2 })
        .expect(201);
      expect(created.body).toMatchObject({ name: 'Dos entrenamientos', month: thisMonth, goalType: 'workouts', target: 2, archivedAt: null });
      challengeId = created.body.challengeId;
      const list = await request(server()).get('/api/staff/challenges').set('Authorization', staff).expect(200);
      expect(list.body.items[0]).toMatchObject({ challengeId, participants: 0, finishers: 0 });
      const log = await request(server()).get('/api/staff/events?type=ChallengeCreated').set('Authorization', staff).expect(200);
      expect(log.body.items[0]).toMatchObject({ streamId: `challenge-${challengeId}`, actor: { role: 'staff' } });
      const again = await request(server())
        .post('/api/staff/challenges')
        .set('Authorization', staff)
        .send({ name: 'Otro reto', month: thisMonth, goalType: 'minutes', target: 60 })
        .expect(409);
      expect(again.body.error).toBe(CHALLENGE_MESSAGES.monthTaken);
    });
  });

  describe('members', () => {
    let carla: string;
    let diego: string;
    let hidden: string;

    beforeAll(async () => {
      carla = await bearerFor(t, { firstName: 'Carla', lastName: 'Martínez', email: 'carla@example.com' });
      diego = await bearerFor(t, { firstName: 'Diego', lastName: 'Rivas', email: 'diego@example.com' });
      hidden = await bearerFor(t, { firstName: 'Hugo', lastName: 'Oculto', email: 'hugo@example.com' });
    });

    it('see the challenge of the month before joining, with the month already counted', async () => {
      await complete(carla).expect(200);
      const body = await mine(carla);
      expect(body.current).toMatchObject({ challenge: { challengeId }, joined: false, progress: 1, finishedOn: null });
      expect(body.current.daysLeft).toBe(daysBetween(body.today, monthOf(body.today).end) + 1);
      expect(body.leaderboard).toEqual({ visible: false, showName: false, label: 'C. M.' });
      expect(body.achievements).toEqual([]);
    });

    it('join once (joining again changes nothing), and a completion moves the progress', async () => {
      const joined = await join(carla).expect(200);
      expect(joined.headers['x-read-your-writes']).toBe('ok');
      expect(joined.body).toMatchObject({ joined: true, progress: 1, finishedOn: null });
      await join(carla).expect(200);
      const events = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(carla)))).filter((event) => event.type === 'ChallengeJoined');
      expect(events).toHaveLength(1);

      await join(diego).expect(200);
      await join(hidden).expect(200);
      await complete(diego).expect(200);
      expect((await mine(diego)).current).toMatchObject({ joined: true, progress: 1, finishedOn: null });
    });

    it('finish with the completion that reaches the goal, and keep the achievement with its date', async () => {
      await complete(carla).expect(200);
      const today = localDateOf(new Date());
      const body = await mine(carla);
      expect(body.current).toMatchObject({ joined: true, progress: 2, finishedOn: today });
      expect(body.achievements).toEqual([{ challengeId, name: 'Dos entrenamientos', month: thisMonth, finishedOn: today }]);
      await complete(carla).expect(200);
      expect((await mine(carla)).current).toMatchObject({ progress: 3, finishedOn: today });
    });

    it('counts a late completion in the month of its own day, not the current one', async () => {
      const lastMonthDay = addDays(`${thisMonth}-01`, -1);
      const occurredAt = `${lastMonthDay}T18:00:00.000Z`;
      const eventId = randomUUID();
      const position = await seedEvents(t.app.get(EventStore), memberStreamName(userIdOf(diego)), [
        {
          type: 'WorkoutCompleted',
          data: {
            completionId: randomUUID(),
            workoutId,
            planId: null,
            enrollmentId: null,
            isRunning: false,
            durationSec: 900,
            occurredAt,
            localDate: lastMonthDay,
          },
          metadata: { eventId, correlationId: eventId, causationId: eventId, actor: { userId: userIdOf(diego), role: 'member' }, occurredAt, schemaVersion: 2 },
        },
      ]);
      expect((await t.app.get(ProjectionEngine).waitFor(position, { projections: ['member_challenge_progress'] }, 15_000)).reached).toBe(true);
      expect((await mine(diego)).current).toMatchObject({ progress: 1, finishedOn: null });
    });

    it("show on the leaderboard only when they opt in, by initials unless they choose their name; nobody else's email or id leaks", async () => {
      const empty = await request(server()).get(`/api/challenges/${challengeId}/leaderboard`).set('Authorization', carla).expect(200);
      expect(empty.body).toMatchObject({ participants: 3, entries: [] });

      const optIn = await request(server())
        .put('/api/challenges/leaderboard-preference')
        .set('Authorization', carla)
        .send({ visible: true, showName: false })
        .expect(200);
      expect(optIn.body).toEqual({ visible: true, showName: false, label: 'C. M.' });
      await request(server()).put('/api/challenges/leaderboard-preference').set('Authorization', diego).send({ visible: true, showName: true }).expect(200);

      const board = await request(server()).get(`/api/challenges/${challengeId}/leaderboard`).set('Authorization', diego).expect(200);
      expect(board.body.entries).toEqual([
        { rank: 1, label: 'C. M.', progress: 3, finished: true, isMe: false },
        { rank: 2, label: 'Diego R.', progress: 1, finished: false, isMe: true },
      ]);
      const text = JSON.stringify(board.body);
      for (const secret of ['carla@example.com', 'hugo@example.com', userIdOf(carla), userIdOf(hidden), 'Carla', 'Martínez', 'Hugo'])
        expect(text).not.toContain(secret);
    });

    it('refuses an unknown challenge and a malformed preference in Spanish', async () => {
      const unknown = await join(carla, randomUUID()).expect(404);
      expect(unknown.body.error).toBe(CHALLENGE_MESSAGES.challengeNotFound);
      const wrong = await request(server())
        .put('/api/challenges/leaderboard-preference')
        .set('Authorization', carla)
        .send({ visible: 'sí', showName: false })
        .expect(400);
      expect(wrong.body.error).toMatch(/^La elección de aparecer/);
    });

    it('let staff see participation and finishers, and export them as CSV', async () => {
      const list = await request(server()).get('/api/staff/challenges').set('Authorization', staff).expect(200);
      expect(list.body.items.find((item: { challengeId: string }) => item.challengeId === challengeId)).toMatchObject({ participants: 3, finishers: 1 });
      const participants = await request(server()).get(`/api/staff/challenges/${challengeId}/participants`).set('Authorization', staff).expect(200);
      expect(participants.body.items.map((item: { rank: number; userId: string; progress: number }) => [item.rank, item.userId, item.progress])).toEqual([
        [1, userIdOf(carla), 3],
        [2, userIdOf(diego), 1],
        [3, userIdOf(hidden), 0],
      ]);
      const csv = await request(server()).get(`/api/staff/challenges/${challengeId}/participants/export.csv`).set('Authorization', staff).expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('reto,mes,posicion,miembro,correo,id_miembro,avance,meta,unido,completado');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`Dos entrenamientos,${thisMonth},1,`);
      expect(lines[1]).toContain(`,${userIdOf(carla)},3,2,`);
      expect(lines[1]?.endsWith(localDateOf(new Date()))).toBe(true);
      const log = await request(server()).get('/api/staff/events?type=StaffExportDownloaded').set('Authorization', staff).expect(200);
      expect(log.body.items[0].data).toMatchObject({ export: 'challenge-participants', filters: { challengeId } });
    });

    it('give the same standings after a rebuild', async () => {
      const before = await Promise.all([
        request(server()).get(`/api/challenges/${challengeId}/leaderboard`).set('Authorization', carla).expect(200),
        request(server()).get(`/api/staff/challenges/${challengeId}/participants`).set('Authorization', staff).expect(200),
        request(server()).get('/api/challenges').set('Authorization', carla).expect(200),
      ]);
      for (const name of ['member_challenge_progress', 'challenges']) {
        const started = await request(server()).post(`/api/staff/projections/${name}/rebuild`).set('Authorization', staff).expect(202);
        await waitForRebuild(t.app, staff, started.body);
      }
      const after = await Promise.all([
        request(server()).get(`/api/challenges/${challengeId}/leaderboard`).set('Authorization', carla).expect(200),
        request(server()).get(`/api/staff/challenges/${challengeId}/participants`).set('Authorization', staff).expect(200),
        request(server()).get('/api/challenges').set('Authorization', carla).expect(200),
      ]);
      expect(after.map((response) => response.body)).toEqual(before.map((response) => response.body));
    });

    it('archive: members can no longer join and the month is free again', async () => {
      const late = await bearerFor(t);
      const archived = await request(server()).post(`/api/staff/challenges/${challengeId}/archive`).set('Authorization', staff).expect(200);
      expect(archived.body.archivedAt).toEqual(expect.any(String));
      const refused = await join(late).expect(409);
      expect(refused.body.error).toBe(CHALLENGE_MESSAGES.challengeArchived);
      expect((await mine(late)).current).toBeNull();
      // The finisher keeps the achievement.
      expect((await mine(carla)).achievements).toHaveLength(1);
    });
  });
});

function userIdOf(auth: string): string {
  return JSON.parse(Buffer.from(auth.split('.')[1]!, 'base64url').toString()).sub as string;
}
