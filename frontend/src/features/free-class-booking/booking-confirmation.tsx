import { CalendarPlus, CheckCircle2, Clock, HeartPulse, MapPin, Shirt } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, PREPARATION } from './booking-form';
import { freeClassIcs, type BookedClass } from './class-calendar';

export interface Booking extends BookedClass {
  name: string;
  /** The day as the schedule names it, e.g. 'Sábado, 28 de noviembre'. */
  dayLabel: string;
}

const PREPARATION_ICONS = [Shirt, Clock];

/** Replaces the form once the booking is accepted: what was booked, where, what to bring, and the calendar file. */
export function BookingConfirmation({ booking, onBookAnother }: { booking: Booking; onBookAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // On a phone the form's submit button sat far below the top: bring the recap into view and tell screen readers.
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'center' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const calendarFile = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(freeClassIcs(booking, new Date()))}`, [booking]);
  const mapLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(booking.address)}`;

  return (
    <section className="form-panel booking-confirmation" aria-labelledby="booking-confirmation-title">
      <CheckCircle2 size={48} className="booking-confirmation__icon" aria-hidden="true" />
      <h2 id="booking-confirmation-title" ref={heading} tabIndex={-1} className="booking-confirmation__title">
        ¡Listo, {booking.name}! Tu clase gratis está reservada
      </h2>
      <p role="status" className="lead mb-4">
        {MESSAGES.success}
      </p>
      <dl className="booking-recap">
        <div>
          <dt>Clase</dt>
          <dd>
            <HeartPulse size={18} aria-hidden="true" /> {booking.className}
          </dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{booking.dayLabel}</dd>
        </div>
        <div>
          <dt>Horario</dt>
          <dd>{booking.slot}</dd>
        </div>
        <div className="booking-recap__address">
          <dt>Dirección</dt>
          <dd>
            <span>{booking.address}</span>
            <a href={mapLink} target="_blank" rel="noopener noreferrer" className="booking-recap__map">
              <MapPin size={18} aria-hidden="true" /> Ver en el mapa
            </a>
          </dd>
        </div>
      </dl>
      <h3 className="booking-confirmation__subtitle">Qué traer</h3>
      <ul className="check-list mt-2 mb-4">
        {PREPARATION.map((line, index) => {
          const Icon = PREPARATION_ICONS[index] ?? CheckCircle2;
          return (
            <li key={line}>
              <Icon size={20} aria-hidden="true" />
              <span>{line}</span>
            </li>
          );
        })}
      </ul>
      <div className="booking-confirmation__actions">
        <a className="btn btn-brand btn-lg" href={calendarFile} download="clase-gratis-pulso.ics">
          <CalendarPlus size={20} aria-hidden="true" /> Agregar a mi calendario
        </a>
        <button type="button" className="btn btn-outline-secondary btn-lg" onClick={onBookAnother}>
          Reservar para otra persona
        </button>
        <Link to="/" className="btn btn-link btn-lg">
          Volver al inicio
        </Link>
      </div>
    </section>
  );
}
