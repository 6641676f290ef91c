import { EventBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import request from 'supertest';
import { PG_POOL } from '../src/infrastructure/database/database.module';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { HEART_RATE_NOTICE_VERSION } from '../src/modules/heart-rate/heart-rate.rules';
import { SendPerformanceSummaryHandler } from '../src/modules/heart-rate/send-performance-summary.handler';
import { MemberEventRecorded } from '../src/modules/members/member-streams';
import { memberStreamName, type MemberEvent } from '../src/modules/members/member.events';
import { localDateOf } from '../src/shared/studio-day';
import { bearerFor } from './support/auth';
import { waitForRebuild, watchHandler } from './support/eventually';
import { createTestApp, TestApp } from './support/test-app';

interface MailRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** The "Resumen de rendimiento" email after a completion with heart-rate readings (ADR 0143). */
describe('performance summary email (e2e)', () => {
  let t: TestApp;
  let workout: { _id: string; title: string };
  let mailer: ReturnType<typeof watchHandler>;
  const http = () => request(t.app.getHttpServer());
  const pool = () => t.app.get<Pool>(PG_POOL);
  // Ten minutes at 150 bpm, then a minute of recovery ending at 120 bpm (as heart-rate.e2e-spec).
  const samples = [...Array.from({ length: 600 }, () => 150), ...Array.from({ length: 59 }, () => 140), 120];
  const complete = (auth: string, body: object = { heartRate: { samples } }, key = randomUUID()) =>
    http()
      .post('/api/progress/complete')
      .set('Authorization', auth)
      .set('Idempotency-Key', key)
      .send({ workoutId: workout._id, planId: null, enrollmentId: null, durationSec: 600, ...body })
      .expect(200);

  const summaries = async (email: string) =>
    (
      await pool().query<MailRow>(
        `SELECT recipient, subject, text_body, html_body FROM mail_outbox WHERE kind = 'performance-summary' AND recipient = $1 ORDER BY created_at`,
        [email],
      )
    ).rows;
  /**
   * The email goes out after the answer, from the handler of the member writer's notice: once every
   * notice handed to it so far has been handled, any email (an extra one included) is in the outbox.
   */
  async function settled(email: string): Promise<MailRow[]> {
    await mailer.drained();
    return summaries(email);
  }

  /** A man of 40 (max 180 bpm) and 80 kg, with consent unless told otherwise. */
  async function member(consent = true): Promise<{ auth: string; email: string; userId: string }> {
    const userId = randomUUID();
    const email = `resumen-${userId.slice(0, 8)}@example.com`;
    const auth = await bearerFor(t, { userId, email, firstName: 'Lucía' });
    const year = Number(localDateOf(new Date()).slice(0, 4)) - 40;
    await http()
      .put('/api/platform-users/profile')
      .set('Authorization', auth)
      .send({ profile: { dateOfBirth: `${year}-01-01T12:00:00.000Z`, gender: 'male', weight: 80 } })
      .expect(200);
    if (consent)
      await http().put('/api/heart-rate/consent').set('Authorization', auth).send({ granted: true, noticeVersion: HEART_RATE_NOTICE_VERSION }).expect(200);
    return { auth, email, userId };
  }

  beforeAll(async () => {
    t = await createTestApp();
    mailer = watchHandler(t.app, SendPerformanceSummaryHandler);
    const auth = await bearerFor(t);
    workout = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0];
  });

  afterAll(async () => {
    mailer?.restore();
    await t.close();
  });

  it('sends one email with the figures of the completion modal, and a retry of the same request sends nothing more', async () => {
    const { auth, email } = await member();
    const key = randomUUID();
    const answer = await complete(auth, { heartRate: { samples } }, key);
    expect(answer.body.heartRate).toMatchObject({ points: 40, avgBpm: 150, maxBpm: 150, kcal: 152, recovery1MinBpm: 30, badge: false });
    await complete(auth, { heartRate: { samples } }, key);

    const rows = await settled(email);
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail.subject).toBe(`Tu resumen de rendimiento: ${workout.title}, 40 Puntos Pulso`);
    const { text_body: text, html_body: html } = mail;
    expect(text).toContain('¡Buen trabajo, Lucía!');
    expect(text).toContain(`«${workout.title}»`);
    expect(text).toContain('Duración: 10 min');
    expect(text).toContain('Puntos Pulso: 40');
    // 150 bpm is 83 % of 180: ten minutes in zone 4, nothing elsewhere.
    expect(text).toContain('- Suave: 0 min\n- Ligera: 0 min\n- Moderada: 0 min\n- Intensa: 10 min\n- Máxima: 0 min');
    expect(text).toContain('FC media: 150 lpm');
    expect(text).toContain('FC máxima: 150 lpm');
    expect(text).toContain('Calorías: 152 kcal');
    expect(text).toContain('Recuperación (1 min): 30 lpm');
    expect(text).not.toContain('insignia');
    expect(text).toMatch(/Para dejar de recibir el resumen de rendimiento después de cada entrenamiento, abre: http\S+\/correo\/baja\?token=\S+/);
    expect(html).toContain('Puntos Pulso');
    expect(html).toContain('Intensa');
    expect(html).toContain('/correo/baja?token=');
  });

  it('sends one per session', async () => {
    const { auth, email } = await member();
    await complete(auth);
    await complete(auth);
    expect(await settled(email)).toHaveLength(2);
  });

  it('sends nothing without a summary: no consent, or no readings', async () => {
    const withoutConsent = await member(false);
    await complete(withoutConsent.auth);
    const withoutReadings = await member();
    await complete(withoutReadings.auth, {});
    expect(await settled(withoutConsent.email)).toEqual([]);
    expect(await summaries(withoutReadings.email)).toEqual([]);
  });

  it("stops after the email's own opt-out link is used without signing in", async () => {
    const { auth, email } = await member();
    await complete(auth);
    const [first] = await settled(email);
    const token = decodeURIComponent(/\/correo\/baja\?token=(\S+)/.exec(first.text_body)![1]);
    const done = await http().post('/api/email-preferences/opt-out').send({ token }).expect(200);
    expect(done.body.message).toBe('Listo: ya no recibirás el resumen de rendimiento después de cada entrenamiento.');
    await complete(auth);
    expect(await settled(email)).toHaveLength(1);
  });

  it('sends nothing to a member who opted out in the profile', async () => {
    const { auth, email } = await member();
    await http().put('/api/email-preferences/performance-summary').set('Authorization', auth).send({ subscribed: false }).expect(200);
    await complete(auth);
    expect(await settled(email)).toEqual([]);
  });

  it('never sends twice for a session, even when the notice comes again (a restart, another instance)', async () => {
    const { auth, email, userId } = await member();
    await complete(auth);
    expect(await settled(email)).toHaveLength(1);
    const [completed] = (await t.app.get(EventStore).readStream(memberStreamName(userId))).filter((event) => event.type === 'WorkoutCompleted');
    const event = { type: 'WorkoutCompleted', data: completed!.data } as MemberEvent;
    t.app.get(EventBus).publish(new MemberEventRecorded(userId, event));
    expect(await settled(email)).toHaveLength(1);
  });

  it('sends nothing when every projection is rebuilt from the log', async () => {
    const { auth, email } = await member();
    await complete(auth);
    expect(await settled(email)).toHaveLength(1);
    const total = async () => Number((await pool().query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'performance-summary'`)).rows[0].n);
    const before = await total();

    const staff = await bearerFor(t, { role: 'staff' });
    const handledBefore = mailer.handled();
    const started = await http().post('/api/staff/projections/rebuild-all').set('Authorization', staff).expect(202);
    await waitForRebuild(t.app, staff, started.body);
    // A replay hands the mailer no notice at all, and any it had was handled before the count.
    expect(mailer.handled()).toBe(handledBefore);
    await mailer.drained();
    expect(await total()).toBe(before);
    expect(await summaries(email)).toHaveLength(1);
  });
});
