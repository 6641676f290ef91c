import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { FUZZ_RUNS, FUZZ_SEED, fuzzAll, fuzzTargets, fuzzTokens, KnownValues } from './support/fuzz';
import { completeOnboarding } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 10, point 6, for the member routes of docs/openapi.json: generated requests from each
 * operation's schema (FUZZ_RUNS per operation, seeded by FUZZ_SEED), sent as a signed-in member
 * who owns an enrolment, so valid ids and bodies are among the cases.
 */
describe(`fuzzing the member routes (seed ${FUZZ_SEED}, ${FUZZ_RUNS} cases each) (e2e)`, () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof fuzzTokens>>;
  const known: KnownValues = {};

  beforeAll(async () => {
    // FUZZ_LOG_LEVEL=error shows the server's side of a failing case.
    t = await createTestApp(process.env.FUZZ_LOG_LEVEL ? { LOG_LEVEL: process.env.FUZZ_LOG_LEVEL } : {});
    // Without listen() Nest keeps its own log lines buffered; flush so they reach the logger.
    t.app.flushLogs();
    tokens = await fuzzTokens(t, randomUUID());
    const http = () => request(t.app.getHttpServer());
    const plans = (await http().get('/api/plans').set('Authorization', tokens.member!).expect(200)).body.plans as {
      _id: string;
      workouts: { _id: string }[];
    }[];
    await completeOnboarding(t, tokens.member!);
    const enrollment = (await http().post('/api/enrollments').set('Authorization', tokens.member!).send({ planId: plans[0]._id }).expect(201)).body.enrollment
      ._id as string;
    const workouts = (await http().get('/api/workouts').set('Authorization', tokens.member!).expect(200)).body.workouts as { _id: string }[];
    const running = (await http().get('/api/running-workouts').set('Authorization', tokens.member!).expect(200)).body.workouts as { _id: string }[];
    known.id = [enrollment, workouts[0]._id, running[0]._id];
    known.planId = [plans[0]._id, plans[1]._id];
    known.workoutId = [plans[0].workouts[0]._id, workouts[0]._id, running[0]._id];
    known.enrollmentId = [enrollment];
    // The class routes: classes of the next days (the member has no membership: a booking is refused and stores nothing).
    const days = (await http().get('/api/classes').set('Authorization', tokens.member!).expect(200)).body.days as {
      classes: { slotId: string; date: string }[];
    }[];
    const classes = days.flatMap((day) => day.classes).slice(0, 3);
    known.slotId = classes.map((entry) => entry.slotId);
    known.date = classes.map((entry) => entry.date);
    known.from = known.date.slice(0, 1);
  });

  afterAll(async () => {
    await t?.close();
  });

  it(
    'answers every generated request without 5xx, in Spanish, and leaves the data untouched when it refuses',
    async () => {
      const targets = fuzzTargets(t, (access) => access === 'member');
      expect(targets.length).toBeGreaterThan(10);
      expect(await fuzzAll(t, targets, tokens, known)).toEqual([]);
    },
    Math.max(600_000, FUZZ_RUNS * 10_000),
  );
});
