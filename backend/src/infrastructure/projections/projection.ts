import type { QueryResult, QueryResultRow } from 'pg';
import type { RecordedEvent, Statement } from '../event-store/event-store.port';
import type { CopyValue } from './copy-rows';

/** What a projection's handler may touch: the batch transaction and its own tables. */
export interface ProjectionContext {
  /** Runs in the batch's transaction, which also moves the checkpoint: all of it commits or none. */
  query<R extends QueryResultRow = QueryResultRow>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** The physical table behind one of the projection's logical tables, in the generation being written. */
  table(name: string): string;
  /**
   * Present while the generation replays the log (a rebuild, or a first fill from the start):
   * state the handler may keep between batches instead of reading it back (ADR 0059).
   */
  readonly replay?: ReplayMemory;
  /**
   * Present when the runner's own connection can stream: writes rows with `COPY` into one of the
   * projection's tables (physical name, as `table()` gives it) in the batch's transaction (ADR 0248).
   */
  copy?(table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<number>;
}

/**
 * A projection's own state kept in memory for the length of a replay. The runner drops it
 * (and hands a new, incomplete one) whenever a batch fails, so it never runs ahead of the
 * committed tables; it is gone once the generation has caught up with the log.
 */
export interface ReplayMemory {
  /** Keyed as the handler likes (e.g. per member); values are the handler's. */
  readonly entries: Map<string, unknown>;
  /**
   * True while every row of the generation's tables was written by batches this memory saw:
   * a key absent from `entries` then has no rows yet. A handler that stops remembering (a
   * size cap) must set it to false.
   */
  complete: boolean;
  /**
   * Set by the runner while a replay from empty may keep its rows in memory (ADR 0248): the handler
   * of a projection with `flushReplay` may then fold a batch without writing it, and the runner leaves
   * the checkpoint where it is until `flushReplay` has written everything, in the transaction that
   * moves it. A handler that writes after all (a memory cap) flushes first and sets it to false.
   */
  deferred?: boolean;
}

/**
 * A read model fed from the global log (ADR 0014). Readers query each logical
 * table by its name, which is a view over the active generation's physical
 * table (`<name>__g<generation>`); a rebuild fills new tables and swaps the views.
 * Bump `version` whenever the tables or the handler change meaning: the engine
 * then rebuilds it from the start while the old generation keeps serving.
 */
export interface Projection {
  /** Lower-case letters, digits and underscores. */
  name: string;
  version: number;
  eventTypes: readonly string[];
  /**
   * DDL per logical table, given the physical name. Derive index and
   * constraint names from the physical name too, so generations never collide.
   * A plain named secondary index (`CREATE INDEX <name> ON ...`, not UNIQUE) is
   * created only once a replaying generation has caught up (ADR 0097): the
   * handler must not need it to be correct, only to be fast when live.
   */
  tables: Record<string, (table: string) => string[]>;
  /**
   * `inline` (ADR 0240): a read model a member's next screen reads. Where the event store shares
   * the read models' PostgreSQL, its active generation is updated in the append's own transaction
   * once it has caught up, by this same `handle`; elsewhere it runs asynchronously like the rest.
   * Member writes wait only for these. Must touch only the rows of the member whose stream the
   * events are in (appends of different members must not contend). Default `async`.
   */
  lifecycle?: 'inline' | 'async';
  /**
   * Applies a batch (only events of `eventTypes`, in log order). Prefer set-based writes: batches reach
   * thousands. The writes it answers run after it, in order, in the same transaction: in an append's
   * they leave with its COMMIT (ADR 0315).
   */
  handle(events: RecordedEvent[], context: ProjectionContext): Promise<void | readonly Statement[]>;
  /**
   * Optional (ADR 0248): writes what the handler kept in `context.replay` while it was `deferred`
   * (with `context.copy` when present), leaving the memory as a complete ADR 0059 memory of the
   * tables it wrote. Called by the runner in the transaction that moves the checkpoint.
   */
  flushReplay?(context: ProjectionContext): Promise<void>;
  /**
   * A replay from empty tables writes this projection's rows only with `context.copy` (ADR 0255):
   * primary keys its DDL adds after the table then wait until the replay has caught up, as its plain
   * indexes do. A projection with `flushReplay` need not say so: it writes nothing until it flushes.
   */
  replayWritesByCopy?: boolean;
}

/** The map a replay keeps under `key` in its memory, created on first use (rows held until a COPY flush, ADR 0248). */
export function heldInMemory<V>(replay: ReplayMemory, key: string): Map<string, V> {
  let rows = replay.entries.get(key) as Map<string, V> | undefined;
  if (!rows) {
    rows = new Map();
    replay.entries.set(key, rows);
  }
  return rows;
}

export const PROJECTION_NAME = /^[a-z][a-z0-9_]{0,40}$/;

export function physicalTable(table: string, generation: number): string {
  return `${table}__g${generation}`;
}

/**
 * The index a DDL statement creates when it may wait until a replay has caught up
 * (ADR 0097): a plain, named `CREATE INDEX`, or a primary key added by name after the table
 * (`ALTER TABLE t ADD CONSTRAINT t_pkey PRIMARY KEY (…)`, ADR 0255) for a table a replay fills
 * only with COPY. Unique indexes (ON CONFLICT targets), constraints declared in the table, unnamed
 * indexes and anything else are created with the table.
 */
export function deferrableIndexName(statement: string): string | undefined {
  return /^\s*CREATE\s+INDEX\s+([a-z_][a-z0-9_]*)\s+ON\s/i.exec(statement)?.[1] ?? deferredPrimaryKey(statement)?.name;
}

/** A primary key added after its table (ADR 0255): its table, its name and its columns. */
export function deferredPrimaryKey(statement: string): { table: string; name: string; columns: string[] } | undefined {
  const match = /^\s*ALTER\s+TABLE\s+([a-z_][a-z0-9_]*)\s+ADD\s+CONSTRAINT\s+([a-z_][a-z0-9_]*)\s+PRIMARY\s+KEY\s*\(([^)]*)\)\s*$/i.exec(statement);
  return match ? { table: match[1], name: match[2], columns: match[3].split(',').map((column) => column.trim()) } : undefined;
}
