import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import request from 'supertest';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { EmailLinks } from '../src/modules/email-preferences/email-links';
import { EMAIL_PREFERENCE_MESSAGES } from '../src/modules/email-preferences/email-preferences.rules';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

const DEFAULTS = [
  { topic: 'performance-summary', label: 'Resumen de rendimiento después de cada entrenamiento', subscribed: true },
  { topic: 'workout-reminders', label: 'Recordatorios de entrenamiento', subscribed: true },
];

describe('email preferences (e2e)', () => {
  let t: TestApp;
  const http = () => request(t.app.getHttpServer());
  const optOutToken = async (userId: string, topic: 'performance-summary' | 'workout-reminders') =>
    new URL(await t.app.get(EmailLinks).optOutUrl(userId, topic)).searchParams.get('token') as string;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in member to read or change them', async () => {
    await http().get('/api/email-preferences').expect(401);
    await http().put('/api/email-preferences/performance-summary').send({ subscribed: false }).expect(401);
  });

  it('starts with every topic subscribed', async () => {
    const auth = await bearerFor(t);
    const { body } = await http().get('/api/email-preferences').set('Authorization', auth).expect(200);
    expect(body).toEqual({ preferences: DEFAULTS });
  });

  it('records an opt-out and reads it back at once; another member keeps the defaults', async () => {
    const auth = await bearerFor(t);
    const saved = await http().put('/api/email-preferences/performance-summary').set('Authorization', auth).send({ subscribed: false }).expect(200);
    expect(saved.headers['x-read-your-writes']).toBe('ok');
    expect(saved.body.preferences).toEqual([{ ...DEFAULTS[0], subscribed: false }, DEFAULTS[1]]);
    const read = await http().get('/api/email-preferences').set('Authorization', auth).expect(200);
    expect(read.body).toEqual(saved.body);
    const other = await http()
      .get('/api/email-preferences')
      .set('Authorization', await bearerFor(t))
      .expect(200);
    expect(other.body.preferences).toEqual(DEFAULTS);

    const again = await http().put('/api/email-preferences/performance-summary').set('Authorization', auth).send({ subscribed: true }).expect(200);
    expect(again.body.preferences).toEqual(DEFAULTS);
  });

  it('answers a retry with the same Idempotency-Key as the first time, and refuses the key for another request', async () => {
    const auth = await bearerFor(t);
    const key = randomUUID();
    const first = await http()
      .put('/api/email-preferences/workout-reminders')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send({ subscribed: false })
      .expect(200);
    const retry = await http()
      .put('/api/email-preferences/workout-reminders')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send({ subscribed: false })
      .expect(200);
    expect(retry.body).toEqual(first.body);
    await http().put('/api/email-preferences/workout-reminders').set('Authorization', auth).set('Idempotency-Key', key).send({ subscribed: true }).expect(422);
  });

  it('refuses an unknown topic (404) and a body without the choice (400), in Spanish', async () => {
    const auth = await bearerFor(t);
    const unknown = await http().put('/api/email-preferences/newsletter').set('Authorization', auth).send({ subscribed: false }).expect(404);
    expect(unknown.body).toMatchObject({ error: EMAIL_PREFERENCE_MESSAGES.unknownTopic, code: 'not-found' });
    const missing = await http().put('/api/email-preferences/performance-summary').set('Authorization', auth).send({}).expect(400);
    expect(missing.body.error).toBe('La suscripción debe ser verdadero o falso.');
  });

  it('opts out with the signed link of an email, without signing in; twice is once', async () => {
    const userId = randomUUID();
    const auth = await bearerFor(t, { userId });
    const token = await optOutToken(userId, 'performance-summary');
    const done = await http().post('/api/email-preferences/opt-out').send({ token }).expect(200);
    expect(done.body).toEqual({
      topic: 'performance-summary',
      message: 'Listo: ya no recibirás el resumen de rendimiento después de cada entrenamiento.',
    });
    await http().post('/api/email-preferences/opt-out').send({ token }).expect(200);
    const { body } = await http().get('/api/email-preferences').set('Authorization', auth).expect(200);
    expect(body.preferences).toEqual([{ ...DEFAULTS[0], subscribed: false }, DEFAULTS[1]]);
    const events = await t.app
      .get<Pool>(PG_POOL)
      .query(`SELECT count(*)::int AS n FROM event_store_events WHERE stream_id = $1 AND event_type = 'EmailPreferenceChanged'`, [`member-${userId}`]);
    expect(events.rows[0].n).toBe(1);
  });

  it('refuses a tampered or made-up token with a Spanish 400 and changes nothing', async () => {
    const userId = randomUUID();
    const auth = await bearerFor(t, { userId });
    const token = await optOutToken(userId, 'performance-summary');
    const [user, , signature] = token.split('.');
    for (const bad of [`${user}.workout-reminders.${signature}`, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'hola']) {
      const refused = await http().post('/api/email-preferences/opt-out').send({ token: bad }).expect(400);
      expect(refused.body).toMatchObject({ error: EMAIL_PREFERENCE_MESSAGES.invalidLink, code: 'invalid' });
    }
    const missing = await http().post('/api/email-preferences/opt-out').send({}).expect(400);
    expect(missing.body.error).toMatch(/^El enlace /);
    const { body } = await http().get('/api/email-preferences').set('Authorization', auth).expect(200);
    expect(body.preferences).toEqual(DEFAULTS);
  });

  it('puts the link in a footer that points to the SPA page', async () => {
    const userId = randomUUID();
    const url = await t.app.get(EmailLinks).optOutUrl(userId, 'workout-reminders');
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/correo/baja\\?token=`));
  });
});
