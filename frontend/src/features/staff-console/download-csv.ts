import { currentToken } from '../../shared/api/auth-token';

/**
 * Downloads a CSV the server streams: the request carries the bearer token, so a
 * plain link cannot do it; the browser saves the file under the server's name.
 */
export async function downloadCsv(path: string, params: Record<string, string | number | undefined>, fallbackName: string): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const token = await currentToken();
  const response = await fetch(`${path}${query.size ? `?${query}` : ''}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'No se pudo descargar el archivo.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(name, await response.blob());
}

/** Excel opens a UTF-8 CSV with accents correctly only when it starts with a byte-order mark. */
const CSV_BOM = '\uFEFF';

/** One CSV field as the server writes them: quoted when needed, a leading = + - @ neutralised so a spreadsheet never runs it. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file's text: the byte-order mark, the header and the rows, each line ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return CSV_BOM + [header, ...rows].map((line) => `${line.map(csvField).join(',')}\r\n`).join('');
}

/** Saves a CSV built in the page (figures already on screen) under `fileName`. */
export function saveCsv(fileName: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
