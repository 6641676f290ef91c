import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Play, Save } from 'lucide-react';
import { formatClock } from '../format-clock';
import { customTimerName, TIMER_BOUNDS, TIMER_NAME_MAX, timerSpecError, timerTotalSec, type TimerDefinition, type TimerSpec } from './timer-definition';

type Fields = Record<keyof TimerSpec, string>;

const FIELD_ORDER: (keyof TimerSpec)[] = ['workSec', 'restSec', 'rounds', 'sets', 'setRestSec'];
const HINTS: Record<keyof TimerSpec, string> = {
  workSec: 'segundos',
  restSec: 'segundos',
  rounds: 'por serie',
  sets: 'series',
  setRestSec: 'segundos',
};

const INITIAL: Fields = { workSec: '40', restSec: '20', rounds: '8', sets: '2', setRestSec: '60' };

function specOf(fields: Fields): TimerSpec {
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  return {
    workSec: number(fields.workSec),
    restSec: number(fields.restSec),
    rounds: number(fields.rounds),
    sets: number(fields.sets),
    setRestSec: number(fields.setRestSec),
  };
}

export interface TimerEditorProps {
  onStart: (timer: TimerDefinition) => void;
  /** Saves to the member's timers; resolves with an error message in Spanish, or null once saved. */
  onSave: (name: string, spec: TimerSpec) => Promise<string | null>;
  saving: boolean;
}

/** The custom timer: work, rest, rounds, sets and rest between sets, started at once or saved with a name. */
export function TimerEditor({ onStart, onSave, saving }: TimerEditorProps) {
  const [fields, setFields] = useState<Fields>(INITIAL);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);

  const spec = specOf(fields);
  const error = timerSpecError(spec);
  const showError = touched && error !== null;
  const timerName = name.trim().replace(/\s+/g, ' ') || customTimerName(spec);

  const start = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    onStart({ kind: 'custom', name: timerName.slice(0, TIMER_NAME_MAX), ...spec });
  };

  const save = async () => {
    setTouched(true);
    setSavedName(null);
    if (error) return;
    const message = await onSave(timerName.slice(0, TIMER_NAME_MAX), spec);
    setSaveError(message);
    if (message === null) setSavedName(timerName);
  };

  return (
    <Form noValidate onSubmit={start} className="timer-editor" aria-label="Temporizador personalizado">
      <div className="timer-editor__grid">
        {FIELD_ORDER.map((field) => {
          const { min, max, label } = TIMER_BOUNDS[field];
          const invalid = showError && error?.field === field;
          return (
            <Form.Group key={field} controlId={`timer-${field}`} className="timer-editor__field">
              <Form.Label>{label}</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                value={fields[field]}
                isInvalid={invalid}
                aria-describedby={`timer-${field}-hint`}
                onChange={(event) => {
                  setFields((current) => ({ ...current, [field]: event.target.value }));
                  setSavedName(null);
                }}
              />
              <Form.Text id={`timer-${field}-hint`} className="timer-editor__hint">
                {HINTS[field]} ({min}–{max})
              </Form.Text>
            </Form.Group>
          );
        })}
      </div>
      <Form.Group controlId="timer-name" className="mb-3">
        <Form.Label>Nombre (para guardarlo)</Form.Label>
        <Form.Control
          className="timer-editor__name"
          value={name}
          maxLength={TIMER_NAME_MAX}
          placeholder={error ? 'Mi temporizador' : customTimerName(spec)}
          onChange={(event) => setName(event.target.value)}
        />
      </Form.Group>
      {showError && (
        <Alert variant="danger" className="py-2" role="alert">
          {error.message}
        </Alert>
      )}
      {saveError && (
        <Alert variant="danger" className="py-2" role="alert">
          {saveError}
        </Alert>
      )}
      {savedName && (
        <Alert variant="success" className="py-2" role="status">
          Guardaste «{savedName}» en tus temporizadores.
        </Alert>
      )}
      <p className="timer-editor__total">
        Duración total: <strong>{error ? '—' : formatClock(timerTotalSec(spec))}</strong>
      </p>
      <div className="timer-editor__actions">
        <Button type="submit" className="btn-brand" size="lg">
          <Play size={20} aria-hidden="true" /> Empezar
        </Button>
        <Button variant="outline-secondary" size="lg" onClick={() => void save()} disabled={saving}>
          <Save size={20} aria-hidden="true" /> {saving ? 'Guardando...' : 'Guardar en mis temporizadores'}
        </Button>
      </div>
    </Form>
  );
}
