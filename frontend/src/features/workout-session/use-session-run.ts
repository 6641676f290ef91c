import { useCallback, useEffect, useReducer, useState } from 'react';
import { useClockTicks, type Clock } from './session-clock';
import { elapsedSeconds, sessionEvents, sessionReducer, type SessionEvent, type SessionState } from './session-machine';
import type { SessionPlan } from './session-plan';
import { useSessionSounds, type CuePlanner } from './use-session-sounds';
import { useWakeLock } from './use-wake-lock';
import type { SoundPlayer } from './web-audio-sound-player';

const MUTED_KEY = 'pulso.session-muted';

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

export interface SessionRunOptions {
  plan: SessionPlan;
  initialState: SessionState;
  clock: Clock;
  soundPlayer: SoundPlayer;
  /** The cues to schedule (the interval timer adds its halfway bell). */
  planCues?: CuePlanner;
  /** Told each second of time trained, so the heart rate can be sampled on the workout's own clock. */
  onSecondTrained?: (second: number) => void;
}

/**
 * One run of the session machine, as the player and the interval timer both drive it: the clock's
 * ticks, the sounds, the wake lock, the seconds trained, and the mute choice kept across sessions.
 */
export function useSessionRun({ plan, initialState, clock, soundPlayer, planCues, onSecondTrained }: SessionRunOptions) {
  const reducer = useCallback((state: SessionState, event: SessionEvent) => sessionReducer(plan, state, event), [plan]);
  const [state, dispatch] = useReducer(reducer, initialState);
  const [muted, setMuted] = useState(readMuted);

  const ticking = (state.status === 'countdown' || state.status === 'playing') && !state.paused;
  useClockTicks(clock, ticking, (now) => dispatch(sessionEvents.clockTicked(now)));
  useSessionSounds(plan, state, muted, soundPlayer, clock, planCues);
  useWakeLock(ticking);

  const secondTrained = elapsedSeconds(state);
  useEffect(() => {
    if (state.status === 'playing') onSecondTrained?.(secondTrained);
  }, [secondTrained, state.status, onSecondTrained]);

  const playPause = () => {
    soundPlayer.unlock();
    dispatch(sessionEvents.playToggled(clock.now()));
  };
  const toggleSound = () => {
    soundPlayer.unlock();
    const next = !muted;
    setMuted(next);
    try {
      localStorage.setItem(MUTED_KEY, next ? '1' : '0');
    } catch {
      // A private window may refuse storage; the toggle still works for this session.
    }
  };

  return { state, dispatch, ticking, muted, playPause, toggleSound };
}
