import { useEffect, useState } from 'react';
import { Alert, Badge, Card, Col, Row, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CalendarClock, Dumbbell, HeartPulse, Ticket } from 'lucide-react';
import {
  useGetExpiringMembershipsQuery,
  useGetPublicTimetableQuery,
  useListRememberedStrapsQuery,
  useListStaffEventsQuery,
  useListStaffFreeClassBookingsQuery,
} from '../../shared/api/api';
import type { BookingFollowUpDto, ExpiringMembershipDto, LogEntryDto } from '../../shared/api/generated-api';
import { classesLabel } from '../../shared/lib/membership-format';
import { addDays, dayNumber, shortDay, studioDateOf } from '../../shared/lib/studio-calendar';
import { errorText, formatLocalDay, OUTCOME_LABELS, studioDayStart } from './format';
import { ClassRosterCard } from './class-desk/class-roster-card';
import { splitAtNow, strapsByMember, todaysClasses } from './class-desk/class-roster';
import { PageHeader } from './staff-layout';

const time = new Intl.DateTimeFormat('es-SV', { timeZone: 'America/El_Salvador', hour: 'numeric', minute: '2-digit' });

interface TrainedToday {
  userId: string;
  name: string;
  workouts: number;
  lastAt: string;
}

/** Who trained today, once each, most recent first, from the activity log's completions. */
export function trainedToday(entries: readonly LogEntryDto[]): TrainedToday[] {
  const members = new Map<string, TrainedToday>();
  for (const entry of entries) {
    if (!entry.member || !entry.occurredAt) continue;
    const known = members.get(entry.member.userId);
    if (known) {
      known.workouts += 1;
      if (entry.occurredAt > known.lastAt) known.lastAt = entry.occurredAt;
    } else {
      members.set(entry.member.userId, { userId: entry.member.userId, name: entry.member.name || entry.member.email, workouts: 1, lastAt: entry.occurredAt });
    }
  }
  return [...members.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

function BookingsToday({ bookings }: { bookings: readonly BookingFollowUpDto[] }) {
  const pending = bookings.filter((booking) => !booking.outcome).length;
  return (
    <>
      <p className="staff-muted">
        {bookings.length === 1 ? '1 reserva' : `${bookings.length} reservas`} · {pending === 1 ? '1 pendiente de marcar' : `${pending} pendientes de marcar`}
      </p>
      <ul className="staff-today-list">
        {bookings.map((booking) => (
          <li key={booking.id}>
            <span className="staff-today-list__time">{booking.slot}</span>
            <span className="staff-today-list__who">
              <strong>
                {booking.name} {booking.lastname}
              </strong>
              <span className="staff-muted">{booking.className}</span>
            </span>
            {booking.outcome ? (
              <Badge bg="success">{OUTCOME_LABELS[booking.outcome]}</Badge>
            ) : (
              <Badge bg="light" text="dark">
                Pendiente
              </Badge>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Hoy", "Mañana" or the short day a membership ends on. */
function endsOn(validUntil: string, today: string): string {
  const days = dayNumber(validUntil) - dayNumber(today);
  return days === 0 ? 'Hoy' : days === 1 ? 'Mañana' : shortDay(validUntil);
}

/** Vencen esta semana: memberships whose last day is today or in the next six days, soonest first, to offer a renewal at the desk. */
function ExpiringThisWeek({ today }: { today: string }) {
  const expiring = useGetExpiringMembershipsQuery(undefined, { pollingInterval: 5 * 60_000 });
  const rows: ExpiringMembershipDto[] = expiring.data?.memberships ?? [];
  return (
    <Card as="section" className="staff-card h-100" aria-labelledby="today-expiring">
      <Card.Body>
        <h2 id="today-expiring" className="staff-card__title">
          <CalendarClock size={18} aria-hidden="true" /> Vencen esta semana
        </h2>
        {expiring.error ? <Alert variant="danger">{errorText(expiring.error)}</Alert> : null}
        {expiring.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando membresías" /> : null}
        {expiring.data && rows.length === 0 ? <p className="staff-empty">Ninguna membresía vence en los próximos 7 días.</p> : null}
        {rows.length > 0 ? (
          <ul className="staff-today-list">
            {rows.map((row) => (
              <li key={row.userId}>
                <span className="staff-today-list__time">{endsOn(row.membership.validUntil, today)}</span>
                <span className="staff-today-list__who">
                  <Link to={`/staff/miembros/${row.userId}`}>{row.firstName || row.email || 'Miembro'}</Link>
                  <span className="staff-muted">
                    {row.membership.planTitle} · {classesLabel(row.membership)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card.Body>
    </Card>
  );
}

/**
 * Today's classes of the timetable, each with its roster, arrivals, waitlist and the members' straps
 * (issue 40): those still to come first; those that have ended folded away below, opened on demand.
 */
function ClassesToday({ today }: { today: string }) {
  const timetable = useGetPublicTimetableQuery(undefined, { pollingInterval: 5 * 60_000 });
  const straps = useListRememberedStrapsQuery(undefined, { pollingInterval: 60_000 });
  const now = useMinuteClock();
  const [showEnded, setShowEnded] = useState(false);
  const classes = todaysClasses(timetable.data, today);
  const { ahead, ended } = splitAtNow(classes, now);
  const remembered = strapsByMember(straps.data?.straps);
  const cards = (list: typeof classes) => (
    <Row xs={1} lg={2} className="g-3">
      {list.map((scheduled) => (
        <Col key={scheduled.slotId}>
          <ClassRosterCard date={today} scheduled={scheduled} straps={remembered} />
        </Col>
      ))}
    </Row>
  );
  return (
    <section aria-labelledby="today-classes" className="mb-3">
      <h2 id="today-classes" className="h5">
        Clases de hoy
      </h2>
      {timetable.error ? <Alert variant="danger">{errorText(timetable.error)}</Alert> : null}
      {timetable.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando las clases de hoy" /> : null}
      {timetable.data && classes.length === 0 ? <p className="staff-empty">Hoy no hay clases en el horario.</p> : null}
      {timetable.data && classes.length > 0 && ahead.length === 0 ? <p className="staff-empty">Las clases de hoy ya terminaron.</p> : null}
      {ahead.length > 0 ? cards(ahead) : null}
      {ended.length > 0 ? (
        <details className="staff-today-ended mt-3" onToggle={(event) => setShowEnded(event.currentTarget.open)}>
          <summary>{ended.length === 1 ? 'Una clase ya terminó hoy' : `${ended.length} clases ya terminaron hoy`}</summary>
          {showEnded ? <div className="mt-3">{cards(ended)}</div> : null}
        </details>
      ) : null}
    </section>
  );
}

/** The current time, moved on every minute: classes pass from "to come" to "ended" while the page stays open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Hoy: what the front desk needs first — today's classes with their rosters, today's free-class guests and the members who trained today. */
export function TodayPage() {
  const today = studioDateOf(new Date());
  const bookings = useListStaffFreeClassBookingsQuery({ from: today, to: today }, { pollingInterval: 60_000 });
  const completions = useListStaffEventsQuery(
    { type: 'WorkoutCompleted', from: studioDayStart(today), to: studioDayStart(addDays(today, 1)), limit: 200 },
    { pollingInterval: 60_000 },
  );
  const trained = trainedToday(completions.data?.items ?? []);

  return (
    <>
      <PageHeader
        title="Hoy"
        subtitle={<span className="text-capitalize-first">{formatLocalDay(today)}</span>}
        actions={
          <Link to="/staff/clase" className="btn btn-primary">
            <HeartPulse size={17} aria-hidden="true" /> Dar la clase
          </Link>
        }
      />
      <ClassesToday today={today} />
      <Row xs={1} lg={2} className="g-3">
        <Col>
          <Card as="section" className="staff-card h-100" aria-labelledby="today-bookings">
            <Card.Body>
              <h2 id="today-bookings" className="staff-card__title">
                <Ticket size={18} aria-hidden="true" /> Clases gratis de hoy
              </h2>
              {bookings.error ? <Alert variant="danger">{errorText(bookings.error)}</Alert> : null}
              {bookings.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando reservas" /> : null}
              {bookings.data && bookings.data.items.length === 0 ? <p className="staff-empty">Hoy no hay clases gratis reservadas.</p> : null}
              {bookings.data && bookings.data.items.length > 0 ? <BookingsToday bookings={bookings.data.items} /> : null}
              <Link to="/staff/clases-gratis" className="btn btn-outline-primary staff-today-action">
                Marcar asistencia
              </Link>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card as="section" className="staff-card h-100" aria-labelledby="today-trained">
            <Card.Body>
              <h2 id="today-trained" className="staff-card__title">
                <Dumbbell size={18} aria-hidden="true" /> Entrenaron hoy
              </h2>
              {completions.error ? <Alert variant="danger">{errorText(completions.error)}</Alert> : null}
              {completions.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando entrenamientos" /> : null}
              {completions.data && trained.length === 0 ? <p className="staff-empty">Nadie ha completado un entrenamiento hoy todavía.</p> : null}
              {trained.length > 0 ? (
                <ul className="staff-today-list">
                  {trained.map((member) => (
                    <li key={member.userId}>
                      <span className="staff-today-list__time">{time.format(new Date(member.lastAt))}</span>
                      <span className="staff-today-list__who">
                        <Link to={`/staff/miembros/${member.userId}`}>{member.name}</Link>
                        <span className="staff-muted">{member.workouts === 1 ? '1 entrenamiento' : `${member.workouts} entrenamientos`}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <Link to="/staff/actividad" className="btn btn-outline-primary staff-today-action">
                Ver toda la actividad
              </Link>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <ExpiringThisWeek today={today} />
        </Col>
      </Row>
    </>
  );
}
