import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { seedEvents } from '../../../test/support/seed-events';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres/postgres-event-store';
import type { Projection } from '../../infrastructure/projections/projection';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { quietLog, until } from '../../infrastructure/projections/testing/projection-test-kit';
import { memberEnrollmentsProjection } from '../members/member-enrollments.projection';
import { memberProfileProjection } from '../members/member-profile.projection';
import { memberStreamName, type MemberEvent } from '../members/member.events';
import { memberProgressProjection } from './member-progress.projection';
import { progressRecordsProjection } from './progress-records.projection';
import { heartRateSummary, memberHistory, memberNewEvent, seededRandom, withHeartRate, workoutCompleted } from './testing/member-history';

/**
 * Replays (rebuilds and first fills) keep each member's fold state in memory between
 * batches and read nothing back for members they have not met (ADR 0059). These tests
 * hold the replayed tables to the ones built live, one event at a time: with state
 * carried across many small batches, in one big batch, after a batch that fails once
 * inside the handler, and after a replay stopped halfway and resumed by a new engine.
 */

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let live: Record<string, unknown[]>;

const PROJECTIONS = [progressRecordsProjection, memberProgressProjection, memberEnrollmentsProjection, memberProfileProjection];
const NAMES = PROJECTIONS.map((projection) => projection.name);

const TABLES: [string, string][] = [
  ['progress_records', 'user_id, completion_id'],
  ['member_active_days', 'user_id, local_date'],
  ['member_streak_runs', 'user_id, start_date'],
  ['member_period_counts', 'user_id, period'],
  ['member_progress_totals', 'user_id'],
  ['member_achievements', 'user_id, code'],
  ['member_plan_enrollments', 'enrollment_id'],
  ['member_enrollments', 'enrollment_id'],
  ['member_profiles', 'user_id'],
];

async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of TABLES) tables[table] = (await pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  return tables;
}

function engineWith(projections: Projection[], options: { batchSize: number; replayDocumentsMax?: number }): ProjectionEngine {
  const engine = new ProjectionEngine(pool, store, { ...options, superviseIntervalMs: 200, log: quietLog });
  for (const projection of projections) engine.register(projection);
  return engine;
}

async function rebuildAll(engine: ProjectionEngine): Promise<void> {
  for (const name of NAMES) {
    const [generation] = await engine.rebuild(name);
    expect(await engine.waitUntilActive(name, generation!, 60000)).toBe(true);
  }
}

/** A history with what a replay must not take for granted: days that arrive late, profile edits, several plans. */
function histories(): { userId: string; event: MemberEvent }[] {
  const catalogue = {
    trainingWorkoutIds: ['wk-a', 'wk-b', 'wk-c'],
    runningWorkoutIds: ['run-a'],
    plans: [
      { id: 'plan-a', workoutIds: ['wk-a', 'wk-b', 'wk-c'] },
      { id: 'plan-b', workoutIds: ['wk-c', 'wk-b', 'wk-a', 'wk-b'] },
    ],
  };
  const random = seededRandom(20261123);
  // About half the workouts carry a heart-rate summary (ADR 0145), from a generator of their own.
  const queue = withHeartRate(
    Array.from({ length: 16 }, () => randomUUID()).flatMap((userId, index) =>
      memberHistory(random, 40 + index * 6, '2026-03-01', catalogue).map((event) => ({ userId, event })),
    ),
    seededRandom(20261124),
  );
  queue.sort((a, b) => a.event.data.occurredAt.localeCompare(b.event.data.occurredAt));
  const [first, second] = [queue[0]!.userId, queue[1]!.userId];
  const lastAt = queue.at(-1)!.event.data.occurredAt;
  // Appended after everything else, though they happened months before.
  const late = (userId: string, at: string, points?: number): { userId: string; event: MemberEvent } => ({
    userId,
    event: workoutCompleted(at, points === undefined ? {} : { heartRate: heartRateSummary(points, true) }),
  });
  return [
    ...queue,
    // Completions recorded late (an offline device): days before the member's latest run, in earlier weeks and months.
    late(first, '2026-03-02T14:00:00.000Z'),
    // … one of them with a sensor: 1,300 Puntos Pulso in an old month.
    late(first, '2026-03-31T14:00:00.000Z', 1300),
    late(second, '2026-04-15T14:00:00.000Z'),
    // A second and third profile edit: the later value of a field wins, the others stay.
    { userId: first, event: { type: 'ProfileUpdated', data: { changes: { weight: { before: null, after: 123 } }, occurredAt: lastAt } } },
    {
      userId: first,
      event: { type: 'ProfileUpdated', data: { changes: { weight: { before: 123, after: 121 }, height: { before: null, after: 199 } }, occurredAt: lastAt } },
    },
  ];
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 12 });
  store = new PostgresEventStore(pool);
  // Built live: one event appended at a time, each applied on its own.
  const engine = engineWith(PROJECTIONS, { batchSize: 5 });
  await engine.start();
  let position = '';
  for (const { userId, event } of histories()) {
    position = await seedEvents(store, memberStreamName(userId), [memberNewEvent(userId, event)]);
  }
  expect((await engine.waitFor(position, { projections: NAMES }, 60000)).reached).toBe(true);
  await engine.stop();
  live = await snapshot();
}, 120000);

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

describe('replaying the members’ projections with their state in memory (PostgreSQL)', () => {
  it('built live, the tables hold what the history implies', () => {
    expect(live.member_achievements!.length).toBeGreaterThan(20);
    expect(live.member_streak_runs!.length).toBeGreaterThan(16);
    // Puntos Pulso and the heart-rate achievements are part of what a replay must give back.
    const codes = (live.member_achievements as { code: string }[]).map((row) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['hr-badge-1', 'hr-sessions-10', 'hr-points-month']));
    expect((live.member_period_counts as { period: string; workouts: number }[]).some((row) => row.period.startsWith('P') && row.workouts > 0)).toBe(true);
    expect((live.progress_records as { heart_rate: unknown }[]).filter((row) => row.heart_rate !== null).length).toBeGreaterThan(100);
    const profile = (live.member_profiles as { profile: Record<string, unknown> }[]).find((row) => row.profile.weight === 121);
    expect(profile?.profile).toMatchObject({ weight: 121, height: 199 });
  });

  it.each([
    ['with the state carried across batches of 7 events', 7],
    ['in one batch', 100_000],
  ])(
    'gives the live tables back %s',
    async (_, batchSize) => {
      const engine = engineWith(PROJECTIONS, { batchSize });
      await engine.start();
      try {
        await rebuildAll(engine);
        expect(await snapshot()).toEqual(live);
      } finally {
        await engine.stop();
      }
    },
    90000,
  );

  it('drops the memory of a batch that failed after folding it, and the retry counts each event once', async () => {
    // Fails twice after changing a document: first while the replay folds in memory (it starts over,
    // writing a batch at a time), then in one of those batches (its documents are read back).
    let evolved = 0;
    let failures = 0;
    const flaky: typeof memberProgressProjection = {
      ...memberProgressProjection,
      evolve(member, event) {
        const next = memberProgressProjection.evolve(member, event);
        if (++evolved === 300 && failures < 2) {
          failures += 1;
          evolved = 0;
          throw new Error('fallo simulado tras aplicar el evento');
        }
        return next;
      },
    };
    const engine = engineWith([progressRecordsProjection, flaky, memberEnrollmentsProjection, memberProfileProjection], { batchSize: 11 });
    await engine.start();
    try {
      await rebuildAll(engine);
      expect(failures).toBe(2);
      expect(await snapshot()).toEqual(live);
    } finally {
      await engine.stop();
    }
  }, 90000);

  it('leaves the live generation serving when a replay stops halfway, and a new engine resumes it to the same tables', async () => {
    let replayed = 0;
    const stuck: typeof memberProgressProjection = {
      ...memberProgressProjection,
      evolve(member, event) {
        // Halfway through, every event fails: the replay stays unfinished until the engine stops.
        if (++replayed > 600) throw new Error('el proceso se detuvo');
        return memberProgressProjection.evolve(member, event);
      },
    };
    // A memory of four members: the replay writes them at once and goes on a batch at a time, committing as it goes.
    const first = engineWith([stuck], { batchSize: 13, replayDocumentsMax: 4 });
    await first.start();
    const [generation] = await first.rebuild(memberProgressProjection.name);
    await until(async () => {
      const row = await pool.query<{ status: string; processed: string; last_error: unknown }>(
        'SELECT status, processed, last_error FROM projection_generations WHERE name = $1 AND generation = $2',
        [memberProgressProjection.name, generation],
      );
      return row.rows[0]!.status === 'building' && row.rows[0]!.last_error !== null;
    }, 30000);
    await first.stop();
    // Readers still see the live generation, whole.
    expect(await snapshot()).toEqual(live);

    const second = engineWith(PROJECTIONS, { batchSize: 13 });
    await second.start();
    try {
      expect(await second.waitUntilActive(memberProgressProjection.name, generation!, 60000)).toBe(true);
      expect(await snapshot()).toEqual(live);
    } finally {
      await second.stop();
    }
  }, 120000);
});
