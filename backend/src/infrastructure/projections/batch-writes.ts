import type { RecordedEvent, Statement } from '../event-store/event-store.port';
import {
  isDocumentProjection,
  isRowsInsert,
  physicalTable,
  type ApplyContext,
  type DocumentProjection,
  type Projection,
  type Row,
  type Rows,
  type SqlProjection,
  type Write,
} from './projection';
import type { DocumentMemory } from './document-memory';
import { deleteSql, insertSql, loadSql, rowKey, upsertSql } from './table-shapes';

/**
 * What one batch of a projection writes, the same code for a runner's batch, an append's inline
 * transaction and the tail applied when a generation goes inline (ADR 0316). A document projection's
 * documents are loaded from their rows (or taken from a replay's memory), folded, and only the rows
 * that changed are written: one delete and one upsert per table. A SQL projection answers its writes.
 * Nothing here runs a write: the caller sends them (inline, with the append's COMMIT).
 */

/** A read in the batch's transaction: the callers' statement runner. */
export type Read = (sql: string, params?: unknown[]) => Promise<unknown>;

/** The writes of a document projection's batch; the documents folded are kept in `memory` when given. */
export async function documentWrites(
  projection: DocumentProjection,
  generation: number,
  events: readonly RecordedEvent[],
  read: Read,
  memory?: DocumentMemory,
): Promise<Statement[]> {
  const byKey = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const key = projection.key(event);
    if (key === undefined) continue;
    const list = byKey.get(key);
    if (list) list.push(event);
    else byKey.set(key, [event]);
  }
  if (byKey.size === 0) return [];
  const documents = new Map<string, unknown>();
  const unread: string[] = [];
  for (const key of byKey.keys()) {
    if (memory?.has(key)) documents.set(key, memory.get(key));
    else if (memory?.complete) documents.set(key, projection.initial(key));
    else unread.push(key);
  }
  if (unread.length > 0) for (const [key, document] of await loadDocuments(projection, generation, unread, read)) documents.set(key, document);
  const changes = new Map(Object.keys(projection.tables).map((table) => [table, { upserts: new Map<string, Row>(), deletes: new Map<string, Row>() }]));
  for (const [key, keyEvents] of byKey) {
    let document = documents.get(key);
    // Taken as text before the fold: `evolve` may change the document, and rows may share its arrays and objects.
    const before = snapshot(projection, projection.toRows(document, key));
    for (const event of keyEvents) document = projection.evolve(document, event);
    const after = projection.toRows(document, key);
    for (const [table, change] of changes) diff(projection, table, before.get(table)!, after[table] ?? [], change);
    memory?.remember(key, document);
  }
  const writes: Statement[] = [];
  for (const [table, { upserts, deletes }] of changes) {
    const physical = physicalTable(table, generation);
    const shape = projection.tables[table]!;
    if (deletes.size > 0) writes.push({ text: deleteSql(physical, shape), values: [JSON.stringify([...deletes.values()])] });
    if (upserts.size > 0) writes.push({ text: upsertSql(physical, shape), values: [JSON.stringify([...upserts.values()])] });
  }
  return writes;
}

/** The documents of `keys` from their rows: every table read at once (one round trip on a pipelined connection, ADR 0259). */
async function loadDocuments(projection: DocumentProjection, generation: number, keys: readonly string[], read: Read): Promise<Map<string, unknown>> {
  const tables = Object.entries(projection.tables);
  const results = (await Promise.all(
    tables.map(([table, shape]) => read(loadSql(physicalTable(table, generation), shape, projection.keyColumn), [keys])),
  )) as Array<{ rows: Row[] }>;
  const rowsByKey = new Map<string, Record<string, Row[]>>(keys.map((key) => [key, Object.fromEntries(tables.map(([table]) => [table, [] as Row[]]))]));
  tables.forEach(([table], index) => {
    for (const row of results[index]!.rows) rowsByKey.get(row[projection.keyColumn] as string)?.[table]!.push(row);
  });
  return new Map(keys.map((key) => [key, projection.fromRows(rowsByKey.get(key)! as Rows, key)]));
}

/** A row as text whatever the order of its objects' keys (a `jsonb` value comes back with its keys sorted). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** An object or array value of a row before the fold, as JSON text: a fold may change it in place. */
class Json {
  constructor(readonly text: string) {}
}

/** A row before the fold: its plain values as they are, its objects and arrays as `Json`, and how many. */
interface Before {
  values: Readonly<Record<string, unknown>>;
  columns: number;
}

/** A document's rows before the fold, by table and key. */
type Snapshot = Map<string, Map<string, Before>>;

function snapshot(projection: DocumentProjection, rows: Rows): Snapshot {
  const tables: Snapshot = new Map();
  for (const [table, shape] of Object.entries(projection.tables)) {
    const byKey = new Map<string, Before>();
    for (const row of rows[table] ?? []) {
      const values: Record<string, unknown> = {};
      let columns = 0;
      for (const column in row) {
        const value = row[column];
        if (value === undefined) continue;
        values[column] = value !== null && typeof value === 'object' ? new Json(JSON.stringify(value)) : value;
        columns++;
      }
      byKey.set(rowKey(shape, row), { values, columns });
    }
    tables.set(table, byKey);
  }
  return tables;
}

/**
 * Whether a row is as it was: every plain value the same, every object the same JSON text, or the
 * same once its keys are sorted (a fold may rebuild an object loaded from `jsonb` in another order).
 */
function unchanged(before: Before, row: Row): boolean {
  let columns = 0;
  for (const column in row) {
    const value = row[column];
    if (value === undefined) continue;
    columns++;
    const previous = before.values[column];
    if (previous instanceof Json) {
      if (value === null || typeof value !== 'object') return false;
      const text = JSON.stringify(value);
      if (text !== previous.text && canonical(JSON.parse(previous.text)) !== canonical(value)) return false;
    } else if (previous !== value) return false;
  }
  return columns === before.columns;
}

/** The rows of one table that a document's change writes: the new and changed ones, and the keys of those gone (`before` is used up). */
function diff(
  projection: DocumentProjection,
  table: string,
  before: Map<string, Before>,
  after: readonly Row[],
  change: { upserts: Map<string, Row>; deletes: Map<string, Row> },
): void {
  const shape = projection.tables[table]!;
  const gone = before;
  for (const row of after) {
    const key = rowKey(shape, row);
    const previous = gone.get(key);
    gone.delete(key);
    if (previous === undefined || !unchanged(previous, row)) change.upserts.set(key, row);
  }
  for (const [key, { values }] of gone) {
    const value = (column: string) => (values[column] instanceof Json ? JSON.parse(values[column].text) : values[column]);
    change.deletes.set(key, Object.fromEntries(shape.key.map((column) => [column, value(column)])));
  }
}

/** A SQL projection's context in a transaction: its tables in `generation`, and reads. */
export function applyContext(projection: SqlProjection, generation: number, read: Read): ApplyContext {
  return {
    table: (name) => {
      if (!(name in projection.tables)) throw new Error(`Projection ${projection.name} has no table ${name}`);
      return physicalTable(name, generation);
    },
    query: <R extends Record<string, unknown>>(sql: string, params?: unknown[]) => read(sql, params) as Promise<{ rows: R[] }>,
  };
}

/** A SQL projection's answered write as a statement (rows inserted with ON CONFLICT DO NOTHING). */
export function statementOf(projection: SqlProjection, generation: number, write: Write): Statement {
  if (!isRowsInsert(write)) return write;
  const shape = projection.tables[write.insert];
  if (!shape) throw new Error(`Projection ${projection.name} has no table ${write.insert}`);
  return { text: insertSql(physicalTable(write.insert, generation), shape), values: [JSON.stringify(write.rows)] };
}

/** The writes of a SQL projection's batch, as statements. */
export async function sqlWrites(projection: SqlProjection, generation: number, events: RecordedEvent[], read: Read): Promise<Statement[]> {
  const writes = await projection.apply(events, applyContext(projection, generation, read));
  return writes.map((write) => statementOf(projection, generation, write));
}

/** The writes of any projection's batch. */
export function batchWrites(projection: Projection, generation: number, events: RecordedEvent[], read: Read, memory?: DocumentMemory): Promise<Statement[]> {
  return isDocumentProjection(projection) ? documentWrites(projection, generation, events, read, memory) : sqlWrites(projection, generation, events, read);
}
