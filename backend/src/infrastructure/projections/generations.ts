import { availableParallelism } from 'node:os';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { EventStore } from '../event-store/event-store.port';
import { physicalTable, type Projection } from './projection';
import { createTableSql, deferredIndexes, tableDdl, type DeferredIndex } from './table-shapes';
import type { ProjectionFailureInfo, RunnerHost } from './projection-runner';
import { inTransaction } from '../database/in-transaction';

/**
 * The generations of each projection's tables (ADRs 0014–0016, 0097): a projection's readers query a
 * view per logical table over the active generation's physical tables (`<table>__g<n>`). New code, or a
 * rebuild, fills a new generation while the old one keeps serving, and a caught-up generation is swapped
 * in under the projection's admin lock. The plain indexes and the primary keys a replay leaves out are
 * built here once it has caught up, side by side (ADR 0275).
 */

/** Deferred indexes built at once, each on its own connection: one per core, PostgreSQL's parallel workers aside. */
const INDEX_BUILDS_SIDE_BY_SIDE = Math.max(1, Math.min(4, availableParallelism()));
const ADMIN_LOCK = (name: string) => `pulso-projection-admin:${name}`;

export interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'active' | 'retired';
  position: string | null;
  inline: boolean;
  processed: string;
  total_at_start: string | null;
  last_error: ProjectionFailureInfo | null;
  started_at: Date;
  activated_at: Date | null;
  updated_at: Date;
}

/** Runs `work` on every item, at most `width` at a time; the first failure is thrown once all have settled. */
async function eachSideBySide<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  const outcomes = await Promise.allSettled(lanes);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

export class Generations {
  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly log: RunnerHost['log'],
  ) {}

  /** First start: a projection without any generation gets generation 1, active at once, filled from the start. */
  async prepare(projection: Projection): Promise<void> {
    await this.withAdminLock(projection.name, async (client) => {
      const rows = await this.of(client, projection.name);
      const active = rows.find((row) => row.status === 'active');
      const building = rows.find((row) => row.status === 'building');
      if (!active && !building) {
        // Filled from the start, so its plain indexes wait until it has caught up (ADR 0097).
        await this.createTables(client, projection, 1, (await this.store.countEvents(projection.eventTypes)) !== 0);
        await this.pointViews(client, projection, 1);
        await client.query(`INSERT INTO projection_generations (name, generation, version, status, activated_at) VALUES ($1, 1, $2, 'active', now())`, [
          projection.name,
          projection.version,
        ]);
        return;
      }
      if (active?.version === projection.version) {
        if (building && building.version !== projection.version) await this.retire(client, projection, building.generation);
        // A first fill cut short (a crash) may have stopped before its deferred indexes: readers use this generation.
        await this.completeIndexes(projection, active.generation, client);
        return;
      }
      // New code for this projection: build its new generation while the old one keeps serving, frozen.
      if (building?.version !== projection.version) await this.createBuilding(client, projection);
    });
  }

  /** Starts a rebuild into a new generation, or answers the one already rebuilding this version (restarting would drop tables its runner writes). */
  rebuild(projection: Projection, requestedBy: string | undefined): Promise<number> {
    return this.withAdminLock(projection.name, async (client) => {
      const running = (await this.of(client, projection.name)).find((row) => row.status === 'building' && row.version === projection.version);
      if (running) return running.generation;
      const generation = await this.createBuilding(client, projection);
      await client.query('INSERT INTO projection_rebuilds (name, generation, requested_by) VALUES ($1, $2, $3)', [
        projection.name,
        generation,
        requestedBy ?? null,
      ]);
      return generation;
    });
  }

  /**
   * Swaps a caught-up building generation in: views point at its tables, the old generation retires
   * (its runner is fenced by the checkpoint compare-and-set), all in one transaction. `guard` runs first
   * in it (the inline switch's lock) and may refuse. Answers the retired generation, null when none was
   * active, or undefined when the swap did not happen; the caller drops the retired tables.
   */
  async tryActivate(projection: Projection, generation: number, guard?: (client: PoolClient) => Promise<boolean>): Promise<number | null | undefined> {
    let head = await this.store.headPosition();
    // Drained at a page boundary is not caught up: the indexes wait for the end of the log.
    if (this.store.comparePositions(await this.positionOf(projection, generation), head) < 0) return undefined;
    // Before the swap and outside the admin lock: the live generation keeps committing while they build.
    await this.completeIndexes(projection, generation);
    return this.withAdminLock(projection.name, async (client) => {
      if (guard) {
        if (!(await guard(client))) return undefined;
        head = await this.store.headPosition();
      }
      const rows = await this.of(client, projection.name, true);
      const building = rows.find((row) => row.status === 'building' && row.generation === generation);
      const active = rows.find((row) => row.status === 'active');
      if (!building) return undefined;
      const position = building.position ?? undefined;
      if (this.store.comparePositions(position, head) < 0) return undefined;
      if (active && active.version === projection.version && this.store.comparePositions(position, active.position ?? undefined) < 0) return undefined;
      await this.pointViews(client, projection, generation);
      if (active) {
        await client.query(`UPDATE projection_generations SET status = 'retired', retired_at = now() WHERE name = $1 AND generation = $2`, [
          projection.name,
          active.generation,
        ]);
      }
      await client.query(`UPDATE projection_generations SET status = 'active', activated_at = now() WHERE name = $1 AND generation = $2`, [
        projection.name,
        generation,
      ]);
      return active?.generation ?? null;
    });
  }

  /** The checkpoint of one generation. */
  async positionOf(projection: Projection, generation: number): Promise<string | undefined> {
    const result = await this.pool.query<{ position: string | null }>('SELECT position FROM projection_generations WHERE name = $1 AND generation = $2', [
      projection.name,
      generation,
    ]);
    return result.rows[0]?.position ?? undefined;
  }

  /** Whether every table of the generation has its primary key. */
  async keysBuilt(projection: Projection, generation: number): Promise<boolean> {
    const keys = Object.keys(projection.tables).map((table) => `${physicalTable(table, generation)}_pkey`);
    const result = await this.pool.query<{ missing: number }>(
      `SELECT count(*) FILTER (WHERE to_regclass(name) IS NULL)::int AS missing FROM unnest($1::text[]) AS n(name)`,
      [keys],
    );
    return result.rows[0]!.missing === 0;
  }

  async dropTables(projection: Projection, generation: number, client?: PoolClient): Promise<void> {
    for (const table of Object.keys(projection.tables)) await (client ?? this.pool).query(`DROP TABLE IF EXISTS ${physicalTable(table, generation)}`);
  }

  /** Runs `work` in a transaction of its own connection: committed when it returns, rolled back when it throws. */
  inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /**
   * Creates the deferred indexes of a generation's DDL that do not exist yet (ADR 0097);
   * answers how many. Idempotent, so a replay resumed after a crash still ends with all of them.
   * Without a `client`, they are built side by side, one connection each, up to one per core
   * (ADR 0275): a primary key is built as its unique index, which another index of the same table
   * may build beside (an `ADD PRIMARY KEY` would lock the table), and attached once all are built.
   */
  async completeIndexes(projection: Projection, generation: number, client?: PoolClient, only?: 'primary-keys'): Promise<number> {
    const deferred: DeferredIndex[] = [];
    for (const [table, shape] of Object.entries(projection.tables)) {
      for (const index of deferredIndexes(physicalTable(table, generation), shape)) if (only !== 'primary-keys' || index.primaryKey) deferred.push(index);
    }
    if (deferred.length === 0) return 0;
    const run = <R extends QueryResultRow>(sql: string, params?: unknown[]) => (client ? client.query<R>(sql, params) : this.pool.query<R>(sql, params));
    // A primary key's index may be there without its constraint: built before a crash, not yet attached.
    const present = await run<{ indexed: boolean[]; attached: boolean[] }>(
      `SELECT array_agg(to_regclass(name) IS NOT NULL ORDER BY ord) AS indexed,
              array_agg(EXISTS (SELECT 1 FROM pg_constraint WHERE conname = name AND contype = 'p' AND conrelid = to_regclass(tbl)) ORDER BY ord) AS attached
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(name, tbl, ord)`,
      [deferred.map((index) => index.name), deferred.map((index) => index.primaryKey?.table ?? null)],
    );
    const builds = deferred.filter((_, index) => !present.rows[0].indexed[index]);
    const attachments = deferred.filter((index, position) => index.primaryKey && !present.rows[0].attached[position]);
    if (builds.length === 0 && attachments.length === 0) return 0;
    const started = Date.now();
    const build = async ({ statement, primaryKey }: (typeof deferred)[number]): Promise<void> => {
      const sql = primaryKey ? `CREATE UNIQUE INDEX ${primaryKey.name} ON ${primaryKey.table} (${primaryKey.columns.join(', ')})` : statement;
      try {
        await run(sql);
      } catch (error) {
        if (!primaryKey || (error as { code?: string }).code !== '23505') throw error;
        // A row COPY wrote twice (a log that holds one fact twice): the first one stays, as an
        // ON CONFLICT DO NOTHING would have kept it. Rows only ever appended by COPY lie in the log's order.
        const same = primaryKey.columns.map((column) => `later.${column} = earlier.${column}`).join(' AND ');
        const removed = await run(`DELETE FROM ${primaryKey.table} AS later USING ${primaryKey.table} AS earlier WHERE ${same} AND later.ctid > earlier.ctid`);
        this.log.error('Projection rows written twice by a replay were removed before its primary key', {
          projection: projection.name,
          generation,
          table: primaryKey.table,
          rows: removed.rowCount,
        });
        await run(sql);
      }
    };
    await eachSideBySide(builds, client ? 1 : INDEX_BUILDS_SIDE_BY_SIDE, build);
    for (const { primaryKey } of attachments) {
      await run(`ALTER TABLE ${primaryKey!.table} ADD CONSTRAINT ${primaryKey!.name} PRIMARY KEY USING INDEX ${primaryKey!.name}`);
    }
    this.log.info('Projection indexes built after the replay', {
      projection: projection.name,
      generation,
      indexes: builds.length,
      seconds: (Date.now() - started) / 1000,
    });
    return builds.length;
  }

  private withAdminLock<T>(name: string, work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [ADMIN_LOCK(name)]);
      return work(client);
    });
  }

  private async of(client: PoolClient, name: string, lock = false): Promise<GenerationRow[]> {
    const result = await client.query<GenerationRow>(
      `SELECT * FROM projection_generations WHERE name = $1 AND status <> 'retired' ORDER BY generation ${lock ? 'FOR UPDATE' : ''}`,
      [name],
    );
    return result.rows;
  }

  private async retire(client: PoolClient, projection: Projection, generation: number): Promise<void> {
    await client.query(`UPDATE projection_generations SET status = 'retired', retired_at = now() WHERE name = $1 AND generation = $2`, [
      projection.name,
      generation,
    ]);
    await this.dropTables(projection, generation, client);
  }

  private async createBuilding(client: PoolClient, projection: Projection): Promise<number> {
    const stale = (await this.of(client, projection.name)).find((row) => row.status === 'building');
    if (stale) await this.retire(client, projection, stale.generation);
    const maxResult = await client.query<{ max: number | null }>('SELECT max(generation) AS max FROM projection_generations WHERE name = $1', [
      projection.name,
    ]);
    const generation = (maxResult.rows[0].max ?? 0) + 1;
    const total = await this.store.countEvents(projection.eventTypes);
    // Its plain indexes are built once the replay has caught up, just before the swap (ADR 0097).
    await this.createTables(client, projection, generation, total !== 0);
    await client.query(`INSERT INTO projection_generations (name, generation, version, status, total_at_start) VALUES ($1, $2, $3, 'building', $4)`, [
      projection.name,
      generation,
      projection.version,
      total ?? null,
    ]);
    return generation;
  }

  /** With `deferIndexes`, leaves out the keys and plain indexes: a replay fills the tables first, and completeIndexes adds them after it. */
  private async createTables(client: PoolClient, projection: Projection, generation: number, deferIndexes: boolean): Promise<void> {
    for (const [table, shape] of Object.entries(projection.tables)) {
      const physical = physicalTable(table, generation);
      await client.query(`DROP TABLE IF EXISTS ${physical}`);
      for (const statement of deferIndexes ? [createTableSql(physical, shape)] : tableDdl(physical, shape)) await client.query(statement);
    }
  }

  private async pointViews(client: PoolClient, projection: Projection, generation: number): Promise<void> {
    for (const table of Object.keys(projection.tables)) {
      await client.query(`DROP VIEW IF EXISTS ${table}`);
      await client.query(`CREATE VIEW ${table} AS SELECT * FROM ${physicalTable(table, generation)}`);
    }
  }
}
