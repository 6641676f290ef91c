import type { CopyValue } from './copy-rows';
import type { Row, TableShape } from './projection';

/**
 * The SQL of a projection's tables, from their declared shape (ADR 0316): the DDL of a generation, the
 * key and plain indexes a replay builds at its end, and the statements the engine writes rows with.
 * Rows travel as one JSON parameter (`jsonb_to_recordset`, typed by the shape) and come back in the
 * form a projection gives them, so a document read back and written again compares equal.
 */

interface Column {
  name: string;
  /** The SQL type without the nullable mark, as CREATE TABLE writes it. */
  sql: string;
  /** Its first word (and `[]`): what decides how a value travels. */
  base: string;
  nullable: boolean;
  generated: boolean;
}

export interface DeferredIndex {
  name: string;
  statement: string;
  /** Set for a primary key: built as its unique index (beside the others), attached after (ADR 0275). */
  primaryKey?: { table: string; name: string; columns: readonly string[] };
}

export function columnsOf(shape: TableShape): Column[] {
  return shape.columns.split(',').map((declaration) => {
    const [name, ...words] = declaration.trim().split(/\s+/);
    const declared = words.join(' ');
    const nullable = declared.endsWith('?');
    const sql = nullable ? declared.slice(0, -1) : declared;
    return { name: name!, sql, base: words[0]!.replace(/\?$/, '').toLowerCase(), nullable, generated: /\bGENERATED\b/i.test(sql) };
  });
}

/** The table with its columns and unique constraints; its key and plain indexes are `deferredIndexes`. */
export function createTableSql(physical: string, shape: TableShape): string {
  const columns = columnsOf(shape).map((column) => `${column.name} ${column.sql}${column.nullable ? '' : ' NOT NULL'}`);
  const unique = (shape.unique ?? []).map((columnNames) => `CONSTRAINT ${physical}_${columnNames.join('_')}_key UNIQUE (${columnNames.join(', ')})`);
  return `CREATE TABLE ${physical} (${[...columns, ...unique].join(', ')})`;
}

/** The key (added by name after the table) and the plain indexes: what a replay builds once it has caught up. */
export function deferredIndexes(physical: string, shape: TableShape): DeferredIndex[] {
  const key = `${physical}_pkey`;
  const indexes: DeferredIndex[] = [
    {
      name: key,
      statement: `ALTER TABLE ${physical} ADD CONSTRAINT ${key} PRIMARY KEY (${shape.key.join(', ')})`,
      primaryKey: { table: physical, name: key, columns: shape.key },
    },
  ];
  for (const [suffix, spec] of Object.entries(shape.indexes ?? {})) {
    indexes.push({ name: `${physical}_${suffix}`, statement: `CREATE INDEX ${physical}_${suffix} ON ${physical} ${spec}` });
  }
  return indexes;
}

/** Every statement of the table at once: a generation with nothing to replay. */
export function tableDdl(physical: string, shape: TableShape): string[] {
  return [createTableSql(physical, shape), ...deferredIndexes(physical, shape).map((index) => index.statement)];
}

/** A column read back as a projection gave it: instants as ISO text in UTC with milliseconds, dates as text, bigints as numbers. */
function readBack(column: Column): string {
  if (column.base === 'timestamptz') return `to_char(${column.name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column.name}`;
  if (column.base === 'date') return `${column.name}::text AS ${column.name}`;
  if (column.base === 'bigint') return `${column.name}::float8 AS ${column.name}`;
  return column.name;
}

/** The rows of the documents whose keys are `$1` (a text array), by the column that holds the key. */
export function loadSql(physical: string, shape: TableShape, keyColumn: string): string {
  return `SELECT ${columnsOf(shape).map(readBack).join(', ')} FROM ${physical} WHERE ${keyColumn} = ANY ($1::text[])`;
}

/** `$1` (a JSON array of rows) as a record set of these columns. */
function recordset(columns: readonly Column[]): string {
  return `jsonb_to_recordset($1::jsonb) AS r(${columns.map((column) => `${column.name} ${column.sql.replace(/\s+GENERATED.*$/i, '')}`).join(', ')})`;
}

function writable(shape: TableShape): Column[] {
  return columnsOf(shape).filter((column) => !column.generated);
}

/** Rows written whole: a row with the same key is replaced. */
export function upsertSql(physical: string, shape: TableShape): string {
  const columns = writable(shape);
  const names = columns.map((column) => column.name).join(', ');
  const updated = columns.filter((column) => !shape.key.includes(column.name)).map((column) => `${column.name} = EXCLUDED.${column.name}`);
  const onConflict = updated.length > 0 ? `DO UPDATE SET ${updated.join(', ')}` : 'DO NOTHING';
  return `INSERT INTO ${physical} (${names}) SELECT ${names} FROM ${recordset(columns)} ON CONFLICT (${shape.key.join(', ')}) ${onConflict}`;
}

/** Rows inserted; one whose key (or a unique column) is there already is left as it is. */
export function insertSql(physical: string, shape: TableShape): string {
  const columns = writable(shape);
  const names = columns.map((column) => column.name).join(', ');
  return `INSERT INTO ${physical} (${names}) SELECT ${names} FROM ${recordset(columns)} ON CONFLICT DO NOTHING`;
}

/** Rows removed by key (`$1`: a JSON array of their keys). */
export function deleteSql(physical: string, shape: TableShape): string {
  const keys = columnsOf(shape).filter((column) => shape.key.includes(column.name));
  return `DELETE FROM ${physical} AS t USING ${recordset(keys)} WHERE ${keys.map((column) => `t.${column.name} = r.${column.name}`).join(' AND ')}`;
}

/** The identity of a row within its table: its key's values. */
export function rowKey(shape: TableShape, row: Row): string {
  // Each value as JSON, then a comma: unambiguous, without an array per row.
  let key = '';
  for (const column of shape.key) key += `${JSON.stringify(row[column] ?? null)},`;
  return key;
}

/** The columns a COPY sends, and a row as COPY's text format takes it. */
export function copyColumns(shape: TableShape): string[] {
  return writable(shape).map((column) => column.name);
}

/** A row as COPY's text format takes it, by a function made once per table: the shape is read once, not once a row. */
export function copyValuesOf(shape: TableShape): (row: Row) => CopyValue[] {
  const columns = writable(shape).map((column) => ({ name: column.name, json: column.base === 'json' || column.base === 'jsonb' }));
  return (row) =>
    columns.map(({ name, json }) => {
      const value = row[name];
      if (value === null || value === undefined) return null;
      return json ? { json: value } : (value as CopyValue);
    });
}
