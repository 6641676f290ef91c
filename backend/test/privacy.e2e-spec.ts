import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import request from 'supertest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { localDateOf } from '../src/shared/studio-day';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { rightsRequestDueDate, addBusinessDays } from '../src/modules/privacy/business-days.rules';
import { CONSENT_MESSAGES, HEALTH_DATA_NOTICE_VERSION, PRIVACY_NOTICE_VERSION } from '../src/modules/privacy/consents.rules';
import { RIGHTS_REQUEST_MESSAGES } from '../src/modules/privacy/rights-requests.rules';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/** The files of a zip answer, by name, as text. */
async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('privacy: consents, export and rights requests (e2e)', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const userIdOf = (auth: string) => JSON.parse(Buffer.from(auth.split('.')[1]!, 'base64url').toString()).sub as string;
  const consentOf = (body: { consents: { kind: string }[] }, kind: string) => body.consents.find((consent) => consent.kind === kind);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in member, and staff for the queue and the desk export', async () => {
    await http().get('/api/privacy/consents').expect(401);
    await http().get('/api/privacy/export').expect(401);
    await http().post('/api/privacy/requests').send({ right: 'access' }).expect(401);
    const member = await bearerFor(t);
    await http().get('/api/staff/rights-requests').set('Authorization', member).expect(403);
    await http()
      .get(`/api/staff/members/${userIdOf(member)}/export`)
      .set('Authorization', member)
      .expect(403);
  });

  it('lists every consent kind; a new member has recorded none and the email topics are on by default', async () => {
    const auth = await bearerFor(t);
    const { body } = await http().get('/api/privacy/consents').set('Authorization', auth).expect(200);
    expect(body.consents.map((consent: { kind: string }) => consent.kind)).toEqual([
      'terms-privacy',
      'health-data',
      'heart-rate',
      'studio-board-name',
      'email-performance-summary',
      'email-workout-reminders',
    ]);
    expect(consentOf(body, 'terms-privacy')).toMatchObject({
      granted: false,
      recorded: false,
      currentNoticeVersion: PRIVACY_NOTICE_VERSION,
      withdrawable: false,
    });
    expect(consentOf(body, 'email-workout-reminders')).toMatchObject({ granted: true, recorded: false, decidedAt: null });
  });

  it('records the terms with their version and time, and refuses a stale notice or withdrawing them', async () => {
    const auth = await bearerFor(t);
    const stale = await http()
      .put('/api/privacy/consents/terms-privacy')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: '2020-01-01' })
      .expect(409);
    expect(stale.body.message).toBe(CONSENT_MESSAGES.staleNotice);
    const given = await http()
      .put('/api/privacy/consents/terms-privacy')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: PRIVACY_NOTICE_VERSION })
      .expect(200);
    expect(given.headers['x-read-your-writes']).toBe('ok');
    expect(consentOf(given.body, 'terms-privacy')).toMatchObject({
      granted: true,
      recorded: true,
      noticeVersion: PRIVACY_NOTICE_VERSION,
      decidedAt: expect.any(String),
    });
    const refused = await http().put('/api/privacy/consents/terms-privacy').set('Authorization', auth).send({ granted: false }).expect(409);
    expect(refused.body.message).toBe(CONSENT_MESSAGES.notWithdrawable);
    await http().put('/api/privacy/consents/unknown-kind').set('Authorization', auth).send({ granted: false }).expect(404);
    await http().put('/api/privacy/consents/health-data').set('Authorization', auth).send({ granted: true }).expect(400);
  });

  it('withdrawing health data clears height, weight and date of birth, and refuses them until consent is given again', async () => {
    const auth = await bearerFor(t);
    await http()
      .put('/api/privacy/consents/health-data')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: HEALTH_DATA_NOTICE_VERSION })
      .expect(200);
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { dateOfBirth: '1990-03-04T12:00:00.000Z', height: 170, weight: 70, gender: 'female' } })
      .expect(200);
    const withdrawn = await http().put('/api/privacy/consents/health-data').set('Authorization', auth).send({ granted: false }).expect(200);
    expect(consentOf(withdrawn.body, 'health-data')).toMatchObject({ granted: false, noticeVersion: null });
    const profile = await http().get('/api/platform-users/profile').set('Authorization', auth).expect(200);
    expect(profile.body.user.profile).toMatchObject({ dateOfBirth: null, height: null, weight: null, gender: 'female' });
    const refused = await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { weight: 72 } })
      .expect(403);
    expect(refused.body.message).toBe(CONSENT_MESSAGES.healthDataWithdrawn);
    // Other fields still change.
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { fitnessLevel: 'beginner' } })
      .expect(200);
    await http()
      .put('/api/privacy/consents/health-data')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: HEALTH_DATA_NOTICE_VERSION })
      .expect(200);
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { weight: 72 } })
      .expect(200);
  });

  it('withdraws heart rate and an email topic through the registry, as their own sections do', async () => {
    const auth = await bearerFor(t);
    await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    const before = await http().get('/api/privacy/consents').set('Authorization', auth).expect(200);
    expect(consentOf(before.body, 'heart-rate')).toMatchObject({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION });
    const withdrawn = await http().put('/api/privacy/consents/heart-rate').set('Authorization', auth).send({ granted: false }).expect(200);
    expect(consentOf(withdrawn.body, 'heart-rate')).toMatchObject({ granted: false, recorded: true });
    const heartRate = await http().get('/api/heart-rate/profile').set('Authorization', auth).expect(200);
    expect(heartRate.body.consent.granted).toBe(false);
    const unsubscribed = await http().put('/api/privacy/consents/email-performance-summary').set('Authorization', auth).send({ granted: false }).expect(200);
    expect(consentOf(unsubscribed.body, 'email-performance-summary')).toMatchObject({ granted: false, recorded: true });
    const preferences = await http().get('/api/email-preferences').set('Authorization', auth).expect(200);
    expect(preferences.body.preferences[0]).toMatchObject({ topic: 'performance-summary', subscribed: false });
  });

  it('lists the studio board name as a consent: initials until given, and either side changes the other', async () => {
    const auth = await bearerFor(t);
    const first = await http().get('/api/privacy/consents').set('Authorization', auth).expect(200);
    expect(consentOf(first.body, 'studio-board-name')).toMatchObject({ granted: false, recorded: false, currentNoticeVersion: null });
    const given = await http().put('/api/privacy/consents/studio-board-name').set('Authorization', auth).send({ granted: true }).expect(200);
    expect(consentOf(given.body, 'studio-board-name')).toMatchObject({ granted: true, recorded: true });
    const board = await http().get('/api/studio-class/board-name').set('Authorization', auth).expect(200);
    expect(board.body.showName).toBe(true);
    // Chosen from the profile's own switch: the registry shows the same decision.
    await http().put('/api/studio-class/board-name').set('Authorization', auth).send({ showName: false }).expect(200);
    const after = await http().get('/api/privacy/consents').set('Authorization', auth).expect(200);
    expect(consentOf(after.body, 'studio-board-name')).toMatchObject({ granted: false, recorded: true });
  });

  it("exports only the member's own data as a zip with JSON, CSV and a readme; staff get the same for the desk", async () => {
    const email = `export-${randomUUID().slice(0, 8)}@example.com`;
    const auth = await bearerFor(t, { email, firstName: 'Marta', lastName: 'Quintanilla' });
    const other = await bearerFor(t, { firstName: 'Otro' });
    await http()
      .put('/api/privacy/consents/terms-privacy')
      .set('Authorization', auth)
      .send({ granted: true, noticeVersion: PRIVACY_NOTICE_VERSION })
      .expect(200);
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { height: 158, goals: ['Meta de Marta'] } })
      .expect(200);
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', other)
      .send({ profile: { goals: ['Meta del otro'] } })
      .expect(200);
    const workoutId = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0]._id;
    await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    await http()
      .post('/api/progress/complete')
      .set('Authorization', auth)
      .set('Idempotency-Key', randomUUID())
      .send({ workoutId, planId: null, enrollmentId: null, durationSec: 120, heartRate: { samples: Array.from({ length: 120 }, () => 140) } })
      .expect(200);
    await t.app
      .get<Pool>(PG_POOL)
      .query(
        `INSERT INTO free_class_bookings (id, name, lastname, dui, email, cellphone, class_date, slot, class_name) VALUES ($1, 'Marta', 'Quintanilla', $2, $3, '+50370000000', '2026-11-20', '07:00', 'Box')`,
        [randomUUID(), String(Math.floor(Math.random() * 1e9)).padStart(9, '0'), email],
      );

    const answer = await http().get('/api/privacy/export').set('Authorization', auth).buffer(true).parse(binary).expect(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="pulso-mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(answer.body as Buffer);
    expect([...files.keys()].sort()).toEqual(['LEEME.txt', 'datos.json', 'historial.csv']);
    const data = JSON.parse(files.get('datos.json')!);
    expect(data.member).toEqual({ userId: userIdOf(auth), email, firstName: 'Marta', lastName: 'Quintanilla' });
    expect(data.profile.profile).toMatchObject({ height: 158, goals: ['Meta de Marta'] });
    expect(data.consents.find((consent: { kind: string }) => consent.kind === 'terms-privacy')).toMatchObject({
      granted: true,
      noticeVersion: PRIVACY_NOTICE_VERSION,
    });
    expect(data.history).toHaveLength(1);
    expect(data.history[0].heartRate).toMatchObject({ avgBpm: 140, maxBpm: 140 });
    expect(data.freeClassBookings).toEqual([expect.objectContaining({ name: 'Marta', email, classDate: '2026-11-20' })]);
    // Marta never bought a membership nor booked a class: the export says so (class-erasure.e2e-spec.ts exports both).
    expect(data.membership).toBeNull();
    expect(data.membershipHistory).toEqual([]);
    expect(data.classBookings).toEqual([]);
    for (const key of ['enrollments', 'stats', 'challenges', 'trainingCalendar', 'timerPresets', 'emailPreferences', 'rightsRequests', 'heartRate'])
      expect(data).toHaveProperty(key);
    expect(files.get('datos.json')).not.toContain('Meta del otro');
    const csv = files
      .get('historial.csv')!
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]!.split(',')).toContain('fc_media_lpm');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(',140,140,');

    const staff = await bearerFor(t, { role: 'staff' });
    const desk = await http()
      .get(`/api/staff/members/${userIdOf(auth)}/export`)
      .set('Authorization', staff)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const deskData = JSON.parse((await unzip(desk.body as Buffer)).get('datos.json')!);
    expect(deskData.member.userId).toBe(userIdOf(auth));
    expect(deskData.history).toEqual(data.history);
    expect(deskData.classBookings).toEqual(data.classBookings);
    expect(files.get('LEEME.txt')).toContain('tus reservas de clases');
    await http().get(`/api/staff/members/${randomUUID()}/export`).set('Authorization', staff).expect(404);
  });

  it('files a rights request due in 20 business days, one open per right, and staff move it through the queue', async () => {
    const auth = await bearerFor(t, { firstName: 'Rosa', lastName: 'Peña' });
    const staff = await bearerFor(t, { role: 'staff' });
    const filed = await http()
      .post('/api/privacy/requests')
      .set('Authorization', auth)
      .send({ right: 'rectification', details: 'Mi fecha de nacimiento está mal.' })
      .expect(201);
    const today = localDateOf(new Date());
    expect(filed.body).toMatchObject({
      right: 'rectification',
      rightLabel: 'Rectificación',
      status: 'received',
      statusLabel: 'Recibida',
      receivedOn: today,
      dueOn: rightsRequestDueDate(today),
      extended: false,
    });
    const again = await http().post('/api/privacy/requests').set('Authorization', auth).send({ right: 'rectification' }).expect(409);
    expect(again.body.message).toBe(RIGHTS_REQUEST_MESSAGES.openOfType);
    await http().post('/api/privacy/requests').set('Authorization', auth).send({ right: 'nada' }).expect(400);

    const queue = await http().get('/api/staff/rights-requests').set('Authorization', staff).expect(200);
    const row = queue.body.requests.find((request: { id: string }) => request.id === filed.body.id);
    expect(row).toMatchObject({ userId: userIdOf(auth), memberName: 'Rosa Peña', businessDaysLeft: 20, dueOn: rightsRequestDueDate(today) });

    const extended = await http().patch(`/api/staff/rights-requests/${filed.body.id}`).set('Authorization', staff).send({ status: 'extended' }).expect(200);
    expect(extended.body).toMatchObject({ status: 'extended', extended: true, dueOn: addBusinessDays(rightsRequestDueDate(today), 20), businessDaysLeft: 40 });
    const twice = await http().patch(`/api/staff/rights-requests/${filed.body.id}`).set('Authorization', staff).send({ status: 'in-progress' }).expect(200);
    expect(twice.body.status).toBe('in-progress');
    await http().patch(`/api/staff/rights-requests/${filed.body.id}`).set('Authorization', staff).send({ status: 'extended' }).expect(409);
    await http().patch(`/api/staff/rights-requests/${filed.body.id}`).set('Authorization', staff).send({ status: 'answered' }).expect(200);
    await http().patch(`/api/staff/rights-requests/${filed.body.id}`).set('Authorization', staff).send({ status: 'in-progress' }).expect(409);

    const mine = await http().get('/api/privacy/requests').set('Authorization', auth).expect(200);
    expect(mine.body.requests).toEqual([expect.objectContaining({ id: filed.body.id, status: 'answered', statusLabel: 'Respondida' })]);
    const others = await http()
      .get('/api/privacy/requests')
      .set('Authorization', await bearerFor(t))
      .expect(200);
    expect(others.body.requests).toEqual([]);
    // Answered, the right may be exercised again.
    await http().post('/api/privacy/requests').set('Authorization', auth).send({ right: 'rectification' }).expect(201);
  });

  it('staff register a request received at the desk; the member sees it, and a second one of that right is refused', async () => {
    const auth = await bearerFor(t, { firstName: 'Elena' });
    const staff = await bearerFor(t, { role: 'staff', email: 'recepcion@example.com' });
    const userId = userIdOf(auth);
    await http().post('/api/staff/rights-requests').set('Authorization', staff).send({ userId, right: 'access' }).expect(404);
    // The member has used the platform: the desk can file for them.
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { fitnessLevel: 'beginner' } })
      .expect(200);
    const today = localDateOf(new Date());
    const filed = await http()
      .post('/api/staff/rights-requests')
      .set('Authorization', staff)
      .send({ userId, right: 'opposition', details: 'En recepción' })
      .expect(201);
    expect(filed.body).toMatchObject({
      userId,
      memberName: 'Elena',
      right: 'opposition',
      status: 'received',
      dueOn: rightsRequestDueDate(today),
      businessDaysLeft: 20,
    });
    await http().post('/api/staff/rights-requests').set('Authorization', staff).send({ userId, right: 'opposition' }).expect(409);
    await http().post('/api/staff/rights-requests').set('Authorization', auth).send({ userId, right: 'access' }).expect(403);
    const mine = await http().get('/api/privacy/requests').set('Authorization', auth).expect(200);
    expect(mine.body.requests).toEqual([expect.objectContaining({ id: filed.body.id, right: 'opposition', details: 'En recepción' })]);
    const { rows } = await t.app.get<Pool>(PG_POOL).query('SELECT history FROM rights_requests WHERE id = $1', [filed.body.id]);
    expect(rows[0].history).toEqual([{ status: 'received', at: expect.any(String), by: 'recepcion@example.com' }]);
  });
});
