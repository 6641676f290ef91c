import { authenticator } from 'otplib';
import { Client } from 'pg';
import request from 'supertest';
import { createTestApp, TestApp } from './support/test-app';

const COOKIE = 'pulso_refresh';
const PASSWORD = 'Consola-Segura-24';

/** The code an authenticator app shows `steps` time steps from now (the server accepts ± one step). */
const codeAt = (secret: string, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

describe('staff two-factor sign-in with TOTP (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAILS: 'recepcion@pulso.sv' });
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
    return /\b(\d{6})\b/.exec(rows[0]?.text_body ?? '')![1];
  }

  const cookieOf = (response: request.Response) =>
    ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${COOKIE}=`))!
      .split(';')[0];

  async function signUpStaff(email: string): Promise<request.Response> {
    await http().post('/api/identity/sign-up').send({ firstName: 'Rosa', lastName: 'Recepción', email, password: PASSWORD }).expect(200);
    return http()
      .post('/api/identity/verify-email')
      .send({ email, code: await latestCode(email) })
      .expect(200);
  }

  let secret = '';
  let recoveryCodes: string[] = [];

  it('keeps the console closed to a staff session without a second factor, and enrols with a QR code', async () => {
    const session = await signUpStaff('recepcion@pulso.sv');
    expect(session.body.user).toMatchObject({ role: 'staff', secondFactor: false });
    const bearer = `Bearer ${session.body.accessToken}`;

    const refused = await http().get('/api/staff/members').set('Authorization', bearer).expect(403);
    expect(refused.body.details).toEqual({ reason: 'second_factor_required' });
    const status = await http().get('/api/identity/second-factor').set('Authorization', bearer).expect(200);
    expect(status.body).toEqual({ required: true, enrolled: false, recoveryCodesLeft: 0 });

    const enrollment = await http().post('/api/identity/second-factor/enrollment').set('Authorization', bearer).expect(200);
    secret = enrollment.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+.*issuer=/);
    expect(Buffer.from(enrollment.body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    // The secret is stored encrypted, never as it is.
    const { rows } = await db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM identity_totp WHERE account_id = $1', [
      session.body.user.userId,
    ]);
    expect(rows[0].secret_ciphertext).not.toContain(secret);
    expect(rows[0].secret_ciphertext).toMatch(/^v1\./);

    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    const bad = await http().post('/api/identity/second-factor/enrollment/confirm').set('Authorization', bearer).send({ code: wrong }).expect(400);
    expect(bad.body.details).toEqual({ reason: 'form_code_incorrect', field: 'code' });

    const confirmed = await http()
      .post('/api/identity/second-factor/enrollment/confirm')
      .set('Authorization', bearer)
      .set('Cookie', cookieOf(session))
      .send({ code: codeAt(secret) })
      .expect(200);
    recoveryCodes = confirmed.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(confirmed.body.session.user.secondFactor).toBe(true);
    await http().get('/api/staff/members').set('Authorization', `Bearer ${confirmed.body.session.accessToken}`).expect(200);

    // The session that asked is replaced; the new one keeps its second factor through refreshes.
    await http().post('/api/identity/refresh').set('Cookie', cookieOf(session)).expect(401);
    const refreshed = await http().post('/api/identity/refresh').set('Cookie', cookieOf(confirmed)).expect(200);
    expect(refreshed.body.user.secondFactor).toBe(true);

    const codes = await db.query<{ code_hash: string }>('SELECT code_hash FROM identity_recovery_codes');
    expect(codes.rows.map((row) => row.code_hash).join()).not.toContain(recoveryCodes[0].replace('-', ''));

    // Enrolled once: a second enrolment is refused rather than silently replacing the secret.
    await http().post('/api/identity/second-factor/enrollment').set('Authorization', `Bearer ${refreshed.body.accessToken}`).expect(409);
  });

  it('asks for the code after the password, refuses a replayed code and accepts a recovery code once', async () => {
    const first = await http().post('/api/identity/sign-in').send({ email: 'recepcion@pulso.sv', password: PASSWORD }).expect(200);
    expect(first.body).toEqual({ status: 'needs_second_factor', email: 'recepcion@pulso.sv', challenge: expect.any(String) });
    expect(first.headers['set-cookie']).toBeUndefined();

    const code = codeAt(secret, 1);
    const session = await http().post('/api/identity/second-factor').send({ challenge: first.body.challenge, code }).expect(200);
    expect(session.body.user).toMatchObject({ role: 'staff', secondFactor: true });
    const claims = JSON.parse(Buffer.from(session.body.accessToken.split('.')[1], 'base64url').toString()) as { amr?: string[] };
    expect(claims.amr).toEqual(['pwd', 'otp']);
    await http().get('/api/staff/members').set('Authorization', `Bearer ${session.body.accessToken}`).expect(200);

    // The challenge is spent, and the same code on a new challenge is a replay.
    await http().post('/api/identity/second-factor').send({ challenge: first.body.challenge, code }).expect(400);
    const second = await http().post('/api/identity/sign-in').send({ email: 'recepcion@pulso.sv', password: PASSWORD }).expect(200);
    const replay = await http().post('/api/identity/second-factor').send({ challenge: second.body.challenge, code }).expect(400);
    expect(replay.body.details.reason).toBe('form_code_incorrect');

    await http().post('/api/identity/second-factor').send({ challenge: second.body.challenge, code: recoveryCodes[0].toUpperCase() }).expect(200);
    const third = await http().post('/api/identity/sign-in').send({ email: 'recepcion@pulso.sv', password: PASSWORD }).expect(200);
    await http().post('/api/identity/second-factor').send({ challenge: third.body.challenge, code: recoveryCodes[0] }).expect(400);
  });

  it('throttles wrong codes per account like passwords', async () => {
    // A success clears the account's count of failures, as a correct password does.
    const clean = await http().post('/api/identity/sign-in').send({ email: 'recepcion@pulso.sv', password: PASSWORD }).expect(200);
    await http().post('/api/identity/second-factor').send({ challenge: clean.body.challenge, code: recoveryCodes[1] }).expect(200);
    const start = await http().post('/api/identity/sign-in').send({ email: 'recepcion@pulso.sv', password: PASSWORD }).expect(200);
    const valid = new Set([codeAt(secret, -1), codeAt(secret), codeAt(secret, 1)]);
    const wrong = ['123456', '234567', '345678', '456789', '567890', '678901', '789012'].filter((c) => !valid.has(c));
    for (const code of wrong.slice(0, 5)) {
      await http().post('/api/identity/second-factor').send({ challenge: start.body.challenge, code }).expect(400);
    }
    const blocked = await http()
      .post('/api/identity/second-factor')
      .send({ challenge: start.body.challenge, code: codeAt(secret, 1) })
      .expect(429);
    expect(blocked.body.error).toMatch(/^Demasiados intentos/);
  });

  it('lets members sign in with their password alone', async () => {
    await http()
      .post('/api/identity/sign-up')
      .send({ firstName: 'Ana', lastName: 'Martínez', email: 'ana@example.com', password: 'Entrena-Fuerte-24' })
      .expect(200);
    await http()
      .post('/api/identity/verify-email')
      .send({ email: 'ana@example.com', code: await latestCode('ana@example.com') })
      .expect(200);
    const signIn = await http().post('/api/identity/sign-in').send({ email: 'ana@example.com', password: 'Entrena-Fuerte-24' }).expect(200);
    expect(signIn.body.status).toBe('complete');
    expect(signIn.body.session.user.secondFactor).toBe(false);
    const bearer = `Bearer ${signIn.body.session.accessToken}`;
    expect((await http().get('/api/identity/second-factor').set('Authorization', bearer).expect(200)).body.required).toBe(false);
    await http().post('/api/identity/second-factor/enrollment').set('Authorization', bearer).expect(403);
  });
});
