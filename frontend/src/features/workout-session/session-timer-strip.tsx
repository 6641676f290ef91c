import { Button } from 'react-bootstrap';
import { Check, FastForward } from 'lucide-react';
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
  /** During a rest: the member's +15 s / −15 s and 'Saltar descanso'. */
  rest: RestControlsProps;
}

export interface RestControlsProps {
  canExtend: boolean;
  onExtend: () => void;
  onShorten: () => void;
  onSkip: () => void;
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
 * Spec section 2's timer strip, laid out to be read from 2 m away with the phone propped
 * against a wall (ADR 0230). Three shapes, one timer each:
 * - a timed exercise: its name over the countdown, the biggest figure on the screen;
 * - a rep exercise: its name over the target 'N reps' and 'Terminé'; the 60-second timer
 *   that still advances the session at 0 (spec section 4) is shown as the time limit;
 * - a rest: what comes next ('NEXT: name' with its reps or time) over the rest's countdown,
 *   never the exercise just finished, and the member's say over the rest under it.
 * Below an exercise, the 'NEXT:' preview or, on the last one, the finishing notice.
 */
export function SessionTimerStrip({ roundLabel, exercise, phase, remainingSec, next, canFinishReps, onRepsFinished, rest }: SessionTimerStripProps) {
  const resting = phase !== 'exercise';
  const reps = !resting && exercise.kind === 'reps';
  const timer = (
    <div className={reps ? 'session-strip__limit-clock' : 'session-strip__clock'} role="timer" aria-label="Tiempo restante">
      {formatClock(remainingSec)}
    </div>
  );

  return (
    <section className={`session-strip${resting ? ' session-strip--rest' : ''}${reps ? ' session-strip--reps' : ''}`} aria-label="Temporizador">
      <div className="session-strip__meta">
        <span className="session-strip__round">{roundLabel}</span>
        <span className="session-strip__state">{stateLabel(phase, exercise)}</span>
      </div>

      {resting ? (
        <>
          {next ? (
            <h1 className="session-strip__name session-strip__name--next">
              NEXT: <strong>{next.name}</strong>
            </h1>
          ) : (
            <h1 className="session-strip__name session-strip__name--next">
              Último descanso: <strong>¡ya casi terminas!</strong>
            </h1>
          )}
          {next && <p className="session-strip__next-up">{exerciseTarget(next)}</p>}
          {timer}
          <RestControls {...rest} />
        </>
      ) : (
        <>
          <h1 className="session-strip__name">{exercise.name}</h1>
          {reps ? (
            <div className="session-strip__reps">
              <p className="session-strip__target">{exercise.reps ?? 0} reps</p>
              <Button variant="success" size="lg" className="session-strip__done" disabled={!canFinishReps} onClick={onRepsFinished}>
                <Check size={28} aria-hidden="true" /> Terminé
              </Button>
              <div className="session-strip__limit">
                <span>Tiempo límite</span>
                {timer}
              </div>
            </div>
          ) : (
            timer
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
        </>
      )}
    </section>
  );
}

/** The rest on the member's terms; the machine keeps the countdown on the clock (ADR 0310). */
function RestControls({ canExtend, onExtend, onShorten, onSkip }: RestControlsProps) {
  return (
    <div className="session-rest-controls" role="group" aria-label="Ajustar descanso">
      <button type="button" className="session-rest-control" onClick={onShorten}>
        −15 s
      </button>
      <button type="button" className="session-rest-control" onClick={onExtend} disabled={!canExtend}>
        +15 s
      </button>
      <button type="button" className="session-rest-control session-rest-control--skip" onClick={onSkip}>
        <FastForward size={22} aria-hidden="true" /> Saltar descanso
      </button>
    </div>
  );
}
