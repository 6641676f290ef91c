/**
 * Whether the app reaches the server. `navigator.onLine` alone is not enough: on a gym's weak
 * Wi-Fi (or a page opened without a connection) the browser may say "online" while every answer
 * comes from the copies the service worker kept, which it marks (`X-Pulso-Offline`, vite/pwa.ts).
 * The API slice reports each answer (shared/api/connectivity-probe.ts); this part is in every page.
 */
let servedFromCopies = false;
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

/** Answers whether it changed. */
export function setServedFromCopies(fromCopies: boolean): boolean {
  if (fromCopies === servedFromCopies) return false;
  servedFromCopies = fromCopies;
  listeners.forEach((listener) => listener());
  return true;
}
