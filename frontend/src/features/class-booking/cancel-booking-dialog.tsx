import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useOnline } from '../../shared/hooks/use-online';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { MembersModal } from '../../shared/ui/members-modal';
import { bookingErrorMessage, cancelConsequence, cancelledText, dayHeading, timeRange } from './booking-views';
import { useCancelClassBookingMutation, type ClassBookingPolicy } from './class-booking-api';

/** A booking the member may cancel, from the class list or from "Mis reservas". */
export interface CancelTarget {
  bookingId: string;
  className: string;
  date: string;
  startTime: string;
  endTime: string;
  status: 'booked' | 'waitlisted';
  /** Cancelling now gives the class back (the server's `cancelFree`, or the rule applied to the start). */
  cancelFree: boolean;
}

/** Cancelling needs a confirmation that says, before the tap, whether the class comes back. */
export function CancelBookingDialog({
  target,
  policy,
  unlimited,
  today,
  onClose,
  onCancelled,
}: {
  target: CancelTarget | null;
  policy: ClassBookingPolicy;
  unlimited: boolean;
  today: LocalDate;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [cancel, { isLoading }] = useCancelClassBookingMutation();
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      const answer = await cancel({ bookingId: target.bookingId }).unwrap();
      onCancelled(cancelledText(answer, target.status === 'waitlisted', unlimited));
      close();
    } catch (failure) {
      setError(bookingErrorMessage(failure));
    }
  };
  const waitlisted = target?.status === 'waitlisted';
  return (
    <MembersModal
      show={target !== null}
      onHide={close}
      confirm
      title={waitlisted ? '¿Salir de la lista de espera?' : '¿Cancelar tu reserva?'}
      titleId="cancel-booking-title"
      error={error}
      footer={
        <>
          <Button variant="outline-secondary" className="cbook-dialog__button" onClick={close}>
            {waitlisted ? 'Seguir en la lista' : 'Mantener mi reserva'}
          </Button>
          <Button variant="danger" className="cbook-dialog__button" onClick={() => void confirm()} disabled={isLoading || !online}>
            {isLoading ? 'Cancelando...' : waitlisted ? 'Sí, salir de la lista' : 'Sí, cancelar'}
          </Button>
        </>
      }
    >
      {target ? (
        <>
          <p className="cbook-dialog__name">{target.className}</p>
          <p className="cbook-dialog__when">
            {dayHeading(target.date, today)} · {timeRange(target.startTime, target.endTime)}
          </p>
          <p className={`cbook-dialog__consequence${!waitlisted && !unlimited && !target.cancelFree && !policy.lateCancelKeepsCredit ? ' is-late' : ''}`}>
            {cancelConsequence(target, policy, unlimited)}
          </p>
        </>
      ) : null}
    </MembersModal>
  );
}
