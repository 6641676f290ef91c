import { Megaphone, MegaphoneOff, Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';

export interface SessionControlsProps {
  playing: boolean;
  playLabel: string;
  canPrevious: boolean;
  canSkip: boolean;
  muted: boolean;
  /** The coach's voice: whether the device has a Spanish voice, and the member's switch. */
  voice: { available: boolean; on: boolean; toggle: () => void };
  onPrevious: () => void;
  onPlayPause: () => void;
  onSkip: () => void;
  onToggleSound: () => void;
}

/** Spec section 2: previous, play/pause, skip and the sound toggle, then the coach's voice, sized for a thumb at arm's length. */
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
      <VoiceSwitch {...props.voice} />
    </nav>
  );
}

/** Without a Spanish voice on the device the switch stays, off and disabled, and says why: the beeps count instead. */
function VoiceSwitch({ available, on, toggle }: SessionControlsProps['voice']) {
  const speaking = available && on;
  return (
    <button
      type="button"
      role="switch"
      className="session-control"
      onClick={toggle}
      disabled={!available}
      aria-checked={speaking}
      aria-label="Voz del entrenador"
      title={available ? undefined : 'Este dispositivo no tiene una voz en español: escucharás los pitidos.'}
    >
      {speaking ? <Megaphone size={30} aria-hidden="true" /> : <MegaphoneOff size={30} aria-hidden="true" />}
    </button>
  );
}
