import { useEffect, useMemo, useRef } from 'react';
import type { SpeechEngine } from '../../shared/speech/spanish-voice';
import { createCoachVoice } from './coach-voice';
import type { SessionCue } from './session-machine';

/**
 * The machine's cues in the order they happened, each with the clock reading of the step that
 * gave it, numbered so none is said twice or lost when React batches steps.
 */
export interface CueLog {
  entries: readonly { serial: number; cue: SessionCue; now: number }[];
  serial: number;
}

export const EMPTY_CUE_LOG: CueLog = { entries: [], serial: 0 };
/** Enough for the cues of several batched steps; older ones are stale anyway. */
const CUE_LOG_SIZE = 32;

export function appendCues(log: CueLog, cues: readonly SessionCue[], now: number): CueLog {
  if (cues.length === 0) return log;
  const added = cues.map((cue, index) => ({ serial: log.serial + index + 1, cue, now }));
  return { entries: [...log.entries, ...added].slice(-CUE_LOG_SIZE), serial: log.serial + cues.length };
}

/** Says each new cue while `speaking`; stops talking on a pause, when switched off or muted, and on leaving. */
export function useCoachVoice(log: CueLog, running: boolean, speaking: boolean, engine: SpeechEngine): void {
  const voice = useMemo(() => createCoachVoice(engine), [engine]);
  // Cues from before the player mounted (a resumed session) are not news.
  const heard = useRef(log.serial);
  const wasSpeaking = useRef(speaking);

  useEffect(() => {
    const fresh = log.entries.filter((entry) => entry.serial > heard.current);
    heard.current = log.serial;
    if (speaking) {
      voice.follow(running);
      fresh.forEach((entry) => voice.hear([entry.cue], entry.now));
    } else if (wasSpeaking.current) {
      voice.hush();
    }
    wasSpeaking.current = speaking;
  }, [log, running, speaking, voice]);

  useEffect(() => () => voice.hush(), [voice]);
}
