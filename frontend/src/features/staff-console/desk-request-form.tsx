import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useFileRightsRequestAtDeskMutation } from '../../shared/api/api';
import type { StaffFileRightsRequestDto } from '../../shared/api/generated-api';
import { errorText, formatLocalDay } from './format';

type Right = StaffFileRightsRequestDto['right'];

const RIGHTS: { value: Right; label: string }[] = [
  { value: 'access', label: 'Acceso' },
  { value: 'rectification', label: 'Rectificación' },
  { value: 'erasure', label: 'Cancelación o supresión' },
  { value: 'opposition', label: 'Oposición' },
  { value: 'portability', label: 'Portabilidad' },
];

/** A rights request the member made at the desk, registered in the queue so it is not forgotten (#21). */
export function DeskRequestForm({ userId }: { userId: string }) {
  const [file, { isLoading }] = useFileRightsRequestAtDeskMutation();
  const [right, setRight] = useState<Right>('access');
  const [details, setDetails] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const filed = await file({ staffFileRightsRequestDto: { userId, right, ...(details.trim() ? { details: details.trim() } : {}) } }).unwrap();
      setDetails('');
      setOutcome({ ok: true, text: `Solicitud de ${filed.rightLabel.toLowerCase()} registrada; vence el ${formatLocalDay(filed.dueOn)}.` });
    } catch (caught) {
      setOutcome({ ok: false, text: errorText(caught) });
    }
  };
  return (
    <section className="staff-desk-request" aria-labelledby="desk-request-title">
      <h2 id="desk-request-title" className="h6">
        Solicitud recibida en recepción
      </h2>
      <Form className="staff-desk-request__form" onSubmit={submit}>
        <Form.Group controlId="desk-request-right">
          <Form.Label>Derecho</Form.Label>
          <Form.Select value={right} onChange={(event) => setRight(event.target.value as Right)}>
            {RIGHTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="desk-request-details">
          <Form.Label>Detalle (opcional)</Form.Label>
          <Form.Control value={details} maxLength={1000} onChange={(event) => setDetails(event.target.value)} />
        </Form.Group>
        <Button type="submit" variant="outline-primary" disabled={isLoading}>
          {isLoading ? 'Registrando...' : 'Registrar solicitud'}
        </Button>
      </Form>
      {outcome ? (
        <p className={`small mt-2 mb-0 ${outcome.ok ? 'text-success' : 'text-danger'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text} {outcome.ok ? <Link to="/staff/solicitudes">Ver en Solicitudes</Link> : null}
        </p>
      ) : null}
    </section>
  );
}
