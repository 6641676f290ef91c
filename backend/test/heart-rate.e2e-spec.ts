import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { MEMBER_MESSAGES } from '../src/modules/members/member.decider';
import { localDateOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
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
    });
  });

  it('takes the maximum from the age of the profile (Tanaka: 40 years → 180 bpm)', async () => {
    const auth = await bearerFor(t);
    // 1 January forty years back: the member is 40 on any day of this year in San Salvador.
    const year = Number(localDateOf(new Date()).slice(0, 4)) - 40;
    await http().put('/api/platform-users/profile').set('Authorization', auth).send({ profile: { dateOfBirth: `${year}-01-01T12:00:00.000Z` } }).expect(200);
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
    const first = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    const again = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    expect(again.body.consent).toEqual(first.body.consent);
  });

  it('refuses consent to a stale notice with a 409 in Spanish and records nothing', async () => {
    const auth = await bearerFor(t);
    const refused = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: '2020-01-01' }).expect(409);
    expect(refused.body).toMatchObject({ error: MEMBER_MESSAGES.staleHeartRateNotice, code: 'conflict' });
    const read = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(read.body.consent).toEqual(NO_CONSENT);
  });

  it('withdraws consent, and says when', async () => {
    const auth = await bearerFor(t);
    await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    const withdrawn = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: false, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
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
    await http().put('/api/heart-rate/consent').set('Authorization', auth).set('Idempotency-Key', key).send({ ...give, granted: false }).expect(422);
  });

  it('names a missing or malformed field in Spanish', async () => {
    const auth = await bearerFor(t);
    const missing = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(400);
    expect(missing.body.error).toBe('El consentimiento debe ser verdadero o falso.');
    const odd = await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: 'v 1' }).expect(400);
    expect(odd.body.error).toBe('La versión del aviso no tiene el formato esperado.');
  });
});
