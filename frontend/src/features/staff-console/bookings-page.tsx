import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Form, Spinner } from 'react-bootstrap';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { addDays, isCalendarDate, studioDateOf, weekStart } from '../../shared/lib/studio-calendar';
import { formatPhone, phoneHref } from '../../shared/lib/phone-format';
import { errorText, formatDateTime, formatLocalDay, OUTCOME_LABELS } from './format';
import { PageHeader } from './staff-layout';
import { useListStaffFreeClassBookingsQuery, useRecordStaffFreeClassOutcomeMutation } from '../../shared/api/api';
import type { BookingFollowUpDto } from '../../shared/api/generated-api';
import { downloadCsv } from './download-csv';

const OUTCOMES = ['attended', 'no-show', 'converted'] as const;
const OUTCOME_VARIANT: Record<string, string> = {
  attended: 'success',
  'no-show': 'secondary',
  converted: 'primary',
};

type View = 'day' | 'week';

/** The bookings of a day by slot, or of a week by day and slot, in the order the API answers them. */
function groupBookings(items: readonly BookingFollowUpDto[]): Map<string, Map<string, BookingFollowUpDto[]>> {
  const days = new Map<string, Map<string, BookingFollowUpDto[]>>();
  for (const booking of items) {
    const slots = days.get(booking.classDate) ?? new Map<string, BookingFollowUpDto[]>();
    slots.set(booking.slot, [...(slots.get(booking.slot) ?? []), booking]);
    days.set(booking.classDate, slots);
  }
  return days;
}

/**
 * Clases gratis: the bookings of a day (previous/next day, back to today) or of a week, by slot,
 * with contact details and what happened (recorded as events).
 */
export function BookingsPage() {
  const today = studioDateOf(new Date());
  const [date, setDate] = useState(today);
  const [view, setView] = useState<View>('day');
  const [exportError, setExportError] = useState<string | null>(null);
  const from = view === 'week' ? weekStart(date) : date;
  const to = view === 'week' ? addDays(from, 6) : date;
  const { data, error, isFetching } = useListStaffFreeClassBookingsQuery({
    from,
    to,
  });
  const [record, recordState] = useRecordStaffFreeClassOutcomeMutation();
  const [recordError, setRecordError] = useState<string | null>(null);
  const step = view === 'week' ? 7 : 1;

  const days = groupBookings(data?.items ?? []);

  const mark = async (id: string, outcome: (typeof OUTCOMES)[number]) => {
    setRecordError(null);
    try {
      await record({ id, recordOutcomeDto: { outcome } }).unwrap();
    } catch (caught) {
      setRecordError(errorText(caught));
    }
  };

  const exportCsv = async () => {
    setExportError(null);
    try {
      await downloadCsv('/api/staff/free-class-bookings/export.csv', { from, to }, 'clases-gratis.csv');
    } catch (caught) {
      setExportError(caught instanceof Error ? caught.message : 'No se pudo descargar el archivo.');
    }
  };

  const range = view === 'week' ? `la semana del ${formatLocalDay(from)} al ${formatLocalDay(to)}` : formatLocalDay(date);

  return (
    <>
      <PageHeader
        title="Clases gratis"
        subtitle="Reservas por fecha y horario. Marca quién asistió, quién no y quién se hizo miembro."
        actions={
          <Button variant="outline-primary" onClick={() => void exportCsv()}>
            <Download size={16} aria-hidden="true" /> Exportar CSV
          </Button>
        }
      />
      <Form className="staff-filters staff-day-nav" onSubmit={(e) => e.preventDefault()}>
        <ButtonGroup aria-label="Vista">
          {(['day', 'week'] as const).map((option) => (
            <Button key={option} variant={view === option ? 'primary' : 'outline-primary'} aria-pressed={view === option} onClick={() => setView(option)}>
              {option === 'day' ? 'Día' : 'Semana'}
            </Button>
          ))}
        </ButtonGroup>
        <div className="staff-day-nav__steps">
          <Button variant="outline-secondary" onClick={() => setDate(addDays(date, -step))} aria-label={view === 'week' ? 'Semana anterior' : 'Día anterior'}>
            <ChevronLeft size={18} aria-hidden="true" />
          </Button>
          <Button variant="outline-secondary" onClick={() => setDate(today)} disabled={date === today}>
            Hoy
          </Button>
          <Button variant="outline-secondary" onClick={() => setDate(addDays(date, step))} aria-label={view === 'week' ? 'Semana siguiente' : 'Día siguiente'}>
            <ChevronRight size={18} aria-hidden="true" />
          </Button>
        </div>
        <Form.Label htmlFor="bookings-date" className="mb-0">
          Fecha de la clase
        </Form.Label>
        <Form.Control
          id="bookings-date"
          type="date"
          value={date}
          onChange={(e) => {
            if (isCalendarDate(e.target.value)) setDate(e.target.value);
          }}
          className="staff-date"
        />
      </Form>
      <p className="staff-day-nav__range" aria-live="polite">
        {view === 'week' ? 'Semana' : 'Día'}: {range}
      </p>
      {exportError ? <Alert variant="danger">{exportError}</Alert> : null}
      {recordError ? <Alert variant="danger">{recordError}</Alert> : null}
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando reservas" /> : null}
      {data && data.items.length === 0 ? <p className="staff-empty">No hay reservas para {range}.</p> : null}
      {[...days.entries()].map(([day, slots]) => (
        <div key={day} className="staff-bookings-day">
          {view === 'week' ? <h2 className="staff-day-title">{formatLocalDay(day)}</h2> : null}
          {[...slots.entries()].map(([slot, bookings]) => (
            <section key={slot} className="staff-slot" aria-label={view === 'week' ? `${formatLocalDay(day)}, horario ${slot}` : `Horario ${slot}`}>
              <h2 className="staff-section-title">
                {slot} · {bookings[0].className} <span className="staff-muted">({bookings.length})</span>
              </h2>
              <div className="staff-bookings">
                {bookings.map((booking) => (
                  <article key={booking.id} className="staff-booking" aria-label={`${booking.name} ${booking.lastname}`}>
                    <div className="staff-booking__who">
                      <strong>
                        {booking.name} {booking.lastname}
                      </strong>
                      <span className="staff-muted">DUI {booking.dui}</span>
                    </div>
                    <div className="staff-booking__contact">
                      <a href={`mailto:${booking.email}`}>{booking.email}</a>
                      <a href={phoneHref(booking.cellphone)}>{formatPhone(booking.cellphone)}</a>
                    </div>
                    <div className="staff-booking__status">
                      {booking.outcome ? (
                        <Badge bg={OUTCOME_VARIANT[booking.outcome]}>{OUTCOME_LABELS[booking.outcome]}</Badge>
                      ) : (
                        <Badge bg="light" text="dark">
                          Pendiente
                        </Badge>
                      )}
                      {booking.outcomeAt ? <small className="staff-muted">{formatDateTime(booking.outcomeAt)}</small> : null}
                    </div>
                    <ButtonGroup size="sm" aria-label="Resultado de la clase" className="staff-booking__actions">
                      {OUTCOMES.map((outcome) => (
                        <Button
                          key={outcome}
                          variant={booking.outcome === outcome ? OUTCOME_VARIANT[outcome] : `outline-${OUTCOME_VARIANT[outcome]}`}
                          aria-pressed={booking.outcome === outcome}
                          disabled={recordState.isLoading}
                          onClick={() => void mark(booking.id, outcome)}
                        >
                          {OUTCOME_LABELS[outcome]}
                        </Button>
                      ))}
                    </ButtonGroup>
                  </article>
                ))}
              </div>
            </section>
          ))}
        </div>
      ))}
    </>
  );
}
