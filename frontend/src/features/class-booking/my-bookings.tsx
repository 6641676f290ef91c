import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { CalendarCheck, QrCode } from 'lucide-react';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { EmptyState, LoadingRegion, Section, Skeleton } from '../../shared/ui/member-ui';
import { AddToCalendarButton } from './add-to-calendar-button';
import { bookingErrorMessage, bookingStatusLabel, cancelIsFree, dayHeading, timeRange } from './booking-views';
import type { CancelTarget } from './cancel-booking-dialog';
import type { ClassBookingPolicy, MemberBooking, MyBookingsAnswer } from './class-booking-api';

type Tab = 'upcoming' | 'past';

/** A booking that shows its check-in code: a seat (booked or already checked in) on the day of the class. */
export function showsCheckInCode(booking: MemberBooking, today: LocalDate): boolean {
  return booking.date === today && (booking.status === 'booked' || booking.status === 'checked-in');
}

/** "Mis reservas": the coming bookings with their actions, and the past ones with what became of them. */
export function MyBookings({
  bookings,
  error,
  onRetry,
  policy,
  today,
  onCancel,
  onShowCode,
}: {
  bookings: MyBookingsAnswer | undefined;
  error: unknown;
  onRetry: () => void;
  policy: ClassBookingPolicy | undefined;
  today: LocalDate;
  onCancel: (target: CancelTarget) => void;
  onShowCode: (booking: MemberBooking) => void;
}) {
  const [tab, setTab] = useState<Tab>('upcoming');
  const list = bookings ? bookings[tab] : [];
  return (
    <Section
      title="Mis reservas"
      headingId="my-bookings-title"
      className="cbook-mine"
      action={
        <div className="members-segmented" role="group" aria-label="Reservas">
          <button type="button" aria-pressed={tab === 'upcoming'} onClick={() => setTab('upcoming')}>
            Próximas
          </button>
          <button type="button" aria-pressed={tab === 'past'} onClick={() => setTab('past')}>
            Pasadas
          </button>
        </div>
      }
    >
      {error && !bookings ? (
        <Alert variant="danger" className="mb-0">
          No pudimos cargar tus reservas. {bookingErrorMessage(error)}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
            Reintentar
          </Button>
        </Alert>
      ) : !bookings ? (
        <LoadingRegion label="Cargando tus reservas...">
          <Skeleton height={88} rounded={12} />
          <Skeleton height={88} rounded={12} className="mt-2" />
        </LoadingRegion>
      ) : list.length === 0 ? (
        <EmptyState icon={CalendarCheck} title={tab === 'upcoming' ? 'No tienes clases reservadas' : 'Aún no tienes clases pasadas'}>
          {tab === 'upcoming' ? <p className="mb-0 text-secondary">Elige una clase del horario y reserva tu lugar.</p> : null}
        </EmptyState>
      ) : (
        <ul className="cbook-mine__list">
          {list.map((booking) => (
            <li key={booking.bookingId} className={`cbook-mine__item is-${booking.status}`}>
              <div className="cbook-mine__head">
                <p className="cbook-mine__name">{booking.className}</p>
                <span className={`members-badge cbook-badge cbook-badge--${booking.status}`}>{bookingStatusLabel(booking, tab === 'past')}</span>
              </div>
              <p className="cbook-mine__when">
                {dayHeading(booking.date, today)} · {timeRange(booking.startTime, booking.endTime)}
              </p>
              {booking.coach ? <p className="cbook-mine__coach">con {booking.coach}</p> : null}
              {tab === 'upcoming' ? <BookingActions booking={booking} policy={policy} today={today} onCancel={onCancel} onShowCode={onShowCode} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function BookingActions({
  booking,
  policy,
  today,
  onCancel,
  onShowCode,
}: {
  booking: MemberBooking;
  policy: ClassBookingPolicy | undefined;
  today: LocalDate;
  onCancel: (target: CancelTarget) => void;
  onShowCode: (booking: MemberBooking) => void;
}) {
  const { status } = booking;
  if (status !== 'booked' && status !== 'waitlisted' && status !== 'checked-in') return null;
  return (
    <div className="cbook-mine__actions">
      {showsCheckInCode(booking, today) && status === 'booked' ? (
        <Button className="btn-brand cbook-action" onClick={() => onShowCode(booking)}>
          <QrCode size={18} aria-hidden="true" /> Mostrar mi código
        </Button>
      ) : null}
      <AddToCalendarButton bookingId={booking.bookingId} />
      {(status === 'booked' || status === 'waitlisted') && policy ? (
        <Button
          variant="outline-danger"
          className="cbook-action"
          onClick={() => onCancel({ ...booking, status, cancelFree: cancelIsFree(booking, policy, Date.now()) })}
        >
          {status === 'waitlisted' ? 'Salir de la lista' : 'Cancelar reserva'}
        </Button>
      ) : null}
    </div>
  );
}
