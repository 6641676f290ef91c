import { Badge } from 'react-bootstrap';
import { ArrowLeft } from 'lucide-react';
import { formatClock } from './format-clock';

export interface SessionTopBarProps {
  elapsedSec: number;
  round: number;
  totalRounds: number;
  exercise: number;
  exercisesInRound: number;
  exercisesDone: number;
  totalExercises: number;
  preloaded: boolean;
  onBack: () => void;
}

/** Spec section 2: back to /training, elapsed m:ss, 'Ronda x/y', 'Ejercicio x/y', 'Precargado', and the progress bar. */
export function SessionTopBar(props: SessionTopBarProps) {
  const percent = props.totalExercises === 0 ? 0 : Math.round((props.exercisesDone / props.totalExercises) * 100);
  return (
    <header className="session-top">
      <div className="session-top__bar">
        <button type="button" className="session-icon-button" onClick={props.onBack} aria-label="Volver a entrenamientos">
          <ArrowLeft size={28} aria-hidden="true" />
        </button>
        <span className="session-top__elapsed" aria-label="Tiempo transcurrido">
          {formatClock(props.elapsedSec)}
        </span>
        <span className="session-top__counter">
          Ronda {props.round}/{props.totalRounds}
        </span>
        <span className="session-top__counter">
          Ejercicio {props.exercise}/{props.exercisesInRound}
        </span>
        {props.preloaded && (
          <Badge bg="success" className="session-top__badge">
            Precargado
          </Badge>
        )}
      </div>
      <div className="progress session-top__progress">
        <div
          className="progress-bar"
          role="progressbar"
          aria-label="Progreso del entrenamiento"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${props.exercisesDone} de ${props.totalExercises} ejercicios`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </header>
  );
}
