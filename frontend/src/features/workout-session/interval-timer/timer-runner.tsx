import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Pause, Play, Square, Trophy, Volume2, VolumeX } from 'lucide-react';
import { MembersModal } from '../../../shared/ui/members-modal';
import { formatClock } from '../format-clock';
import type { Clock } from '../session-clock';
import { countdownSeconds, elapsedMs, elapsedSeconds, remainingSeconds, sessionEvents, type SessionState } from '../session-machine';
import { saveSession } from '../session-persistence';
import type { SessionPlan } from '../session-plan';
import { useSessionKeyboard } from '../use-session-keyboard';
import { useSessionRun } from '../use-session-run';
import type { SoundPlayer } from '../web-audio-sound-player';
import { timerTotalSec, type TimerDefinition } from './timer-definition';
import { halfwayReached, PHASE_LABELS, timerCues, timerReadout } from './timer-session';
import { TIMER_ROUTE } from './timer-storage';

/** How long the halfway badge stays up, in seconds of training. */
const HALFWAY_BADGE_SEC = 5;

export type SaveResult = 'saved' | 'queued' | 'rejected';

export interface TimerRunnerProps {
  timer: TimerDefinition;
  plan: SessionPlan;
  initialState: SessionState;
  completionKey: string;
  clock: Clock;
  soundPlayer: SoundPlayer;
  sessionStore: Storage;
  onSave: (durationSec: number, completionKey: string) => Promise<SaveResult>;
  /** Left without saving (stopped, or finished and not saved). */
  onLeave: () => void;
  /** The heart-rate row (optional sensor), as in the player. */
  heartRate?: ReactNode;
  onSecondTrained?: (second: number) => void;
  /** The saved session's heart-rate summary, if the server recorded one. */
  summary?: ReactNode;
}

/** The running timer: the player's machine, clock, sounds and wake lock, with huge digits and phase colours. */
export function TimerRunner(props: TimerRunnerProps) {
  const { timer, plan, clock, soundPlayer, sessionStore, completionKey } = props;
  const planCues = useCallback((p: SessionPlan, s: SessionState, now: number, horizon: number) => timerCues(timer, p, s, now, horizon), [timer]);
  const { state, dispatch, ticking, muted, playPause, toggleSound } = useSessionRun({
    plan,
    initialState: props.initialState,
    clock,
    soundPlayer,
    planCues,
    onSecondTrained: props.onSecondTrained,
  });
  const [confirmStop, setConfirmStop] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveResult, setSaveResult] = useState<SaveResult | null>(null);

  useEffect(() => {
    if (saveResult === 'saved') return;
    saveSession(sessionStore, TIMER_ROUTE, plan, { state, completionKey }, clock.now());
  }, [sessionStore, plan, state, completionKey, clock, saveResult]);

  const stop = () => {
    // Nothing trained yet: nothing to lose.
    if (state.status === 'idle') {
      props.onLeave();
      return;
    }
    // Asking is a pause: time does not run while the member decides.
    if (ticking) dispatch(sessionEvents.playToggled(clock.now()));
    setConfirmStop(true);
  };
  const ignore = () => undefined;
  // As in the player: Space plays or pauses, M mutes (a timer has no previous or next).
  useSessionKeyboard(state.status !== 'complete' && !confirmStop, { onPlayPause: playPause, onToggleSound: toggleSound, onNext: ignore, onPrevious: ignore });

  const save = async () => {
    setSaving(true);
    const result = await props.onSave(Math.round(elapsedMs(state) / 1000), completionKey);
    setSaving(false);
    setSaveResult(result);
  };

  const totalSec = timerTotalSec(timer);
  if (state.status === 'complete') {
    return (
      <TimerFinished
        timer={timer}
        trainedSec={elapsedSeconds(state)}
        saving={saving}
        result={saveResult}
        summary={props.summary}
        onSave={() => void save()}
        onLeave={props.onLeave}
      />
    );
  }

  const { phase, set, round } = timerReadout(state);
  const counting = state.status === 'countdown';
  const idle = state.status === 'idle';
  const digits = counting ? String(countdownSeconds(state)) : formatClock(remainingSeconds(state));
  const trained = elapsedMs(state) / 1000;
  const halfway = halfwayReached(timer, state) && trained < totalSec / 2 + HALFWAY_BADGE_SEC;
  const tone = idle || counting ? 'ready' : phase;
  const phaseLabel = idle ? 'Listo' : counting ? 'Prepárate' : PHASE_LABELS[phase];
  const playLabel = idle ? 'Comenzar' : state.paused ? 'Reanudar' : 'Pausar';

  return (
    <div className={`interval-run interval-run--${tone}`}>
      <header className="interval-run__top">
        <div className="interval-run__title">
          <span className="interval-run__eyebrow">Temporizador</span>
          <h1 className="interval-run__name">{timer.name}</h1>
        </div>
        <Button variant="outline-light" className="interval-run__stop" onClick={stop}>
          <Square size={18} aria-hidden="true" /> Detener
        </Button>
      </header>
      {props.heartRate}

      <main className="interval-run__body">
        <p className="interval-run__phase" aria-live="polite">
          {phaseLabel}
          {state.paused && <span className="interval-run__paused"> · En pausa</span>}
        </p>
        <div className="interval-run__digits" role="timer" aria-label={counting ? 'Cuenta regresiva' : 'Tiempo restante'}>
          {digits}
        </div>
        <dl className="interval-run__counts">
          <div>
            <dt>Ronda</dt>
            <dd>
              {round}/{timer.rounds}
            </dd>
          </div>
          <div>
            <dt>Serie</dt>
            <dd>
              {set}/{timer.sets}
            </dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>
              {formatClock(trained)} / {formatClock(totalSec)}
            </dd>
          </div>
        </dl>
        <p className="interval-run__halfway" role="status">
          {halfway ? '¡Mitad del entrenamiento! Sigue así.' : ''}
        </p>
      </main>

      <footer className="interval-run__controls">
        <Button
          variant="outline-light"
          className="interval-run__sound"
          onClick={toggleSound}
          aria-pressed={muted}
          aria-label={muted ? 'Activar sonido' : 'Silenciar'}
        >
          {muted ? <VolumeX size={26} aria-hidden="true" /> : <Volume2 size={26} aria-hidden="true" />}
        </Button>
        <Button className="btn-brand interval-run__play" size="lg" onClick={playPause}>
          {ticking ? <Pause size={28} aria-hidden="true" /> : <Play size={28} aria-hidden="true" />} {playLabel}
        </Button>
      </footer>

      <MembersModal
        show={confirmStop}
        onHide={() => setConfirmStop(false)}
        title="¿Detener el temporizador?"
        titleId="interval-stop-title"
        confirm
        footer={
          <>
            <Button variant="outline-secondary" onClick={() => setConfirmStop(false)}>
              Seguir entrenando
            </Button>
            <Button variant="danger" onClick={props.onLeave}>
              Detener
            </Button>
          </>
        }
      >
        <p className="mb-0">Esta sesión no se guardará en tu progreso. El temporizador queda en pausa mientras decides.</p>
      </MembersModal>
    </div>
  );
}

function TimerFinished({
  timer,
  trainedSec,
  saving,
  result,
  summary,
  onSave,
  onLeave,
}: {
  timer: TimerDefinition;
  trainedSec: number;
  saving: boolean;
  result: SaveResult | null;
  summary?: ReactNode;
  onSave: () => void;
  onLeave: () => void;
}) {
  return (
    <div className="interval-run interval-run--done">
      <main className="interval-run__finish" aria-labelledby="interval-done-title">
        <Trophy size={64} className="interval-run__trophy" aria-hidden="true" />
        <h1 id="interval-done-title" className="interval-run__done-title">
          ¡Temporizador completado!
        </h1>
        <p className="interval-run__done-name">{timer.name}</p>
        <dl className="interval-run__counts interval-run__counts--done">
          <div>
            <dt>Tiempo</dt>
            <dd>{formatClock(trainedSec)}</dd>
          </div>
          <div>
            <dt>Rondas</dt>
            <dd>{timer.rounds * timer.sets}</dd>
          </div>
          <div>
            <dt>Series</dt>
            <dd>{timer.sets}</dd>
          </div>
        </dl>
        {result === 'saved' ? (
          <>
            <p className="interval-run__saved" role="status">
              ¡Guardado! Ya cuenta en tu progreso, tu racha y tus logros.
            </p>
            {summary}
            <div className="interval-run__finish-actions">
              <Link to="/training/progress" className="btn btn-brand btn-lg">
                Ver mi progreso
              </Link>
              <Button variant="outline-light" size="lg" onClick={onLeave}>
                Otro temporizador
              </Button>
            </div>
          </>
        ) : (
          <>
            {result === 'queued' && (
              <p className="interval-run__pending" role="status">
                No pudimos guardarlo ahora. Lo guardaremos automáticamente cuando vuelva la conexión.
              </p>
            )}
            {result === 'rejected' && (
              <p className="interval-run__pending" role="alert">
                No pudimos guardar este entrenamiento. Vuelve a intentarlo más tarde.
              </p>
            )}
            <div className="interval-run__finish-actions">
              <Button className="btn-brand" size="lg" onClick={onSave} disabled={saving || result === 'queued'}>
                {saving ? 'Guardando...' : 'Guardar entrenamiento'}
              </Button>
              <Button variant="outline-light" size="lg" onClick={onLeave} disabled={saving}>
                {result === 'queued' ? 'Volver a los temporizadores' : 'Salir sin guardar'}
              </Button>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
