import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { serverMessage, useFileRightsRequestMutation, useGetConsentsQuery, useListMyRightsRequestsQuery, useUpdateConsentMutation } from '../../shared/api/api';
import { downloadFile } from '../../shared/api/download-file';
import type { ConsentDto, FileRightsRequestDto } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { HEART_RATE_NOTICE } from '../../shared/heart-rate/heart-rate-notice';
import { longDate, studioDateOf } from '../../shared/lib/studio-calendar';
import { MembersModal } from '../../shared/ui/members-modal';
import { Section, Skeleton } from '../../shared/ui/member-ui';

type Right = FileRightsRequestDto['right'];

/** The rights of the Ley para la Protección de Datos Personales, as the member chooses one. */
export const RIGHT_OPTIONS: { value: Right; label: string; hint: string }[] = [
  { value: 'access', label: 'Acceso', hint: 'Saber qué datos tuyos guardamos y para qué.' },
  { value: 'rectification', label: 'Rectificación', hint: 'Corregir un dato equivocado o incompleto.' },
  { value: 'erasure', label: 'Cancelación o supresión', hint: 'Borrar tus datos y cerrar tu cuenta.' },
  { value: 'opposition', label: 'Oposición', hint: 'Que dejemos de usar tus datos para un fin.' },
  { value: 'portability', label: 'Portabilidad', hint: 'Recibir tus datos en un formato que otro servicio pueda leer.' },
];

export function consentStatus(consent: ConsentDto): string {
  if (!consent.recorded || !consent.decidedAt) return consent.granted ? 'Activo (predeterminado)' : 'No lo has dado';
  const day = longDate(studioDateOf(consent.decidedAt));
  // Given on the front desk's screen (ADR 0295): the member knows where, the staff log knows who.
  const where = consent.recordedBy === 'desk' ? ' en recepción' : '';
  if (consent.granted) return consent.noticeVersion ? `Aceptado${where} el ${day} · aviso ${consent.noticeVersion}` : `Activo desde el ${day}`;
  return `Retirado el ${day}`;
}

/**
 * The notice version the member accepts by giving a consent here: for heart rate the text this
 * SPA shows (a stale one is refused with a 409, never recorded as consent to words not shown).
 */
function acceptedVersion(consent: ConsentDto): string | null {
  return consent.kind === 'heart-rate' ? HEART_RATE_NOTICE.version : consent.currentNoticeVersion;
}

/**
 * "Privacidad y consentimientos" (#21): every consent of the registry with its version and date
 * and a withdraw action, the data export, and the rights requests the member filed.
 */
export function PrivacySection() {
  return (
    <Section title="Privacidad y consentimientos" headingId="profile-privacy" className="profile-privacy">
      <p className="text-secondary mb-1">Lo que aceptaste, cuándo y con qué versión del aviso. Puedes retirar cada consentimiento cuando quieras.</p>
      <Link to="/privacidad" className="profile-privacy__notice-link">
        Qué guardamos y por cuánto tiempo: aviso de privacidad
      </Link>
      <ConsentList />
      <DataExport />
      <RightsRequests />
    </Section>
  );
}

function ConsentList() {
  const { data, isError, refetch } = useGetConsentsQuery();
  const [update, { isLoading }] = useUpdateConsentMutation();
  const [withdrawing, setWithdrawing] = useState<ConsentDto | null>(null);
  const [giving, setGiving] = useState<ConsentDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (consent: ConsentDto, granted: boolean) => {
    setFailure(null);
    const version = granted ? acceptedVersion(consent) : null;
    try {
      await update({
        consent: consent.kind,
        'idempotency-key': newIdempotencyKey(),
        updateConsentDto: version ? { granted, noticeVersion: version } : { granted },
      }).unwrap();
      setWithdrawing(null);
      setGiving(null);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'No se pudo guardar tu decisión. Revisa tu conexión e inténtalo otra vez.');
    }
  };

  if (isError) {
    return (
      <p className="text-danger">
        No pudimos cargar tus consentimientos.{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void refetch()}>
          Reintentar
        </button>
      </p>
    );
  }
  if (!data) return <Skeleton height={120} />;
  return (
    <>
      <ul className="profile-consents" aria-label="Consentimientos">
        {data.consents.map((consent) => (
          <li key={consent.kind} className="profile-consent" data-consent={consent.kind}>
            <div className="profile-consent__text">
              <strong>{consent.label}</strong>
              <span className="text-secondary small">{consent.purpose}</span>
              <span className={`small ${consent.granted ? 'text-success' : 'text-secondary'}`}>{consentStatus(consent)}</span>
            </div>
            {consent.granted && consent.withdrawable ? (
              <Button
                type="button"
                variant="outline-danger"
                size="sm"
                onClick={() => setWithdrawing(consent)}
                aria-label={`Retirar consentimiento: ${consent.label}`}
              >
                Retirar
              </Button>
            ) : !consent.granted ? (
              <Button type="button" variant="outline-primary" size="sm" onClick={() => setGiving(consent)} aria-label={`Dar consentimiento: ${consent.label}`}>
                {consent.kind === 'terms-privacy' ? 'Aceptar' : 'Dar consentimiento'}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {failure && !withdrawing && !giving ? (
        <p className="text-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <MembersModal
        show={withdrawing !== null}
        onHide={() => setWithdrawing(null)}
        title="¿Retirar tu consentimiento?"
        titleId="withdraw-consent-title"
        confirm
        error={withdrawing ? failure : null}
        footer={
          <>
            <Button type="button" variant="outline-secondary" onClick={() => setWithdrawing(null)} disabled={isLoading}>
              Cancelar
            </Button>
            <Button type="button" variant="danger" onClick={() => withdrawing && void decide(withdrawing, false)} disabled={isLoading}>
              {isLoading ? 'Retirando...' : 'Retirar consentimiento'}
            </Button>
          </>
        }
      >
        <p className="fw-semibold mb-2">{withdrawing?.label}</p>
        <p className="mb-0">{withdrawing?.onWithdraw}</p>
      </MembersModal>
      <MembersModal
        show={giving !== null}
        onHide={() => setGiving(null)}
        title={giving?.kind === 'terms-privacy' ? 'Aviso de privacidad' : 'Dar tu consentimiento'}
        titleId="give-consent-title"
        confirm
        error={giving ? failure : null}
        footer={
          <>
            <Button type="button" variant="outline-secondary" onClick={() => setGiving(null)} disabled={isLoading}>
              Cancelar
            </Button>
            <Button type="button" className="btn-brand" onClick={() => giving && void decide(giving, true)} disabled={isLoading}>
              {isLoading ? 'Guardando...' : 'Acepto'}
            </Button>
          </>
        }
      >
        <p className="fw-semibold mb-2">{giving?.label}</p>
        {giving?.kind === 'heart-rate' ? (
          <>
            {HEART_RATE_NOTICE.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p className="mb-0 small text-secondary">Versión del aviso: {HEART_RATE_NOTICE.version}</p>
          </>
        ) : (
          <p>{giving?.purpose}</p>
        )}
        {giving?.currentNoticeVersion && giving.kind !== 'heart-rate' ? (
          <p className="mb-0 small text-secondary">
            Aviso versión {giving.currentNoticeVersion}. Léelo completo en el <Link to="/privacidad">aviso de privacidad</Link>; puedes retirar este
            consentimiento cuando quieras.
          </p>
        ) : null}
      </MembersModal>
    </>
  );
}

function DataExport() {
  const [state, setState] = useState<'idle' | 'working' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    setState('working');
    try {
      await downloadFile('/api/privacy/export', 'pulso-mis-datos.zip');
      setState('done');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudo descargar el archivo.');
      setState('idle');
    }
  };
  return (
    <div className="profile-privacy__block">
      <h3 className="h6 mb-1">Tus datos</h3>
      <p className="text-secondary small mb-2">
        Un archivo .zip con todo lo que guardamos sobre ti (perfil, consentimientos, planes, historial con frecuencia cardiaca, logros, retos, calendario y
        reservas) en JSON, y tu historial en CSV.
      </p>
      <Button type="button" className="btn-brand" onClick={() => void download()} disabled={state === 'working'}>
        <Download size={16} aria-hidden="true" /> {state === 'working' ? 'Preparando tus datos...' : 'Descargar mis datos'}
      </Button>
      {state === 'done' ? (
        <p className="text-success small mt-2 mb-0" role="status">
          Listo: revisa tus descargas.
        </p>
      ) : null}
      {failure ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

function RightsRequests() {
  const { data, isError } = useListMyRightsRequestsQuery();
  const [file, { isLoading }] = useFileRightsRequestMutation();
  const [right, setRight] = useState<Right>('access');
  const [details, setDetails] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    setSent(null);
    try {
      const filed = await file({ fileRightsRequestDto: { right, ...(details.trim() ? { details: details.trim() } : {}) } }).unwrap();
      setDetails('');
      setSent(`Recibimos tu solicitud de ${filed.rightLabel.toLowerCase()}. Te responderemos a más tardar el ${longDate(filed.dueOn)}.`);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'No se pudo enviar tu solicitud. Revisa tu conexión e inténtalo otra vez.');
    }
  };

  return (
    <div className="profile-privacy__block">
      <h3 className="h6 mb-1">Ejercer tus derechos</h3>
      <p className="text-secondary small mb-2">Respondemos en un máximo de 20 días hábiles (prorrogables una vez por otros 20 si la solicitud lo requiere).</p>
      <div className="profile-rights-form">
        <Form.Group controlId="rights-request-right">
          <Form.Label>Derecho</Form.Label>
          <Form.Select value={right} onChange={(event) => setRight(event.target.value as Right)}>
            {RIGHT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          <Form.Text>{RIGHT_OPTIONS.find((option) => option.value === right)?.hint}</Form.Text>
        </Form.Group>
        <Form.Group controlId="rights-request-details">
          <Form.Label>Detalle (opcional)</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            placeholder="Por ejemplo: qué dato quieres corregir."
          />
        </Form.Group>
        <Button type="button" variant="outline-primary" onClick={() => void submit()} disabled={isLoading}>
          {isLoading ? 'Enviando...' : 'Enviar solicitud'}
        </Button>
      </div>
      {sent ? (
        <p className="text-success small mt-2" role="status">
          {sent}
        </p>
      ) : null}
      {failure ? (
        <p className="text-danger small mt-2" role="alert">
          {failure}
        </p>
      ) : null}
      {isError ? <p className="text-danger small">No pudimos cargar tus solicitudes.</p> : null}
      {data && data.requests.length > 0 ? (
        <ul className="profile-rights-list" aria-label="Mis solicitudes">
          {data.requests.map((request) => (
            <li key={request.id}>
              <span>
                <strong>{request.rightLabel}</strong> · recibida el {longDate(request.receivedOn)}
              </span>
              <span className={`profile-rights-status profile-rights-status--${request.status}`}>{request.statusLabel}</span>
              <span className="text-secondary small">
                Fecha límite: <time dateTime={request.dueOn}>{longDate(request.dueOn)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : data ? (
        <p className="text-secondary small mb-0 mt-2">Aún no has enviado solicitudes.</p>
      ) : null}
    </div>
  );
}

/** Asks, once and without blocking, members who signed up before the registry to accept the privacy notice. */
export function PrivacyNoticeBanner() {
  const { data } = useGetConsentsQuery();
  const [update, { isLoading }] = useUpdateConsentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const terms = data?.consents.find((consent) => consent.kind === 'terms-privacy');
  if (!terms || terms.granted || !terms.currentNoticeVersion) return null;
  const accept = async () => {
    setFailure(null);
    try {
      await update({
        consent: terms.kind,
        'idempotency-key': newIdempotencyKey(),
        updateConsentDto: { granted: true, noticeVersion: terms.currentNoticeVersion ?? '' },
      }).unwrap();
    } catch (error) {
      setFailure(serverMessage(error) ?? 'No se pudo guardar. Inténtalo otra vez.');
    }
  };
  return (
    <div className="profile-privacy-banner" role="region" aria-label="Aviso de privacidad">
      <p className="mb-0">Actualizamos nuestro aviso de privacidad (versión {terms.currentNoticeVersion}). Léelo y acéptalo para que quede registrado.</p>
      <Link to="/privacidad" className="profile-privacy__notice-link">
        Leer el aviso
      </Link>
      <Button type="button" size="sm" className="btn-brand" onClick={() => void accept()} disabled={isLoading}>
        Acepto el aviso
      </Button>
      {failure ? (
        <p className="text-danger small mb-0" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
