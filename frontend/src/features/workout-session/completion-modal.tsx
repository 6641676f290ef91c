import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { Trophy } from 'lucide-react';
import { formatClock } from './format-clock';

export interface CompletionModalProps {
  show: boolean;
  totalSec: number;
  exercises: number;
  rounds: number;
  saving: boolean;
  saveFailed: boolean;
  onSave: () => void;
  onExit: () => void;
  /** Once saved with a heart-rate summary: shown under the totals, with "Continuar" in place of the save buttons. */
  summary: ReactNode;
  /** Before saving: the recovery minute being measured, when a sensor is on. */
  recovery?: ReactNode;
  onContinue: () => void;
}

/** Spec section 2: '¡Entrenamiento Completado!' with the totals, saving or leaving without saving. */
export function CompletionModal({
  show,
  totalSec,
  exercises,
  rounds,
  saving,
  saveFailed,
  onSave,
  onExit,
  summary,
  recovery,
  onContinue,
}: CompletionModalProps) {
  return (
    <Modal show={show} centered backdrop="static" keyboard={false} aria-labelledby="session-complete-title" contentClassName="session-complete">
      <Modal.Body className="text-center p-4">
        <Trophy size={56} className="session-complete__icon" aria-hidden="true" />
        <h2 id="session-complete-title" className="session-complete__title">
          ¡Entrenamiento Completado!
        </h2>
        <dl className="session-complete__stats">
          <div>
            <dt>Tiempo total</dt>
            <dd>{formatClock(totalSec)}</dd>
          </div>
          <div>
            <dt>Ejercicios</dt>
            <dd>{exercises}</dd>
          </div>
          <div>
            <dt>Rondas</dt>
            <dd>{rounds}</dd>
          </div>
        </dl>
        {summary ?? recovery}
        {saveFailed && (
          <p className="session-complete__pending" role="status">
            No pudimos guardarlo ahora. Lo guardaremos automáticamente cuando vuelva la conexión.
          </p>
        )}
        <div className="d-grid gap-2">
          {summary ? (
            <Button className="btn-brand" size="lg" onClick={onContinue}>
              Continuar
            </Button>
          ) : (
            <>
              <Button className="btn-brand" size="lg" onClick={onSave} disabled={saving}>
                {saving ? 'Guardando...' : 'Guardar y Continuar'}
              </Button>
              <Button variant="outline-light" size="lg" onClick={onExit} disabled={saving}>
                Salir sin Guardar
              </Button>
            </>
          )}
        </div>
      </Modal.Body>
    </Modal>
  );
}
