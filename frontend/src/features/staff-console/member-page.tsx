import { useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { ArrowLeft, ListFilter, Trash2 } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { DeskRequestForm } from './desk-request-form';
import { EraseMemberDialog } from './erase-member-dialog';
import { EventDetailModal } from './event-detail-modal';
import { MemberExportButton } from './member-export-button';
import { MembershipPanel } from './membership-panel';
import { errorText, eventTypeLabel, formatDateTime } from './format';
import { ProfileChanges } from './profile-changes';
import { LoadMore, PageHeader } from './staff-layout';
import { useGetStaffMemberTimelineQuery } from '../../shared/api/api';
import type { TimelineEntryDto } from '../../shared/api/generated-api';

const PAGE = 100;

/** Miembro: one member's history, newest first (profile before/after, plans, completions). */
export function MemberPage() {
  const { userId = '' } = useParams();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [selected, setSelected] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const first = useGetStaffMemberTimelineQuery({ userId, limit: PAGE });
  const member = first.data?.member;
  // After an erasure (ADR 0202) nothing names the member any more: the page says so instead of showing an id.
  const erased = first.data?.items.some((entry) => entry.type === 'MemberDataErased') ?? false;
  const name = member
    ? `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim() || member.email || (erased ? 'Miembro con datos borrados' : member.userId)
    : 'Miembro';
  return (
    <>
      <Link to="/staff/miembros" className="staff-back">
        <ArrowLeft size={16} aria-hidden="true" /> Miembros
      </Link>
      <PageHeader
        title={name}
        subtitle={member?.email ?? <code>{userId}</code>}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-outline-primary" to={`/staff?member=${encodeURIComponent(userId)}`}>
              <ListFilter size={16} aria-hidden="true" /> Ver en Actividad
            </Link>
            {/* A rights request received at the desk: the same zip the member downloads (#21). */}
            <MemberExportButton userId={userId} name={name} label="Descargar datos" />
            <Button variant="outline-danger" onClick={() => setErasing(true)} disabled={!first.data}>
              <Trash2 size={16} aria-hidden="true" /> Borrar datos personales
            </Button>
          </div>
        }
      />
      {first.error ? <Alert variant="danger">{errorText(first.error)}</Alert> : null}
      {member && !erased ? <MembershipPanel userId={userId} /> : null}
      {member ? <DeskRequestForm userId={userId} /> : null}
      {first.isLoading ? <Spinner animation="border" role="status" aria-label="Cargando historial" /> : null}
      <ol className="staff-timeline" aria-label="Historial del miembro">
        {cursors.map((cursor, index) => (
          <TimelineChunk
            key={cursor ?? 'first'}
            userId={userId}
            before={cursor}
            last={index === cursors.length - 1}
            onMore={(next) => setCursors([...cursors, next])}
            onSelect={setSelected}
          />
        ))}
      </ol>
      <EventDetailModal eventId={selected} onClose={() => setSelected(null)} />
      <EraseMemberDialog userId={userId} name={name} show={erasing} onClose={() => setErasing(false)} />
    </>
  );
}

function TimelineChunk(props: { userId: string; before?: string; last: boolean; onMore: (cursor: string) => void; onSelect: (id: string) => void }) {
  const { data } = useGetStaffMemberTimelineQuery({ userId: props.userId, before: props.before, limit: PAGE });
  if (!data) return null;
  if (data.items.length === 0 && !props.before) return <li className="staff-empty">Este miembro todavía no tiene actividad.</li>;
  return (
    <>
      {data.items.map((entry) => (
        <TimelineItem key={entry.eventId} entry={entry} onSelect={props.onSelect} />
      ))}
      {props.last ? <LoadMore cursor={data.nextCursor} onMore={props.onMore} as="li" /> : null}
    </>
  );
}

function TimelineItem({ entry, onSelect }: { entry: TimelineEntryDto; onSelect: (id: string) => void }) {
  return (
    <li className={`staff-timeline__item staff-timeline__item--${entry.type}`}>
      <div className="staff-timeline__head">
        <span className={`staff-type staff-type--${entry.type}`}>{eventTypeLabel(entry.type)}</span>
        <time dateTime={entry.occurredAt}>{formatDateTime(entry.occurredAt)}</time>
        {entry.actor?.role === 'staff' ? (
          <Badge bg="warning" text="dark">
            {entry.actor.name ? `Por ${entry.actor.name}` : 'Por el staff'}
          </Badge>
        ) : null}
      </div>
      <p className="staff-timeline__summary">{entry.summary}</p>
      {entry.type === 'WorkoutCompleted' && entry.planTitle ? <p className="staff-timeline__meta">Del plan «{entry.planTitle}»</p> : null}
      {entry.heartRate ? (
        <p className="staff-timeline__meta staff-timeline__heart-rate">
          <span aria-hidden="true">♥ </span>
          {entry.heartRate}
        </p>
      ) : null}
      {entry.changes ? <ProfileChanges changes={entry.changes} /> : null}
      <Button variant="link" size="sm" className="p-0" onClick={() => onSelect(entry.eventId)}>
        Detalle del evento
      </Button>
    </li>
  );
}
