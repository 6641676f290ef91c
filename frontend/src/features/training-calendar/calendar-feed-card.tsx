import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { serverMessage, useGetCalendarFeedUrlQuery, useRevokeCalendarFeedMutation } from '../../shared/api/api';
import { MembersModal } from '../../shared/ui/members-modal';
import { LoadingRegion, Section, Skeleton } from '../../shared/ui/member-ui';

/** The secret iCal URL: copy it, open it in the calendar app, learn how to subscribe, or revoke it. */
export function CalendarFeedCard() {
  const feed = useGetCalendarFeedUrlQuery();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState(false);

  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };

  const confirmRevoke = async () => {
    setRevokeError(null);
    try {
      await revoke().unwrap();
      setConfirming(false);
      setRevoked(true);
      setCopied(null);
    } catch (failure) {
      setRevokeError(serverMessage(failure) ?? 'No pudimos revocar el enlace. Inténtalo de nuevo.');
    }
  };

  return (
    <Section title="Suscríbete desde tu calendario" headingId="feed-title" className="tcal-settings">
      <p className="tcal-form__hint mt-0">Tus entrenamientos aparecen en Google Calendar, Apple Calendar u Outlook y se actualizan solos.</p>
      {feed.isError ? (
        <Alert variant="danger" className="mb-0">
          No pudimos obtener tu enlace. {serverMessage(feed.error) ?? 'Inténtalo de nuevo en un momento.'}
        </Alert>
      ) : !feed.data ? (
        <LoadingRegion label="Cargando tu enlace...">
          <Skeleton height={38} rounded={8} />
        </LoadingRegion>
      ) : (
        <>
          <Form.Group controlId="feed-url" className="mb-2">
            <Form.Label>Tu enlace privado</Form.Label>
            <Form.Control readOnly value={feed.data.url} onFocus={(event) => event.currentTarget.select()} className="tcal-feed__url" />
          </Form.Group>
          <div className="tcal-feed__actions">
            <Button variant="dark" size="sm" onClick={() => void copy()}>
              {copied === 'ok' ? '¡Copiado!' : 'Copiar enlace'}
            </Button>
            <a className="btn btn-outline-secondary btn-sm" href={feed.data.webcalUrl}>
              Abrir en mi calendario
            </a>
          </div>
          {copied === 'failed' ? <p className="tcal-form__hint text-danger">No se pudo copiar. Selecciona el enlace y cópialo a mano.</p> : null}
          {revoked ? (
            <Alert variant="success" className="py-2 mt-2 mb-0" role="status">
              Enlace revocado. El anterior ya no funciona; este es tu enlace nuevo.
            </Alert>
          ) : null}
          <p className="tcal-form__hint">Es personal: quien lo tenga verá tus entrenamientos. Si lo compartiste por error, revócalo.</p>
        </>
      )}

      <details className="tcal-howto">
        <summary>Cómo suscribirte</summary>
        <h3>Google Calendar</h3>
        <ol>
          <li>En una computadora, abre calendar.google.com.</li>
          <li>Junto a «Otros calendarios», pulsa «+» y elige «Desde URL».</li>
          <li>Pega tu enlace y pulsa «Añadir calendario». En el teléfono aparecerá solo.</li>
        </ol>
        <h3>Apple Calendar (iPhone, iPad o Mac)</h3>
        <ol>
          <li>Toca «Abrir en mi calendario» y confirma «Suscribirse».</li>
          <li>O en Ajustes › Calendario › Cuentas › Añadir cuenta › Otra › «Añadir calendario suscrito» y pega tu enlace.</li>
        </ol>
        <h3>Outlook</h3>
        <ol>
          <li>En outlook.com, abre el Calendario y pulsa «Agregar calendario».</li>
          <li>Elige «Suscribirse desde la web», pega tu enlace y pulsa «Importar».</li>
        </ol>
        <p className="tcal-form__hint mb-0">Cada aplicación revisa los cambios cada pocas horas: un cambio de horario puede tardar en verse.</p>
      </details>

      {feed.data ? (
        <Button variant="link" className="tcal-feed__revoke" onClick={() => setConfirming(true)}>
          Revocar enlace
        </Button>
      ) : null}

      <MembersModal
        show={confirming}
        onHide={() => setConfirming(false)}
        title="¿Revocar tu enlace de calendario?"
        titleId="revoke-feed-title"
        confirm
        error={revokeError}
        footer={
          <>
            <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={() => void confirmRevoke()} disabled={revoking.isLoading}>
              {revoking.isLoading ? 'Revocando...' : 'Revocar enlace'}
            </Button>
          </>
        }
      >
        <p className="mb-0">
          El enlace actual dejará de funcionar en todos los calendarios donde lo agregaste. Te daremos uno nuevo para suscribirte otra vez.
        </p>
      </MembersModal>
    </Section>
  );
}
