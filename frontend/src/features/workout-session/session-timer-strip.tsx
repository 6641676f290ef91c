import { Button } from 'react-bootstrap';
import { Check } from 'lucide-react';
import { formatClock } from './format-clock';
import type { SessionPhase } from './session-machine';
import type { PlannedExercise } from './session-plan';

export interface SessionTimerStripProps {
  roundLabel: string;
  exercise: PlannedExercise;
  phase: SessionPhase;
  remainingSec: number;
  next: PlannedExercise | null;
  canFinishReps: boolean;
  onRepsFinished: () => void;
}

export function stateLabel(phase: SessionPhase, exercise: PlannedExercise): string {
  if (phase === 'roundRest') return 'Descanso entre Rondas';
  if (phase === 'exerciseRest') return 'Descanso';
  return exercise.kind === 'time' ? 'Ejercicio' : 'Completar Repeticiones';
}

export function exerciseTarget(exercise: PlannedExercise): string {
  return exercise.kind === 'reps' ? `${exercise.reps ?? 0} reps` : formatClock(exercise.timerSec);
}

/**
 * Spec section 2: round type, exercise name, state label and the countdown; the rep
 * target with 'Terminé'; and the next-exercise preview or the finishing notice.
 */
export function SessionTimerStrip({ roundLabel, exercise, phase, remainingSec, next, canFinishReps, onRepsFinished }: SessionTimerStripProps) {
  const resting = phase !== 'exercise';
  return (
    <section className={`session-strip${resting ? ' session-strip--rest' : ''}`} aria-label="Temporizador">
      <div className="session-strip__main">
        <div className="session-strip__labels">
          <span className="session-strip__round">{roundLabel}</span>
          <h1 className="session-strip__name">{exercise.name}</h1>
          <span className="session-strip__state">{stateLabel(phase, exercise)}</span>
        </div>
        <div className="session-strip__clock" role="timer" aria-label="Tiempo restante">
          {formatClock(remainingSec)}
        </div>
      </div>

      {exercise.kind === 'reps' && !resting && (
        <div className="session-strip__reps">
          <span className="session-strip__target">{exercise.reps ?? 0} reps</span>
          <Button variant="success" size="lg" className="session-strip__done" disabled={!canFinishReps} onClick={onRepsFinished}>
            <Check size={24} aria-hidden="true" /> Terminé
          </Button>
        </div>
      )}

      <div className="session-strip__next" aria-live="polite">
        {next ? (
          <>
            <span className="session-strip__next-name">NEXT: {next.name}</span>
            <span className="session-strip__next-target">{exerciseTarget(next)}</span>
          </>
        ) : (
          <>
            <span className="session-strip__next-name">FINALIZANDO</span>
            <span className="session-strip__next-target">¡Último ejercicio del entrenamiento!</span>
          </>
        )}
      </div>
    </section>
  );
}
