import type { SessionRoute } from '../session-persistence';
import { timerSpecError, TIMER_NAME_MAX, type TimerDefinition } from './timer-definition';

/** The player's persistence key for the timer: one timer session at a time per tab. */
export const TIMER_ROUTE: SessionRoute = { workoutId: 'interval-timer', planId: null, enrollmentId: null };

const CURRENT_KEY = 'pulso.interval-timer:current';
const KINDS = ['tabata', 'emom', 'amrap', 'custom'];

/** Which timer is on, so a reload finds it; its progress is saved by the player's own persistence (ADR 0054). */
export function saveCurrentTimer(storage: Storage, timer: TimerDefinition): void {
  try {
    storage.setItem(CURRENT_KEY, JSON.stringify({ version: 1, timer }));
  } catch (error) {
    console.warn('No se pudo guardar el temporizador', error);
  }
}

export function loadCurrentTimer(storage: Storage): TimerDefinition | null {
  try {
    const stored = JSON.parse(storage.getItem(CURRENT_KEY) ?? 'null') as { version?: number; timer?: TimerDefinition } | null;
    const timer = stored?.version === 1 ? stored.timer : undefined;
    if (!timer || !KINDS.includes(timer.kind) || typeof timer.name !== 'string' || timer.name.length === 0 || timer.name.length > TIMER_NAME_MAX) return null;
    if (timerSpecError(timer) !== null) return null;
    return {
      kind: timer.kind,
      name: timer.name,
      workSec: timer.workSec,
      restSec: timer.restSec,
      rounds: timer.rounds,
      sets: timer.sets,
      setRestSec: timer.setRestSec,
    };
  } catch {
    return null;
  }
}

export function clearCurrentTimer(storage: Storage): void {
  try {
    storage.removeItem(CURRENT_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
