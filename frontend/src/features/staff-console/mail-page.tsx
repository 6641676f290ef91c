import { useState, type FormEvent } from 'react';
import { Accordion, Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { Search } from 'lucide-react';
import { errorText, formatDateTime } from './format';
import { LoadMore, PageHeader } from './staff-layout';
import { useListStaffMailOutboxQuery } from '../../shared/api/api';

const KIND_LABELS: Record<string, string> = {
  'verification-code': 'Código de verificación',
  'free-class-confirmation': 'Confirmación de clase gratis',
  'workout-reminder': 'Recordatorio de entrenamiento',
};

/** Correos: what the site sent in embedded mode (confirmations and codes), with the full text. */
export function MailPage() {
  const [draft, setDraft] = useState('');
  const [recipient, setRecipient] = useState('');
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setRecipient(draft.trim());
    setCursors([undefined]);
  };
  return (
    <>
      <PageHeader title="Correos" subtitle="Mensajes enviados por la plataforma en modo integrado, lo más reciente primero." />
      <Form className="staff-filters" onSubmit={search} aria-label="Buscar correos">
        <Form.Label htmlFor="mail-recipient">Destinatario</Form.Label>
        <InputGroup>
          <Form.Control id="mail-recipient" type="search" placeholder="Correo del destinatario" value={draft} onChange={(e) => setDraft(e.target.value)} />
          <Button type="submit" aria-label="Buscar">
            <Search size={16} aria-hidden="true" />
          </Button>
        </InputGroup>
      </Form>
      <Accordion alwaysOpen className="staff-mail">
        {cursors.map((cursor, index) => (
          <MailChunk
            key={`${recipient}:${cursor ?? 'first'}`}
            recipient={recipient}
            before={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors([...cursors, next])}
          />
        ))}
      </Accordion>
    </>
  );
}

function MailChunk(props: { recipient: string; before?: string; last: boolean; onMore: (cursor: string) => void }) {
  const { data, error, isLoading } = useListStaffMailOutboxQuery({ recipient: props.recipient || undefined, before: props.before, limit: 50 });
  if (isLoading) return <Spinner animation="border" role="status" aria-label="Cargando correos" />;
  if (error) return <Alert variant="danger">{errorText(error)}</Alert>;
  if (!data) return null;
  if (data.items.length === 0 && !props.before) return <p className="staff-empty">No hay correos.</p>;
  return (
    <>
      {data.items.map((mail) => (
        <Accordion.Item key={mail.id} eventKey={mail.id}>
          <Accordion.Header>
            <span className="staff-mail__head">
              <strong>{mail.subject}</strong>
              <span className="staff-muted">
                {mail.recipient} · {KIND_LABELS[mail.kind] ?? mail.kind} · {formatDateTime(mail.createdAt)}
              </span>
            </span>
          </Accordion.Header>
          <Accordion.Body>
            <pre className="staff-mail__body">{mail.textBody}</pre>
          </Accordion.Body>
        </Accordion.Item>
      ))}
      {props.last ? <LoadMore cursor={data.nextCursor} onMore={props.onMore} /> : null}
    </>
  );
}
