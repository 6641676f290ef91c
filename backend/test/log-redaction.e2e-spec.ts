import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { bookableDates, openSlots } from '../src/modules/free-class-bookings/free-class-schedule';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 38, point 4: the log says which requests came and how they ended, never a secret or a
 * person. A booking, a sign-up with its code, a calendar feed (hit and mistyped) and staff searches
 * by a member's email run against an app logging at `info` like the compose deployment; the
 * captured log then holds none of the emails, the feed token, the code, the password or the DUI.
 */
describe('the log carries no secret and no personal data (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const lines: string[] = [];
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination: { write: (line: string) => void lines.push(line) } });
    db = new Client({ connectionString: t.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('logs every request with its route and status, and none of the emails, the token, the code, the password or the DUI', async () => {
    const guestEmail = 'Reserva.Secreta@example.com';
    const dui = '04567891';
    const memberEmail = 'registro.secreto@example.com';
    const password = 'Clave-Muy-Secreta-77';

    // A booking of the free class.
    const date = bookableDates(new Date()).at(-1)!;
    await http()
      .post('/api/users/register')
      .set('X-Forwarded-For', '203.0.113.50')
      .send({ name: 'Marta', lastname: 'Rivas', dui, email: guestEmail, cellphone: '+50370009876', date, time: openSlots(date, new Date())[0] })
      .expect(201);

    // A sign-up, a wrong code, the right code, a wrong password.
    await http().post('/api/identity/sign-up').send({ firstName: 'Rocío', lastName: 'Secreta', email: memberEmail, password }).expect(200);
    const mailed = await db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'verification-code'", [
      memberEmail,
    ]);
    const code = /\b(\d{6})\b/.exec(mailed.rows[0]!.text_body)![1]!;
    await http()
      .post('/api/identity/verify-email')
      .send({ email: memberEmail, code: code === '000000' ? '000001' : '000000' })
      .expect(400);
    await http().post('/api/identity/verify-email').send({ email: memberEmail, code }).expect(200);
    await http().post('/api/identity/sign-in').set('Cookie', []).send({ email: memberEmail, password: 'Otra-Clave-00' }).expect(400);

    // The member's calendar feed: read, then mistyped twice (the misses are logged as warnings).
    const member = await bearerFor(t, { userId: randomUUID(), email: memberEmail });
    const feedUrl: string = (await http().get('/api/training/calendar/feed').set('Authorization', member).expect(200)).body.url;
    const token = /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(feedUrl)![1]!;
    await http().get(`/api/calendar/${token}.ics`).expect(200);
    await http().get(`/api/calendar/${token}.icss`).expect(404);
    await http()
      .get(`/api/calendar/${token.slice(0, -1)}.ics`)
      .expect(404);

    // Staff look the member and the guest up.
    const staff = await bearerFor(t, { role: 'staff' });
    await http().get('/api/staff/members').query({ q: memberEmail }).set('Authorization', staff).expect(200);
    await http().get('/api/staff/events').query({ q: memberEmail }).set('Authorization', staff).expect(200);
    await http().get('/api/staff/events/export.csv').query({ q: guestEmail }).set('Authorization', staff).expect(200);
    await http().get('/api/staff/mail-outbox').query({ recipient: guestEmail }).set('Authorization', staff).expect(200);
    await http().get('/api/staff/free-class-bookings/export.csv').set('Authorization', staff).expect(200);

    const log = lines.join('');
    // The log was captured, and it still says what happened.
    expect(log).toContain('"url":"/api/calendar/[Redacted]"');
    expect(log).toContain('"url":"/api/staff/members?q=[Redacted]"');
    expect(log).toContain('"statusCode":404');
    expect(log).toContain('"url":"/api/users/register"');
    const secrets = [guestEmail, guestEmail.toLowerCase(), memberEmail, token, token.slice(0, -1), password];
    const found = secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]).filter((secret) => log.includes(secret));
    // Six or eight digits on their own, not inside a timestamp or an id.
    for (const digits of [code, dui]) if (new RegExp(`(?<![0-9A-Za-z])${digits}(?![0-9A-Za-z])`).test(log)) found.push(digits);
    expect(found).toEqual([]);
  });
});
