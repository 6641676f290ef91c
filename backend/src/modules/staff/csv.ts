import type { Response } from 'express';

/** Excel opens a UTF-8 CSV with accents correctly only when it starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** One CSV field: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Streams a CSV download page by page: headers first, then each page as it is read,
 * waiting for the socket to drain, so the file is never built in memory.
 */
export async function streamCsv<Row>(
  response: Response,
  fileName: string,
  header: readonly string[],
  pages: AsyncIterable<Row[]>,
  toLine: (row: Row) => unknown[],
): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  response.setHeader('Cache-Control', 'no-store');
  response.write(CSV_BOM + csvLine(header));
  for await (const rows of pages) {
    if (response.destroyed) return;
    const chunk = rows.map((row) => csvLine(toLine(row))).join('');
    if (!response.write(chunk)) await drained(response);
  }
  response.end();
}

function drained(response: Response): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}
