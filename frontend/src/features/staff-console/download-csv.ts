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
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
