import { Fragment } from 'react';
import { Spinner } from 'react-bootstrap';
import { MembersModal } from '../../shared/ui/members-modal';
import { useGetStaffEventQuery } from '../../shared/api/api';
import { eventDataRows, profileChangesOf } from './event-values';
import { actorLabel, errorText, eventTypeLabel, formatDateTime } from './format';
import { ProfileChanges } from './profile-changes';

/** An event in words first (when, who, what changed); the ids, position and stored JSON fold away under 'Datos técnicos'. */
export function EventDetailModal({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const { data, error, isFetching } = useGetStaffEventQuery({ eventId: eventId ?? '' }, { skip: !eventId });
  return (
    <MembersModal
      show={eventId !== null}
      onHide={onClose}
      wide
      title={data ? eventTypeLabel(data.type) : 'Detalle del evento'}
      titleId="event-detail-title"
      error={error ? errorText(error) : null}
    >
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando evento" /> : null}
      {data ? (
        <>
          <dl className="staff-detail">
            <dt>Ocurrió</dt>
            <dd>{formatDateTime(data.occurredAt)}</dd>
            <dt>Miembro</dt>
            <dd>{data.member ? `${data.member.name} · ${data.member.email}` : '—'}</dd>
            <dt>Por</dt>
            <dd>{actorLabel(data.actor)}</dd>
          </dl>
          <EventData data={data.data} />
          <details className="staff-raw">
            <summary>Datos técnicos</summary>
            <dl className="staff-detail">
              <dt>Tipo</dt>
              <dd>
                <code>{data.type}</code>
              </dd>
              <dt>Actor</dt>
              <dd>{data.actor ? `${data.actor.role === 'staff' ? 'Staff' : 'Miembro'} · ${data.actor.userId}` : '—'}</dd>
              <dt>Stream</dt>
              <dd>
                <code>{data.streamId}</code> · revisión {data.revision}
              </dd>
              <dt>Posición</dt>
              <dd>
                <code>{data.position}</code>
              </dd>
              <dt>Correlación</dt>
              <dd>
                <code>{data.correlationId ?? '—'}</code>
              </dd>
              <dt>Causa</dt>
              <dd>
                <code>{data.causationId ?? '—'}</code>
              </dd>
              <dt>Versión del esquema</dt>
              <dd>{data.schemaVersion ?? '—'}</dd>
              <dt>Id del evento</dt>
              <dd>
                <code>{data.eventId}</code>
              </dd>
            </dl>
            <h2 className="staff-detail__heading">Datos (JSON)</h2>
            <pre className="staff-json">{JSON.stringify(data.data, null, 2)}</pre>
            <h2 className="staff-detail__heading">Metadatos (JSON)</h2>
            <pre className="staff-json">{JSON.stringify(data.metadata, null, 2)}</pre>
          </details>
        </>
      ) : null}
    </MembersModal>
  );
}

/** The event's data in words; the stored JSON stays one click away for whoever needs the ids. */
function EventData({ data }: { data: unknown }) {
  const changes = profileChangesOf(data);
  const rows = eventDataRows(data);
  if (changes.length === 0 && rows.length === 0) return null;
  return (
    <>
      <h2 className="staff-detail__heading">Detalles</h2>
      <ProfileChanges changes={changes} />
      {rows.length > 0 ? (
        <dl className="staff-detail">
          {rows.map((row) => (
            <Fragment key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.text}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </>
  );
}
