import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Form, Spinner } from 'react-bootstrap';
import { Download } from 'lucide-react';
import { studioDateOf } from '../../shared/lib/studio-calendar';
import { errorText, formatDateTime, formatLocalDay, OUTCOME_LABELS } from './format';
import { PageHeader } from './staff-layout';
import { useListStaffFreeClassBookingsQuery, useRecordStaffFreeClassOutcomeMutation } from '../../shared/api/api';
import type { BookingFollowUpDto } from '../../shared/api/generated-api';
import { downloadCsv } from './download-csv';

const OUTCOMES = ['attended', 'no-show', 'converted'] as const;
const OUTCOME_VARIANT: Record<string, string> = { attended: 'success', 'no-show': 'secondary', converted: 'primary' };

/** Clases gratis: bookings of a day by slot, contact details, and what happened (recorded as events). */
export function BookingsPage() {
  const [date, setDate] = useState(() => studioDateOf(new Date()));
  const [exportError, setExportError] = useState<string | null>(null);
  const { data, error, isFetching } = useListStaffFreeClassBookingsQuery({ from: date || undefined, to: date || undefined });
  const [record, recordState] = useRecordStaffFreeClassOutcomeMutation();
  const [recordError, setRecordError] = useState<string | null>(null);

  const slots = new Map<string, BookingFollowUpDto[]>();
  for (const booking of data?.items ?? []) slots.set(booking.slot, [...(slots.get(booking.slot) ?? []), booking]);

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
      await downloadCsv('/api/staff/free-class-bookings/export.csv', { from: date, to: date }, 'clases-gratis.csv');
    } catch (caught) {
      setExportError(caught instanceof Error ? caught.message : 'No se pudo descargar el archivo.');
    }
  };

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
      <Form className="staff-filters" onSubmit={(e) => e.preventDefault()}>
        <Form.Label htmlFor="bookings-date">Fecha de la clase</Form.Label>
        <Form.Control id="bookings-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} className="staff-date" />
      </Form>
      {exportError ? <Alert variant="danger">{exportError}</Alert> : null}
      {recordError ? <Alert variant="danger">{recordError}</Alert> : null}
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando reservas" /> : null}
      {data && data.items.length === 0 ? <p className="staff-empty">No hay reservas para {date ? formatLocalDay(date) : 'esa fecha'}.</p> : null}
      {[...slots.entries()].map(([slot, bookings]) => (
        <section key={slot} className="staff-slot" aria-label={`Horario ${slot}`}>
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
                  <a href={`tel:${booking.cellphone}`}>{booking.cellphone}</a>
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
    </>
  );
}
