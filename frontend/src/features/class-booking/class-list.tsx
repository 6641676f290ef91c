import { Button } from 'react-bootstrap';
import { Clock, UserRound } from 'lucide-react';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { dayChip, dayHeading, myStatusLabel, splitStarted, spotsLabel } from './booking-views';
import type { BookableClass, ClassDay } from './class-booking-api';

export interface ClassActions {
  onBook: (item: BookableClass) => void;
  onCancel: (item: BookableClass) => void;
}

/** The day picker of the day view: one 44 px chip per open day, marked when the member has a class that day. */
export function DayPicker({ days, selected, today, onPick }: { days: ClassDay[]; selected: LocalDate; today: LocalDate; onPick: (date: LocalDate) => void }) {
  return (
    <div className="cbook-days" role="group" aria-label="Día">
      {days.map((day) => {
        const chip = dayChip(day.date, today);
        const mine = day.classes.some((item) => item.myBooking);
        return (
          <button
            key={day.date}
            type="button"
            className="cbook-days__chip"
            aria-pressed={day.date === selected}
            // The name starts with what the chip shows ("Mié 2"), then the whole date.
            aria-label={`${chip.top} ${chip.day}: ${dayHeading(day.date, today)}${mine ? ', tienes una clase' : ''}`}
            onClick={() => onPick(day.date)}
          >
            <span className="cbook-days__top">{chip.top}</span> <span className="cbook-days__day">{chip.day}</span>
            <span className={`cbook-days__dot${mine ? ' is-mine' : ''}`} aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}

/** One day's classes, or why there are none. */
export function DayClasses({ day, today, heading, actions }: { day: ClassDay; today: LocalDate; heading: boolean; actions: ClassActions }) {
  const title = dayHeading(day.date, today);
  return (
    <section className="cbook-day" aria-label={title}>
      {heading ? <h3 className="cbook-day__title">{title}</h3> : null}
      {day.closed !== null ? (
        <p className="cbook-day__closed">Cerrado: {day.closed}</p>
      ) : day.classes.length === 0 ? (
        <p className="cbook-day__empty">No hay clases este día.</p>
      ) : (
        <DayList classes={day.classes} actions={actions} />
      )}
    </section>
  );
}

/** The day's classes: those that already began (not the member's) folded into one line above the rest. */
function DayList({ classes, actions }: { classes: BookableClass[]; actions: ClassActions }) {
  const { started, shown } = splitStarted(classes, Date.now());
  return (
    <>
      {started.length > 0 ? (
        <details className="cbook-started">
          <summary>{started.length === 1 ? 'Una clase de hoy ya empezó' : `${started.length} clases de hoy ya empezaron`}</summary>
          <ul className="cbook-classes">
            {started.map((item) => (
              <ClassItem key={item.slotId} item={item} actions={actions} begun />
            ))}
          </ul>
        </details>
      ) : null}
      {shown.length > 0 ? (
        <ul className="cbook-classes">
          {shown.map((item) => (
            <ClassItem key={item.slotId} item={item} actions={actions} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** One class; `begun`: it already started, so its free spots are no longer news. */
function ClassItem({ item, actions, begun = false }: { item: BookableClass; actions: ClassActions; begun?: boolean }) {
  const mine = item.myBooking;
  const full = !item.cancelled && item.free === 0;
  return (
    <li className={`cbook-class${mine ? ' is-mine' : ''}${item.cancelled ? ' is-cancelled' : ''}`} aria-label={`${item.className}, ${item.label}`}>
      <p className="cbook-class__time">
        <Clock size={16} aria-hidden="true" /> {item.label}
      </p>
      <div className="cbook-class__body">
        <p className="cbook-class__name">{item.className}</p>
        {item.coach ? (
          <p className="cbook-class__coach">
            <UserRound size={14} aria-hidden="true" /> con {item.coach}
          </p>
        ) : null}
        {item.notice ? <p className="cbook-class__notice">{item.notice}</p> : null}
      </div>
      <div className="cbook-class__side">
        {begun ? null : <span className={`cbook-spots${full ? ' is-full' : ''}${item.cancelled ? ' is-cancelled' : ''}`}>{spotsLabel(item)}</span>}
        {mine ? <span className={`members-badge cbook-badge cbook-badge--${mine.status}`}>{myStatusLabel(mine)}</span> : null}
      </div>
      <div className="cbook-class__action">
        <ClassAction item={item} actions={actions} />
      </div>
    </li>
  );
}

function ClassAction({ item, actions }: { item: BookableClass; actions: ClassActions }) {
  const mine = item.myBooking;
  if (mine?.status === 'booked' || mine?.status === 'waitlisted') {
    return (
      <Button variant="outline-danger" className="cbook-action" onClick={() => actions.onCancel(item)}>
        {mine.status === 'waitlisted' ? 'Salir de la lista' : 'Cancelar reserva'}
      </Button>
    );
  }
  if (mine || item.cancelled) return null;
  if (!item.bookable) return item.notBookableReason ? <span className="cbook-class__reason">{item.notBookableReason}</span> : null;
  return item.free > 0 ? (
    <Button className="btn-brand cbook-action" onClick={() => actions.onBook(item)}>
      Reservar
    </Button>
  ) : (
    <Button variant="outline-primary" className="cbook-action cbook-action--waitlist" onClick={() => actions.onBook(item)}>
      Unirme a la lista de espera
    </Button>
  );
}
