import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

const wizardProfile = {
  dateOfBirth: '1994-05-17T12:00:00.000Z',
  gender: 'female',
  height: 165,
  weight: 61,
  fitnessLevel: 'intermediate',
  goals: ['Perder peso', 'Mejorar resistencia'],
};

describe('platform users: profile and onboarding (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('requires a signed-in member', async () => {
    await request(t.app.getHttpServer()).get('/api/platform-users/profile').expect(401);
    await request(t.app.getHttpServer()).put('/api/platform-users/profile').send({ profile: {} }).expect(401);
  });

  it('starts with an empty profile named from the identity token', async () => {
    const auth = await bearerFor(t, { firstName: 'Lucía', lastName: 'Martínez', email: 'lucia@example.com' });
    const response = await request(t.app.getHttpServer()).get('/api/platform-users/profile').set('Authorization', auth).expect(200);
    expect(response.body).toEqual({
      user: {
        firstName: 'Lucía',
        lastName: 'Martínez',
        email: 'lucia@example.com',
        onboardingCompleted: false,
        profile: { dateOfBirth: null, gender: null, height: null, weight: null, fitnessLevel: null, goals: [] },
      },
    });
    await request(t.app.getHttpServer()).get('/api/platform-users/onboarding-status').set('Authorization', auth).expect(200, { onboardingCompleted: false });
  });

  it('refuses an onboarding under 13 with the spec message and changes nothing', async () => {
    const auth = await bearerFor(t);
    const tooYoung = { ...wizardProfile, dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01T12:00:00.000Z` };
    const refused = await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: tooYoung, completeOnboarding: true })
      .expect(400);
    expect(refused.body.error).toBe('Debes tener al menos 13 años para usar esta plataforma');
    const after = await request(t.app.getHttpServer()).get('/api/platform-users/profile').set('Authorization', auth).expect(200);
    expect(after.body.user.profile.dateOfBirth).toBeNull();
    expect(after.body.user.onboardingCompleted).toBe(false);
  });

  it('completes onboarding and reads its own write at once', async () => {
    const auth = await bearerFor(t);
    const saved = await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: wizardProfile, completeOnboarding: true })
      .expect(200);
    expect(saved.headers['x-read-your-writes']).toBe('ok');
    expect(saved.body.user).toMatchObject({ onboardingCompleted: true, profile: wizardProfile });
    await request(t.app.getHttpServer()).get('/api/platform-users/onboarding-status').set('Authorization', auth).expect(200, { onboardingCompleted: true });
    const read = await request(t.app.getHttpServer()).get('/api/platform-users/profile').set('Authorization', auth).expect(200);
    expect(read.body.user.profile).toEqual(wizardProfile);
  });

  it('lets the profile page change one field and keeps the rest', async () => {
    const auth = await bearerFor(t);
    await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: wizardProfile, completeOnboarding: true })
      .expect(200);
    const edited = await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { ...wizardProfile, weight: 59, dateOfBirth: null }, completeOnboarding: false })
      .expect(200);
    expect(edited.body.user.profile).toEqual({ ...wizardProfile, weight: 59, dateOfBirth: null });
    expect(edited.body.user.onboardingCompleted).toBe(true);
    const read = await request(t.app.getHttpServer()).get('/api/platform-users/profile').set('Authorization', auth).expect(200);
    expect(read.body.user.profile).toEqual({ ...wizardProfile, weight: 59, dateOfBirth: null });
  });

  it('never shows one member another member’s profile', async () => {
    const ana = await bearerFor(t);
    const luis = await bearerFor(t);
    await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', ana)
      .send({ profile: wizardProfile, completeOnboarding: true })
      .expect(200);
    const other = await request(t.app.getHttpServer()).get('/api/platform-users/profile').set('Authorization', luis).expect(200);
    expect(other.body.user.profile.height).toBeNull();
    expect(other.body.user.onboardingCompleted).toBe(false);
  });

  it('rejects bad input in Spanish, naming the field, and applies a retried request once', async () => {
    const auth = await bearerFor(t);
    const bad = await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { ...wizardProfile, height: 'alto' }, completeOnboarding: false, admin: true })
      .expect(400);
    expect(bad.body.details.fields).toEqual([
      { field: 'admin', message: "El campo 'admin' no está permitido." },
      { field: 'profile.height', message: 'La estatura debe ser un número (cm).' },
    ]);
    // A number sent as text is a wrong type, not a height out of range.
    const asText = await request(t.app.getHttpServer())
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { height: '170' } })
      .expect(400);
    expect(asText.body.error).toBe('La estatura debe ser un número (cm).');
    const key = randomUUID();
    const send = () =>
      request(t.app.getHttpServer())
        .put('/api/platform-users/profile')
        .set('Authorization', auth)
        .set('Idempotency-Key', key)
        .send({ profile: { ...wizardProfile, height: 170 }, completeOnboarding: false });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.user.profile.height).toBe(170);
  });

  it('answers a malformed Idempotency-Key with a 400 and the same key for other changes with a 422', async () => {
    const auth = await bearerFor(t);
    const save = (key: string, height: number) =>
      request(t.app.getHttpServer())
        .put('/api/platform-users/profile')
        .set('Authorization', auth)
        .set('Idempotency-Key', key)
        .send({ profile: { height }, completeOnboarding: false });
    const malformed = await save('clave', 170).expect(400);
    expect(malformed.body).toMatchObject({ code: 'invalid', error: 'El encabezado Idempotency-Key debe ser un UUID.' });
    const key = randomUUID();
    await save(key, 171).expect(200);
    const reused = await save(key, 190).expect(422);
    expect(reused.body.error).toMatch(/^Esta clave Idempotency-Key ya se usó para otra solicitud/);
    const read = await request(t.app.getHttpServer()).get('/api/platform-users/profile').set('Authorization', auth).expect(200);
    expect(read.body.user.profile.height).toBe(171);
  });
});
