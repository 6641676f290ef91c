import { appendUnchecked } from '../src/infrastructure/event-store/unchecked-append';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import request from 'supertest';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { postgresPosition } from '../src/infrastructure/event-store/postgres/log-pages';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { HEART_RATE_MESSAGES } from '../src/modules/heart-rate/heart-rate.decider';
import { memberStreamName } from '../src/modules/members/member.events';
import { localDateOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
import { waitForRebuild } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

const NO_CONSENT = { granted: false, noticeVersion: null, at: null };

describe('heart rate: consent and zones (e2e)', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in member', async () => {
    await http().get('/api/heart-rate/profile').expect(401);
    await http().put('/api/heart-rate/consent').send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(401);
  });

  it('answers a member without consent nor date of birth with the default age (30 → 187 bpm) and the zones for it', async () => {
    const auth = await bearerFor(t);
    const { body } = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(body).toEqual({
      consent: NO_CONSENT,
      currentNoticeVersion: HEART_RATE_NOTICE_VERSION,
      maxHr: 187,
      maxHrSource: 'default',
      measuredMaxHr: null,
      age: null,
      zones: [
        { zone: 1, name: 'Suave', color: '#9CA3AF', minPct: 50, minBpm: 94, pointsPerMinute: 1 },
        { zone: 2, name: 'Ligera', color: '#3B82F6', minPct: 60, minBpm: 113, pointsPerMinute: 2 },
        { zone: 3, name: 'Moderada', color: '#22C55E', minPct: 70, minBpm: 131, pointsPerMinute: 3 },
        { zone: 4, name: 'Intensa', color: '#F97316', minPct: 80, minBpm: 150, pointsPerMinute: 4 },
        { zone: 5, name: 'Máxima', color: '#EF4444', minPct: 90, minBpm: 169, pointsPerMinute: 4 },
      ],
      badge: { minPct: 84, minutes: 12 },
      monthlyPointsTarget: 1300,
      dataDeletedAt: null,
    });
  });

  it('takes the maximum from the age of the profile (Tanaka: 40 years → 180 bpm)', async () => {
    const auth = await bearerFor(t);
    // 1 January forty years back: the member is 40 on any day of this year in San Salvador.
    const year = Number(localDateOf(new Date()).slice(0, 4)) - 40;
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { dateOfBirth: `${year}-01-01T12:00:00.000Z` } })
      .expect(200);
    const { body } = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(body).toMatchObject({ age: 40, maxHr: 180, maxHrSource: 'age' });
    expect(body.zones.map((zone: { minBpm: number }) => zone.minBpm)).toEqual([90, 108, 126, 144, 162]);
  });

  it('records consent and reads it back at once; another member sees nothing of it', async () => {
    const auth = await bearerFor(t);
    const other = await bearerFor(t);
    const saved = await http()
      .put('/api/heart-rate/consent')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION })
      .expect(200);
    expect(saved.headers['x-read-your-writes']).toBe('ok');
    expect(saved.body.consent).toEqual({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION, at: expect.any(String) });

    const read = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(read.body.consent).toEqual(saved.body.consent);
    const theirs = await http().get('/api/heart-rate/profile').set('Authorization', other).expect(200);
    expect(theirs.body.consent).toEqual(NO_CONSENT);
  });

  it('keeps the first consent when it is given again for the same notice', async () => {
    const auth = await bearerFor(t);
    const first = await http()
      .put('/api/heart-rate/consent')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION })
      .expect(200);
    const again = await http()
      .put('/api/heart-rate/consent')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION })
      .expect(200);
    expect(again.body.consent).toEqual(first.body.consent);
  });

  it('refuses consent to a stale notice with a 409 in Spanish and records nothing', async () => {
    const auth = await bearerFor(t);
    const refused = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: '2020-01-01' }).expect(409);
    expect(refused.body).toMatchObject({ error: HEART_RATE_MESSAGES.staleHeartRateNotice, code: 'conflict' });
    const read = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(read.body.consent).toEqual(NO_CONSENT);
  });

  it('withdraws consent, and says when', async () => {
    const auth = await bearerFor(t);
    await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    const withdrawn = await http()
      .put('/api/heart-rate/consent')
      .set('Authorization', auth)
      .send({ granted: false, noticeVersion: HEART_RATE_NOTICE_VERSION })
      .expect(200);
    expect(withdrawn.body.consent).toEqual({ granted: false, noticeVersion: null, at: expect.any(String) });
    const read = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(read.body.consent).toEqual(withdrawn.body.consent);
  });

  it('answers a retry with the same Idempotency-Key as the first time, and refuses the key for another request', async () => {
    const auth = await bearerFor(t);
    const key = randomUUID();
    const give = { granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION };
    const first = await http().put('/api/heart-rate/consent').set('Authorization', auth).set('Idempotency-Key', key).send(give).expect(200);
    const retry = await http().put('/api/heart-rate/consent').set('Authorization', auth).set('Idempotency-Key', key).send(give).expect(200);
    expect(retry.body).toEqual(first.body);
    await http()
      .put('/api/heart-rate/consent')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send({ ...give, granted: false })
      .expect(422);
  });

  it('names a missing or malformed field in Spanish', async () => {
    const auth = await bearerFor(t);
    const missing = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(400);
    expect(missing.body.error).toBe('El consentimiento debe ser verdadero o falso.');
    const odd = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: 'v 1' }).expect(400);
    expect(odd.body.error).toBe('La versión del aviso no tiene el formato esperado.');
  });

  describe("a completion with the session's readings", () => {
    let workoutId: string;
    const userIdOf = (auth: string) => JSON.parse(Buffer.from(auth.split('.')[1]!, 'base64url').toString()).sub as string;
    const seriesRows = async (auth: string) =>
      (await t.app.get<Pool>(PG_POOL).query('SELECT completion_id, duration_sec, samples FROM heart_rate_series WHERE user_id = $1', [userIdOf(auth)])).rows;
    // Ten minutes at 150 bpm, then a minute of recovery ending at 120 bpm.
    const samples = [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 59 }, () => 140), 120];
    const complete = (auth: string, body: object, key = randomUUID()) =>
      http()
        .post('/api/progress/complete')
        .set('Authorization', auth)
        .set('Idempotency-Key', key)
        .send({ workoutId, planId: null, enrollmentId: null, durationSec: 600, ...body });

    /** A man of 40 (max 180 bpm) and 80 kg. */
    async function member(consent: boolean): Promise<string> {
      const auth = await bearerFor(t);
      const year = Number(localDateOf(new Date()).slice(0, 4)) - 40;
      await http()
        .put('/api/platform-users/profile')
        .set('Authorization', auth)
        .send({ profile: { dateOfBirth: `${year}-01-01T12:00:00.000Z`, gender: 'male', weight: 80 } })
        .expect(200);
      if (consent)
        await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
      return auth;
    }

    beforeAll(async () => {
      const auth = await bearerFor(t);
      workoutId = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0]._id;
    });

    it('with consent, records the summary in WorkoutCompleted v2 and keeps the readings by completion id, once however often it is retried', async () => {
      const auth = await member(true);
      const key = randomUUID();
      const answer = await complete(auth, { heartRate: { samples } }, key).expect(200);
      // 150 bpm is 83 % of 180: zone 4, 4 points a minute, under the badge's 84 % (151.2 bpm).
      // Keytel, man, 80 kg, 40 years: 15.17928 kcal/min × 10 = 151.79 → 152.
      const summary = {
        avgBpm: 150,
        maxBpm: 150,
        secondsInZone: [0, 0, 0, 600, 0],
        secondsAtBadgeIntensity: 0,
        points: 40,
        kcal: 152,
        badge: false,
        samples: 600,
        recovery1MinBpm: 30,
      };
      expect(answer.body.heartRate).toEqual(summary);
      const retry = await complete(auth, { heartRate: { samples } }, key).expect(200);
      expect(retry.body).toEqual({ ...answer.body, duplicate: true });

      const completed = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).filter((event) => event.type === 'WorkoutCompleted');
      expect(completed).toHaveLength(1);
      expect(completed[0]!.metadata.schemaVersion).toBe(3);
      expect((completed[0]!.data as { heartRate: unknown }).heartRate).toEqual(summary);
      expect(await seriesRows(auth)).toEqual([{ completion_id: answer.body.progress._id, duration_sec: 600, samples }]);
    });

    it('raises the maximum after 30 s above it, and the profile serves the zones for the raised one at once', async () => {
      const auth = await member(true);
      const session = [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 40 }, () => 185)];
      await complete(auth, { durationSec: session.length, heartRate: { samples: session } }).expect(200);
      const types = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
      expect(types.slice(-2)).toEqual(['WorkoutCompleted', 'MaxHeartRateRaised']);
      const { body } = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
      expect(body).toMatchObject({ age: 40, maxHr: 185, maxHrSource: 'raised' });
      expect(body.zones.map((zone: { minBpm: number }) => zone.minBpm)).toEqual([93, 111, 130, 148, 167]);
    });

    it('takes the maximum the member measured over the estimate and any earlier raise; a later session may raise it; null goes back to the estimate', async () => {
      const auth = await member(true);
      const setMax = (maxHr: unknown, key = randomUUID()) =>
        http().put('/api/heart-rate/max').set('Authorization', auth).set('Idempotency-Key', key).send({ maxHr });
      // A raise first (185), then the member's own 200 replaces it.
      const raising = [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 40 }, () => 185)];
      await complete(auth, { durationSec: raising.length, heartRate: { samples: raising } }).expect(200);
      const measured = await setMax(200).expect(200);
      expect(measured.body).toMatchObject({ age: 40, maxHr: 200, maxHrSource: 'measured', measuredMaxHr: 200 });
      expect(measured.body.zones.map((zone: { minBpm: number }) => zone.minBpm)).toEqual([100, 120, 140, 160, 180]);
      expect((await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200)).body).toEqual(measured.body);

      // 150 bpm is 75 % of 200: zone 3, 3 points a minute.
      const session = await complete(auth, { heartRate: { samples: Array.from({ length: 600 }, () => 150) } }).expect(200);
      expect(session.body.heartRate).toMatchObject({ secondsInZone: [0, 0, 600, 0, 0], points: 30 });

      // 40 s at 215 raises it by at most 10 bpm, from the measured value.
      const above = [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 40 }, () => 215)];
      await complete(auth, { durationSec: above.length, heartRate: { samples: above } }).expect(200);
      expect((await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200)).body).toMatchObject({
        maxHr: 210,
        maxHrSource: 'raised',
        measuredMaxHr: 200,
      });

      // Back to the estimate (Tanaka at 40: 180), which also forgets the raise.
      expect((await setMax(null).expect(200)).body).toMatchObject({ maxHr: 180, maxHrSource: 'age', measuredMaxHr: null });
      const types = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
      expect(types.filter((type) => type === 'MaxHeartRateMeasured')).toHaveLength(2);
    });

    it('refuses a measured maximum out of range or of another type in Spanish, and records nothing', async () => {
      const auth = await member(true);
      for (const maxHr of [99, 231, 190.5, '190', undefined]) {
        const refused = await http()
          .put('/api/heart-rate/max')
          .set('Authorization', auth)
          .send(maxHr === undefined ? {} : { maxHr })
          .expect(400);
        expect(refused.body.error).toBe('La FC máxima medida debe ser un número entero entre 100 y 230 LPM.');
      }
      const types = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
      expect(types).not.toContain('MaxHeartRateMeasured');
      await http().put('/api/heart-rate/max').send({ maxHr: 190 }).expect(401);
    });

    it('without consent, records the workout as today and nothing about the heart rate', async () => {
      const auth = await member(false);
      const answer = await complete(auth, { heartRate: { samples } }).expect(200);
      expect(answer.body.heartRate).toBeNull();
      const [completed] = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).filter((event) => event.type === 'WorkoutCompleted');
      expect(completed!.data).not.toHaveProperty('heartRate');
      expect(await seriesRows(auth)).toEqual([]);
    });

    it("serves a session's readings for the .fit download to its member only; another member and an unknown id get the same 404", async () => {
      const auth = await member(true);
      const answer = await complete(auth, { heartRate: { samples } }).expect(200);
      const completionId: string = answer.body.progress._id;
      const readings = await http().get(`/api/heart-rate/sessions/${completionId}/readings`).set('Authorization', auth).expect(200);
      expect(readings.body).toEqual({ completionId, completedAt: answer.body.progress.completedAt, durationSec: 600, samples, rr: null });

      const stranger = await member(true);
      const hidden = await http().get(`/api/heart-rate/sessions/${completionId}/readings`).set('Authorization', stranger).expect(404);
      const unknown = await http().get(`/api/heart-rate/sessions/${randomUUID()}/readings`).set('Authorization', auth).expect(404);
      expect({ ...hidden.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
      expect(hidden.body.error).toBe('No encontramos lecturas de frecuencia cardiaca de esa sesión.');
      const malformed = await http().get('/api/heart-rate/sessions/not-an-id/readings').set('Authorization', auth).expect(400);
      expect(malformed.body.error).toBe('El identificador de la sesión no es válido.');
      await http().get(`/api/heart-rate/sessions/${completionId}/readings`).expect(401);
    });

    it('keeps the R–R intervals with the readings only (not in the event nor the summary), serves them back, and a retry stays identical', async () => {
      const auth = await member(true);
      const key = randomUUID();
      // Two or three beats of about 400 ms a second for the first 300 s trained, none afterwards.
      const counts = Array.from({ length: 300 }, (_, second) => (second % 2 === 0 ? 3 : 2));
      const ms = counts.flatMap((count, second) => Array.from({ length: count }, (_, beat) => 380 + ((second + beat) % 40)));
      const rr = { ms, counts };
      const answer = await complete(auth, { heartRate: { samples, rr } }, key).expect(200);
      const withoutRr = await complete(await member(true), { heartRate: { samples } }).expect(200);
      expect(answer.body.heartRate).toEqual(withoutRr.body.heartRate);
      const completionId: string = answer.body.progress._id;

      const retry = await complete(auth, { heartRate: { samples, rr } }, key).expect(200);
      expect(retry.body).toEqual({ ...answer.body, duplicate: true });
      // The same key with other intervals is another request, refused as such.
      const altered = await complete(auth, { heartRate: { samples, rr: { ms: [...ms.slice(1), 900], counts } } }, key);
      expect(altered.status).toBe(422);

      const [completed] = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).filter((event) => event.type === 'WorkoutCompleted');
      expect(Object.keys(completed!.data as object)).not.toEqual(expect.arrayContaining([expect.stringMatching(/rr$/i)]));
      expect((completed!.data as { heartRate: unknown }).heartRate).toEqual(withoutRr.body.heartRate);
      const readings = await http().get(`/api/heart-rate/sessions/${completionId}/readings`).set('Authorization', auth).expect(200);
      expect(readings.body).toEqual({ completionId, completedAt: answer.body.progress.completedAt, durationSec: 600, samples, rr: { ms, counts } });
    });

    it('keeps no R–R intervals for a member whose consent was to a notice that did not name them', async () => {
      // Consent to the 2026-11-24.2 words (no intervals), as a member who agreed before they were named.
      const auth = await bearerFor(t);
      const userId = userIdOf(auth);
      await appendUnchecked(
        t.app.get(EventStore),
        memberStreamName(userId),
        { type: 'HeartRateConsentGiven', data: { noticeVersion: '2026-11-24.2', occurredAt: new Date().toISOString() } },
        { userId, role: 'member' },
        new Date().toISOString(),
      );
      const rr = { ms: [400, 410, 420], counts: [3] };
      const answer = await complete(auth, { heartRate: { samples, rr } }).expect(200);
      expect(answer.body.heartRate).not.toBeNull();
      const readings = await http().get(`/api/heart-rate/sessions/${answer.body.progress._id}/readings`).set('Authorization', auth).expect(200);
      expect(readings.body).toMatchObject({ samples, rr: null });
    });

    it('refuses R–R intervals that are no beats or do not add up, in Spanish, and records nothing', async () => {
      const auth = await member(true);
      const cases: [object, string][] = [
        [{ ms: [800, 150], counts: [2] }, 'Los intervalos R–R deben ser una lista de milisegundos enteros entre 200 y 3000.'],
        [{ ms: [800, 812.5], counts: [2] }, 'Los intervalos R–R deben ser una lista de milisegundos enteros entre 200 y 3000.'],
        [{ ms: [800, 810], counts: [1] }, 'Los intervalos R–R por segundo deben ser una lista de enteros no negativos que sumen la cantidad de intervalos.'],
        [
          { ms: [800, 810], counts: [3, -1] },
          'Los intervalos R–R por segundo deben ser una lista de enteros no negativos que sumen la cantidad de intervalos.',
        ],
        [{ ms: [800], counts: [...Array<number>(samples.length).fill(0), 1] }, 'Los intervalos R–R no pueden tener más segundos que las lecturas.'],
        [[800, 810], 'Los intervalos R–R deben ser un objeto.'],
      ];
      for (const [rr, message] of cases) {
        const refused = await complete(auth, { heartRate: { samples, rr } }).expect(400);
        expect(refused.body.error).toBe(message);
      }
      const types = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
      expect(types).not.toContain('WorkoutCompleted');
    });

    it('refuses a reading that is no heart rate, naming the field in Spanish, and records nothing', async () => {
      const auth = await member(true);
      const refused = await complete(auth, { heartRate: { samples: [150, 19, null] } }).expect(400);
      expect(refused.body.error).toBe('Las lecturas de frecuencia cardiaca deben ser una lista de LPM enteros entre 20 y 300, o null.');
      await complete(auth, { heartRate: { samples: [150, 150.5] } }).expect(400);
      const types = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
      expect(types).not.toContain('WorkoutCompleted');
    });

    describe('withdrawing with the deletion of the data kept (ADR 0144)', () => {
      const withdraw = (auth: string, body: object, key = randomUUID()) =>
        http()
          .put('/api/heart-rate/consent')
          .set('Authorization', auth)
          .set('Idempotency-Key', key)
          .send({ granted: false, noticeVersion: HEART_RATE_NOTICE_VERSION, ...body });
      const staffLogData = async (auth: string, type: string) => {
        // The staff log follows the log asynchronously (member writes do not wait for it, ADR 0240):
        // first wait until it holds the last event committed.
        const last = (
          await t.app
            .get<Pool>(PG_POOL)
            .query<{ tx: string; gp: string }>(
              'SELECT transaction_id::text AS tx, global_position::text AS gp FROM event_store_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
            )
        ).rows[0]!;
        expect((await t.app.get(ProjectionEngine).waitFor(postgresPosition(last.tx, last.gp), { projections: ['staff_activity'] }, 15_000)).reached).toBe(true);
        return (
          await t.app
            .get<Pool>(PG_POOL)
            .query<{ data: Record<string, unknown> }>('SELECT data FROM activity_log WHERE stream_id = $1 AND event_type = $2 ORDER BY seq', [
              memberStreamName(userIdOf(auth)),
              type,
            ])
        ).rows.map((row) => row.data);
      };

      it('deletes the readings, forgets the raised maximum and hides the summaries from staff; a retry of the completion shows and keeps nothing', async () => {
        const auth = await member(true);
        const key = randomUUID();
        const session = [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 40 }, () => 185)];
        await complete(auth, { durationSec: session.length, heartRate: { samples: session } }, key).expect(200);
        await complete(auth, { heartRate: { samples } }).expect(200);
        expect(await seriesRows(auth)).toHaveLength(2);
        expect((await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200)).body.maxHrSource).toBe('raised');
        const other = await member(true);
        await complete(other, { heartRate: { samples } }).expect(200);

        const answer = await withdraw(auth, { deleteData: true }).expect(200);
        expect(answer.body).toMatchObject({ consent: { granted: false }, maxHr: 180, maxHrSource: 'age', dataDeletedAt: expect.any(String) });
        expect(await seriesRows(auth)).toEqual([]);
        expect(await seriesRows(other)).toHaveLength(1);
        const types = (await t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)))).map((event) => event.type);
        expect(types.slice(-2)).toEqual(['HeartRateConsentWithdrawn', 'HeartRateDataDeleted']);
        const read = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
        expect(read.body).toMatchObject({ maxHrSource: 'age', dataDeletedAt: answer.body.dataDeletedAt });

        // Staff: the completions stay, without their summary; the raise without its figures.
        const completions = await staffLogData(auth, 'WorkoutCompleted');
        expect(completions).toHaveLength(2);
        for (const data of completions) {
          expect(data).not.toHaveProperty('heartRate');
          expect(data).toMatchObject({ heartRateDeleted: true, durationSec: expect.any(Number) });
        }
        expect(await staffLogData(auth, 'MaxHeartRateRaised')).toEqual([
          { completionId: expect.any(String), occurredAt: expect.any(String), heartRateDeleted: true },
        ]);
        expect((await staffLogData(other, 'WorkoutCompleted'))[0]).toHaveProperty('heartRate');

        // The player's outbox sends the first completion again: recorded once, no summary, no readings.
        const retry = await complete(auth, { durationSec: session.length, heartRate: { samples: session } }, key).expect(200);
        expect(retry.body).toMatchObject({ duplicate: true, heartRate: null });
        expect(await seriesRows(auth)).toEqual([]);
      });

      it('withdraws without deleting unless asked, and deletes later on request', async () => {
        const auth = await member(true);
        await complete(auth, { heartRate: { samples } }).expect(200);
        const kept = await withdraw(auth, {}).expect(200);
        expect(kept.body.dataDeletedAt).toBeNull();
        expect(await seriesRows(auth)).toHaveLength(1);
        const later = await withdraw(auth, { deleteData: true }).expect(200);
        expect(later.body.dataDeletedAt).toEqual(expect.any(String));
        expect(await seriesRows(auth)).toEqual([]);
      });

      it('finishes the deletion on a retry of the same request (rows left by an interrupted first attempt)', async () => {
        const auth = await member(true);
        const answer = await complete(auth, { heartRate: { samples } }).expect(200);
        const key = randomUUID();
        await withdraw(auth, { deleteData: true }, key).expect(200);
        // As if the first attempt stopped between the append and the delete.
        await t.app
          .get<Pool>(PG_POOL)
          .query(`INSERT INTO heart_rate_series (user_id, completion_id, duration_sec, samples, recorded_at) VALUES ($1, $2, 600, '{150}', $3)`, [
            userIdOf(auth),
            answer.body.progress._id,
            answer.body.progress.completedAt,
          ]);
        await withdraw(auth, { deleteData: true }, key).expect(200);
        expect(await seriesRows(auth)).toEqual([]);
      });

      it('names a malformed choice in Spanish', async () => {
        const auth = await member(true);
        const refused = await withdraw(auth, { deleteData: 'sí' }).expect(400);
        expect(refused.body.error).toBe('La eliminación de los datos guardados debe ser verdadero o falso.');
      });

      it('gives the same tables after a rebuild of the heart-rate read model', async () => {
        const auth = await member(true);
        await complete(auth, {
          durationSec: 640,
          heartRate: { samples: [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 40 }, () => 185)] },
        }).expect(200);
        await withdraw(auth, { deleteData: true }).expect(200);
        const before = (await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200)).body;
        const staff = await bearerFor(t, { role: 'staff' });
        const started = await http().post('/api/staff/projections/member_heart_rate/rebuild').set('Authorization', staff).expect(202);
        await waitForRebuild(t.app, staff, started.body);
        const after = (await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200)).body;
        expect(after).toEqual(before);
        expect(after).toMatchObject({ maxHrSource: 'age', dataDeletedAt: expect.any(String) });
      });
    });
  });
});
