import { elapsedMs, isRunning, type SessionState } from '../session-machine';
import type { SessionPlan } from '../session-plan';
import { upcomingCues, type SoundCue } from '../sound-cues';
import { halfwaySec, type TimerPhaseKind, type TimerSpec } from './timer-definition';

/** What the running screen shows, read from the player's machine state. */
export interface TimerReadout {
  phase: TimerPhaseKind;
  set: number;
  round: number;
}

export function timerReadout(state: SessionState): TimerReadout {
  const phase: TimerPhaseKind = state.phase === 'exercise' ? 'work' : state.phase === 'exerciseRest' ? 'rest' : 'setRest';
  return { phase, set: state.roundIndex + 1, round: state.exerciseIndex + 1 };
}

export const PHASE_LABELS: Record<TimerPhaseKind, string> = {
  work: 'Trabajo',
  rest: 'Descanso',
  setRest: 'Descanso entre series',
};

export function halfwayReached(spec: TimerSpec, state: SessionState, now = state.now): boolean {
  return elapsedMs(state, now) >= halfwaySec(spec) * 1000;
}

/**
 * The player's cues (3-2-1 beeps, the start bell, the final sound) plus the halfway bell, placed
 * on the same clock: while the session runs, training time advances with the clock, so the
 * halfway moment is a fixed clock reading until the member pauses (a new epoch redraws it).
 */
export function timerCues(spec: TimerSpec, plan: SessionPlan, state: SessionState, now: number, horizonMs: number, toleranceMs = 250): SoundCue[] {
  const cues = upcomingCues(plan, state, now, horizonMs, toleranceMs);
  const halfwayMs = halfwaySec(spec) * 1000;
  let at: number | null = null;
  if (isRunning(state) && state.elapsedSince !== null) {
    at = state.elapsedSince + (halfwayMs - state.elapsedMs);
  } else if (state.status === 'countdown' && !state.paused && state.countdown.deadline !== null) {
    at = state.countdown.deadline + (halfwayMs - state.elapsedMs);
  }
  // Not at the very end: the final sound already marks it.
  if (at !== null && halfwayMs > state.elapsedMs && at >= now - toleranceMs && at <= now + horizonMs) {
    cues.push({ sound: 'bell', at, key: `halfway@${Math.round(at)}` });
  }
  return cues;
}
