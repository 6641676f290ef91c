import { useEffect, useRef } from 'react';
import type { SessionState } from './session-machine';
import type { SessionPlan } from './session-plan';
import type { Clock } from './session-clock';
import { upcomingCues, type SoundCue } from './sound-cues';
import type { SoundPlayer } from './web-audio-sound-player';

/** Which cues a session plans; the interval timer adds its halfway bell to the player's. */
export type CuePlanner = (plan: SessionPlan, state: SessionState, now: number, horizonMs: number) => SoundCue[];

/** Far enough ahead to outlast a hidden tab's one-minute timer throttling. */
const SCHEDULE_AHEAD_MS = 90_000;

/**
 * Keeps the audio clock loaded with the session's upcoming beeps, bell and complete
 * sound. A member action (new epoch), a new planner or muting cancels what was scheduled; a
 * completion reached by a member action, which no plan foresaw, plays at once.
 */
export function useSessionSounds(
  plan: SessionPlan,
  state: SessionState,
  muted: boolean,
  player: SoundPlayer,
  clock: Clock,
  planCues: CuePlanner = upcomingCues,
): void {
  const scheduled = useRef(new Map<string, { at: number; cancel: () => void }>());
  const epoch = useRef(state.epoch);
  const planner = useRef(planCues);
  const completionHandled = useRef(state.status === 'complete');

  useEffect(() => {
    const cancelAll = () => {
      scheduled.current.forEach((entry) => entry.cancel());
      scheduled.current.clear();
    };
    // A member action, or another way of cueing (the coach's voice taking over the beeps), draws the plan again.
    if (state.epoch !== epoch.current || planCues !== planner.current) {
      epoch.current = state.epoch;
      planner.current = planCues;
      cancelAll();
    }
    if (muted) {
      cancelAll();
      completionHandled.current = completionHandled.current || state.status === 'complete';
      return;
    }
    const now = clock.now();
    for (const cue of planCues(plan, state, now, SCHEDULE_AHEAD_MS)) {
      if (!scheduled.current.has(cue.key)) scheduled.current.set(cue.key, { at: cue.at, cancel: player.play(cue.sound, cue.at - now) });
    }
    if (state.status === 'complete' && !completionHandled.current) {
      completionHandled.current = true;
      const foreseen = [...scheduled.current.keys()].some((key) => key.startsWith('complete@'));
      if (!foreseen) player.play('complete', 0);
    }
    scheduled.current.forEach((entry, key) => {
      if (entry.at < now - 10_000) scheduled.current.delete(key);
    });
  }, [plan, state, muted, player, clock, planCues]);

  useEffect(() => {
    const entries = scheduled.current;
    return () => {
      entries.forEach((entry) => entry.cancel());
      entries.clear();
    };
  }, []);
}
