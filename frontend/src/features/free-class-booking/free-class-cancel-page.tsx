import { CalendarX2, CheckCircle2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage, useCancelFreeClassMutation, usePreviewFreeClassCancellationMutation, type FreeClassByLinkDto } from '../../shared/api/api';
import { LinkLanding, LinkLandingBusy, LinkLandingState, useOnArrival } from '../../shared/ui/link-landing';
import './free-class-booking.css';

export const FREE_CLASS_CANCEL_TEXTS = {
  missingToken: 'Este enlace está incompleto. Ábrelo de nuevo desde el correo de confirmación de tu clase gratis.',
  network: 'No pudimos comunicarnos con el estudio. Revisa tu conexión e inténtalo otra vez.',
  started: 'Tu clase ya empezó o ya pasó, así que ya no se puede cancelar. Si necesitas ayuda, escríbenos o llámanos.',
} as const;

type View =
  | { state: 'loading' }
  | { state: 'ready'; booking: FreeClassByLinkDto; cancelling: boolean; failed: boolean }
  | { state: 'done'; message: string }
  | { state: 'refused'; message: string }
  | { state: 'failed' };

/** The server's Spanish reason for a 4xx, or null for anything a retry may fix (network, 5xx). */
function refusal(error: unknown): string | null {
  const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? (serverMessage(error) ?? null) : null;
}

/**
 * `/clase-gratis/cancelar?token=…`, the link of a free-class confirmation email: shows the class the
 * link names and cancels it when the guest confirms, without an account; the seat goes back to the
 * class and the guest may book another time.
 */
export function FreeClassCancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [preview] = usePreviewFreeClassCancellationMutation();
  const [cancel] = useCancelFreeClassMutation();
  const [view, setView] = useState<View>(token ? { state: 'loading' } : { state: 'refused', message: FREE_CLASS_CANCEL_TEXTS.missingToken });

  const load = useCallback(async () => {
    setView({ state: 'loading' });
    try {
      const booking = await preview({ freeClassCancelLinkDto: { token } }).unwrap();
      setView({ state: 'ready', booking, cancelling: false, failed: false });
    } catch (error) {
      const message = refusal(error);
      setView(message ? { state: 'refused', message } : { state: 'failed' });
    }
  }, [preview, token]);

  useOnArrival(token, () => void load());

  const confirm = async (booking: FreeClassByLinkDto) => {
    setView({ state: 'ready', booking, cancelling: true, failed: false });
    try {
      const { message } = await cancel({ freeClassCancelLinkDto: { token } }).unwrap();
      setView({ state: 'done', message });
    } catch (error) {
      const message = refusal(error);
      setView(message ? { state: 'refused', message } : { state: 'ready', booking, cancelling: false, failed: true });
    }
  };

  return (
    <LinkLanding title="Cancelar clase gratis" description="Cancela tu clase gratis en Pulso y libera tu lugar.">
      {view.state === 'loading' && <LinkLandingBusy title="Buscando tu clase gratis…" />}
      {view.state === 'ready' && (
        <LinkLandingState icon={CalendarX2} title={`Hola, ${view.booking.name}: ¿cancelas tu clase gratis?`}>
          <dl className="free-class-cancel__details">
            <dt>Clase</dt>
            <dd>{view.booking.className}</dd>
            <dt>Fecha</dt>
            <dd>{view.booking.dateLabel}</dd>
            <dt>Horario</dt>
            <dd>{view.booking.time}</dd>
          </dl>
          {view.booking.cancellable ? (
            <>
              <p>Tu lugar queda libre para otra persona y podrás reservar otro horario cuando quieras.</p>
              {view.failed && (
                <p role="alert" className="text-danger">
                  {FREE_CLASS_CANCEL_TEXTS.network}
                </p>
              )}
              <div className="free-class-cancel__actions">
                <button type="button" className="btn btn-danger" disabled={view.cancelling} onClick={() => void confirm(view.booking)}>
                  {view.cancelling ? 'Cancelando…' : 'Sí, cancelar mi clase'}
                </button>
                <Link to="/" className="btn btn-outline-secondary">
                  Mantener mi clase
                </Link>
              </div>
            </>
          ) : (
            <p role="alert">{FREE_CLASS_CANCEL_TEXTS.started}</p>
          )}
        </LinkLandingState>
      )}
      {view.state === 'done' && (
        <LinkLandingState icon={CheckCircle2} done title="Tu clase gratis quedó cancelada">
          <p>{view.message}</p>
          <Link to="/register" className="btn btn-primary">
            Reservar otro horario
          </Link>
        </LinkLandingState>
      )}
      {view.state === 'refused' && (
        <LinkLandingState icon={CalendarX2} title="No pudimos usar este enlace">
          <p role="alert">{view.message}</p>
          <Link to="/register" className="btn btn-primary">
            Reservar una clase gratis
          </Link>
        </LinkLandingState>
      )}
      {view.state === 'failed' && (
        <LinkLandingState icon={CalendarX2} title="No pudimos abrir tu reserva">
          <p role="alert">{FREE_CLASS_CANCEL_TEXTS.network}</p>
          <button type="button" className="btn btn-primary" onClick={() => void load()}>
            Intentar de nuevo
          </button>
        </LinkLandingState>
      )}
    </LinkLanding>
  );
}
