import { useEffect, useRef, useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { PlannedExercise } from './session-plan';

export interface SessionVideoProps {
  exercise: PlannedExercise;
  /** The preloaded object URL, if this clip was preloaded. */
  preloadedSrc: string | null;
  /** Where to stream it from otherwise. */
  remoteSrc: string | null;
  playing: boolean;
}

/** The exercise clip: muted and looping, moving only while the session runs. */
export function SessionVideo({ exercise, preloadedSrc, remoteSrc, playing }: SessionVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const src = preloadedSrc ?? remoteSrc;
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      const started = element.play();
      // Autoplay refusals and aborted loads are not the member's problem; the timer goes on.
      if (started) started.catch((error: unknown) => console.warn('No se pudo reproducir el video', error));
    } else {
      element.pause();
    }
  }, [playing, src]);

  return (
    <div className="session-stage__video">
      {src && src !== brokenSrc ? (
        <video
          ref={video}
          key={src}
          src={src}
          muted
          loop
          playsInline
          preload="auto"
          aria-label={`Video: ${exercise.name}`}
          onError={() => setBrokenSrc(src)}
        />
      ) : (
        <div className="session-stage__no-video" aria-hidden="true">
          {exercise.name}
        </div>
      )}
      {!preloadedSrc && (
        <div className="session-stage__warning" role="note">
          <TriangleAlert size={18} aria-hidden="true" /> Videos no precargados
        </div>
      )}
    </div>
  );
}

/** Spec section 2: the 5-second countdown before playing starts. */
export function CountdownOverlay({ seconds }: { seconds: number }) {
  return (
    <div className="session-countdown" role="alertdialog" aria-modal="true" aria-labelledby="session-countdown-title" aria-describedby="session-countdown-text">
      <p id="session-countdown-title" className="session-countdown__title">
        Prepárate
      </p>
      <p className="session-countdown__number" aria-live="assertive">
        {seconds}
      </p>
      <p id="session-countdown-text" className="session-countdown__text">
        El entrenamiento comenzará pronto
      </p>
    </div>
  );
}
