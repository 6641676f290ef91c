import * as ical from 'node-ical';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../src/bootstrap';
import { TRAINING_CALENDAR_MESSAGES, instantOfLocal, reminderWindow } from '../src/modules/training-calendar/training-calendar.rules';
import { ReminderClock, WorkoutReminderScheduler } from '../src/modules/training-calendar/workout-reminder.scheduler';
import { addDays, localDateOf } from '../src/shared/studio-day';
import { bearerFor, onboardedBearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

type Plan = { _id: string; title: string; workouts: Array<{ _id: string; title: string }> };

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const schedule = (patch: Record<string, unknown> = {}) => ({ weekdays: EVERY_DAY, time: '18:00', reminderOffsetMin: 60, ...patch });

/** The path of a feed URL (`http://host/api/calendar/<token>.ics` → `/api/calendar/<token>.ics`). */
const pathOf = (url: string) => new URL(url).pathname;

describe('workout calendar: schedule, layout and iCal feed (e2e)', () => {
  let t: TestApp;
  let plans: Plan[];
  const http = () => request(t.app.getHttpServer());
  const today = () => localDateOf(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    const auth = await bearerFor(t);
    plans = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans;
  });

  afterAll(async () => {
    await t.close();
  });

  /** A member enrolled in the longest plan, with every day a training day at `time`. */
  async function memberOnPlan(time = '18:00') {
    const auth = await onboardedBearerFor(t);
    const plan = [...plans].sort((a, b) => b.workouts.length - a.workouts.length)[0]!;
    const enrolment = await http().post('/api/enrollments').set('Authorization', auth).send({ planId: plan._id }).expect(201);
    await http().put('/api/training/schedule').set('Authorization', auth).send(schedule({ time })).expect(200);
    return { auth, plan, enrollmentId: enrolment.body.enrollment._id as string };
  }

  it('requires a signed-in member for everything but the feed itself', async () => {
    await http().get('/api/training/calendar').query({ from: today(), to: today() }).expect(401);
    await http().put('/api/training/schedule').send(schedule()).expect(401);
    await http().get('/api/training/calendar/feed').expect(401);
    await http().post('/api/training/calendar/feed/revoke').expect(401);
  });

  it('answers a new member with no schedule, the 3 recommended days preselected and nothing planned', async () => {
    const auth = await bearerFor(t);
    const { body } = await http()
      .get('/api/training/calendar')
      .set('Authorization', auth)
      .query({ from: today(), to: addDays(today(), 6) })
      .expect(200);
    expect(body).toEqual({
      today: today(),
      schedule: null,
      recommended: { weekdays: [1, 3, 5], time: '18:00', reminderOffsetMin: 60 },
      plan: null,
      days: [],
    });
  });

  it('records the schedule on the member stream, reads it back at once and refuses a wrong one in Spanish', async () => {
    const auth = await bearerFor(t);
    const saved = await http()
      .put('/api/training/schedule')
      .set('Authorization', auth)
      .send(schedule({ weekdays: [5, 1, 3], time: '06:30' }))
      .expect(200);
    expect(saved.headers['x-read-your-writes']).toBe('ok');
    expect(saved.body).toEqual({ weekdays: [1, 3, 5], time: '06:30', reminderOffsetMin: 60 });
    const read = await http().get('/api/training/calendar').set('Authorization', auth).query({ from: today(), to: today() }).expect(200);
    expect(read.body.schedule).toEqual(saved.body);

    const noDays = await http()
      .put('/api/training/schedule')
      .set('Authorization', auth)
      .send(schedule({ weekdays: [] }))
      .expect(400);
    expect(noDays.body.message).toBe(TRAINING_CALENDAR_MESSAGES.weekdaysType);
    const badTime = await http()
      .put('/api/training/schedule')
      .set('Authorization', auth)
      .send(schedule({ time: '25:00' }))
      .expect(400);
    expect(badTime.body.message).toBe(TRAINING_CALENDAR_MESSAGES.timeType);
    const repeated = await http()
      .put('/api/training/schedule')
      .set('Authorization', auth)
      .send(schedule({ weekdays: [1, 1] }))
      .expect(400);
    expect(repeated.body.message).toBe(TRAINING_CALENDAR_MESSAGES.weekdaysType);
    const range = await http()
      .get('/api/training/calendar')
      .set('Authorization', auth)
      .query({ from: today(), to: addDays(today(), 200) })
      .expect(400);
    expect(range.body.message).toBe(TRAINING_CALENDAR_MESSAGES.rangeTooLong);
  });

  it('lays the active plan on the training days from today, and a completed day moves the next workout to the next training day', async () => {
    const { auth, plan, enrollmentId } = await memberOnPlan();
    const week = { from: today(), to: addDays(today(), 6) };
    const before = (await http().get('/api/training/calendar').set('Authorization', auth).query(week).expect(200)).body;
    expect(before.plan).toMatchObject({ planId: plan._id, title: plan.title, total: plan.workouts.length, nextPosition: 1 });
    const planned = before.days.slice(0, 3);
    expect(
      planned.map((day: { date: string; status: string; position: number; workouts: Array<{ _id: string }> }) => [
        day.date,
        day.status,
        day.position,
        day.workouts[0]!._id,
      ]),
    ).toEqual([
      [today(), 'planned', 1, plan.workouts[0]!._id],
      [addDays(today(), 1), 'planned', 2, plan.workouts[1]!._id],
      [addDays(today(), 2), 'planned', 3, plan.workouts[2]!._id],
    ]);

    await http()
      .post('/api/progress/complete')
      .set('Authorization', auth)
      .send({ workoutId: plan.workouts[0]!._id, planId: plan._id, enrollmentId })
      .expect(200);
    const after = (await http().get('/api/training/calendar').set('Authorization', auth).query(week).expect(200)).body;
    expect(after.days[0]).toMatchObject({ date: today(), status: 'done', workouts: [{ _id: plan.workouts[0]!._id }] });
    expect(after.days[1]).toMatchObject({ date: addDays(today(), 1), status: 'planned', position: 2, workouts: [{ _id: plan.workouts[1]!._id }] });
  });

  it('serves the feed at a secret URL as RFC 5545 text that an independent parser reads, in America/El_Salvador, with only that member', async () => {
    const a = await memberOnPlan('07:15');
    const b = await memberOnPlan('19:45');
    const feedA = (await http().get('/api/training/calendar/feed').set('Authorization', a.auth).expect(200)).body;
    expect(feedA.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feedA.webcalUrl).toBe(feedA.url.replace(/^https?:\/\//, 'webcal://'));
    // Asking again answers the same URL.
    expect((await http().get('/api/training/calendar/feed').set('Authorization', a.auth).expect(200)).body).toEqual(feedA);
    const feedB = (await http().get('/api/training/calendar/feed').set('Authorization', b.auth).expect(200)).body;
    expect(feedB.url).not.toBe(feedA.url);

    const answer = await http().get(pathOf(feedA.url)).expect(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.text).toContain('BEGIN:VTIMEZONE');
    expect(answer.text).toContain('TZID:America/El_Salvador');
    // RFC 5545: DTSTAMP is always UTC.
    const stamps = answer.text.split('\r\n').filter((line) => line.startsWith('DTSTAMP'));
    expect(stamps.length).toBeGreaterThan(0);
    for (const stamp of stamps) expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);

    const parsed = ical.sync.parseICS(answer.text);
    const events = Object.values(parsed).filter((component): component is ical.VEvent => component?.type === 'VEVENT');
    expect(events.length).toBeGreaterThanOrEqual(3);
    const first = events.find((event) => String(event.summary).includes(a.plan.workouts[0]!.title))!;
    // Every planned event of A starts at 07:15 in San Salvador (13:15 UTC), on the days the calendar shows.
    const calendar = (
      await http()
        .get('/api/training/calendar')
        .set('Authorization', a.auth)
        .query({ from: today(), to: addDays(today(), 6) })
        .expect(200)
    ).body;
    for (const day of calendar.days as Array<{ date: string; workouts: Array<{ title: string }> }>) {
      const event = events.find((candidate) => candidate.uid.startsWith(`${day.date}-`));
      expect(event).toBeDefined();
      expect(event!.summary).toBe(`Pulso: ${day.workouts[0]!.title}`);
      expect((event!.start as Date & { tz?: string }).tz).toBe('America/El_Salvador');
      expect(new Date(event!.start).toISOString()).toBe(instantOfLocal(day.date, '07:15').toISOString());
      expect(new Date(event!.end!).getTime()).toBeGreaterThan(new Date(event!.start).getTime());
    }
    expect(first).toBeDefined();

    // B's feed holds B's times only, with UIDs of its own.
    const parsedB = ical.sync.parseICS((await http().get(pathOf(feedB.url)).expect(200)).text);
    const eventsB = Object.values(parsedB).filter((component): component is ical.VEvent => component?.type === 'VEVENT');
    expect(eventsB.length).toBeGreaterThan(0);
    for (const event of eventsB) expect(new Date(event.start).toISOString().slice(11, 16)).toBe('01:45');
    const uidsA = new Set(events.map((event) => event.uid));
    expect(eventsB.some((event) => uidsA.has(event.uid))).toBe(false);
  });

  it('revokes the URL: the old one answers 404 in Spanish, the new one works; an unknown token is a 404 too', async () => {
    const { auth } = await memberOnPlan();
    const old = (await http().get('/api/training/calendar/feed').set('Authorization', auth).expect(200)).body;
    await http().get(pathOf(old.url)).expect(200);
    const renewed = (await http().post('/api/training/calendar/feed/revoke').set('Authorization', auth).expect(200)).body;
    expect(renewed.url).not.toBe(old.url);
    const gone = await http().get(pathOf(old.url)).expect(404);
    expect(gone.body.message).toBe(TRAINING_CALENDAR_MESSAGES.feedNotFound);
    await http().get(pathOf(renewed.url)).expect(200);
    expect((await http().get('/api/training/calendar/feed').set('Authorization', auth).expect(200)).body).toEqual(renewed);
    await http().get('/api/calendar/not-a-token.ics').expect(404);
    await http()
      .get(`/api/calendar/${'x'.repeat(43)}.ics`)
      .expect(404);
  });
});

describe('workout reminders: once per training day, across restarts and instances (e2e)', () => {
  let t: TestApp;
  let db: Client;
  const extraApps: Array<{ close(): Promise<void> }> = [];
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    t = await createTestApp();
    db = new Client({ connectionString: t.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    for (const app of extraApps) await app.close();
    await t.close();
  });

  const remindersTo = async (email: string) =>
    (
      await db.query<{ subject: string; text_body: string; html_body: string }>(
        "SELECT subject, text_body, html_body FROM mail_outbox WHERE kind = 'workout-reminder' AND recipient = $1",
        [email],
      )
    ).rows;

  /** Another instance of the app on the same database: a restart, or a second server. */
  async function anotherInstance() {
    const app = await createApp(t.config);
    await app.init();
    extraApps.push(app);
    return app;
  }

  function atTime(app: { get<T>(type: new (...args: never[]) => T): T }, now: Date) {
    jest.spyOn(app.get(ReminderClock), 'now').mockReturnValue(now);
    return app.get(WorkoutReminderScheduler);
  }

  async function memberWithReminders(email: string, patch: Record<string, unknown> = {}) {
    const auth = await onboardedBearerFor(t, { email });
    const plans: Plan[] = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans;
    await http().post('/api/enrollments').set('Authorization', auth).send({ planId: plans[0]!._id }).expect(201);
    await http()
      .put('/api/training/schedule')
      .set('Authorization', auth)
      .send(schedule({ time: '07:00', reminderOffsetMin: 60, ...patch }))
      .expect(200);
    return { auth, plan: plans[0]! };
  }

  it('sends nothing before the window, one email inside it, and nothing more on later ticks or after a restart', async () => {
    const email = 'recordatorio.uno@example.com';
    const { plan } = await memberWithReminders(email);
    // Tomorrow in San Salvador, under a fake clock: the window is 06:00–07:00 local.
    const day = addDays(localDateOf(new Date()), 1);
    const window = reminderWindow(day, { time: '07:00', reminderOffsetMin: 60 });

    await atTime(t.app, new Date(window.from.getTime() - 5 * 60_000)).tick();
    expect(await remindersTo(email)).toEqual([]);

    const inside = new Date(window.from.getTime() + 10 * 60_000);
    expect(await atTime(t.app, inside).tick()).toBeGreaterThanOrEqual(1);
    const sent = await remindersTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Hoy a las 07:00: ${plan.workouts[0]!.title}`);
    expect(sent[0]!.text_body.startsWith('¡Hola, Ana!')).toBe(true);
    // The email preferences' footer: the signed one-click opt-out and the profile.
    expect(sent[0]!.text_body).toMatch(/\/correo\/baja\?token=\S+/);
    expect(sent[0]!.html_body).toContain('/correo/baja?token=');
    expect(sent[0]!.text_body).toContain('/training/profile');

    await atTime(t.app, new Date(inside.getTime() + 60_000)).tick();
    expect(await remindersTo(email)).toHaveLength(1);

    // A restart: a new app on the same database, at the same fake time.
    const restarted = await anotherInstance();
    expect(await atTime(restarted, new Date(inside.getTime() + 2 * 60_000)).tick()).toBe(0);
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it('sends one reminder when two instances tick at the same moment', async () => {
    const email = 'recordatorio.dos@example.com';
    await memberWithReminders(email, { time: '09:30', reminderOffsetMin: 30 });
    const day = addDays(localDateOf(new Date()), 2);
    const inside = new Date(reminderWindow(day, { time: '09:30', reminderOffsetMin: 30 }).from.getTime() + 60_000);
    const [one, two] = [await anotherInstance(), await anotherInstance()];
    const counts = await Promise.all([atTime(one, inside).tick(), atTime(two, inside).tick()]);
    expect(await remindersTo(email)).toHaveLength(1);
    expect(counts.filter((count) => count > 0).length).toBeGreaterThanOrEqual(1);
  });

  it('sends nothing once the training has started, to a member who turned reminders off, or on a day already done', async () => {
    const late = 'recordatorio.tarde@example.com';
    await memberWithReminders(late);
    const day = addDays(localDateOf(new Date()), 3);
    await atTime(t.app, reminderWindow(day, { time: '07:00', reminderOffsetMin: 60 }).until).tick();
    expect(await remindersTo(late)).toEqual([]);

    // Opted out of 'workout-reminders' (the profile's Correos card or an email's link).
    const off = 'recordatorio.apagado@example.com';
    const { auth: offAuth } = await memberWithReminders(off);
    await http().put('/api/email-preferences/workout-reminders').set('Authorization', offAuth).send({ subscribed: false }).expect(200);
    await atTime(t.app, new Date(reminderWindow(day, { time: '07:00', reminderOffsetMin: 60 }).from.getTime() + 60_000)).tick();
    expect(await remindersTo(off)).toEqual([]);

    // Done today (real clock): today's reminder has nothing left to remind.
    const done = 'recordatorio.hecho@example.com';
    const { auth, plan } = await memberWithReminders(done, { time: '23:30', reminderOffsetMin: 15 });
    await http()
      .post('/api/progress/complete')
      .set('Authorization', auth)
      .send({ workoutId: plan.workouts[0]!._id, planId: null, enrollmentId: null })
      .expect(200);
    const today = localDateOf(new Date());
    await atTime(t.app, new Date(reminderWindow(today, { time: '23:30', reminderOffsetMin: 15 }).from.getTime() + 60_000)).tick();
    expect(await remindersTo(done)).toEqual([]);
  });
});
