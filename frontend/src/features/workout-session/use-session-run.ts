import { useCallback, useMemo, useReducer, useState, useEffect } from 'react';
import { useCoachVoicePreference } from '../../shared/speech/coach-voice-preference';
import { silentSpeechEngine, useSpanishVoice, type SpeechEngine } from '../../shared/speech/spanish-voice';
import { useClockTicks, type Clock } from './session-clock';
import { elapsedSeconds, sessionEvents, stepSession, type SessionEvent, type SessionState } from './session-machine';
import type { SessionPlan } from './session-plan';
import { upcomingCues } from './sound-cues';
import { appendCues, EMPTY_CUE_LOG, useCoachVoice, type CueLog } from './use-coach-voice';
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
  /** The coach's voice; without one (the interval timer) only the sounds play. */
  speech?: SpeechEngine;
  /** Told each second of time trained, so the heart rate can be sampled on the workout's own clock. */
  onSecondTrained?: (second: number) => void;
}

interface RunState {
  state: SessionState;
  cues: CueLog;
}

/**
 * One run of the session machine, as the player and the interval timer both drive it: the clock's
 * ticks, the sounds, the coach's voice, the wake lock, the seconds trained, and the mute choice
 * kept across sessions. With the voice speaking, its "3, 2, 1" stands in for the beeps (ADR 0310).
 */
export function useSessionRun({ plan, initialState, clock, soundPlayer, planCues = upcomingCues, speech, onSecondTrained }: SessionRunOptions) {
  const reducer = useCallback(
    (run: RunState, event: SessionEvent): RunState => {
      const step = stepSession(plan, run.state, event);
      return { state: step.state, cues: appendCues(run.cues, step.cues, event.now) };
    },
    [plan],
  );
  const [run, dispatch] = useReducer(reducer, { state: initialState, cues: EMPTY_CUE_LOG });
  const { state } = run;
  const [muted, setMuted] = useState(readMuted);
  const [voiceOn, setVoiceOn] = useCoachVoicePreference();
  const engine = speech ?? silentSpeechEngine;
  const voiceAvailable = useSpanishVoice(engine) !== null;
  const speaking = voiceAvailable && voiceOn && !muted;

  const ticking = (state.status === 'countdown' || state.status === 'playing') && !state.paused;
  useClockTicks(clock, ticking, (now) => dispatch(sessionEvents.clockTicked(now)));
  const soundCues = useMemo<CuePlanner>(
    () => (speaking ? (...args) => planCues(...args).filter((cue) => cue.sound !== 'beep') : planCues),
    [speaking, planCues],
  );
  useSessionSounds(plan, state, muted, soundPlayer, clock, soundCues);
  useCoachVoice(run.cues, ticking, speaking, engine);
  useWakeLock(ticking);

  const secondTrained = elapsedSeconds(state);
  useEffect(() => {
    if (state.status === 'playing') onSecondTrained?.(secondTrained);
  }, [secondTrained, state.status, onSecondTrained]);

  const playPause = () => {
    soundPlayer.unlock();
    if (speaking) engine.unlock();
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
  const toggleVoice = () => {
    if (!voiceOn) engine.unlock();
    setVoiceOn(!voiceOn);
  };
  const voice = { available: voiceAvailable, on: voiceOn, toggle: toggleVoice };

  return { state, dispatch, ticking, muted, playPause, toggleSound, voice };
}
