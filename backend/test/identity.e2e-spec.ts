import { Client } from 'pg';
import request from 'supertest';
import { grantStaffRole } from '../src/modules/identity/staff-role';
import { createTestApp, TestApp } from './support/test-app';

const COOKIE = 'pulso_refresh';

describe('local identity provider (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAILS: 'jefa@pulso.sv' });
    db = new Client({ connectionString: t.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await t.close();
  });

  async function latestCode(email: string): Promise<string> {
    const { rows } = await db.query<{ text_body: string }>(
      `SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'verification-code' ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '')?.[1];
    if (!code) throw new Error(`no verification code mailed to ${email}`);
    return code;
  }

  function refreshCookieOf(response: request.Response): string {
    const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COOKIE}=`));
    if (!header) throw new Error('no refresh cookie set');
    return header;
  }

  const cookiePair = (setCookie: string) => setCookie.split(';')[0];

  async function signUpAndVerify(email: string, password = 'Entrena-Fuerte-24'): Promise<request.Response> {
    await http().post('/api/identity/sign-up').send({ firstName: 'Ana', lastName: 'Martínez', email, password }).expect(200);
    return http()
      .post('/api/identity/verify-email')
      .send({ email, code: await latestCode(email) })
      .expect(200);
  }

  it('signs up, verifies by the mailed code and opens a session the guard accepts', async () => {
    const signUp = await http()
      .post('/api/identity/sign-up')
      .send({ firstName: ' Ana ', lastName: 'Martínez', email: 'Ana@Example.com', password: 'Entrena-Fuerte-24' })
      .expect(200);
    expect(signUp.body).toEqual({ email: 'ana@example.com' });

    const code = await latestCode('ana@example.com');
    await http()
      .post('/api/identity/verify-email')
      .send({ email: 'ana@example.com', code: code === '000000' ? '000001' : '000000' })
      .expect(400);
    const verified = await http().post('/api/identity/verify-email').send({ email: 'ana@example.com', code }).expect(200);
    expect(verified.body.user).toEqual({
      userId: expect.any(String),
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Martínez',
      role: 'member',
      secondFactor: false,
    });
    expect(verified.body.expiresIn).toBe(600);

    const cookie = refreshCookieOf(verified);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/identity/);

    const me = await http().get('/api/identity/me').set('Authorization', `Bearer ${verified.body.accessToken}`).expect(200);
    expect(me.body.userId).toBe(verified.body.user.userId);

    // The code is single use.
    const again = await http().post('/api/identity/verify-email').send({ email: 'ana@example.com', code }).expect(400);
    expect(again.body.details.reason).toBe('form_code_incorrect');
  });

  it('stores only a scrypt hash of the password', async () => {
    const { rows } = await db.query<{ password_hash: string }>(`SELECT password_hash FROM identity_accounts WHERE email = 'ana@example.com'`);
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows[0].password_hash).not.toContain('Entrena');
  });

  it('answers form mistakes with the hosted provider codes, in Spanish', async () => {
    const cases: [object, number, string, string][] = [
      [{ firstName: '', lastName: 'R', email: 'x@example.com', password: 'Entrena-Fuerte-24' }, 400, 'form_param_nil', 'Nombre es requerido.'],
      [{ firstName: 'L', lastName: 'R', email: 'x@example.com' }, 400, 'form_param_nil', 'Contraseña es requerida.'],
      [
        { firstName: 'L', lastName: 'R', email: 'no-es-correo', password: 'Entrena-Fuerte-24' },
        400,
        'form_param_format_invalid',
        'El correo electrónico debe tener un formato válido.',
      ],
      [
        { firstName: 'L', lastName: 'R', email: 'x@example.com', password: 'Corta1' },
        400,
        'form_password_length_too_short',
        'La contraseña debe tener al menos 8 caracteres.',
      ],
      [
        { firstName: 'L', lastName: 'R', email: 'x@example.com', password: 'todominusculas' },
        400,
        'form_password_not_strong_enough',
        expect.stringContaining('segura'),
      ],
      [{ firstName: 'L', lastName: 'R', email: 'x@example.com', password: 'Password123!' }, 400, 'form_password_pwned', expect.stringContaining('filtradas')],
      [
        { firstName: 'L', lastName: 'R', email: 'ana@example.com', password: 'Entrena-Fuerte-24' },
        409,
        'form_identifier_exists',
        expect.stringContaining('ya está en uso'),
      ],
    ];
    for (const [body, status, reason, message] of cases) {
      const response = await http().post('/api/identity/sign-up').send(body).expect(status);
      expect(response.body).toMatchObject({ error: message, details: { reason } });
    }
    const unknown = await http().post('/api/identity/sign-in').send({ email: 'nadie@example.com', password: 'Entrena-Fuerte-24' }).expect(400);
    expect(unknown.body.details.reason).toBe('form_identifier_not_found');
    const wrong = await http().post('/api/identity/sign-in').send({ email: 'ana@example.com', password: 'Otra-Clave-99' }).expect(400);
    expect(wrong.body).toMatchObject({ error: 'La contraseña es incorrecta. Inténtalo de nuevo.', details: { reason: 'form_password_incorrect' } });
    await http()
      .post('/api/identity/sign-up')
      .send({ firstName: 'L', lastName: 'R', email: 'x@example.com', password: 'Entrena-Fuerte-24', admin: true })
      .expect(400);
  });

  it('signs in, refuses a second sign-in with session_exists, and signs out', async () => {
    const signIn = await http().post('/api/identity/sign-in').send({ email: 'ANA@example.com', password: 'Entrena-Fuerte-24' }).expect(200);
    expect(signIn.body.status).toBe('complete');
    const cookie = cookiePair(refreshCookieOf(signIn));

    const twice = await http()
      .post('/api/identity/sign-in')
      .set('Cookie', cookie)
      .send({ email: 'ana@example.com', password: 'Entrena-Fuerte-24' })
      .expect(409);
    expect(twice.body).toMatchObject({ error: 'Ya has iniciado sesión', details: { reason: 'session_exists' } });

    const signOut = await http().post('/api/identity/sign-out').set('Cookie', cookie).expect(204);
    expect(refreshCookieOf(signOut)).toMatch(/Expires=Thu, 01 Jan 1970/);
    await http().post('/api/identity/refresh').set('Cookie', cookie).expect(401);
  });

  it('sends a new code instead of a session while the email is unverified', async () => {
    await http()
      .post('/api/identity/sign-up')
      .send({ firstName: 'Luis', lastName: 'Rivas', email: 'luis@example.com', password: 'Entrena-Fuerte-24' })
      .expect(200);
    const first = await latestCode('luis@example.com');
    const signIn = await http().post('/api/identity/sign-in').send({ email: 'luis@example.com', password: 'Entrena-Fuerte-24' }).expect(200);
    expect(signIn.body).toEqual({ status: 'needs_verification', email: 'luis@example.com' });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const second = await latestCode('luis@example.com');
    // The previous code no longer works once a new one was sent (unless chance drew the same six digits).
    if (first !== second) await http().post('/api/identity/verify-email').send({ email: 'luis@example.com', code: first }).expect(400);
    await http().post('/api/identity/verify-email').send({ email: 'luis@example.com', code: second }).expect(200);
  });

  it('kills a code after five wrong guesses', async () => {
    await http()
      .post('/api/identity/sign-up')
      .send({ firstName: 'Eva', lastName: 'Ríos', email: 'eva@example.com', password: 'Entrena-Fuerte-24' })
      .expect(200);
    const code = await latestCode('eva@example.com');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await http().post('/api/identity/verify-email').send({ email: 'eva@example.com', code: wrong }).expect(400);
    }
    const dead = await http().post('/api/identity/verify-email').send({ email: 'eva@example.com', code }).expect(400);
    expect(dead.body.details.reason).toBe('verification_failed');
  });

  it('rotates the refresh token and revokes the whole family when an old one is reused', async () => {
    const verified = await signUpAndVerify('rota@example.com');
    const first = cookiePair(refreshCookieOf(verified));

    const rotated = await http().post('/api/identity/refresh').set('Cookie', first).expect(200);
    const second = cookiePair(refreshCookieOf(rotated));
    expect(second).not.toBe(first);
    await http().get('/api/identity/me').set('Authorization', `Bearer ${rotated.body.accessToken}`).expect(200);

    // Within the grace period a second presentation is a reload racing the rotation: it gets its own successor.
    const racing = await http().post('/api/identity/refresh').set('Cookie', first).expect(200);
    const sibling = cookiePair(refreshCookieOf(racing));
    expect(sibling).not.toBe(second);

    // Later, a thief replays the first token: the family dies, so every holder's current token stops working too.
    await db.query(`UPDATE identity_refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL`);
    const reuse = await http().post('/api/identity/refresh').set('Cookie', first).expect(401);
    expect(reuse.body.error).toBe('Tu sesión ha caducado. Inicia sesión de nuevo.');
    await http().post('/api/identity/refresh').set('Cookie', second).expect(401);
    await http().post('/api/identity/refresh').set('Cookie', sibling).expect(401);
  });

  it('grants staff from STAFF_EMAILS and from the staff grant', async () => {
    const boss = await signUpAndVerify('jefa@pulso.sv');
    expect(boss.body.user.role).toBe('staff');

    const coach = await signUpAndVerify('coach@pulso.sv');
    expect(coach.body.user.role).toBe('member');
    expect(await grantStaffRole(db, ' Coach@Pulso.sv ')).toBe(true);
    expect(await grantStaffRole(db, 'nadie@pulso.sv')).toBe(false);
    const refreshed = await http()
      .post('/api/identity/refresh')
      .set('Cookie', cookiePair(refreshCookieOf(coach)))
      .expect(200);
    expect(refreshed.body.user.role).toBe('staff');
    const me = await http().get('/api/identity/me').set('Authorization', `Bearer ${refreshed.body.accessToken}`).expect(200);
    expect(me.body.role).toBe('staff');
  });

  it('throttles password guessing per account with 429 and a Spanish error', async () => {
    await signUpAndVerify('objetivo@example.com');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await http()
        .post('/api/identity/sign-in')
        .send({ email: 'objetivo@example.com', password: `Adivina-${attempt}X` })
        .expect(400);
    }
    const blocked = await http().post('/api/identity/sign-in').send({ email: 'objetivo@example.com', password: 'Entrena-Fuerte-24' }).expect(429);
    expect(blocked.body.error).toMatch(/^Demasiados intentos\. Inténtalo de nuevo en \d+ minutos?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles password spraying per client address', async () => {
    const from = (ip: string) => http().post('/api/identity/sign-in').set('X-Forwarded-For', ip);
    // Earlier tests already spent some of 127.0.0.1's budget; a forwarded address (trusted from loopback) starts clean.
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      await from('203.0.113.7')
        .send({ email: `victima${attempt}@example.com`, password: 'Entrena-Fuerte-24' })
        .expect(400);
    }
    const blocked = await from('203.0.113.7').send({ email: 'otra@example.com', password: 'Entrena-Fuerte-24' }).expect(429);
    expect(blocked.body.error).toMatch(/^Demasiados intentos/);
    await from('203.0.113.8').send({ email: 'otra@example.com', password: 'Entrena-Fuerte-24' }).expect(400);
  });

  it('answers a refresh without cookie with 204, not an error', async () => {
    const response = await http().post('/api/identity/refresh').expect(204);
    expect(response.body).toEqual({});
  });

  it('publishes only public key material at the well-known JWKS URL', async () => {
    const response = await http().get('/api/identity/.well-known/jwks.json').expect(200);
    expect(response.body.keys.length).toBeGreaterThan(0);
    for (const key of response.body.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
      expect(Object.keys(key)).not.toEqual(expect.arrayContaining(['d']));
    }
  });
});

describe('identity endpoints with Clerk configured (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_PROVIDER: 'clerk',
      CLERK_ISSUER: 'https://pulso.clerk.accounts.dev',
      CLERK_PUBLISHABLE_KEY: 'pk_test_cHVsc28uY2xlcmsuYWNjb3VudHMuZGV2JA',
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('turns the local provider off and still guards the API', async () => {
    await request(t.app.getHttpServer())
      .post('/api/identity/sign-up')
      .send({ firstName: 'A', lastName: 'B', email: 'a@example.com', password: 'Entrena-Fuerte-24' })
      .expect(404);
    await request(t.app.getHttpServer()).get('/api/identity/me').expect(401);
    const config = await request(t.app.getHttpServer()).get('/api/config').expect(200);
    expect(config.body.auth).toEqual({ provider: 'clerk', clerkPublishableKey: 'pk_test_cHVsc28uY2xlcmsuYWNjb3VudHMuZGV2JA' });
  });
});
