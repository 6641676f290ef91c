import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { memberStreamName } from '../src/modules/members/member.events';
import { bearerFor, onboardedBearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 10, points 2 and 4: retries and races arrive together, as they do from a phone on a
 * bad connection or two open tabs. Counts are read from the event log itself (the truth)
 * and from the read models the member sees.
 */

interface PlanSummary {
  _id: string;
  workouts: { _id: string }[];
}

type ProfileField = 'height' | 'weight' | 'goals' | 'fitnessLevel' | 'gender' | 'dateOfBirth';

describe('retries and concurrency (e2e)', () => {
  let t: TestApp;
  let plan: PlanSummary;
  let workoutId: string;

  const http = () => request(t.app.getHttpServer());
  const userIdOf = (auth: string) => JSON.parse(Buffer.from(auth.split('.')[1], 'base64url').toString()).sub as string;
  const events = async (auth: string) => t.app.get(EventStore).readStream(memberStreamName(userIdOf(auth)));
  const complete = (auth: string, body: object, key?: string) => {
    const call = http().post('/api/progress/complete').set('Authorization', auth);
    return (key ? call.set('Idempotency-Key', key) : call).send(body);
  };
  const LOST_RACE = 'Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.';
  /**
   * What the SPA's completion outbox does (ADR 0053): a write that lost the optimistic race too
   * often is refused with 409 "try again", and the client retries with the same key.
   */
  const completeAsTheClient = async (auth: string, body: object, key: string) => {
    let answer = await complete(auth, body, key);
    for (let retry = 0; retry < 5 && answer.status === 409 && answer.body.error === LOST_RACE; retry++) answer = await complete(auth, body, key);
    return answer;
  };
  /** Waits until every projection has applied everything written so far. */
  const caughtUp = async () => {
    const head = await t.app.get(EventStore).headPosition();
    if (head) expect((await t.app.get(ProjectionEngine).waitFor(head, {}, 10_000)).reached).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const auth = await bearerFor(t);
    const plans: PlanSummary[] = (await http().get('/api/plans').set('Authorization', auth).expect(200)).body.plans;
    plan = plans.find((candidate) => candidate.workouts.length >= 2 && candidate.workouts[0]._id !== candidate.workouts[1]._id)!;
    workoutId = (await http().get('/api/workouts').set('Authorization', auth).expect(200)).body.workouts[0]._id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts each completion once when it is sent 1 to 3 times at once with the same Idempotency-Key', async () => {
    const auth = await bearerFor(t);
    const completions = Array.from({ length: 12 }, (_unused, index) => ({ key: randomUUID(), copies: (index % 3) + 1, durationSec: 600 + index }));
    const sends = completions.flatMap((completion) =>
      Array.from({ length: completion.copies }, () =>
        completeAsTheClient(auth, { workoutId, planId: null, enrollmentId: null, durationSec: completion.durationSec }, completion.key),
      ),
    );
    expect(sends).toHaveLength(24);
    const answers = await Promise.all(sends);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    // One fresh answer per completion; every copy names the same progress record.
    expect(answers.filter((answer) => answer.body.duplicate === false)).toHaveLength(completions.length);
    expect(new Set(answers.map((answer) => answer.body.progress._id)).size).toBe(completions.length);

    const completed = (await events(auth)).filter((event) => event.type === 'WorkoutCompleted');
    expect(completed).toHaveLength(completions.length);
    expect(completed.map((event) => (event.data as { durationSec: number }).durationSec).sort()).toEqual(completions.map((c) => c.durationSec).sort());
    await caughtUp();
    const listed = await http().get('/api/progress').set('Authorization', auth).expect(200);
    expect(listed.body.progress).toHaveLength(completions.length);
  });

  it('counts every completion sent at once with different keys', async () => {
    const auth = await bearerFor(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => completeAsTheClient(auth, { workoutId, planId: null, enrollmentId: null }, randomUUID())),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.every((answer) => answer.body.duplicate === false)).toBe(true);
    expect((await events(auth)).filter((event) => event.type === 'WorkoutCompleted')).toHaveLength(10);
    await caughtUp();
    expect((await http().get('/api/progress').set('Authorization', auth).expect(200)).body.progress).toHaveLength(10);
  });

  it('leaves exactly one active enrolment after 50 concurrent enrolments of one member in one plan', async () => {
    const auth = await onboardedBearerFor(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => http().post('/api/enrollments').set('Authorization', auth).send({ planId: plan._id })));
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409).map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.error).toEqual(expect.any(String));

    expect((await events(auth)).filter((event) => event.type === 'EnrolledInPlan')).toHaveLength(1);
    await caughtUp();
    const listed = (await http().get('/api/enrollments').set('Authorization', auth).expect(200)).body.enrollments as {
      planId: { _id: string };
      status: string;
    }[];
    expect(listed.filter((enrollment) => enrollment.planId._id === plan._id && enrollment.status === 'active')).toHaveLength(1);
  });

  it('keeps every field after 20 concurrent profile updates: the final profile is the fold of the accepted events', async () => {
    const auth = await bearerFor(t);
    // Each update touches its own mix of fields, so a lost write shows as a missing or stale field.
    const updates: Partial<Record<ProfileField, unknown>>[] = Array.from({ length: 20 }, (_unused, index) => {
      const update: Partial<Record<ProfileField, unknown>> = {};
      if (index % 2 === 0) update.height = 150 + index;
      else update.weight = 50 + index;
      if (index % 5 === 0) update.goals = [`Meta ${index}`];
      if (index === 7) update.fitnessLevel = 'advanced';
      if (index === 13) update.gender = 'female';
      if (index === 19) update.dateOfBirth = '1990-03-04T12:00:00.000Z';
      return update;
    });
    const answers = await Promise.all(
      updates.map((profile) =>
        http().put('/api/platform-users/profile').set('Authorization', auth).set('Idempotency-Key', randomUUID()).send({ profile, completeOnboarding: false }),
      ),
    );
    // A write that loses the race too many times is refused with the Spanish "try again" 409,
    // never half-applied; everything else is accepted.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409).map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(refused.body.error).toBe('Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.');
    const accepted = new Set(answers.flatMap((answer, index) => (answer.status === 200 ? [index] : [])));
    expect(accepted.size).toBeGreaterThanOrEqual(updates.length / 2);

    const updated = (await events(auth)).filter((event) => event.type === 'ProfileUpdated');
    // Every accepted update changed something (all values differ), so each is exactly one event.
    expect(updated).toHaveLength(accepted.size);
    const folded: Record<string, unknown> = { dateOfBirth: null, gender: null, height: null, weight: null, fitnessLevel: null, goals: [] };
    for (const event of updated) {
      for (const [field, change] of Object.entries((event.data as { changes: Record<string, { after: unknown }> }).changes)) folded[field] = change.after;
    }
    // The single-shot fields survived whatever order the races took (the log keeps the calendar date).
    expect(folded.fitnessLevel).toBe(accepted.has(7) ? 'advanced' : null);
    expect(folded.gender).toBe(accepted.has(13) ? 'female' : null);
    expect(folded.dateOfBirth).toBe(accepted.has(19) ? '1990-03-04' : null);
    // Each accepted update is one whole event: all its fields, none lost to a concurrent writer.
    const changesOf = updated.map((event) => (event.data as { changes: Record<string, { after: unknown }> }).changes);
    for (const index of accepted) {
      const wanted = Object.fromEntries(
        Object.entries(updates[index]).map(([field, value]) => [field, field === 'dateOfBirth' ? String(value).slice(0, 10) : value]),
      );
      const matches = changesOf.filter((changes) =>
        Object.entries(wanted).every(([field, value]) => JSON.stringify(changes[field]?.after) === JSON.stringify(value)),
      );
      expect({ index, events: matches.length }).toEqual({ index, events: 1 });
    }

    await caughtUp();
    const profile = (await http().get('/api/platform-users/profile').set('Authorization', auth).expect(200)).body.user.profile;
    expect(profile).toEqual({ ...folded, dateOfBirth: folded.dateOfBirth ? `${String(folded.dateOfBirth)}T12:00:00.000Z` : null });
  });

  it('advances a plan once when the same plan workout is completed concurrently', async () => {
    const auth = await onboardedBearerFor(t);
    const enrollmentId = (await http().post('/api/enrollments').set('Authorization', auth).send({ planId: plan._id }).expect(201)).body.enrollment
      ._id as string;
    const body = { workoutId: plan.workouts[0]._id, planId: plan._id, enrollmentId };
    const answers = await Promise.all(Array.from({ length: 10 }, () => complete(auth, body, randomUUID())));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);

    const inPlan = (await events(auth)).filter(
      (event) => event.type === 'WorkoutCompleted' && (event.data as { enrollmentId?: string }).enrollmentId === enrollmentId,
    );
    expect(inPlan).toHaveLength(1);
    await caughtUp();
    const current = await http().get(`/api/enrollments/${enrollmentId}/current`).set('Authorization', auth).expect(200);
    expect(current.body.currentWorkout._id).toBe(plan.workouts[1]._id);
    expect(current.body.progress.current).toBe(2);
  });

  // A rebuild asked for while one of the same projection is still building joins it: it used to
  // drop the building tables inside the admin lock and deadlock with their runner (500).
  it('answers every rebuild request of a projection still rebuilding with 202, never 500', async () => {
    const staff = await bearerFor(t, { role: 'staff' });
    const member = await bearerFor(t);
    await Promise.all(Array.from({ length: 20 }, () => complete(member, { workoutId, planId: null, enrollmentId: null }, randomUUID())));
    const name = t.app.get(ProjectionEngine).registered()[0].name;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await http().post(`/api/staff/projections/${name}/rebuild`).set('Authorization', staff)).status);
    }
    expect(statuses.filter((status) => status !== 202)).toEqual([]);
  });
});
