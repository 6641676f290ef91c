import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { CalendarClock, Download, ListOrdered, Users } from 'lucide-react';
import { useGetClassReportQuery } from '../../shared/api/api';
import type { ClassReportDto } from '../../shared/api/generated-api';
import { formatCount } from '../../shared/lib/number-format';
import { isCalendarDate, longDate, shortDay, studioDateOf } from '../../shared/lib/studio-calendar';
import { saveCsv } from './download-csv';
import { errorText } from './format';
import {
  classesCsv,
  classPoints,
  classWeekRows,
  csvFileName,
  membershipsCsv,
  percentText,
  REPORT_RANGES,
  reportQuery,
  weekLabel,
  weekPoints,
  type ReportRange,
} from './report-data';
import type { ReportChartProps } from './report-charts';
import { PageHeader } from './staff-layout';

const ReportChart = lazy(() => import('./report-charts'));

function Chart({ height, label, ...props }: ReportChartProps & { height: number; label: string }) {
  return (
    <div className="staff-chart" style={{ height }} role="img" aria-label={label}>
      <Suspense fallback={<Spinner animation="border" size="sm" role="status" aria-label="Cargando gráfica" />}>
        <ReportChart {...(props as ReportChartProps)} />
      </Suspense>
    </div>
  );
}

function Section({ id, title, icon, actions, children }: { id: string; title: string; icon?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card as="section" className="staff-card staff-report__section" aria-labelledby={id}>
      <Card.Body>
        <div className="staff-report__section-head">
          <h2 id={id} className="staff-card__title">
            {icon}
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </Card.Body>
    </Card>
  );
}

function CsvButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button variant="outline-primary" size="sm" className="staff-report__csv" onClick={onClick} aria-label={label}>
      <Download size={15} aria-hidden="true" /> CSV
    </Button>
  );
}

function Figure({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Col>
      <div className="staff-report__figure">
        <p className="staff-report__figure-title">{title}</p>
        <p className="staff-report__figure-value">{value}</p>
        <p className="staff-report__figure-detail">{detail}</p>
      </div>
    </Col>
  );
}

function Figures({ report }: { report: ClassReportDto }) {
  const { total } = report;
  const expected = total.attended + total.noShows;
  return (
    <Row xs={2} lg={4} className="g-2 g-lg-3 mb-3" role="group" aria-label="Resumen de las semanas">
      <Figure title="Ocupación" value={percentText(total.occupancy)} detail={`${formatCount(total.booked)} de ${formatCount(total.capacity)} lugares`} />
      <Figure
        title="Asistencia"
        value={percentText(total.capacity === 0 ? null : total.attended / total.capacity)}
        detail={`${formatCount(total.attended)} ${total.attended === 1 ? 'llegó' : 'llegaron'} en ${total.classes === 1 ? '1 clase' : `${formatCount(total.classes)} clases`}`}
      />
      <Figure
        title="No llegaron"
        value={percentText(total.noShowRate)}
        detail={`${formatCount(total.noShows)} de ${formatCount(expected)} ${expected === 1 ? 'esperado' : 'esperados'}`}
      />
      <Figure
        title="Lista de espera"
        value={formatCount(total.waitlistJoined)}
        detail={`${formatCount(total.waitlistPromoted)} ${total.waitlistPromoted === 1 ? 'consiguió' : 'consiguieron'} lugar`}
      />
    </Row>
  );
}

function Classes({ report }: { report: ClassReportDto }) {
  const points = classPoints(report);
  const waitlisted = points.filter((point) => point.waitlistJoined > 0);
  const classNames = report.classes.map((named) => named.className);
  const rowsHeight = (count: number) => Math.max(140, 56 + count * 44);
  return (
    <>
      <Section id="report-class-weeks" title="Ocupación de cada clase, semana a semana">
        <Chart
          kind="class-weeks"
          rows={classWeekRows(report)}
          classNames={classNames}
          height={300}
          label="Ocupación de cada clase por semana, en porcentaje del cupo"
        />
      </Section>
      <Section id="report-classes" title="Por clase">
        <Chart kind="classes" points={points} height={rowsHeight(points.length)} label="Ocupación y asistencia de cada clase en las semanas elegidas" />
        <ul className="staff-report__list">
          {points.map((point) => (
            <li key={point.className}>
              <strong>{point.className}</strong>
              <span className="staff-muted">
                Ocupación {point.occupancy}% · Asistencia {point.attendance}% · No llegaron {point.noShowRate === null ? '—' : `${point.noShowRate}%`} · Lista
                de espera {formatCount(point.waitlistJoined)}
                {point.waitlistJoined > 0 ? ` (${formatCount(point.waitlistPromoted)} con lugar)` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="report-waitlist" title="Listas de espera" icon={<ListOrdered size={18} aria-hidden="true" />}>
        {waitlisted.length === 0 ? (
          <p className="staff-empty">Ninguna clase se llenó con lista de espera en estas semanas.</p>
        ) : (
          <Chart
            kind="waitlist"
            points={waitlisted}
            height={rowsHeight(waitlisted.length)}
            label="Por clase, cuántos entraron a la lista de espera y cuántos consiguieron lugar"
          />
        )}
      </Section>
    </>
  );
}

function Memberships({ report }: { report: ClassReportDto }) {
  const { memberships } = report;
  const inForce = memberships.classesLeft.reduce((total, bucket) => total + bucket.count, 0);
  return (
    <Section
      id="report-memberships"
      title="Membresías"
      icon={<Users size={18} aria-hidden="true" />}
      actions={<CsvButton label="Descargar CSV de membresías" onClick={() => saveCsv(csvFileName('membresias', report), membershipsCsv(report))} />}
    >
      <p className="staff-muted">
        {inForce === 1 ? '1 membresía vigente' : `${formatCount(inForce)} membresías vigentes`} al {longDate(memberships.today)}.
      </p>
      <Row xs={1} lg={2} className="g-3">
        <Col>
          <h3 className="staff-report__subtitle">
            <CalendarClock size={16} aria-hidden="true" /> Vencen
          </h3>
          <Chart
            kind="counts"
            name="Vencen"
            points={memberships.expiring.map((week, index) => ({
              label: index === 0 ? 'Esta semana' : shortDay(week.weekStart),
              title: `Semana del ${weekLabel(week.weekStart)}`,
              count: week.count,
            }))}
            height={220}
            label="Membresías que vencen esta semana y las tres siguientes"
          />
        </Col>
        <Col>
          <h3 className="staff-report__subtitle">Clases que les quedan</h3>
          <Chart
            kind="counts"
            name="Membresías"
            points={memberships.classesLeft.map((bucket) => ({ label: bucket.label, count: bucket.count }))}
            height={220}
            label="Membresías vigentes según las clases que les quedan"
          />
        </Col>
      </Row>
    </Section>
  );
}

/** Reportes: the owner's view of the classes (occupancy, attendance, no-shows, waitlists) and of the memberships. */
export function ReportsPage() {
  const today = studioDateOf(new Date());
  const [weeks, setWeeks] = useState<ReportRange>(4);
  const [lastDay, setLastDay] = useState(today);
  const report = useGetClassReportQuery(reportQuery(weeks, isCalendarDate(lastDay) ? lastDay : today));
  const data = report.data;
  return (
    <>
      <PageHeader
        title="Reportes"
        subtitle={data ? `Semanas del ${longDate(data.from)} al ${longDate(data.to)}` : 'Ocupación de las clases, asistencia, listas de espera y membresías.'}
      />
      <Form className="staff-filters staff-report__filters" onSubmit={(event) => event.preventDefault()} aria-label="Semanas del reporte">
        <div>
          <Form.Label htmlFor="report-weeks">Periodo</Form.Label>
          <Form.Select id="report-weeks" value={weeks} onChange={(event) => setWeeks(Number(event.target.value) as ReportRange)}>
            {REPORT_RANGES.map((count) => (
              <option key={count} value={count}>
                {count === 1 ? '1 semana' : `${count} semanas`}
              </option>
            ))}
          </Form.Select>
        </div>
        <div>
          <Form.Label htmlFor="report-last">Hasta la semana del</Form.Label>
          <Form.Control id="report-last" type="date" value={lastDay} onChange={(event) => setLastDay(event.target.value || today)} />
        </div>
        {data ? (
          <Button variant="primary" className="staff-report__download" onClick={() => saveCsv(csvFileName('clases', data), classesCsv(data))}>
            <Download size={16} aria-hidden="true" /> Descargar CSV de clases
          </Button>
        ) : null}
      </Form>
      {report.error ? <Alert variant="danger">{errorText(report.error)}</Alert> : null}
      {report.isLoading ? <Spinner animation="border" role="status" aria-label="Cargando reporte" /> : null}
      {data ? (
        <div className="staff-report" aria-busy={report.isFetching}>
          <Figures report={data} />
          {data.total.classes === 0 ? (
            <p className="staff-empty">No hubo clases en estas semanas.</p>
          ) : (
            <>
              <Section id="report-weeks-chart" title="Ocupación y asistencia por semana">
                <p className="staff-muted">Lugares reservados y personas que llegaron, sobre el cupo de las clases de cada semana.</p>
                <Chart kind="weeks" points={weekPoints(data)} height={260} label="Ocupación y asistencia de cada semana, en porcentaje del cupo" />
              </Section>
              <Classes report={data} />
            </>
          )}
          <Memberships report={data} />
        </div>
      ) : null}
    </>
  );
}
