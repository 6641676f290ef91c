import { CheckCircle2, MailX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage, useOptOutOfEmailsMutation } from '../../shared/api/api';
import { PageMeta } from '../../shared/ui/page-meta';
import './email-opt-out.css';

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
  const sent = useRef(false);

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

  useEffect(() => {
    // Once per visit (development mounts twice); the server records one change either way.
    if (!token || sent.current) return;
    sent.current = true;
    void send();
  }, [send, token]);

  return (
    <main>
      <PageMeta title="Correos" description="Deja de recibir un tipo de correo de Pulso." />
      <section className="section section--soft email-opt-out">
        <div className="container">
          <div className="form-panel email-opt-out__panel" aria-live="polite">
            {outcome.state === 'saving' && (
              <>
                <div className="spinner-border text-primary mb-3" role="status" aria-hidden="true" />
                <h1 className="email-opt-out__title">Guardando tu preferencia…</h1>
              </>
            )}
            {outcome.state === 'done' && (
              <>
                <CheckCircle2 size={48} className="email-opt-out__icon email-opt-out__icon--done" aria-hidden="true" />
                <h1 className="email-opt-out__title">{outcome.message}</h1>
                <p>Puedes volver a activarlo cuando quieras en tu perfil, en la sección Correos.</p>
                <Link to={PROFILE} className="btn btn-primary">
                  Ir a mi perfil
                </Link>
              </>
            )}
            {outcome.state === 'refused' && (
              <>
                <MailX size={48} className="email-opt-out__icon" aria-hidden="true" />
                <h1 className="email-opt-out__title">No pudimos usar este enlace</h1>
                <p role="alert">{outcome.message}</p>
                <Link to={PROFILE} className="btn btn-primary">
                  Ir a mi perfil
                </Link>
              </>
            )}
            {outcome.state === 'failed' && (
              <>
                <MailX size={48} className="email-opt-out__icon" aria-hidden="true" />
                <h1 className="email-opt-out__title">No se guardó tu preferencia</h1>
                <p role="alert">{OPT_OUT_MESSAGES.network}</p>
                <button type="button" className="btn btn-primary" onClick={() => void send()}>
                  Intentar de nuevo
                </button>
              </>
            )}
          </div>
        </div>
      </section>
    </main>
  );
}
