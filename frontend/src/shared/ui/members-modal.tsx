import type { ReactNode } from 'react';
import { Alert, Modal } from 'react-bootstrap';

/**
 * The one dialog of the members' pages, so a plan, a run and a confirmation look alike:
 * centred, full screen on a phone (a confirmation stays a small card), the close button
 * named in Spanish, and a failed save shown inside the dialog where the member is
 * looking — never a browser alert.
 */
export function MembersModal({
  show,
  onHide,
  title,
  titleId,
  error,
  footer,
  confirm = false,
  children,
}: {
  show: boolean;
  onHide: () => void;
  title: ReactNode;
  titleId: string;
  error?: string | null;
  footer?: ReactNode;
  confirm?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal show={show} onHide={onHide} centered scrollable={!confirm} fullscreen={confirm ? undefined : 'sm-down'} aria-labelledby={titleId} className="members-modal">
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
