import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useAssignStudioSensorMutation, useRecordDeskHeartRateConsentMutation, useSearchStudioClassPeopleQuery } from '../../../shared/api/api';
import type { StudioMemberFoundDto } from '../../../shared/api/generated-api';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { HEART_RATE_NOTICE } from '../../../shared/heart-rate/heart-rate-notice';
import { errorText } from '../format';

/**
 * Gives a sensor to a member (search by name or email) or to one of today's free-class guests,
 * from the console or from the board's notice of a strap nobody wears. A member without
 * heart-rate consent reads the notice on this screen and accepts it here; the desk records it on
 * their stream (ADR 0295) and the strap is theirs in the same step.
 */
export function AssignDialog({
  sessionId,
  sensorId,
  guestNoticeVersion,
  onClose,
}: {
  sessionId: string;
  sensorId: string | null;
  guestNoticeVersion: string;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const [ages, setAges] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [consenting, setConsenting] = useState<StudioMemberFoundDto | null>(null);
  const people = useSearchStudioClassPeopleQuery({ q: query || undefined }, { skip: sensorId === null });
  const [assign, assigning] = useAssignStudioSensorMutation();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (sensorId === null) {
      setText('');
      setQuery('');
      setError(null);
      setAccepted({});
      setConsenting(null);
    }
  }, [sensorId]);

  const give = async (body: { userId?: string; bookingId?: string; guestAge?: number; guestAcceptedNotice?: boolean }): Promise<boolean> => {
    if (!sensorId) return false;
    setError(null);
    try {
      await assign({ assignStudioSensorDto: { sessionId, sensorId, ...body } }).unwrap();
      onClose();
      return true;
    } catch (caught) {
      setError(errorText(caught));
      return false;
    }
  };

  if (sensorId !== null && consenting) {
    return (
      <DeskConsent
        member={consenting}
        sensorId={sensorId}
        onBack={() => setConsenting(null)}
        onClose={onClose}
        onRecorded={async () => {
          // Recorded: whatever the assignment answers, the member now has consent and the list shows it.
          setConsenting(null);
          await give({ userId: consenting.userId });
        }}
      />
    );
  }

  return (
    <Modal show={sensorId !== null} onHide={onClose} centered aria-labelledby="assign-sensor-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="assign-sensor-title">Asignar {sensorId}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <Form.Group controlId="assign-search" className="mb-3">
          <Form.Label>Buscar miembro por nombre o correo</Form.Label>
          <Form.Control value={text} onChange={(event) => setText(event.target.value)} placeholder="Ej.: Carla o carla@correo.com" autoComplete="off" />
        </Form.Group>
        {people.isFetching ? <Spinner animation="border" size="sm" role="status" aria-label="Buscando" /> : null}
        {query.length >= 2 && people.data && people.data.members.length === 0 ? <p className="staff-empty">Ningún miembro coincide con «{query}».</p> : null}
        {people.data && people.data.members.length > 0 ? (
          <ul className="studio-class-people" aria-label="Miembros encontrados">
            {people.data.members.map((member) => (
              <li key={member.userId}>
                <span>
                  <strong>{member.fullName}</strong> <span className="staff-muted">{member.email}</span>
                  {!member.consented ? (
                    <span className="d-block small text-danger">Sin consentimiento de frecuencia cardiaca: puede leer el aviso y aceptarlo aquí.</span>
                  ) : null}
                </span>
                {member.consented ? (
                  <Button
                    size="sm"
                    disabled={assigning.isLoading}
                    onClick={() => void give({ userId: member.userId })}
                    aria-label={`Asignar a ${member.fullName}`}
                  >
                    Asignar
                  </Button>
                ) : (
                  <Button size="sm" variant="outline-primary" onClick={() => setConsenting(member)} aria-label={`Mostrar el aviso a ${member.fullName}`}>
                    Mostrar el aviso
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="studio-class-people__title">Invitados de clase gratis de hoy</h3>
        {people.data && people.data.guests.length === 0 ? (
          <p className="staff-empty">No hay invitados de clase gratis hoy{query ? ` que coincidan con «${query}»` : ''}.</p>
        ) : null}
        {people.data && people.data.guests.length > 0 ? (
          <ul className="studio-class-people" aria-label="Invitados de hoy">
            {people.data.guests.map((guest) => (
              <li key={guest.bookingId} className="studio-class-guest">
                <span>
                  <strong>{guest.fullName}</strong> <span className="staff-muted">{guest.slot}</span>
                </span>
                <Form.Check
                  id={`notice-${guest.bookingId}`}
                  checked={accepted[guest.bookingId] ?? false}
                  onChange={(event) => setAccepted((current) => ({ ...current, [guest.bookingId]: event.target.checked }))}
                  label="Leyó y aceptó el aviso de frecuencia cardiaca"
                />
                <Form.Group controlId={`age-${guest.bookingId}`} className="studio-class-guest__age">
                  <Form.Label>Edad</Form.Label>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={14}
                    max={90}
                    value={ages[guest.bookingId] ?? ''}
                    onChange={(event) => setAges((current) => ({ ...current, [guest.bookingId]: event.target.value }))}
                  />
                </Form.Group>
                <Button
                  size="sm"
                  disabled={!accepted[guest.bookingId] || assigning.isLoading}
                  onClick={() => {
                    const age = Number(ages[guest.bookingId]);
                    void give({ bookingId: guest.bookingId, guestAcceptedNotice: true, ...(Number.isInteger(age) && age > 0 ? { guestAge: age } : {}) });
                  }}
                  aria-label={`Asignar a ${guest.fullName}`}
                >
                  Asignar
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="small staff-muted mb-0">
          Aviso para invitados (versión {guestNoticeVersion}): «Durante la clase registraremos tu frecuencia cardiaca con el sensor que te prestamos para
          mostrarla en la pantalla y enviarte un resumen a tu correo. No la usaremos para nada más.»
        </p>
      </Modal.Body>
    </Modal>
  );
}

/**
 * The notice on the desk's screen, turned toward the member: the same words and version the app
 * shows. "Acepto" is the member's; the desk records it with its own user (ADR 0295).
 */
function DeskConsent({
  member,
  sensorId,
  onBack,
  onClose,
  onRecorded,
}: {
  member: StudioMemberFoundDto;
  sensorId: string;
  onBack: () => void;
  onClose: () => void;
  onRecorded: () => Promise<void>;
}) {
  const [record, recording] = useRecordDeskHeartRateConsentMutation();
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setError(null);
    try {
      await record({
        userId: member.userId,
        'idempotency-key': key,
        recordDeskHeartRateConsentDto: { noticeVersion: HEART_RATE_NOTICE.version, memberAccepted: true },
      }).unwrap();
    } catch (caught) {
      setError(errorText(caught));
      return;
    }
    await onRecorded();
  };
  return (
    <Modal show onHide={onClose} centered scrollable fullscreen="sm-down" size="lg" aria-labelledby="desk-consent-title" className="desk-consent">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="desk-consent-title">Aviso de frecuencia cardiaca</Modal.Title>
      </Modal.Header>
      {/* On a phone the notice scrolls inside the dialog: reachable from the keyboard too. */}
      <Modal.Body tabIndex={0}>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <p className="desk-consent__who">
          <strong>{member.fullName}</strong>, lee este aviso. Si estás de acuerdo, pulsa «Acepto» y te damos la banda {sensorId}.
        </p>
        <section className="desk-consent__notice" aria-labelledby="desk-consent-notice-title">
          <h3 id="desk-consent-notice-title" className="desk-consent__notice-title">
            {HEART_RATE_NOTICE.title}
          </h3>
          {HEART_RATE_NOTICE.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="desk-consent__version mb-0">Versión del aviso: {HEART_RATE_NOTICE.version}</p>
        </section>
        <p className="small staff-muted mt-3 mb-0">
          Queda en el historial de {member.fullName} con la versión del aviso y tu usuario de recepción. Lo puede retirar cuando quiera desde su perfil, en la
          app.
        </p>
      </Modal.Body>
      <Modal.Footer className="desk-consent__actions">
        <Button variant="outline-secondary" onClick={onBack} disabled={recording.isLoading}>
          No acepta
        </Button>
        <Button className="desk-consent__accept" onClick={() => void accept()} disabled={recording.isLoading}>
          {recording.isLoading ? 'Registrando…' : 'Acepto'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
