import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Download, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { EventDetailModal } from './event-detail-modal';
import { actorLabel, errorText, eventTypeLabel, formatDateTime, studioDayStart } from './format';
import { LoadMore, PageHeader } from './staff-layout';
import { useListStaffChallengesQuery, useListStaffEventsQuery, useListStaffEventTypesQuery } from '../../shared/api/api';
import type { LogEntryDto } from '../../shared/api/generated-api';
import { downloadCsv } from './download-csv';
import { streamSubjectText, type KnownChallenge } from './event-values';
import { addDays } from '../../shared/lib/studio-calendar';

interface Filters {
  q: string;
  type: string;
  from: string;
  to: string;
  member: string;
}

const PAGE = 50;

/** The API's filter parameters for the form's values (dates are studio days; `to` is included). */
function apiFilters(filters: Filters) {
  return {
    q: filters.q.trim() || undefined,
    type: filters.type || undefined,
    member: filters.member || undefined,
    from: filters.from ? studioDayStart(filters.from) : undefined,
    to: filters.to ? studioDayStart(addDays(filters.to, 1)) : undefined,
  };
}

/** Actividad: the global log, newest first, with filters, detail and CSV export. */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const applied: Filters = {
    q: params.get('q') ?? '',
    type: params.get('type') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    member: params.get('member') ?? '',
  };
  const [draft, setDraft] = useState<Filters>(applied);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [selected, setSelected] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const types = useListStaffEventTypesQuery();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value);
    setParams(next);
    setCursors([undefined]);
  };

  const clear = () => {
    setDraft({ q: '', type: '', from: '', to: '', member: '' });
    setParams(new URLSearchParams());
    setCursors([undefined]);
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadCsv('/api/staff/events/export.csv', apiFilters(applied), 'actividad.csv');
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'No se pudo descargar el archivo.');
    } finally {
      setExporting(false);
    }
  };

  const key = JSON.stringify(applied);
  return (
    <>
      <PageHeader
        title="Actividad"
        subtitle="Todo lo que pasó en la plataforma, lo más reciente primero."
        actions={
          <Button variant="outline-primary" onClick={() => void exportCsv()} disabled={exporting}>
            <Download size={16} aria-hidden="true" /> {exporting ? 'Preparando…' : 'Exportar CSV'}
          </Button>
        }
      />
      {exportError ? <Alert variant="danger">{exportError}</Alert> : null}
      <Form className="staff-filters" onSubmit={apply} aria-label="Filtros del registro">
        <Row className="g-2 align-items-end">
          <Col xs={12} lg={4}>
            <Form.Label htmlFor="activity-q">Buscar miembro</Form.Label>
            <Form.Control
              id="activity-q"
              type="search"
              placeholder="Nombre o correo"
              value={draft.q}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </Col>
          <Col xs={12} sm={6} lg={3}>
            <Form.Label htmlFor="activity-type">Tipo de evento</Form.Label>
            <Form.Select id="activity-type" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
              <option value="">Todos</option>
              {(types.data?.types ?? []).map((type) => (
                <option key={type} value={type}>
                  {eventTypeLabel(type)}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={6} sm={3} lg={2}>
            <Form.Label htmlFor="activity-from">Desde</Form.Label>
            <Form.Control id="activity-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </Col>
          <Col xs={6} sm={3} lg={2}>
            <Form.Label htmlFor="activity-to">Hasta</Form.Label>
            <Form.Control id="activity-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </Col>
          <Col xs={12} lg={1} className="d-flex gap-2">
            <Button type="submit" className="flex-grow-1" aria-label="Filtrar">
              <Search size={16} aria-hidden="true" />
              <span className="d-lg-none ms-1">Filtrar</span>
            </Button>
          </Col>
        </Row>
        {applied.member || Object.values(applied).some(Boolean) ? (
          <div className="staff-filters__applied">
            {applied.member ? (
              <span>
                Solo el miembro <code>{applied.member}</code>
              </span>
            ) : null}
            <Button variant="link" size="sm" onClick={clear}>
              Quitar filtros
            </Button>
          </div>
        ) : null}
      </Form>
      <div className="staff-log" role="list" aria-label="Eventos">
        {cursors.map((cursor, index) => (
          <LogChunk
            key={`${key}:${cursor ?? 'first'}`}
            filters={applied}
            before={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors([...cursors, next])}
            onSelect={setSelected}
          />
        ))}
      </div>
      <EventDetailModal eventId={selected} onClose={() => setSelected(null)} />
    </>
  );
}

/** The studio's challenges by id, so an archived one is named by its month like the one created. */
function useKnownChallenges(): ReadonlyMap<string, KnownChallenge> {
  const { data } = useListStaffChallengesQuery();
  return new Map((data?.items ?? []).map((challenge) => [challenge.challengeId, { name: challenge.name, month: challenge.month }]));
}

function LogChunk(props: { filters: Filters; before?: string; last: boolean; onMore: (cursor: string) => void; onSelect: (eventId: string) => void }) {
  const { data, error, isLoading } = useListStaffEventsQuery({ ...apiFilters(props.filters), before: props.before, limit: PAGE });
  const challenges = useKnownChallenges();
  // Inside the log's list, what is not an event still sits in a list item (assistive technology expects only items).
  if (isLoading)
    return (
      <div role="listitem">
        <Spinner animation="border" role="status" aria-label="Cargando actividad" className="my-4" />
      </div>
    );
  if (error)
    return (
      <div role="listitem">
        <Alert variant="danger">{errorText(error)}</Alert>
      </div>
    );
  if (!data) return null;
  if (data.items.length === 0 && !props.before)
    return (
      <p className="staff-empty" role="listitem">
        No hay eventos con esos filtros.
      </p>
    );
  return (
    <>
      {data.items.map((entry) => (
        <LogRow key={entry.eventId} entry={entry} challenges={challenges} onSelect={props.onSelect} />
      ))}
      {props.last ? <LoadMore cursor={data.nextCursor} onMore={props.onMore} listItem /> : null}
    </>
  );
}

function LogRow({ entry, challenges, onSelect }: { entry: LogEntryDto; challenges: ReadonlyMap<string, KnownChallenge>; onSelect: (eventId: string) => void }) {
  return (
    <div className="staff-log__row" role="listitem">
      <div className="staff-log__when">{formatDateTime(entry.occurredAt)}</div>
      <div className="staff-log__what">
        <span className={`staff-type staff-type--${entry.type}`}>{eventTypeLabel(entry.type)}</span>
        <span className="staff-log__stream">
          {entry.member ? (
            <Link to={`/staff/miembros/${entry.member.userId}`}>{entry.member.name || entry.member.email}</Link>
          ) : (
            <span>{streamSubjectText(entry, challenges)}</span>
          )}
        </span>
      </div>
      <div className="staff-log__actor">{actorLabel(entry.actor)}</div>
      <div className="staff-log__actions">
        <Button variant="link" size="sm" onClick={() => onSelect(entry.eventId)} aria-label={`Ver detalle de ${eventTypeLabel(entry.type)}`}>
          Detalle
        </Button>
      </div>
    </div>
  );
}
