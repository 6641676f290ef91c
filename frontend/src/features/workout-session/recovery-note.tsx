import { HeartPulse } from 'lucide-react';
import { formatClock } from './format-clock';

/** The completion modal's note while the recovery minute is measured, and once it is. */
export function RecoveryNote({ secondsLeft }: { secondsLeft: number }) {
  if (secondsLeft === 0) {
    return (
      <p className="session-recovery session-recovery--done" role="status">
        <HeartPulse size={18} aria-hidden="true" /> Recuperación medida. Ya puedes guardar.
      </p>
    );
  }
  return (
    <p className="session-recovery">
      <HeartPulse size={18} aria-hidden="true" />
      <span>
        Mantén el sensor puesto: medimos tu recuperación en el primer minuto de descanso.{' '}
        <strong className="session-recovery__clock" aria-label={`Faltan ${secondsLeft} segundos`}>
          {formatClock(secondsLeft)}
        </strong>
      </span>
    </p>
  );
}
