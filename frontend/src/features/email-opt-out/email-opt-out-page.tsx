import { CheckCircle2, MailX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage, useOptOutOfEmailsMutation } from '../../shared/api/api';
import { LinkLanding, LinkLandingBusy, LinkLandingState, useOnArrival } from '../../shared/ui/link-landing';

const PROFILE = '/training/profile';
export const OPT_OUT_MESSAGES = {
  missingToken: 'Este enlace está incompleto. Ábrelo de nuevo desde el correo, o elige qué correos recibir en tu perfil.',
  network: 'No pudimos guardar tu preferencia. Revisa tu conexión e inténtalo otra vez.',
} as const;

type Outcome = { state: 'saving' } | { state: 'done'; message: string } | { state: 'refused'; message: string } | { state: 'failed' };

/**
 * `/correo/baja?token=…`, the one-click opt-out link of a member email (ADR 0142): records the
 * opt-out on arrival, without signing in, and says in Spanish what the member will no longer get.
 */
export function EmailOptOutPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [optOut] = useOptOutOfEmailsMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'saving' } : { state: 'refused', message: OPT_OUT_MESSAGES.missingToken });

  const send = useCallback(async () => {
    setOutcome({ state: 'saving' });
    try {
      const { message } = await optOut({ emailOptOutDto: { token } }).unwrap();
      setOutcome({ state: 'done', message });
    } catch (error) {
      const status = error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
      const message = serverMessage(error);
      setOutcome(status === 400 && message ? { state: 'refused', message } : { state: 'failed' });
    }
  }, [optOut, token]);

  // The server records one change however often the link is opened.
  useOnArrival(token, () => void send());

  return (
    <LinkLanding title="Correos" description="Deja de recibir un tipo de correo de Pulso.">
      {outcome.state === 'saving' && <LinkLandingBusy title="Guardando tu preferencia…" />}
      {outcome.state === 'done' && (
        <LinkLandingState icon={CheckCircle2} done title={outcome.message}>
          <p>Puedes volver a activarlo cuando quieras en tu perfil, en la sección Correos.</p>
          <Link to={PROFILE} className="btn btn-primary">
            Ir a mi perfil
          </Link>
        </LinkLandingState>
      )}
      {outcome.state === 'refused' && (
        <LinkLandingState icon={MailX} title="No pudimos usar este enlace">
          <p role="alert">{outcome.message}</p>
          <Link to={PROFILE} className="btn btn-primary">
            Ir a mi perfil
          </Link>
        </LinkLandingState>
      )}
      {outcome.state === 'failed' && (
        <LinkLandingState icon={MailX} title="No se guardó tu preferencia">
          <p role="alert">{OPT_OUT_MESSAGES.network}</p>
          <button type="button" className="btn btn-primary" onClick={() => void send()}>
            Intentar de nuevo
          </button>
        </LinkLandingState>
      )}
    </LinkLanding>
  );
}
