import { currentToken } from './auth-token';

/**
 * Downloads a file the server streams to the signed-in member: the request carries the bearer
 * token, so a plain link cannot do it; the browser saves the file under the server's name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = await currentToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new Error(body?.message || body?.error || 'No se pudo descargar el archivo.');
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
