import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useEraseStaffMemberDataMutation } from '../../shared/api/api';
import { errorText } from './format';

/**
 * "Borrar datos personales": the confirmation before an erasure (ADR 0202). The staff member may
 * name the rights request it answers; the answer says what was deleted.
 */
export function EraseMemberDialog({ userId, name, show, onClose }: { userId: string; name: string; show: boolean; onClose: () => void }) {
  const [erase, state] = useEraseStaffMemberDataMutation();
  const [requestId, setRequestId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const titleId = useId();
  const fieldId = useId();
  const close = () => {
    setError(null);
    setDone(false);
    setRequestId('');
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      await erase({ userId, eraseMemberDataDto: requestId.trim() ? { requestId: requestId.trim() } : {} }).unwrap();
      setDone(true);
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId}>Borrar datos personales</Modal.Title>
      </Modal.Header>
      {done ? (
        <>
          <Modal.Body>
            <Alert variant="success" className="mb-0">
              Los datos personales de {name} fueron borrados. Su historial anónimo se conserva y el borrado quedó registrado en su actividad.
            </Alert>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="primary" onClick={close}>
              Entendido
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <>
          <Modal.Body>
            {error ? <Alert variant="danger">{error}</Alert> : null}
            <p>
              Se borrarán de forma definitiva el nombre, el correo, la fecha de nacimiento, las medidas, los objetivos y los textos de <strong>{name}</strong>,
              sus lecturas de frecuencia cardiaca, sus correos y sus reservas de clase gratis. Su cuenta dejará de existir.
            </p>
            <p>Se conservan, sin datos que lo identifiquen, sus entrenamientos y cifras. Esta acción no se puede deshacer.</p>
            <Form.Group controlId={fieldId}>
              <Form.Label>Solicitud que se atiende (opcional)</Form.Label>
              <Form.Control value={requestId} onChange={(event) => setRequestId(event.target.value)} maxLength={200} placeholder="Ej.: SOL-2026-0042" />
              <Form.Text>El número o la referencia de la solicitud de derechos.</Form.Text>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              Cancelar
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={state.isLoading}>
              {state.isLoading ? 'Borrando…' : 'Borrar datos personales'}
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
