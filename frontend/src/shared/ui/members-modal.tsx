import type { ReactNode } from 'react';
import { Alert, Modal } from 'react-bootstrap';
import './members-modal.css';

/**
 * The one dialog of the product (the members' pages and the staff console), so a plan, a run,
 * an event's detail and a confirmation look alike: centred, full screen on a phone (a
 * confirmation stays a small card), the close button named in Spanish with a 44 px target,
 * and a failed save shown inside the dialog where the reader is looking — never a browser alert.
 * `wide` gives a long read (an event's detail) more room on a desktop.
 */
export function MembersModal({
  show,
  onHide,
  title,
  titleId,
  error,
  footer,
  confirm = false,
  wide = false,
  children,
}: {
  show: boolean;
  onHide: () => void;
  title: ReactNode;
  titleId: string;
  error?: string | null;
  footer?: ReactNode;
  confirm?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      scrollable={!confirm}
      fullscreen={confirm ? undefined : 'sm-down'}
      size={wide ? 'lg' : undefined}
      aria-labelledby={titleId}
      className="members-modal"
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error ? (
          <Alert variant="danger" className="members-modal__error">
            {error}
          </Alert>
        ) : null}
        {children}
      </Modal.Body>
      {footer ? <Modal.Footer>{footer}</Modal.Footer> : null}
    </Modal>
  );
}
