import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { serverMessage, useSetMeasuredMaxHeartRateMutation } from '../../shared/api/api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';

const RANGE = { min: 100, max: 230 };
const RANGE_MESSAGE = `Escribe tu FC máxima en LPM, un número entero entre ${RANGE.min} y ${RANGE.max}.`;

/**
 * The maximum the member measured (a stress test, a field test) in place of the estimate, or back
 * to the estimate (ADR 0147). The zones of the player and the summaries follow from the next session.
 */
export function MeasuredMaxHrForm({ measuredMaxHr }: { measuredMaxHr: number | null }) {
  const [setMax, { isLoading: saving }] = useSetMeasuredMaxHeartRateMutation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = async (maxHr: number | null) => {
    setError(null);
    try {
      await setMax({ 'idempotency-key': newIdempotencyKey(), setMeasuredMaxHeartRateDto: { maxHr } }).unwrap();
      setEditing(false);
      setValue('');
    } catch (caught) {
      setError(serverMessage(caught) ?? 'No se pudo guardar tu FC máxima. Revisa tu conexión e inténtalo otra vez.');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bpm = Number(value);
    if (!/^\d+$/.test(value.trim()) || bpm < RANGE.min || bpm > RANGE.max) {
      setError(RANGE_MESSAGE);
      return;
    }
    void save(bpm);
  };

  if (!editing) {
    return (
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button type="button" variant="outline-primary" onClick={() => setEditing(true)}>
          {measuredMaxHr === null ? 'Registrar mi FC máxima medida' : 'Cambiar mi FC máxima medida'}
        </Button>
        {measuredMaxHr !== null ? (
          <Button type="button" variant="outline-secondary" onClick={() => void save(null)} disabled={saving}>
            Usar la estimada
          </Button>
        ) : null}
        {error ? (
          <p className="text-danger small w-100 mb-0" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Form onSubmit={submit} noValidate className="mb-3" aria-label="FC máxima medida">
      <Form.Group controlId="measured-max-hr" className="mb-2">
        <Form.Label>FC máxima medida (LPM)</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={RANGE.min}
          max={RANGE.max}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          isInvalid={error !== null}
          aria-describedby="measured-max-hr-help"
          autoFocus
        />
        <Form.Text id="measured-max-hr-help" className="d-block">
          La de una prueba de esfuerzo o de campo. Reemplaza la estimada por tu edad; si en una sesión la superas, la ajustamos.
        </Form.Text>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" className="btn-brand" disabled={saving}>
          {saving ? 'Guardando…' : 'Guardar'}
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          onClick={() => {
            setEditing(false);
            setError(null);
          }}
          disabled={saving}
        >
          Cancelar
        </Button>
      </div>
    </Form>
  );
}
