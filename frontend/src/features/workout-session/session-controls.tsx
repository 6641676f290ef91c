import { Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';

export interface SessionControlsProps {
  playing: boolean;
  playLabel: string;
  canPrevious: boolean;
  canSkip: boolean;
  muted: boolean;
  onPrevious: () => void;
  onPlayPause: () => void;
  onSkip: () => void;
  onToggleSound: () => void;
}

/** Spec section 2: previous, play/pause, skip and the sound toggle, sized for a thumb at arm's length. */
export function SessionControls(props: SessionControlsProps) {
  return (
    <nav className="session-controls" aria-label="Controles del entrenamiento">
      <button type="button" className="session-control" onClick={props.onPrevious} disabled={!props.canPrevious} aria-label="Ejercicio anterior">
        <SkipBack size={32} aria-hidden="true" />
      </button>
      <button type="button" className="session-control session-control--main" onClick={props.onPlayPause} aria-label={props.playLabel}>
        {props.playing ? <Pause size={44} aria-hidden="true" /> : <Play size={44} aria-hidden="true" />}
      </button>
      <button type="button" className="session-control" onClick={props.onSkip} disabled={!props.canSkip} aria-label="Saltar">
        <SkipForward size={32} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="session-control"
        onClick={props.onToggleSound}
        aria-label={props.muted ? 'Activar sonido' : 'Silenciar'}
        aria-pressed={props.muted}
      >
        {props.muted ? <VolumeX size={32} aria-hidden="true" /> : <Volume2 size={32} aria-hidden="true" />}
      </button>
    </nav>
  );
}
