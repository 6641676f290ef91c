import { useEffect, useRef, useState } from 'react';
import { sampleSecond, type HeartRateSamples } from './heart-rate-series';

/** A minute and the 5 s the summary's recovery looks around it (docs/heart-rate.md). */
export const RECOVERY_SECONDS = 65;

export interface RecoveryMinute {
  /** `samples[i]`: the BPM on screen `i` seconds after the end, null where none was fresh. */
  samples: HeartRateSamples;
  /** Seconds until the minute is measured; 0 once it is. */
  secondsLeft: number;
}

/**
 * The readings of the minute after a workout, for the 1-minute recovery (ADR 0132): from the
 * moment `measuring` turns true, the BPM on screen once a second of the wall clock, for
 * {@link RECOVERY_SECONDS}. Nothing is sampled without a sensor.
 */
export function useRecoveryMinute(readBpm: () => number | null, measuring: boolean, now: () => number = Date.now): RecoveryMinute {
  const [recovery, setRecovery] = useState<RecoveryMinute>({ samples: [], secondsLeft: RECOVERY_SECONDS });
  const startedAt = useRef<number | null>(null);
  // The latest readers, so a caller's new function on each render never restarts the minute.
  const sources = useRef({ readBpm, now });
  useEffect(() => {
    sources.current = { readBpm, now };
  });

  useEffect(() => {
    if (!measuring) return;
    startedAt.current ??= sources.current.now();
    const sample = () => {
      const second = Math.floor((sources.current.now() - startedAt.current!) / 1000);
      if (second >= RECOVERY_SECONDS) return;
      const bpm = sources.current.readBpm();
      setRecovery((current) => ({ samples: sampleSecond(current.samples, second, bpm), secondsLeft: Math.max(0, RECOVERY_SECONDS - 1 - second) }));
    };
    sample();
    const timer = setInterval(sample, 1000);
    return () => clearInterval(timer);
  }, [measuring]);

  return recovery;
}
