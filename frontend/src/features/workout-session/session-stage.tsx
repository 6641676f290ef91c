import { TriangleAlert } from 'lucide-react';
import type { PlannedExercise } from './session-plan';
import { StageDemonstration } from './session-demonstration';

export interface SessionVideoProps {
  exercise: PlannedExercise;
  /** The preloaded object URL, if this clip was preloaded. */
  preloadedSrc: string | null;
  /** Where to stream it from otherwise. */
  remoteSrc: string | null;
  playing: boolean;
}

/** The exercise's demonstration (the studio's video or photo, or the illustrated loop) and the preload warning. */
export function SessionVideo({ exercise, preloadedSrc, remoteSrc, playing }: SessionVideoProps) {
  return (
    <div className="session-stage__video">
      <StageDemonstration exercise={exercise} src={preloadedSrc ?? remoteSrc} playing={playing} />
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
