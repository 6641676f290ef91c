import { setServedFromCopies } from '../lib/connectivity';

/** The worker's mark on an answer it gave from its copy (vite/pwa.ts). */
export const OFFLINE_COPY_HEADER = 'X-Pulso-Offline';
const PROBE_MS = 5_000;
let probe: ReturnType<typeof setInterval> | undefined;

/**
 * An answer from the server (`fromCopy` false), or from the worker's copy or none at all (true).
 * While answers come from copies a light probe asks the server every few seconds; when it answers,
 * the app is told as the browser would tell it (an `online` event): the completion outbox, pages
 * that failed and stale reads go again, although `navigator.onLine` may never have changed.
 */
export function reportAnswer(fromCopy: boolean): void {
  if (!setServedFromCopies(fromCopy)) return;
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
