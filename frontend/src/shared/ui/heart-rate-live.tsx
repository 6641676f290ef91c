import type { CSSProperties } from 'react';
import { Button } from 'react-bootstrap';
import { Award, HeartPulse, X } from 'lucide-react';
import { SENSOR_STATUS_LABEL, showsDropBanner } from '../heart-rate/sensor-machine';
import type { HeartRateSession } from '../heart-rate/use-heart-rate-session';
import { HeartRateConsentDialog } from './heart-rate-consent-dialog';
import './heart-rate.css';

const WHY_NOT: Record<'missing' | 'noAdapter', string> = {
  missing:
    'Tu navegador no puede conectarse a sensores Bluetooth. Usa Chrome en Android o en una computadora para ver tu frecuencia cardiaca; tu entrenamiento funciona igual.',
  noAdapter:
    'Este dispositivo no tiene Bluetooth disponible. Actívalo, o usa Chrome en Android, para ver tu frecuencia cardiaca; tu entrenamiento funciona igual.',
};

export interface HeartRateLiveProps {
  session: HeartRateSession;
  /** 'card' on a setup screen; 'bar' in a running player, one row that never covers the timer. */
  layout: 'card' | 'bar';
}

/**
 * Everything a member sees of the sensor: why it cannot work here, "Conectar sensor", or the live
 * panel (BPM, % of max, zone, Puntos Pulso) with the banner after a drop. Sized to be read from
 * 2 m away on a phone; the zone colour comes from the API.
 */
export function HeartRateLive({ session, layout }: HeartRateLiveProps) {
  const { sensor, live, points } = session;
  const className = `hr-live hr-live--${layout}`;

  if (sensor.support === 'checking') return null;
  if (sensor.support !== 'available') {
    return (
      <p className={`${className} hr-live__why-not`} role="note">
        <HeartPulse size={18} aria-hidden="true" /> {WHY_NOT[sensor.support]}
      </p>
    );
  }

  if (sensor.state.status === 'disconnected') {
    return (
      <div className={className}>
        <Button variant="outline-light" className="hr-live__connect" onClick={session.pair} disabled={!session.canPair}>
          <HeartPulse size={20} aria-hidden="true" /> Conectar sensor
        </Button>
        {(sensor.state.error || session.profileFailed) && (
          <p className="hr-live__error" role="alert">
            {sensor.state.error ?? 'No pudimos revisar tu consentimiento. Revisa tu conexión y vuelve a tocar «Conectar sensor».'}
          </p>
        )}
        <HeartRateConsentDialog notice={session.notice} />
      </div>
    );
  }

  const zone = live?.zone ?? null;
  const style = zone ? ({ '--hr-zone': zone.color } as CSSProperties) : undefined;
  return (
    <div className={className}>
      {showsDropBanner(sensor.state) && (
        <div className="hr-live__banner" role="alert">
          Sensor desconectado —{' '}
          <button type="button" onClick={sensor.reconnect} disabled={sensor.state.retryAt === null}>
            Reconectar
          </button>
        </div>
      )}
      <section className={`hr-panel${zone ? ' hr-panel--zoned' : ''}`} style={style} aria-label="Frecuencia cardiaca">
        <div className="hr-panel__bpm">
          <HeartPulse className="hr-panel__icon" aria-hidden="true" />
          <span className="hr-panel__value" data-testid="hr-bpm">
            {sensor.bpm ?? '--'}
          </span>
          <span className="hr-panel__unit">LPM</span>
        </div>
        <div className="hr-panel__zone">
          <span className="hr-panel__zone-name" data-testid="hr-zone">
            {zone?.name ?? '--'}
          </span>
          <span className="hr-panel__status" data-testid="hr-state">
            {SENSOR_STATUS_LABEL[sensor.state.status]}
          </span>
        </div>
        <div className="hr-panel__figure hr-panel__figure--pct">
          <span className="hr-panel__number" data-testid="hr-pct">
            {live ? live.pctOfMax : '--'}
          </span>
          <span className="hr-panel__unit">% máx.</span>
        </div>
        <div className="hr-panel__figure hr-panel__figure--points">
          <span className="hr-panel__number" data-testid="hr-points">
            {points}
          </span>
          <span className="hr-panel__unit">
            Puntos Pulso
            {session.badge && <Award className="hr-panel__badge" size={16} role="img" aria-label="Insignia de la sesión ganada" />}
          </span>
        </div>
        <button type="button" className="hr-panel__close" onClick={sensor.disconnect} aria-label="Desconectar sensor">
          <X size={18} aria-hidden="true" />
        </button>
      </section>
    </div>
  );
}
