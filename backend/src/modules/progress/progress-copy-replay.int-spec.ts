import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { seedEvents } from '../../../test/support/seed-events';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres/postgres-event-store';
import * as copyRowsModule from '../../infrastructure/projections/copy-rows';
import type { Projection } from '../../infrastructure/projections/projection';
import { ProjectionEngine } from '../../infrastructure/projections/projection-engine';
import { quietLog } from '../../infrastructure/projections/testing/projection-test-kit';
import { memberEnrollmentsProjection } from '../members/member-enrollments.projection';
import { memberProfileProjection } from '../members/member-profile.projection';
import { memberStreamName, type MemberEvent } from '../members/member.events';
import { memberProgressProjection } from './member-progress.projection';
import { progressRecordsProjection } from './progress-records.projection';
import { enrolledInPlan, heartRateSummary, memberHistory, memberNewEvent, seededRandom, withHeartRate, workoutCompleted } from './testing/member-history';

/**
 * A replay from empty writes the progress read models with COPY (ADR 0248): member_progress folds
 * in memory and flushes once caught up, progress_records streams each batch. These tests hold the
 * replayed tables to the ones built live, one event per transaction, with text that COPY's format
 * reads specially (tabs, newlines, backslashes, quotes, braces, unicode, empty strings and nulls),
 * a completion recorded twice, an erasure; and after the rebuilding process is killed between batches.
 */

let database: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let live: Record<string, unknown[]>;
let worker: ChildProcess | undefined;

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

const TRICKY = [
  'tab\there',
  'line\nbreak',
  'carriage\rreturn',
  'back\\slash \\N \\t',
  'quotes "double" and \'single\'',
  'comma, {braces} and (parens)',
  'Ñandú — «Box & Burn» ❤️‍🔥 蹦',
  'NULL',
  '',
  '  spaced  ',
  '\\',
];

async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of TABLES) tables[table] = (await pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  return tables;
}

function engineWith(projections: Projection[], batchSize: number, replayDocumentsMax?: number): ProjectionEngine {
  const engine = new ProjectionEngine(pool, store, { batchSize, superviseIntervalMs: 200, log: quietLog, replayDocumentsMax });
  for (const projection of projections) engine.register(projection);
  return engine;
}

/** Histories whose every text column carries something COPY must escape. */
function histories(): { userId: string; event: MemberEvent }[] {
  const catalogue = {
    trainingWorkoutIds: TRICKY.slice(0, 6),
    runningWorkoutIds: [TRICKY[6]!],
    plans: [
      { id: TRICKY[4]!, workoutIds: TRICKY.slice(0, 3) },
      { id: TRICKY[5]!, workoutIds: [TRICKY[1]!, TRICKY[7]!] },
    ],
  };
  const random = seededRandom(20261124);
  const queue = withHeartRate(
    Array.from({ length: 10 }, () => randomUUID()).flatMap((userId, index) =>
      memberHistory(random, 30 + index * 5, '2026-05-01', catalogue).map((event) => ({ userId, event })),
    ),
    seededRandom(20261125),
  );
  queue.sort((a, b) => a.event.data.occurredAt.localeCompare(b.event.data.occurredAt));
  const [first, second] = [queue[0]!.userId, queue[1]!.userId];
  const at = (day: string) => `${day}T16:00:00.000Z`;
  const timer = (name: string) => ({ kind: 'tabata', name, workSec: 20, restSec: 10, rounds: 8, sets: 1, setRestSec: 0 });
  const extra: { userId: string; event: MemberEvent }[] = [];
  TRICKY.forEach((text, index) => {
    const userId = index % 2 === 0 ? first : second;
    const day = `2026-08-${String(index + 1).padStart(2, '0')}`;
    // A timer session named with the text, a plan and an enrolment with it too.
    const timed = workoutCompleted(at(day), { workoutId: text, heartRate: index % 3 === 0 ? heartRateSummary(40 + index, index % 2 === 0) : undefined });
    (timed.data as Record<string, unknown>).intervalTimer = timer(text);
    extra.push({ userId, event: timed });
    extra.push({ userId, event: enrolledInPlan(at(day), `plan ${text}`, `enrolment ${index} ${text}`, [text]) });
    extra.push({ userId, event: workoutCompleted(at(day), { planId: `plan ${text}`, enrollmentId: `enrolment ${index} ${text}`, workoutId: text }) });
    // A profile edit with it: a goal, and a field that a later edit of the same member replaces.
    extra.push({
      userId,
      event: {
        type: 'ProfileUpdated',
        data: { changes: { goals: { before: [], after: [text, 'Ganar fuerza'] }, weight: { before: null, after: 60 + index } }, occurredAt: at(day) },
      },
    } as { userId: string; event: MemberEvent });
    // A class on the studio board named with it.
    const attended = workoutCompleted(at(day)).data as { occurredAt: string; localDate: string };
    extra.push({
      userId,
      event: {
        type: 'StudioClassAttended',
        data: {
          attendanceId: `attendance ${index} ${text}`,
          classSessionId: randomUUID(),
          className: text,
          slot: '06:00',
          durationSec: 2700,
          occurredAt: attended.occurredAt,
          localDate: attended.localDate,
          heartRate: heartRateSummary(60 + index),
        },
      },
    });
  });
  // The same completion recorded twice: the first one stays.
  const twice = workoutCompleted(at('2026-08-20'), { workoutId: 'twice\tfirst' });
  extra.push({ userId: first, event: twice });
  extra.push({ userId: first, event: { ...twice, data: { ...twice.data, workoutId: 'twice\tsecond' } } as MemberEvent });
  // An erasure writes over the timer names recorded until then; a later one keeps its name.
  extra.push({ userId: second, event: { type: 'MemberDataErased', data: { requestId: null, occurredAt: at('2026-08-25') } } });
  const after = workoutCompleted(at('2026-08-26'), { workoutId: 'after the erasure' });
  (after.data as Record<string, unknown>).intervalTimer = timer('después\tdel borrado');
  extra.push({ userId: second, event: after });
  extra.push({ userId: second, event: { type: 'ProfileUpdated', data: { changes: { height: { before: null, after: 170 } }, occurredAt: at('2026-08-26') } } });
  // Late: a day months before the member's latest run.
  extra.push({ userId: first, event: workoutCompleted(at('2026-05-02'), { planId: null, heartRate: heartRateSummary(900, true) }) });
  return [...queue, ...extra];
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new Pool({ connectionString: database.url, max: 12 });
  store = new PostgresEventStore(pool);
  const engine = engineWith(PROJECTIONS, 1);
  await engine.start();
  let position = '';
  for (const { userId, event } of histories()) position = await seedEvents(store, memberStreamName(userId), [memberNewEvent(userId, event)]);
  expect((await engine.waitFor(position, { projections: NAMES }, 60000)).reached).toBe(true);
  await engine.stop();
  live = await snapshot();
}, 120000);

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGKILL');
  await store.close();
  await pool.end();
  await database.drop();
});

/** Every COPY the engine sends while `work` runs: the logical table (the generation's suffix dropped) and the rows sent. */
async function copiesDuring(work: () => Promise<void>): Promise<Array<{ table: string; rows: number }>> {
  const copies: Array<{ table: string; rows: number }> = [];
  const original = copyRowsModule.copyRows;
  const spy = jest.spyOn(copyRowsModule, 'copyRows').mockImplementation(async (client, table, columns, rows) => {
    const sent = await original(client, table, columns, rows);
    copies.push({ table: table.replace(/__g\d+$/, ''), rows: sent });
    return sent;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return copies;
}

const timesEach = (copies: Array<{ table: string }>, tables: string[]) => tables.map((table) => copies.filter((copy) => copy.table === table).length);

describe('replaying the progress read models with COPY (PostgreSQL)', () => {
  it('built live, the tables hold the tricky text', () => {
    const records = live.progress_records as { workout_id: string; timer_name: string | null; class_name: string | null; plan_id: string | null }[];
    for (const text of TRICKY) {
      expect(records.some((row) => row.workout_id === text)).toBe(true);
      expect(records.some((row) => row.class_name === text)).toBe(true);
    }
    expect(records.some((row) => row.timer_name === 'después\tdel borrado')).toBe(true);
    expect(records.some((row) => row.timer_name === '[borrado]')).toBe(true);
    expect(records.filter((row) => row.workout_id.startsWith('twice'))).toEqual([expect.objectContaining({ workout_id: 'twice\tfirst' })]);
    const goals = (live.member_profiles as { profile: { goals?: string[] } }[]).flatMap((row) => row.profile.goals ?? []);
    // The last edit of each member wins: the first member's goals end with the last tricky text; the second was erased.
    expect(goals).toEqual(expect.arrayContaining([TRICKY.at(-1)]));
    const workouts = (live.member_enrollments as { workout_ids: string[] }[]).flatMap((row) => row.workout_ids);
    expect(workouts).toEqual(expect.arrayContaining(TRICKY));
    const plans = (live.member_progress_totals as { plan_ids: string[] }[]).flatMap((row) => row.plan_ids);
    expect(plans).toEqual(expect.arrayContaining(TRICKY.map((text) => `plan ${text}`)));
    expect(live.member_achievements!.length).toBeGreaterThan(10);
  });

  it.each([
    ['in batches of 7 events', 7],
    ['in one batch', 100_000],
  ])(
    'a rebuild %s gives the live rows back, written with COPY',
    async (_, batchSize) => {
      const engine = engineWith(PROJECTIONS, batchSize);
      await engine.start();
      try {
        const copies = await copiesDuring(async () => {
          for (const name of NAMES) {
            const [generation] = await engine.rebuild(name);
            expect(await engine.waitUntilActive(name, generation!, 60000)).toBe(true);
          }
        });
        expect(await snapshot()).toEqual(live);
        // The history's inserts go with COPY until the erasure's statement needs the table's key.
        expect(timesEach(copies, ['progress_records'])[0]).toBeGreaterThan(0);
        // The documents are written once, each table with one COPY, when the replay has caught up.
        const documentTables = TABLES.map(([table]) => table).filter((table) => table !== 'progress_records');
        expect(timesEach(copies, documentTables)).toEqual(documentTables.map(() => 1));
      } finally {
        await engine.stop();
      }
    },
    90000,
  );

  it('past its memory cap, member_progress writes what it holds mid-replay and the rest a batch at a time, to the same rows', async () => {
    const members = (live.member_progress_totals as unknown[]).length;
    const engine = engineWith([memberProgressProjection], 7, 4);
    await engine.start();
    try {
      const copies = await copiesDuring(async () => {
        const [generation] = await engine.rebuild(memberProgressProjection.name);
        expect(await engine.waitUntilActive(memberProgressProjection.name, generation!, 60000)).toBe(true);
      });
      expect(await snapshot()).toEqual(live);
      // One COPY per table, at the cap: the totals of the few members held then, not of all of them.
      expect(timesEach(copies, ['member_progress_totals', 'member_active_days'])).toEqual([1, 1]);
      expect(copies.find((copy) => copy.table === 'member_progress_totals')!.rows).toBeLessThan(members);
    } finally {
      await engine.stop();
    }
  }, 90000);

  it('after the rebuilding process is killed between batches, a restart resumes to the same rows', async () => {
    const testing = path.join(__dirname, '..', '..', 'infrastructure', 'projections', 'testing');
    worker = spawn(
      process.execPath,
      ['-r', path.join(testing, 'transpile-hook.js'), path.join(__dirname, 'testing', 'member-rebuild-worker.child.ts'), database.url],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const generations = await new Promise<Record<string, number>>((resolve, reject) => {
      let output = '';
      let errors = '';
      let found: Record<string, number> | undefined;
      worker!.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      worker!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        found ??= /generations (\{.*\})\n/.exec(output)?.[1] ? (JSON.parse(/generations (\{.*\})\n/.exec(output)![1]!) as Record<string, number>) : undefined;
        // Killed between batches, once both replays are well under way.
        const batches = (name: string) => output.split(`batch ${name}\n`).length - 1;
        if (found && batches('member_progress') >= 10 && batches('progress_records') >= 10) resolve(found);
      });
      worker!.once('exit', (code) => reject(new Error(`The rebuild worker exited with ${code}: ${errors}`)));
    });
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker!.once('exit', resolve));

    const state = await pool.query<{ name: string; status: string; position: string | null; processed: string }>(
      `SELECT name, status, position, processed::text FROM projection_generations WHERE (name, generation) IN (($1, $2), ($3, $4))`,
      [progressRecordsProjection.name, generations.progress_records, memberProgressProjection.name, generations.member_progress],
    );
    const byName = Object.fromEntries(state.rows.map((row) => [row.name, row]));
    // progress_records commits each batch it copied; member_progress holds its rows until it has caught up.
    expect(byName.progress_records).toMatchObject({ status: 'building' });
    expect(Number(byName.progress_records!.processed)).toBeGreaterThan(0);
    expect(byName.member_progress).toMatchObject({ status: 'building', position: null, processed: '0' });
    // Readers still see the live generation, whole.
    expect(await snapshot()).toEqual(live);

    const engine = engineWith(PROJECTIONS, 9);
    await engine.start();
    try {
      for (const [name, generation] of Object.entries(generations)) expect(await engine.waitUntilActive(name, generation, 60000)).toBe(true);
      expect(await snapshot()).toEqual(live);
    } finally {
      await engine.stop();
    }
  }, 120000);
});
