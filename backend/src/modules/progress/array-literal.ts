/**
 * A PostgreSQL array literal (`{a,b,NULL}`) for a parameter cast to `text[]`, `date[]`,
 * `int[]`, … Projections send a batch's columns this way: ids, dates, instants and
 * numbers need no quoting, which spares the driver escaping every element (a rebuild
 * sends millions). Anything else is quoted and escaped.
 */
const PLAIN = /^[A-Za-z0-9_.:+-]+$/;

export function arrayLiteral(values: readonly (string | number | boolean | null | undefined)[]): string {
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) text += ',';
    const value = values[index];
    if (value === null || value === undefined) text += 'NULL';
    else if (typeof value === 'number') text += Number.isFinite(value) ? String(value) : 'NULL';
    else if (typeof value === 'boolean') text += value ? 't' : 'f';
    else if (PLAIN.test(value) && value.toUpperCase() !== 'NULL') text += value;
    else text += `"${value.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${text}}`;
}
