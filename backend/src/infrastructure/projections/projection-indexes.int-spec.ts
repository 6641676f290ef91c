import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/test-database';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { physicalTable, type Projection, type SqlProjection } from './projection';
import { createTableSql, deferredIndexes, tableDdl } from './table-shapes';
import { INLINE_SWITCH_MAX_BEHIND } from './inline-projections';
import { ProjectionEngine } from './projection-engine';
import { quietLog, SampleLog, totalsFromLog, totalsFromReadModel, until } from './testing/projection-test-kit';
import { SAMPLE_EVENT_TYPES, sampleMemberActivityProjection } from './testing/sample-member-activity.projection';
import { memberEnrollmentsProjection } from '../../modules/members/member-enrollments.projection';
import { memberProfileProjection } from '../../modules/members/member-profile.projection';
import { memberProgressProjection } from '../../modules/progress/member-progress.projection';
import { progressRecordsProjection } from '../../modules/progress/progress-records.projection';
import { staffActivityProjection } from '../../modules/staff/staff-activity.projection';

/**
 * ADR 0097: a replaying generation is created without its plain secondary indexes,
 * which are built once it has caught up (before a rebuild is swapped in). These tests
 * compare the indexes PostgreSQL reports with those of a generation built all at once.
 */

const NAME = 'sample_member_activity';
const TOTALS = 'sample_member_totals';
const DAYS = 'sample_member_days';

/** The sample projection with every kind of index: plain, partial, covering, and unique constraints. */
function indexedProjection(options: { delayMs?: number } = {}): SqlProjection {
  const base = sampleMemberActivityProjection(options);
  return {
    ...base,
    tables: {
      [TOTALS]: {
        ...base.tables[TOTALS]!,
        unique: [
          ['member_id', 'workouts'],
          ['member_id', 'minutes'],
        ],
        indexes: { by_workouts: '(workouts DESC, member_id)', recent: '(last_workout_at) WHERE last_workout_at IS NOT NULL' },
      },
      [DAYS]: { ...base.tables[DAYS]!, indexes: { by_day: '(day) INCLUDE (workouts)' } },
    },
  };
}

const DEFERRED = ['sample_member_totals__gN_by_workouts', 'sample_member_totals__gN_recent', 'sample_member_days__gN_by_day'];

/** name → definition of every index on a generation's tables, the generation number replaced by N. */
async function indexesOf(pool: Pool, generation: number): Promise<Record<string, string>> {
  const result = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY ($1) ORDER BY indexname`,
    [[physicalTable(TOTALS, generation), physicalTable(DAYS, generation)]],
  );
  const suffix = new RegExp(`__g${generation}(?![0-9])`, 'g');
  return Object.fromEntries(result.rows.map((row) => [row.indexname.replace(suffix, '__gN'), row.indexdef.replace(suffix, '__gN')]));
}

async function generationRow(pool: Pool, generation: number): Promise<{ status: string; processed: number } | undefined> {
  const result = await pool.query<{ status: string; processed: string }>(
    `SELECT status, processed FROM projection_generations WHERE name = $1 AND generation = $2`,
    [NAME, generation],
  );
  const row = result.rows[0];
  return row && { status: row.status, processed: Number(row.processed) };
}

describe('deferred indexes (ADR 0097)', () => {
  it('creates a table with its columns and unique constraints, and leaves its key and plain indexes for the end of a replay', () => {
    const shape = {
      columns: 'a text, b timestamptz?, c bigint GENERATED ALWAYS AS IDENTITY',
      key: ['a', 'c'],
      unique: [['b']],
      indexes: { by_b: '(b) WHERE b IS NOT NULL' },
    };
    expect(createTableSql('t', shape)).toBe(
      'CREATE TABLE t (a text NOT NULL, b timestamptz, c bigint GENERATED ALWAYS AS IDENTITY NOT NULL, CONSTRAINT t_b_key UNIQUE (b))',
    );
    expect(deferredIndexes('t', shape)).toEqual([
      { name: 't_pkey', statement: 'ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY (a, c)', primaryKey: { table: 't', name: 't_pkey', columns: ['a', 'c'] } },
      { name: 't_by_b', statement: 'CREATE INDEX t_by_b ON t (b) WHERE b IS NOT NULL' },
    ]);
    expect(tableDdl('t', shape)).toEqual([createTableSql('t', shape), ...deferredIndexes('t', shape).map((index) => index.statement)]);
  });

  describe('on one database', () => {
    let database: TestDatabase;
    let pool: Pool;
    let store: PostgresEventStore;
    let log: SampleLog;
    /** The indexes of generation 1, created all at once on an empty log. */
    let reference: Record<string, string>;

    beforeAll(async () => {
      database = await createTestDatabase();
      pool = new Pool({ connectionString: database.url, max: 30 });
      store = new PostgresEventStore(pool);
      log = new SampleLog(store, 17);
    });

    afterAll(async () => {
      await store.close();
      await pool.end();
      await database.drop();
    });

    it('a generation created on an empty log has every index at once', async () => {
      const engine = new ProjectionEngine(pool, store, { batchSize: 200, superviseIntervalMs: 200, log: quietLog });
      engine.register(indexedProjection());
      await engine.start();
      await engine.stop();
      reference = await indexesOf(pool, 1);
      expect(Object.keys(reference)).toEqual(
        expect.arrayContaining([
          ...DEFERRED,
          'sample_member_totals__gN_pkey',
          'sample_member_totals__gN_member_id_workouts_key',
          'sample_member_totals__gN_member_id_minutes_key',
        ]),
      );
      expect(Object.keys(reference)).toHaveLength(7);
    });

    it('a rebuild replays without the plain indexes and has exactly the declared ones once swapped in', async () => {
      const head = await log.append(1500);
      const engine = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      engine.register(indexedProjection({ delayMs: 10 }));
      await engine.start();
      try {
        expect((await engine.waitFor(head, { projections: [NAME] }, 30000)).reached).toBe(true);
        const [generation] = await engine.rebuild(NAME);
        await until(async () => ((await generationRow(pool, generation))?.processed ?? 0) > 0, 20000);
        const replaying = await indexesOf(pool, generation);
        // Still replaying after the look, so the look saw the generation mid-replay.
        expect((await generationRow(pool, generation))!.processed).toBeLessThan(1500);
        // Unique constraints are there from the start; the primary keys from the first batch, whose upserts need them.
        expect(Object.keys(replaying).sort()).toEqual(
          Object.keys(reference)
            .filter((name) => !DEFERRED.includes(name))
            .sort(),
        );
        expect(await engine.waitUntilActive(NAME, generation, 60000)).toBe(true);
        expect(await indexesOf(pool, generation)).toEqual(reference);
        expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
      } finally {
        await engine.stop();
      }
    }, 90000);

    it('a rebuild stopped halfway and resumed by another engine still ends with every index', async () => {
      const first = new ProjectionEngine(pool, store, { batchSize: 50, superviseIntervalMs: 200, log: quietLog });
      first.register(indexedProjection({ delayMs: 20 }));
      await first.start();
      let generation: number;
      try {
        await until(async () => !(await store.hasHeldBackEvents()), 15000);
        [generation] = await first.rebuild(NAME);
        await until(async () => ((await generationRow(pool, generation))?.processed ?? 0) >= 100, 20000);
      } finally {
        await first.stop();
      }
      const stopped = await generationRow(pool, generation);
      expect(stopped?.status).toBe('building');
      expect(stopped!.processed).toBeLessThan(1500);
      for (const name of DEFERRED) expect(await indexesOf(pool, generation)).not.toHaveProperty(name);

      const second = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      second.register(indexedProjection());
      await second.start();
      try {
        expect(await second.waitUntilActive(NAME, generation, 60000)).toBe(true);
        expect(await indexesOf(pool, generation)).toEqual(reference);
        expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
      } finally {
        await second.stop();
      }
    }, 90000);
  });

  describe('a first fill from the start of a non-empty log', () => {
    let database: TestDatabase;
    let pool: Pool;
    let store: PostgresEventStore;
    let reference: Record<string, string>;

    beforeAll(async () => {
      // The reference: the same DDL run all at once on a database of its own.
      const empty = await createTestDatabase();
      const emptyPool = new Pool({ connectionString: empty.url, max: 10 });
      const emptyStore = new PostgresEventStore(emptyPool);
      const engine = new ProjectionEngine(emptyPool, emptyStore, { batchSize: 200, superviseIntervalMs: 200, log: quietLog });
      engine.register(indexedProjection());
      await engine.start();
      await engine.stop();
      reference = await indexesOf(emptyPool, 1);
      await emptyStore.close();
      await emptyPool.end();
      await empty.drop();

      database = await createTestDatabase();
      pool = new Pool({ connectionString: database.url, max: 30 });
      store = new PostgresEventStore(pool);
    });

    afterAll(async () => {
      await store.close();
      await pool.end();
      await database.drop();
    });

    it('fills without the plain indexes, and a fill stopped halfway gets them all on restart', async () => {
      const head = await new SampleLog(store, 19).append(1200);
      // Caught up with a horizon another database's transaction holds back, the fill would build its plain indexes early.
      await until(async () => !(await store.hasHeldBackEvents()), 15000);
      const first = new ProjectionEngine(pool, store, { batchSize: 50, superviseIntervalMs: 200, log: quietLog });
      first.register(indexedProjection({ delayMs: 20 }));
      await first.start();
      try {
        await until(async () => ((await generationRow(pool, 1))?.processed ?? 0) >= 100, 20000);
      } finally {
        await first.stop();
      }
      expect((await generationRow(pool, 1))!.processed).toBeLessThan(1200);
      const halfway = await indexesOf(pool, 1);
      expect(Object.keys(halfway).sort()).toEqual(
        Object.keys(reference)
          .filter((name) => !DEFERRED.includes(name))
          .sort(),
      );

      const second = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      second.register(indexedProjection());
      await second.start();
      try {
        expect(await indexesOf(pool, 1)).toEqual(reference);
        expect((await second.waitFor(head, { projections: [NAME] }, 30000)).reached).toBe(true);
        expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
      } finally {
        await second.stop();
      }
    }, 90000);

    it('a fill that runs through builds the plain indexes once it has caught up', async () => {
      // Start over: a projection seen for the first time on a log that already has events.
      await pool.query(`DROP VIEW IF EXISTS ${TOTALS}, ${DAYS}`);
      await pool.query(`DROP TABLE IF EXISTS ${physicalTable(TOTALS, 1)}, ${physicalTable(DAYS, 1)}`);
      await pool.query(`DELETE FROM projection_generations WHERE name = $1`, [NAME]);
      // The log's last event, once no other database's transaction holds the cluster-wide horizon before it.
      await until(async () => !(await store.hasHeldBackEvents()), 15000);
      const head = (await store.headPosition())!;
      const engine = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      engine.register(indexedProjection({ delayMs: 20 }));
      await engine.start();
      try {
        const created = await indexesOf(pool, 1);
        expect((await generationRow(pool, 1))!.processed).toBeLessThan(1200);
        // The keys come with the first batch, whose upserts need them (it may have committed by now); the plain indexes at the end.
        const withoutKeys = (names: string[]) => names.filter((name) => !name.endsWith('_pkey')).sort();
        expect(withoutKeys(Object.keys(created))).toEqual(withoutKeys(Object.keys(reference).filter((name) => !DEFERRED.includes(name))));
        expect((await engine.waitFor(head, { projections: [NAME] }, 30000)).reached).toBe(true);
        await until(async () => Object.keys(await indexesOf(pool, 1)).length === Object.keys(reference).length, 20000);
        expect(await indexesOf(pool, 1)).toEqual(reference);
        expect(await totalsFromReadModel(pool)).toEqual(await totalsFromLog(pool));
      } finally {
        await engine.stop();
      }
    }, 90000);
  });
});

describe("every projection's DDL, deferred and completed, gives the schema it gives at once", () => {
  const real = [memberEnrollmentsProjection, memberProfileProjection, memberProgressProjection, progressRecordsProjection, staffActivityProjection];
  /** The real tables, fed from the sample log by an apply that writes nothing once let through: only the DDL's path is under test. */
  const asReplayed = (gate: Promise<void>) =>
    real.map(({ name, version, tables, lifecycle }): Projection => ({
      name,
      version,
      tables,
      lifecycle,
      eventTypes: SAMPLE_EVENT_TYPES,
      apply: async () => {
        await gate;
        return [];
      },
    }));

  /** Indexes and constraints of generation 1 of every real projection's tables. */
  async function schemaOf(pool: Pool): Promise<{ indexes: Record<string, string>; constraints: Record<string, string> }> {
    const tables = real.flatMap((projection) => Object.keys(projection.tables).map((table) => physicalTable(table, 1)));
    const indexes = await pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY ($1) ORDER BY indexname`,
      [tables],
    );
    const constraints = await pool.query<{ conname: string; def: string }>(
      `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ANY (SELECT to_regclass(t) FROM unnest($1::text[]) t) ORDER BY conname`,
      [tables],
    );
    return {
      indexes: Object.fromEntries(indexes.rows.map((row) => [row.indexname, row.indexdef])),
      constraints: Object.fromEntries(constraints.rows.map((row) => [row.conname, row.def])),
    };
  }

  /** A first start of the engine; with `indexCount`, on a log with events, until that many indexes exist. */
  async function firstFill(indexCount?: number) {
    const database = await createTestDatabase();
    const pool = new Pool({ connectionString: database.url, max: 10 });
    const store = new PostgresEventStore(pool);
    try {
      // More events than an inline projection may be behind when it switches into the append transactions:
      // the runners must replay, not go inline at once with every index built.
      const head = indexCount === undefined ? undefined : await new SampleLog(store, 23).append(INLINE_SWITCH_MAX_BEHIND + 200);
      let open!: () => void;
      const projections = asReplayed(new Promise<void>((resolve) => (open = resolve)));
      const engine = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      for (const projection of projections) engine.register(projection);
      await engine.start();
      // No batch can commit before the gate opens: this is the schema a replay starts with.
      const created = await schemaOf(pool);
      open();
      try {
        if (head) {
          expect((await engine.waitFor(head, { projections: projections.map((projection) => projection.name) }, 30000)).reached).toBe(true);
          // The last runner to catch up may still be building its indexes.
          await until(async () => Object.keys((await schemaOf(pool)).indexes).length >= indexCount!, 20000);
        }
      } finally {
        await engine.stop();
      }
      return { created, final: await schemaOf(pool) };
    } finally {
      await store.close();
      await pool.end();
      await database.drop();
    }
  }

  it('leaves out exactly the plain indexes and the deferred primary keys while replaying and ends with the same indexes and constraints', async () => {
    const atOnce = await firstFill();
    const replayed = await firstFill(Object.keys(atOnce.final.indexes).length);
    const plain = Object.keys(atOnce.final.indexes).filter((name) => !/^CREATE UNIQUE INDEX/.test(atOnce.final.indexes[name]));
    // Eight plain indexes across the real projections; none of them unique, none an ON CONFLICT target.
    expect(plain.sort()).toEqual(
      [
        'member_enrollments__g1_user_idx',
        'member_plan_enrollments__g1_by_member',
        'member_streak_runs__g1_by_end',
        'progress_records__g1_by_member_recent',
        'activity_log__g1_occurred_seq',
        'activity_log__g1_stream_seq',
        'activity_log__g1_type_seq',
        'activity_streams__g1_member',
      ].sort(),
    );
    // The primary keys a replay from empty builds once at the end (ADRs 0255, 0316): every table's.
    const deferredKeys = real.flatMap((projection) => Object.keys(projection.tables).map((table) => `${physicalTable(table, 1)}_pkey`));
    expect(Object.keys(atOnce.final.constraints)).toEqual(expect.arrayContaining(deferredKeys));
    expect(Object.keys(replayed.created.indexes).sort()).toEqual(
      Object.keys(atOnce.final.indexes)
        .filter((name) => !plain.includes(name) && !deferredKeys.includes(name))
        .sort(),
    );
    expect(replayed.created.constraints).toEqual(Object.fromEntries(Object.entries(atOnce.final.constraints).filter(([name]) => !deferredKeys.includes(name))));
    expect(replayed.final).toEqual(atOnce.final);
  }, 90000);

  it('attaches a primary key whose unique index a crash left built but unattached (ADR 0275)', async () => {
    const database = await createTestDatabase();
    const pool = new Pool({ connectionString: database.url, max: 10 });
    const store = new PostgresEventStore(pool);
    try {
      const head = await new SampleLog(store, 29).append(INLINE_SWITCH_MAX_BEHIND + 200);
      const table = physicalTable('member_active_days', 1);
      // A first engine creates the tables without their keys and stops before any batch commits.
      const first = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      for (const projection of asReplayed(new Promise<void>(() => undefined))) first.register(projection);
      await first.start();
      await first.stop();
      expect((await schemaOf(pool)).constraints).not.toHaveProperty(`${table}_pkey`);
      // The key's index as the side-by-side build leaves it just before its ALTER TABLE.
      await pool.query(`CREATE UNIQUE INDEX ${table}_pkey ON ${table} (user_id, local_date)`);

      const second = new ProjectionEngine(pool, store, { batchSize: 100, superviseIntervalMs: 200, log: quietLog });
      const projections = asReplayed(Promise.resolve());
      for (const projection of projections) second.register(projection);
      await second.start();
      try {
        expect((await second.waitFor(head, { projections: projections.map((projection) => projection.name) }, 30000)).reached).toBe(true);
        await until(async () => (await schemaOf(pool)).constraints[`${table}_pkey`] !== undefined, 20000);
      } finally {
        await second.stop();
      }
      expect((await schemaOf(pool)).constraints[`${table}_pkey`]).toBe('PRIMARY KEY (user_id, local_date)');
    } finally {
      await store.close();
      await pool.end();
      await database.drop();
    }
  }, 90000);
});
