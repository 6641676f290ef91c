import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CalendarDays, Clock, UserRound } from 'lucide-react';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { useOnline } from '../../shared/hooks/use-online';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { MembersModal } from '../../shared/ui/members-modal';
import { AddToCalendarButton } from './add-to-calendar-button';
import {
  attemptFor,
  bookedText,
  bookingCost,
  bookingErrorMessage,
  dayHeading,
  isClassFull,
  isRetriable,
  membershipBlock,
  rulesText,
  spotsSentence,
  type BookingAttempt,
} from './booking-views';
import { useBookClassMutation, type BookableClass, type BookClassAnswer, type ClassBookingPolicy, type ClassesMembership } from './class-booking-api';

/**
 * The confirm step of a booking: the class, what it uses and the studio's rules, then the one
 * request. Each attempt carries its own `Idempotency-Key`; "Reintentar" after a lost answer sends
 * the same key, so the server books once and uses one class however often it is asked.
 */
export function BookClassDialog({
  item,
  policy,
  membership,
  today,
  onClose,
}: {
  item: BookableClass | null;
  policy: ClassBookingPolicy;
  membership: ClassesMembership | null;
  today: LocalDate;
  onClose: () => void;
}) {
  // Keyed by the class: another class opens a fresh confirm step, with no key or answer of the last one.
  return item ? (
    <BookClassSteps key={`${item.date}/${item.slotId}`} item={item} policy={policy} membership={membership} today={today} onClose={onClose} />
  ) : null;
}

function BookClassSteps({
  item,
  policy,
  membership,
  today,
  onClose,
}: {
  item: BookableClass;
  policy: ClassBookingPolicy;
  membership: ClassesMembership | null;
  today: LocalDate;
  onClose: () => void;
}) {
  const [book, { isLoading }] = useBookClassMutation();
  const online = useOnline();
  const [waitlist, setWaitlist] = useState(item.free === 0);
  const [attempt, setAttempt] = useState<BookingAttempt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retry, setRetry] = useState(false);
  const [answer, setAnswer] = useState<BookClassAnswer | null>(null);
  // The server said the class filled up since the list was loaded.
  const [filled, setFilled] = useState(false);
  const blocked = membershipBlock(membership);

  const confirm = async () => {
    const current = attemptFor(attempt, { date: item.date, slotId: item.slotId, waitlist }, newIdempotencyKey);
    setAttempt(current);
    setError(null);
    try {
      setAnswer(
        await book({ date: current.date, slotId: current.slotId, 'idempotency-key': current.key, bookClassDto: { waitlist: current.waitlist } }).unwrap(),
      );
    } catch (failure) {
      setError(bookingErrorMessage(failure));
      const again = isRetriable(failure);
      setRetry(again);
      // Only a lost or failed answer is retried with the same key; the server's "no" ends the attempt.
      if (!again) setAttempt(null);
      if (isClassFull(failure)) {
        setFilled(true);
        setWaitlist(true);
      }
    }
  };

  const title = answer
    ? answer.status === 'waitlisted'
      ? 'Estás en la lista de espera'
      : '¡Clase reservada!'
    : waitlist
      ? 'Unirme a la lista de espera'
      : 'Reservar clase';
  const action = waitlist ? 'Unirme a la lista de espera' : 'Confirmar reserva';

  return (
    <MembersModal
      show
      onHide={onClose}
      title={title}
      titleId="book-class-title"
      error={error}
      footer={
        answer ? (
          <Button className="btn-brand cbook-dialog__button" onClick={onClose}>
            Listo
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" className="cbook-dialog__button" onClick={onClose}>
              Volver
            </Button>
            {blocked ? null : (
              <Button className="btn-brand cbook-dialog__button" onClick={() => void confirm()} disabled={isLoading || !online}>
                {isLoading ? 'Reservando...' : retry ? 'Reintentar' : action}
              </Button>
            )}
          </>
        )
      }
    >
      <div className="cbook-dialog__class">
        <p className="cbook-dialog__name">{item.className}</p>
        <p className="cbook-dialog__fact">
          <CalendarDays size={16} aria-hidden="true" /> {dayHeading(item.date, today)}
        </p>
        <p className="cbook-dialog__fact">
          <Clock size={16} aria-hidden="true" /> {item.label} · {item.lengthMin} min
        </p>
        {item.coach ? (
          <p className="cbook-dialog__fact">
            <UserRound size={16} aria-hidden="true" /> con {item.coach}
          </p>
        ) : null}
      </div>
      {answer ? (
        <div role="status">
          <p>{bookedText(answer, item, policy)}</p>
          <AddToCalendarButton bookingId={answer.bookingId} />
        </div>
      ) : (
        <>
          {item.description ? <p className="cbook-dialog__description">{item.description}</p> : null}
          <p className="cbook-dialog__spots">{spotsSentence(filled ? { free: 0, waitlist: item.waitlist } : item)}</p>
          {blocked ? (
            <Alert variant="warning" className="cbook-dialog__block">
              <p className="mb-2">{blocked}</p>
              <Link to="/memberships" className="btn btn-brand cbook-dialog__button">
                Ver Membresías
              </Link>
            </Alert>
          ) : membership ? (
            <p className="cbook-dialog__cost">{bookingCost(membership, waitlist)}</p>
          ) : null}
          <h3 className="cbook-dialog__rules-title">Antes de reservar</h3>
          <ul className="cbook-rules">
            {rulesText(policy).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </>
      )}
    </MembersModal>
  );
}
