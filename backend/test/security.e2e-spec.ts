import { Client } from 'pg';
import request from 'supertest';
import { bearerFor } from './support/auth';
import { errorBodyProblems } from './support/reliability';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 10, point 7: the headers every answer carries, the content security policy the SPA
 * (Clerk, media CDN) must live with, the body size limit, the public routes' rate limits,
 * and error bodies that never show a stack trace or SQL.
 */

const MEDIA_CDN = 'https://media.pulso-cdn.example';
const CLERK_FRONTEND_API = 'clerk.pulso.sv';
const CLERK_KEY = `pk_live_${Buffer.from(`${CLERK_FRONTEND_API}$`).toString('base64')}`;

function cspOf(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('security headers, limits and error bodies (e2e)', () => {
  let t: TestApp;
  let clerk: TestApp;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    // The Clerk app first: passport strategies are process-wide, the last app built wins.
    clerk = await createTestApp({
      AUTH_PROVIDER: 'clerk',
      CLERK_PUBLISHABLE_KEY: CLERK_KEY,
      CLERK_ISSUER: `https://${CLERK_FRONTEND_API}`,
      CLERK_JWKS_URL: `https://${CLERK_FRONTEND_API}/.well-known/jwks.json`,
      MEDIA_CDN_BASE: MEDIA_CDN,
    });
    t = await createTestApp({ MEDIA_CDN_BASE: MEDIA_CDN });
  });

  afterAll(async () => {
    await clerk?.close();
    await t?.close();
  });

  it('sends helmet’s protective headers and hides the framework', async () => {
    const response = await http().get('/api/config').expect(200);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
      'origin-agent-cluster': '?1',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Errors carry them too.
    const missing = await http().get('/api/no-existe').expect(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['content-security-policy']).toBeDefined();
  });

  it('has a content security policy that locks the page down but lets Clerk and the media CDN load', async () => {
    const csp = cspOf((await http().get('/api/health/live').expect(200)).headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.clerk.accounts.dev', 'https://*.clerk.com', 'https://challenges.cloudflare.com']),
    );
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.clerk.accounts.dev', 'https://*.clerk.com']));
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://challenges.cloudflare.com']));
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https://img.clerk.com', MEDIA_CDN]));
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', MEDIA_CDN]));
    expect(csp.get('worker-src')).toEqual(expect.arrayContaining(['blob:']));
  });

  it('lets a production Clerk instance on the studio’s own domain load (its frontend API comes from the publishable key)', async () => {
    const csp = cspOf((await request(clerk.app.getHttpServer()).get('/api/health/live').expect(200)).headers['content-security-policy']);
    expect(csp.get('script-src')).toContain(`https://${CLERK_FRONTEND_API}`);
    expect(csp.get('connect-src')).toContain(`https://${CLERK_FRONTEND_API}`);
    expect(csp.get('img-src')).toContain(MEDIA_CDN);
  });

  it('refuses a body over the limit with 413 and a Spanish error, on public and member routes alike', async () => {
    const auth = await bearerFor(t);
    const big = { workoutId: 'x'.repeat(70 * 1024) };
    const member = await http().post('/api/progress/complete').set('Authorization', auth).send(big);
    expect(member.status).toBe(413);
    expect(member.body).toMatchObject({ statusCode: 413, error: 'La solicitud es demasiado grande.' });
    const anonymous = await http()
      .post('/api/users/register')
      .set('X-Forwarded-For', '10.9.9.9')
      .send({ name: 'x'.repeat(70 * 1024) });
    expect(anonymous.status).toBe(413);
    expect(errorBodyProblems(anonymous.status, anonymous.body, anonymous.text)).toEqual([]);
    // Just under the limit is read (and then refused by validation, not by size).
    const under = await http()
      .post('/api/progress/complete')
      .set('Authorization', auth)
      .send({ workoutId: 'x'.repeat(60 * 1024) });
    expect(under.status).toBe(400);
  });

  it('rate-limits the public booking form per client address, with Retry-After and a Spanish error', async () => {
    const address = '10.77.0.1';
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await http().post('/api/users/register').set('X-Forwarded-For', address).send({});
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    expect(last!.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorBodyProblems(429, last!.body, last!.text)).toEqual([]);
    // Another address is not affected.
    expect((await http().post('/api/users/register').set('X-Forwarded-For', '10.77.0.2').send({})).status).toBe(400);
  });

  it('rate-limits password guessing on the public sign-in (20 failures per address)', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let attempt = 0; attempt < 21; attempt++) {
      last = await http()
        .post('/api/identity/sign-in')
        .set('X-Forwarded-For', '10.78.0.1')
        .send({ email: `nadie-${attempt}@example.com`, password: 'Incorrecta-123' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).filter((status) => status === 429)).toEqual([]);
    expect(statuses[20]).toBe(429);
    expect(last!.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorBodyProblems(429, last!.body, last!.text)).toEqual([]);
  });

  it('answers malformed and hostile requests without stack traces, SQL or English', async () => {
    const auth = await bearerFor(t);
    const staff = await bearerFor(t, { role: 'staff' });
    const hostile = [
      () => http().post('/api/progress/complete').set('Authorization', auth).set('Content-Type', 'application/json').send('{"workoutId": '),
      () => http().post('/api/progress/complete').set('Authorization', auth).set('Content-Type', 'application/json').send('[1,2,3]'),
      () => http().post('/api/progress/complete').set('Authorization', auth).set('Content-Type', 'application/json').send('"texto"'),
      () => http().post('/api/progress/complete').set('Authorization', auth).send({ workoutId: "' OR 1=1; DROP TABLE event_store_events; --" }),
      () =>
        http()
          .post('/api/progress/complete')
          .set('Authorization', auth)
          .send({ workoutId: 'a', __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
      () =>
        http()
          .get(`/api/enrollments/${encodeURIComponent("1' OR '1'='1")}/current`)
          .set('Authorization', auth),
      () => http().get('/api/enrollments/%E0%A4%A/current').set('Authorization', auth),
      () =>
        http()
          .get(`/api/workouts/${'9'.repeat(500)}`)
          .set('Authorization', auth),
      () => http().get('/api/progress?limit=-1&offset=abc').set('Authorization', auth),
      () => http().get('/api/progress?limit[$gt]=1').set('Authorization', auth),
      () =>
        http()
          .put('/api/platform-users/profile')
          .set('Authorization', auth)
          .send({ profile: { height: 1e308, weight: -0, goals: [null] } }),
      () =>
        http()
          .put('/api/platform-users/profile')
          .set('Authorization', auth)
          .send({ profile: { dateOfBirth: '1990-02-30T12:00:00.000Z' } }),
      () => http().post('/api/enrollments').set('Authorization', auth).set('Idempotency-Key', 'no-es-uuid').send({ planId: '\u0000' }),
      () => http().delete('/api/platform-users/profile').set('Authorization', auth),
      () => http().get('/api/no-existe'),
      // NUL characters cannot reach PostgreSQL text columns (they used to answer 500).
      () => http().get('/api/staff/members?q=%00').set('Authorization', staff),
      () => http().get('/api/staff/events?q=a%00b').set('Authorization', staff),
      () => http().get('/api/staff/mail-outbox?recipient=%00').set('Authorization', staff),
      () =>
        http()
          .put('/api/platform-users/profile')
          .set('Authorization', auth)
          .send({ profile: { goals: ['Correr\u0000'] } }),
      // A lone surrogate in the booking form's e-mail used to end in "URI malformed" (500).
      () =>
        http()
          .post('/api/users/register')
          .set('X-Forwarded-For', '10.79.0.3')
          .send({ cellphone: '+50370001234', date: '2026-11-24', dui: '012345678', email: '\ud800', lastname: 'Martínez', name: 'Ana', time: '4:00-5:00 pm' }),
      () => http().post('/api/identity/sign-in').set('X-Forwarded-For', '10.79.0.1').set('Content-Type', 'text/plain').send('hola'),
      () => http().post('/api/users/register').set('X-Forwarded-For', '10.79.0.2').set('Content-Type', 'application/json').send('{'),
    ];
    const problems: string[] = [];
    for (const [index, send] of hostile.entries()) {
      const response = await send();
      if (response.status >= 500 || response.status < 400) problems.push(`#${index}: ${response.status} ${response.text.slice(0, 200)}`);
      for (const problem of errorBodyProblems(response.status, response.body, response.text)) problems.push(`#${index}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers a real internal failure with the generic Spanish 500, no SQL and no stack', async () => {
    const auth = await bearerFor(t);
    const planId = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans[0]._id as string;
    const client = new Client({ connectionString: t.database.url });
    await client.connect();
    try {
      // Pull the event log away underneath the running application.
      await client.query('ALTER TABLE event_store_events RENAME TO event_store_events_gone');
      const response = await http().post('/api/enrollments').set('Authorization', auth).send({ planId });
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(response.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(errorBodyProblems(response.status, response.body, response.text)).toEqual([]);
      expect(response.text).not.toMatch(/event_store_events|relation|stack/i);
    } finally {
      await client.query('ALTER TABLE event_store_events_gone RENAME TO event_store_events');
      await client.end();
    }
  });
});
