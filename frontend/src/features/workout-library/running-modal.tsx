import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { CheckCircle2, Pause, Play, Route, Timer } from 'lucide-react';
import { useCompleteWorkoutMutation } from '../../shared/api/api';
import type { RunningWorkoutDto } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { useHeartRateSession } from '../../shared/heart-rate/use-heart-rate-session';
import type { WebBluetooth } from '../../shared/heart-rate/web-bluetooth';
import { formatClock } from '../../shared/lib/duration-format';
import { HeartRateLive } from '../../shared/ui/heart-rate-live';
import { MembersModal } from '../../shared/ui/members-modal';
import { TERRAIN_LABELS } from './library-filter';
import { IDLE_TIMER, elapsedSeconds, isRunning, pauseTimer, startTimer, type RunningTimer } from './running-timer';

/** Spec section 9: the success screen stays 2 s, then the modal closes and resets. */
export const SUCCESS_SCREEN_MS = 2_000;
export const COMPLETE_FAILED = 'Error al completar el entrenamiento';

const INTERVAL_LABELS: Record<string, string> = {
  warmup: 'Calentamiento',
  run: 'Carrera',
  tempo: 'Tempo',
  hard: 'Fuerte',
  sprint: 'Sprint',
  hill: 'Cuesta',
  recovery: 'Recuperación',
  walk: 'Caminata',
  cooldown: 'Enfriamiento',
};

/** Shows a running workout and times the member's run; a finished run is saved with its real duration. */
/** The sensor lives as long as the open modal's body: closing the modal disconnects it. */
function RunningHeartRate({ bluetooth }: { bluetooth?: WebBluetooth | null }) {
  const session = useHeartRateSession({ bluetooth });
  return (
    <div className="running-timer__heart-rate">
      <HeartRateLive session={session} layout="card" />
    </div>
  );
}

export interface RunningModalProps {
  workout: RunningWorkoutDto | null;
  onClose: () => void;
  /** The browser's `navigator.bluetooth` when left out; null acts as a browser without it. */
  bluetooth?: WebBluetooth | null;
}

export function RunningModal({ workout, onClose, bluetooth }: RunningModalProps) {
  const [timer, setTimer] = useState<RunningTimer>(IDLE_TIMER);
  const [now, setNow] = useState(() => Date.now());
  const [succeeded, setSucceeded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [complete, { isLoading: saving }] = useCompleteWorkoutMutation();
  const running = isRunning(timer);
  const seconds = elapsedSeconds(timer, now);

  useEffect(() => {
    if (!running) return undefined;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [running]);

  const reset = () => {
    setTimer(IDLE_TIMER);
    setSucceeded(false);
    setFailed(false);
    setNow(Date.now());
  };

  useEffect(() => {
    if (!succeeded) return undefined;
    const id = window.setTimeout(() => {
      setTimer(IDLE_TIMER);
      setSucceeded(false);
      onClose();
    }, SUCCESS_SCREEN_MS);
    return () => window.clearTimeout(id);
  }, [succeeded, onClose]);

  const toggle = () => {
    const at = Date.now();
    setNow(at);
    setTimer((current) => (isRunning(current) ? pauseTimer(current, at) : startTimer(current, at)));
  };

  const finish = async () => {
    if (!workout) return;
    const at = Date.now();
    const stopped = pauseTimer(timer, at);
    setTimer(stopped);
    setNow(at);
    setFailed(false);
    try {
      await complete({
        'idempotency-key': newIdempotencyKey(),
        completeWorkoutDto: { workoutId: workout._id, isRunning: true, duration: elapsedSeconds(stopped, at) },
      }).unwrap();
      setSucceeded(true);
    } catch {
      setFailed(true);
    }
  };

  const close = () => {
    if (saving) return;
    reset();
    onClose();
  };

  return (
    <MembersModal show={workout !== null} onHide={close} title={workout?.title} titleId="running-modal-title" error={failed ? COMPLETE_FAILED : null}>
      {workout ? (
        <>
          {succeeded ? (
            <div className="running-success" role="status">
              <CheckCircle2 size={56} aria-hidden="true" />
              <p className="running-success__title">¡Carrera completada!</p>
              <p className="mb-0">Registramos {formatClock(seconds)} de carrera en tu progreso.</p>
            </div>
          ) : (
            <>
              {workout.description ? <p>{workout.description}</p> : null}
              <ul className="running-facts">
                {workout.distance ? (
                  <li>
                    <Route size={16} aria-hidden="true" /> {workout.distance} km
                  </li>
                ) : null}
                {workout.duration ? (
                  <li>
                    <Timer size={16} aria-hidden="true" /> {workout.duration} min
                  </li>
                ) : null}
                {workout.terrain ? <li>{TERRAIN_LABELS[workout.terrain] ?? workout.terrain}</li> : null}
              </ul>

              <div className="running-timer">
                <span className="running-timer__clock" role="timer" aria-label="Tiempo de carrera">
                  {formatClock(seconds)}
                </span>
                <span className="running-timer__state">{running ? 'En curso' : seconds > 0 ? 'En pausa' : 'Todo listo para empezar'}</span>
                <div className="running-timer__controls">
                  <Button variant={running ? 'outline-light' : 'light'} onClick={toggle} disabled={saving}>
                    {running ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
                    {running ? 'Pausar' : seconds > 0 ? 'Reanudar' : 'Iniciar'}
                  </Button>
                  <Button className="btn-brand" onClick={() => void finish()} disabled={seconds === 0 || saving}>
                    <CheckCircle2 size={18} aria-hidden="true" /> {saving ? 'Guardando...' : 'Completar'}
                  </Button>
                </div>
                <RunningHeartRate bluetooth={bluetooth} />
              </div>

              {workout.paceInstructions ? (
                <>
                  <h3 className="running-heading">Ritmo</h3>
                  <p>{workout.paceInstructions}</p>
                </>
              ) : null}
              {workout.intervals && workout.intervals.length > 0 ? (
                <>
                  <h3 className="running-heading">Intervalos</h3>
                  <ol className="running-intervals">
                    {workout.intervals.map((interval, index) => (
                      <li key={index}>
                        <strong>{INTERVAL_LABELS[interval.type] ?? interval.type}</strong>
                        {interval.repetitions && interval.repetitions > 1 ? ` ×${interval.repetitions}` : ''}
                        {' · '}
                        {interval.duration ? `${interval.duration} min` : interval.distance ? `${interval.distance} km` : ''}
                        {interval.pace ? ` · ${interval.pace}` : ''}
                        {interval.description ? <span className="d-block text-secondary small">{interval.description}</span> : null}
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
              {workout.tips && workout.tips.length > 0 ? (
                <>
                  <h3 className="running-heading">Consejos</h3>
                  <ul className="mb-3">
                    {workout.tips.map((tip) => (
                      <li key={tip}>{tip}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              {workout.requirements && workout.requirements.length > 0 ? (
                <>
                  <h3 className="running-heading">Necesitas</h3>
                  <ul className="mb-0">
                    {workout.requirements.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          )}
        </>
      ) : null}
    </MembersModal>
  );
}
