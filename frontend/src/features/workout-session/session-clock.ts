import { useEffect, useRef } from 'react';

/** A monotonic clock in milliseconds; the session never reads wall-clock time. */
export interface Clock {
  now(): number;
}

export const performanceClock: Clock = { now: () => performance.now() };

/** How often the screen refreshes; the session's time comes from the clock, not from these ticks. */
export const TICK_INTERVAL_MS = 250;

/**
 * Calls `onTick` with the clock reading while `active`, and once more as soon as a
 * hidden page becomes visible again, so the screen catches up without waiting for a
 * throttled interval.
 */
export function useClockTicks(clock: Clock, active: boolean, onTick: (now: number) => void): void {
  const latest = useRef(onTick);
  useEffect(() => {
    latest.current = onTick;
  });

  useEffect(() => {
    if (!active) return undefined;
    const tick = () => latest.current(clock.now());
    const id = setInterval(tick, TICK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, clock]);
}
