import { Alert, Button, Modal } from 'react-bootstrap';
import { HEART_RATE_NOTICE } from '../heart-rate/heart-rate-notice';
import type { HeartRateSession } from '../heart-rate/use-heart-rate-session';

/** The consent notice before the first pairing: nothing is recorded, and no sensor pairs, without "Acepto". */
export function HeartRateConsentDialog({ notice }: { notice: HeartRateSession['notice'] }) {
  return (
    <Modal show={notice.open} onHide={notice.decline} centered aria-labelledby="hr-consent-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="hr-consent-title">{HEART_RATE_NOTICE.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {HEART_RATE_NOTICE.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {notice.error && (
          <Alert variant="danger" className="mb-0">
            {notice.error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={notice.decline} disabled={notice.saving}>
          Ahora no
        </Button>
        <Button className="btn-brand" onClick={() => void notice.accept()} disabled={notice.saving}>
          Acepto
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
