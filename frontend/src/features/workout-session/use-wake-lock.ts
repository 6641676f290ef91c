import { useEffect } from 'react';

/**
 * Keeps the phone's screen on while `active` (Screen Wake Lock API). The browser
 * drops the lock whenever the page is hidden, so it is asked for again when the page
 * becomes visible. Where the API is missing or refused, training simply goes on.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!active || !wakeLock) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let released = false;

    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (released) void lock.release();
          else sentinel = lock;
        })
        .catch((error: unknown) => console.warn('No se pudo mantener la pantalla encendida', error));
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') acquire();
    };

    acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    };
  }, [active]);
}
