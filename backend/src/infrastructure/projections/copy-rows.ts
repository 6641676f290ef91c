import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * One value of a row sent with `copyRows`: text, numbers and booleans as they are; `null` (or
 * undefined) as SQL NULL; an array as a PostgreSQL array literal (a `text[]`, `date[]`, `int[]`
 * column); a `{ json }` wrapper as JSON text (a `json`/`jsonb` column). Dates and instants travel as
 * their ISO text, as every projection already writes them.
 */
export type CopyValue = string | number | boolean | null | undefined | readonly (string | number | boolean | null)[] | { json: unknown };

/** A PostgreSQL identifier as COPY's table and column list needs it (the projections' names are plain). */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Rows per chunk handed to the COPY stream: large enough to be cheap, small enough to stream. */
const CHUNK_ROWS = 2000;

/**
 * Writes `rows` into `table` with `COPY … FROM STDIN` (text format) on `client`, in whatever
 * transaction the client is in (ADR 0248). Returns the number of rows sent. Each row is turned into
 * text before the next is taken, so an iterable may hand the same array back refilled.
 */
export async function copyRows(client: PoolClient, table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<number> {
  for (const name of [table, ...columns]) if (!IDENTIFIER.test(name)) throw new Error(`Not a plain identifier for COPY: ${name}`);
  let count = 0;
  function* chunks(): Generator<string> {
    let text = '';
    let inChunk = 0;
    for (const row of rows) {
      if (row.length !== columns.length) throw new Error(`COPY into ${table}: a row has ${row.length} values for ${columns.length} columns`);
      text += copyLine(row);
      count += 1;
      if (++inChunk === CHUNK_ROWS) {
        yield text;
        text = '';
        inChunk = 0;
      }
    }
    if (text.length > 0) yield text;
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
  return count;
}

/** One row in COPY's text format: fields separated by tabs, `\N` for NULL, ended by a newline. */
export function copyLine(row: readonly CopyValue[]): string {
  let line = '';
  for (let index = 0; index < row.length; index += 1) {
    if (index > 0) line += '\t';
    line += copyField(row[index]);
  }
  return `${line}\n`;
}

/** One field in COPY's text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format"). */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`COPY cannot send the number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string') return escapeText(value);
  if (Array.isArray(value)) return escapeText(arrayText(value));
  return escapeText(JSON.stringify((value as { json: unknown }).json));
}

const SPECIAL = /[\\\t\n\r]/;

/** Backslash, tab, newline and carriage return are the characters COPY's text format reads specially. */
function escapeText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'));
}

const PLAIN_ELEMENT = /^[^\s"\\{},]+$/;

/** An array literal (`{a,"b c",NULL}`), before COPY's own escaping. */
function arrayText(values: readonly (string | number | boolean | null)[]): string {
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) text += ',';
    const value = values[index];
    if (value === null || value === undefined) text += 'NULL';
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`COPY cannot send the number ${value}`);
      text += String(value);
    } else if (typeof value === 'boolean') text += value ? 't' : 'f';
    else if (PLAIN_ELEMENT.test(value) && value.toUpperCase() !== 'NULL') text += value;
    else text += `"${value.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${text}}`;
}
