import { useState } from 'react';
import { Alert, Button, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CalendarClock, ChevronLeft, ChevronRight, QrCode, ShieldCheck, Ticket } from 'lucide-react';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useStudioToday } from '../../shared/hooks/use-studio-today';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { MembersLayout } from '../../shared/ui/members-layout';
import { LoadingRegion, PageHeader, Section, Skeleton } from '../../shared/ui/member-ui';
import { BookClassDialog } from './book-class-dialog';
import {
  bookingErrorMessage,
  bookingStatusLabel,
  classesLeftLabel,
  dayName,
  membershipBlock,
  openDays,
  rulesText,
  timeRange,
  validUntilLabel,
  weekPages,
} from './booking-views';
import { CancelBookingDialog, type CancelTarget } from './cancel-booking-dialog';
import { CheckInCodeDialog } from './check-in-code-dialog';
import { DayClasses, DayPicker, type ClassActions } from './class-list';
import {
  useListClassesQuery,
  useListMyClassBookingsQuery,
  type BookableClass,
  type ClassBookingPolicy,
  type ClassesMembership,
  type MemberBooking,
} from './class-booking-api';
import { MyBookings, showsCheckInCode } from './my-bookings';
import './class-booking.css';

type View = 'day' | 'week';

/**
 * /training/clases (issue 40, point 3): the classes of the days booking is open, with free spots and
 * the member's own place; booking after the studio's rules, the waitlist, cancelling, the .ics and
 * the check-in code of the day, and "Mis reservas".
 */
export function ClassBookingPage() {
  const today = useStudioToday();
  const isMobile = useIsMobile();
  const [chosenView, setChosenView] = useState<View | null>(null);
  // A phone opens on one day at a time; a wide screen on the whole week.
  const view = chosenView ?? (isMobile ? 'day' : 'week');
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<LocalDate | null>(null);
  const [booking, setBooking] = useState<BookableClass | null>(null);
  const [cancelling, setCancelling] = useState<CancelTarget | null>(null);
  const [showingCode, setShowingCode] = useState<MemberBooking | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // The first page is asked for before the rules are known; it is the same request weekPages makes.
  const [first] = weekPages(today, 1);
  const [request, setRequest] = useState(first!);
  const classes = useListClassesQuery(request);
  const mine = useListMyClassBookingsQuery();
  // The rules and the membership stay in sight while another week loads; the days are the week asked for.
  const data = classes.data;
  const week = classes.currentData;
  const policy = data?.policy;
  const pages = policy ? weekPages(today, policy.bookingOpensDays) : [first!];
  const days = week ? openDays(week.days, today, week.policy.bookingOpensDays) : [];
  const selected = days.find((day) => day.date === picked) ?? days[0];
  const membership = data?.membership ?? null;
  const unlimited = membership?.classesLeft === null;

  const goTo = (index: number) => {
    setPage(index);
    setPicked(null);
    setRequest(pages[index] ?? first!);
  };

  const actions: ClassActions = {
    onBook: (item) => {
      setNotice(null);
      setBooking(item);
    },
    onCancel: (item) => {
      const own = item.myBooking;
      if (!own || (own.status !== 'booked' && own.status !== 'waitlisted')) return;
      setNotice(null);
      setCancelling({ ...item, bookingId: own.bookingId, status: own.status, cancelFree: own.cancelFree });
    },
  };

  return (
    <MembersLayout>
      <PageHeader title="Mis Clases" subtitle="Reserva tu lugar en las clases del estudio." />
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Cerrar" transition={false} role="status">
          {notice}
        </Alert>
      ) : null}
      {/* Without an answer nothing is said about the membership: the classes card shows the failure. */}
      {data || !classes.isError ? <MembershipSummary membership={membership} loading={!data} /> : null}
      <TodaysClass bookings={mine.data?.upcoming ?? []} today={today} onShowCode={setShowingCode} />
      <Row className="g-3">
        <Col lg={8}>
          <Section
            title="Clases"
            headingId="classes-title"
            className="cbook-timetable"
            action={
              <div className="members-segmented" role="group" aria-label="Vista">
                <button type="button" aria-pressed={view === 'day'} onClick={() => setChosenView('day')}>
                  Día
                </button>
                <button type="button" aria-pressed={view === 'week'} onClick={() => setChosenView('week')}>
                  Semana
                </button>
              </div>
            }
          >
            {pages.length > 1 ? (
              <div className="cbook-pager">
                <button type="button" className="cbook-pager__button" onClick={() => goTo(page - 1)} disabled={page === 0} aria-label="Semana anterior">
                  <ChevronLeft size={20} aria-hidden="true" />
                </button>
                <p className="cbook-pager__range" aria-live="polite">
                  {page === 0 ? 'Esta semana' : `Desde el ${dayName(pages[page]!.from)}`}
                </p>
                <button
                  type="button"
                  className="cbook-pager__button"
                  onClick={() => goTo(page + 1)}
                  disabled={page >= pages.length - 1}
                  aria-label="Semana siguiente"
                >
                  <ChevronRight size={20} aria-hidden="true" />
                </button>
              </div>
            ) : null}
            {classes.isError && !week ? (
              <Alert variant="danger" className="mb-0">
                No pudimos cargar las clases. {bookingErrorMessage(classes.error)}{' '}
                <Button variant="link" className="p-0 align-baseline" onClick={() => void classes.refetch()}>
                  Reintentar
                </Button>
              </Alert>
            ) : !week ? (
              <LoadingRegion label="Cargando las clases...">
                <Skeleton height={56} rounded={12} />
                <Skeleton height={120} rounded={12} className="mt-2" />
                <Skeleton height={120} rounded={12} className="mt-2" />
              </LoadingRegion>
            ) : days.length === 0 ? (
              <p className="cbook-day__empty">No hay días abiertos para reservar.</p>
            ) : view === 'day' && selected ? (
              <>
                <DayPicker days={days} selected={selected.date} today={today} onPick={setPicked} />
                <DayClasses day={selected} today={today} heading actions={actions} />
              </>
            ) : (
              days.map((day) => <DayClasses key={day.date} day={day} today={today} heading actions={actions} />)
            )}
          </Section>
        </Col>
        <Col lg={4}>
          <MyBookings
            bookings={mine.data}
            error={mine.error}
            onRetry={() => void mine.refetch()}
            policy={policy}
            today={today}
            onCancel={(target) => {
              setNotice(null);
              setCancelling(target);
            }}
            onShowCode={setShowingCode}
          />
          {policy ? <StudioRules policy={policy} /> : null}
        </Col>
      </Row>
      {policy ? (
        <>
          <BookClassDialog item={booking} policy={policy} membership={membership} today={today} onClose={() => setBooking(null)} />
          <CancelBookingDialog
            target={cancelling}
            policy={policy}
            unlimited={unlimited}
            today={today}
            onClose={() => setCancelling(null)}
            onCancelled={setNotice}
          />
        </>
      ) : null}
      <CheckInCodeDialog booking={showingCode} today={today} onClose={() => setShowingCode(null)} />
    </MembersLayout>
  );
}

/** The plan and the classes left, at the top; without a membership, why booking needs one and where to get it. */
function MembershipSummary({ membership, loading }: { membership: ClassesMembership | null; loading: boolean }) {
  if (loading) {
    return (
      <LoadingRegion label="Cargando tu membresía...">
        <Skeleton height={72} rounded={16} className="mb-3" />
      </LoadingRegion>
    );
  }
  const blocked = membershipBlock(membership);
  return (
    <section className={`members-card cbook-membership${blocked ? ' is-blocked' : ''}`} aria-label="Tu membresía">
      {membership ? (
        <div className="cbook-membership__plan">
          <Ticket size={22} aria-hidden="true" />
          <div>
            <p className="cbook-membership__title">{membership.planTitle}</p>
            <p className="cbook-membership__facts">
              <strong>{classesLeftLabel(membership)}</strong>
              <span>
                <CalendarClock size={14} aria-hidden="true" /> {validUntilLabel(membership)}
              </span>
            </p>
          </div>
        </div>
      ) : null}
      {blocked ? (
        <div className="cbook-membership__block">
          <p className="mb-0">{blocked}</p>
          <Link to="/memberships" className="btn btn-brand cbook-action">
            {membership ? 'Renovar membresía' : 'Ver Membresías'}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/** On the day of a class: the class and the code to show at the desk, without looking for it. */
function TodaysClass({ bookings, today, onShowCode }: { bookings: MemberBooking[]; today: LocalDate; onShowCode: (booking: MemberBooking) => void }) {
  const todays = bookings.filter((booking) => showsCheckInCode(booking, today));
  if (todays.length === 0) return null;
  return (
    <section className="members-card cbook-today" aria-label="Tu clase de hoy">
      {todays.map((booking) => (
        <div key={booking.bookingId} className="cbook-today__item">
          <div>
            <p className="cbook-today__eyebrow">Hoy</p>
            <p className="cbook-today__name">
              {booking.className} · {timeRange(booking.startTime, booking.endTime)}
            </p>
            {booking.status === 'checked-in' ? <p className="cbook-today__done">{bookingStatusLabel(booking, false)}. ¡Buena clase!</p> : null}
          </div>
          {booking.status === 'booked' ? (
            <Button className="btn-brand cbook-action" onClick={() => onShowCode(booking)}>
              <QrCode size={18} aria-hidden="true" /> Mostrar mi código
            </Button>
          ) : null}
        </div>
      ))}
    </section>
  );
}

/** The studio's rules, always in sight beside the timetable (and again in each confirm step). */
function StudioRules({ policy }: { policy: ClassBookingPolicy }) {
  return (
    <Section title="Cómo funcionan las reservas" headingId="rules-title" className="cbook-rules-card">
      <ul className="cbook-rules">
        {rulesText(policy).map((rule) => (
          <li key={rule}>
            <ShieldCheck size={16} aria-hidden="true" />
            <span>{rule}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
