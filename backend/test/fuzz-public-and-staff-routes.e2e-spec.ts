import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EventStore } from '../src/infrastructure/event-store/event-store.port';
import { ProjectionEngine } from '../src/infrastructure/projections/projection-engine';
import { FUZZ_RUNS, FUZZ_SEED, fuzzAll, fuzzTargets, fuzzTokens, KnownValues } from './support/fuzz';
import { completeOnboarding } from './support/auth';
import { errorBodyProblems, internalsIn, isSpanishText } from './support/reliability';
import { createTestApp, TestApp } from './support/test-app';

/**
 * Issue 10, point 6, for the public routes (as an anonymous visitor, each case from its own
 * address so the rate limits do not hide the validation) and the staff console (as staff).
 */
describe(`fuzzing the public and staff routes (seed ${FUZZ_SEED}, ${FUZZ_RUNS} cases each) (e2e)`, () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof fuzzTokens>>;
  const known: KnownValues = {};

  beforeAll(async () => {
    // FUZZ_LOG_LEVEL=error shows the server's side of a failing case.
    t = await createTestApp(process.env.FUZZ_LOG_LEVEL ? { LOG_LEVEL: process.env.FUZZ_LOG_LEVEL } : {});
    // Without listen() Nest keeps its own log lines buffered; flush so they reach the logger.
    t.app.flushLogs();
    const memberId = randomUUID();
    tokens = await fuzzTokens(t, memberId);
    const http = () => request(t.app.getHttpServer());
    const plans = (await http().get('/api/plans').set('Authorization', tokens.member!).expect(200)).body.plans as { _id: string }[];
    await completeOnboarding(t, tokens.member!);
    await http().post('/api/enrollments').set('Authorization', tokens.member!).send({ planId: plans[0]._id }).expect(201);
    const [event] = await t.app.get(EventStore).readAll({ maxCount: 1 });
    known.userId = [memberId];
    known.member = [memberId];
    known.eventId = event ? [event.metadata.eventId] : [];
    known.name = t.app
      .get(ProjectionEngine)
      .registered()
      .map((projection) => projection.name);
    known.outcome = ['attended', 'no-show', 'converted'];
    known.email = ['ana.martinez@example.com', 'ana@example.com'];
    known.date = ['2026-11-24', '2026-11-26'];
    // The class routes: slots of the seeded timetable, on their days this week and the next; the member as the desk's booking target.
    const classes = ((await http().get('/api/timetable').expect(200)).body.weeks as { days: { classes: { slotId: string; date: string }[] }[] }[])
      .flatMap((week) => week.days.flatMap((day) => day.classes))
      .slice(0, 3);
    known.slotId = classes.map((entry) => entry.slotId);
    known.date.push(...classes.map((entry) => entry.date));
    known.memberId = [memberId];
    // The class report's range: well-formed weeks, so the fuzz reaches past the date check to the report itself.
    known.from = ['2026-11-02', '2026-06-08'];
    known.to = ['2026-11-29', '2026-12-06'];
  });

  afterAll(async () => {
    await t?.close();
  });

  it('tells Spanish from English framework texts without false alarms', () => {
    for (const spanish of [
      'Cada objetivo puede tener hasta 60 caracteres.',
      'planId es requerido.',
      'La solicitud es demasiado grande.',
      'Recurso no encontrado.',
      'Debes iniciar sesión para continuar.',
      'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
      "El campo 'admin' no está permitido.",
      'El id no es un identificador de inscripción válido.',
      'El encabezado Idempotency-Key debe ser un UUID.',
    ])
      expect({ spanish, ok: isSpanishText(spanish) }).toEqual({ spanish, ok: true });
    for (const english of [
      'Internal server error',
      'property admin should not exist',
      'Cannot GET /api/x',
      'Unauthorized',
      'request entity too large',
      'planId must be a string',
      '',
      undefined,
    ]) {
      expect({ english, ok: isSpanishText(english) }).toEqual({ english, ok: false });
    }
    expect(internalsIn('Error: boom\n    at Object.<anonymous> (/srv/app/dist/main.js:10:5)')).toBeDefined();
    expect(internalsIn('duplicate key value violates unique constraint "x"')).toBeDefined();
    expect(internalsIn('SELECT * FROM identity_accounts WHERE email = $1')).toBeDefined();
    expect(errorBodyProblems(400, { error: 'planId es requerido.', message: 'planId es requerido.' }, '{}')).toEqual([]);
  });

  it(
    'answers every generated request without 5xx, in Spanish, and leaves the data untouched when it refuses',
    async () => {
      const targets = fuzzTargets(t, (access) => access !== 'member');
      expect(targets.filter((target) => target.access === 'public').length).toBeGreaterThan(5);
      expect(targets.filter((target) => target.access === 'staff').length).toBeGreaterThan(5);
      expect(await fuzzAll(t, targets, tokens, known)).toEqual([]);
    },
    Math.max(600_000, FUZZ_RUNS * 10_000),
  );
});
