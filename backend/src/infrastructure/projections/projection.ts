import type { RecordedEvent, Statement } from '../event-store/event-store.port';

/**
 * What a read model declares (ADR 0316): the tables it owns and how an event changes its rows. It
 * never knows how it is run: the engine runs the same code live (a batch at a time), inline (in the
 * append's transaction, ADR 0240) and in a replay (folded in memory, written with COPY, keys and
 * indexes after). Readers query each logical table by its name, a view over the active generation's
 * physical table (`<name>__g<generation>`); a rebuild fills new tables and swaps the views (ADR 0014).
 * Bump `version` whenever the tables or what fills them change meaning: the engine then rebuilds it
 * from the start while the old generation keeps serving.
 */

/** One table a projection owns. The engine creates it in each generation of the projection. */
export interface TableShape {
  /**
   * The columns as `CREATE TABLE` lists them, comma separated: a name and its SQL type (`text`,
   * `timestamptz`, `text[]`, `jsonb`…), NOT NULL unless the type ends in `?`.
   */
  columns: string;
  /** The primary key: added after the table, so a replay from empty fills it first and builds it once at the end (ADR 0255). */
  key: readonly string[];
  /** Unique constraints created with the table: the conflict targets a SQL apply needs in every batch. */
  unique?: readonly (readonly string[])[];
  /**
   * Plain indexes by name suffix (`<table>_<suffix>`): the column list as `CREATE INDEX` takes it, with
   * any `INCLUDE` or `WHERE`. Built once a replay has caught up (ADR 0097): only speed may depend on them.
   */
  indexes?: Readonly<Record<string, string>>;
}

/** A row as a projection gives it: dates and instants as ISO text, arrays as arrays, a `json`/`jsonb` value as it is. */
export type Row = Readonly<Record<string, unknown>>;

/** A document's rows, by table. */
export type Rows = Readonly<Record<string, readonly Row[]>>;

interface ProjectionBase {
  /** Lower-case letters, digits and underscores. */
  name: string;
  version: number;
  eventTypes: readonly string[];
  tables: Readonly<Record<string, TableShape>>;
  /**
   * `inline` (ADR 0240): a read model a member's next screen reads. Where the event store shares the
   * read models' PostgreSQL, its active generation is written in the append's own transaction once it
   * has caught up; elsewhere it runs asynchronously like the rest. Member writes wait only for these.
   * Must touch only the rows of the member whose stream the events are in. Default `async`.
   */
  lifecycle?: 'inline' | 'async';
}

/**
 * A read model of one document per key (a member, an enrolment): the engine loads the documents a
 * batch touches from their rows, folds the events with `evolve`, and writes back only the rows that
 * changed, with one upsert and one delete per table; a replay folds every document in memory and
 * writes all their rows with COPY once it has caught up.
 */
export interface DocumentProjection<Document = unknown> extends ProjectionBase {
  /** The column that holds the document's key in each of its tables: a document's rows are loaded by it. */
  keyColumn: string;
  /** The document an event changes; undefined when it changes none. */
  key(event: RecordedEvent): string | undefined;
  /** A document no event has touched yet (it has no rows). */
  initial(key: string): Document;
  /** The document after the event. It may change the document it is given: the engine owns each one and has read its rows before. */
  evolve(document: Document, event: RecordedEvent): Document;
  /** Every row of the document, by table (a table absent: no rows). */
  toRows(document: Document, key: string): Rows;
  /** The document back from its rows as `toRows` gave them (all its tables, by `keyColumn`; none yet: every list empty). */
  fromRows(rows: Rows, key: string): Document;
}

/** Rows for one of the projection's tables; a row whose key is there already is left as it is. A replay from empty sends them with COPY. */
export interface RowsInsert {
  insert: string;
  rows: readonly Row[];
}

/** What a SQL apply answers: statements, run in order after it in the batch's transaction, and rows to insert. */
export type Write = Statement | RowsInsert;

/** What a SQL apply may use: its tables' physical names and reads in the batch's transaction. */
export interface ApplyContext {
  /** The physical table behind one of the projection's logical tables, in the generation being written. */
  table(name: string): string;
  /** A read in the batch's transaction (before the batch's writes, which are answered, not run). */
  query<R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/** A read model applied with SQL: for what is not one document per key (the staff log, the history of completions). */
export interface SqlProjection extends ProjectionBase {
  /** The writes of a batch (only events of `eventTypes`, in log order). Prefer set-based statements: batches reach thousands. */
  apply(events: RecordedEvent[], context: ApplyContext): Promise<readonly Write[]>;
}

export type Projection = DocumentProjection | SqlProjection;

export function isDocumentProjection(projection: Projection): projection is DocumentProjection {
  return 'evolve' in projection;
}

export function isRowsInsert(write: Write): write is RowsInsert {
  return 'insert' in write;
}

export const PROJECTION_NAME = /^[a-z][a-z0-9_]{0,40}$/;

export function physicalTable(table: string, generation: number): string {
  return `${table}__g${generation}`;
}

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A row of a document kept as fields named after its columns (`goalType` in `goal_type`), with its key columns. */
export function rowOf(keys: Row, fields: object): Row {
  const row: Record<string, unknown> = { ...keys };
  for (const [field, value] of Object.entries(fields)) row[snakeCase(field)] = value;
  return row;
}

/** The fields `rowOf` wrote a row from, without the columns given (its key columns, say). */
export function fieldsOf<Fields>(row: Row, ...without: string[]): Fields {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) if (!without.includes(column)) fields[camelCase(column)] = value;
  return fields as Fields;
}
