import { sessionEvents, stepSession, type SessionCue, type SessionState } from './session-machine';
import type { SessionPlan } from './session-plan';

export type SoundName = 'beep' | 'bell' | 'complete';

export interface SoundCue {
  sound: SoundName;
  /** Clock time (same clock as the session) at which the sound starts. */
  at: number;
  key: string;
}

/** Spec section 4 "Sounds" and section 9: every sound plays at half volume. */
export const SOUND_VOLUME = 0.5;

function cue(sound: SoundName, at: number): SoundCue {
  return { sound, at, key: `${sound}@${Math.round(at)}` };
}

/** The spec's sounds for the machine's cues: a beep at 3, 2 and 1, the bell when the countdown hands over, the complete sound at the end. */
export function soundFor(sessionCue: SessionCue): SoundCue | null {
  switch (sessionCue.type) {
    case 'secondsLeft':
      return cue('beep', sessionCue.at);
    case 'countdownEnded':
      return cue('bell', sessionCue.at);
    case 'workoutCompleted':
      return cue('complete', sessionCue.at);
    default:
      return null;
  }
}

/**
 * The sounds an untouched session will make between `now - toleranceMs` and
 * `now + horizonMs`, found by letting the machine itself run to the horizon.
 * Scheduling them ahead on the Web Audio clock keeps beeps on time when the tab is
 * hidden and its timers are throttled; any member action changes the epoch and the
 * plan is drawn again.
 */
export function upcomingCues(plan: SessionPlan, state: SessionState, now: number, horizonMs: number, toleranceMs = 250): SoundCue[] {
  const horizon = now + horizonMs;
  const { cues } = stepSession(plan, state, sessionEvents.clockTicked(horizon));
  return cues.flatMap((sessionCue) => soundFor(sessionCue) ?? []).filter((candidate) => candidate.at >= now - toleranceMs && candidate.at <= horizon);
}
