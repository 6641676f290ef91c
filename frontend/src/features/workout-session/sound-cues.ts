import { isRunning, sessionEvents, sessionReducer, type SessionState } from './session-machine';
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
const BEEPS_BEFORE_END = [3, 2, 1];

function cue(sound: SoundName, at: number): SoundCue {
  return { sound, at, key: `${sound}@${Math.round(at)}` };
}

/** Beeps when a timer shows 3, 2 and 1; a beep that would fall on the segment's own start is left out. */
function beeps(deadline: number, durationMs: number): SoundCue[] {
  return BEEPS_BEFORE_END.filter((seconds) => seconds * 1000 < durationMs).map((seconds) => cue('beep', deadline - seconds * 1000));
}

/**
 * The sounds an untouched session will make between `now - toleranceMs` and
 * `now + horizonMs`, found by running the machine itself forward to each deadline.
 * Scheduling them ahead on the Web Audio clock keeps beeps on time when the tab is
 * hidden and its timers are throttled; any member action changes the epoch and the
 * plan is drawn again.
 */
export function upcomingCues(plan: SessionPlan, state: SessionState, now: number, horizonMs: number, toleranceMs = 250): SoundCue[] {
  const cues: SoundCue[] = [];
  let current = state;
  const horizon = now + horizonMs;
  for (let guard = 0; guard < 10_000; guard += 1) {
    let deadline: number;
    if (current.status === 'countdown' && !current.paused && current.countdown.deadline !== null) {
      deadline = current.countdown.deadline;
      cues.push(...beeps(deadline, current.countdown.durationMs), cue('bell', deadline));
    } else if (isRunning(current) && current.timer.deadline !== null) {
      deadline = current.timer.deadline;
      cues.push(...beeps(deadline, current.timer.durationMs));
    } else {
      break;
    }
    if (deadline > horizon) break;
    current = sessionReducer(plan, current, sessionEvents.clockTicked(deadline));
    if (current.status === 'complete') {
      cues.push(cue('complete', deadline));
      break;
    }
  }
  return cues.filter((candidate) => candidate.at >= now - toleranceMs && candidate.at <= horizon);
}
