/**
 * Whether the app reaches the server. `navigator.onLine` alone is not enough: on a gym's weak
 * Wi-Fi (or a page opened without a connection) the browser may say "online" while every answer
 * comes from the copies the service worker kept, which it marks (`X-Pulso-Offline`, vite/pwa.ts).
 * While that lasts a light probe asks the server every few seconds; when it answers, the app is
 * told as the browser would tell it (an `online` event), so what waits for the connection
 * (the completion outbox, failed pages, stale reads) goes again.
 */
export const OFFLINE_COPY_HEADER = 'X-Pulso-Offline';
const PROBE_MS = 5_000;

let servedFromCopies = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function isOnline(): boolean {
  return navigator.onLine && !servedFromCopies;
}

/** An answer from the server (`fromCopy` false) or from the worker's copy / no answer at all (true). */
export function reportAnswer(fromCopy: boolean): void {
  if (fromCopy === servedFromCopies) return;
  servedFromCopies = fromCopy;
  listeners.forEach((listener) => listener());
  if (fromCopy) {
    probe ??= setInterval(() => {
      fetch('/api/health/live', { cache: 'no-store' }).then(
        (response) => response.ok && reportAnswer(false),
        () => undefined,
      );
    }, PROBE_MS);
    return;
  }
  clearInterval(probe);
  probe = undefined;
  window.dispatchEvent(new Event('online'));
}
