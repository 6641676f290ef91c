/**
 * The running modal's stopwatch. Elapsed time comes from real timestamps, so a phone
 * that throttles a background tab still shows the true time when it wakes up.
 */
export interface RunningTimer {
  /** When the current running stretch began (ms since epoch), or null while paused. */
  startedAt: number | null;
  /** Milliseconds from earlier stretches. */
  accumulatedMs: number;
}

export const IDLE_TIMER: RunningTimer = { startedAt: null, accumulatedMs: 0 };

export function isRunning(timer: RunningTimer): boolean {
  return timer.startedAt !== null;
}

export function startTimer(timer: RunningTimer, now: number): RunningTimer {
  return timer.startedAt === null ? { ...timer, startedAt: now } : timer;
}

export function pauseTimer(timer: RunningTimer, now: number): RunningTimer {
  if (timer.startedAt === null) return timer;
  return { startedAt: null, accumulatedMs: timer.accumulatedMs + Math.max(0, now - timer.startedAt) };
}

export function elapsedSeconds(timer: RunningTimer, now: number): number {
  const running = timer.startedAt === null ? 0 : Math.max(0, now - timer.startedAt);
  return Math.floor((timer.accumulatedMs + running) / 1000);
}
