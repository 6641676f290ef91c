import { useState } from 'react';
import { Alert, Badge, Form, Spinner, Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { useListRightsRequestsQuery, useUpdateRightsRequestStatusMutation } from '../../shared/api/api';
import type { StaffRightsRequestDto } from '../../shared/api/generated-api';
import { MemberExportButton } from './member-export-button';
import { errorText, formatLocalDay } from './format';
import { PageHeader } from './staff-layout';

type Status = StaffRightsRequestDto['status'];

const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'received', label: 'Recibida' },
  { value: 'in-progress', label: 'En curso' },
  { value: 'answered', label: 'Respondida' },
  { value: 'extended', label: 'Prorrogada (+20 días hábiles)' },
  { value: 'rejected', label: 'Rechazada' },
];

const CLOSED: readonly Status[] = ['answered', 'rejected'];

function dueBadge(request: StaffRightsRequestDto) {
  if (CLOSED.includes(request.status)) return null;
  const left = request.businessDaysLeft;
  const variant = left < 0 ? 'danger' : left <= 5 ? 'warning' : 'secondary';
  const text =
    left < 0
      ? `Vencida hace ${-left} ${left === -1 ? 'día hábil' : 'días hábiles'}`
      : left === 0
        ? 'Vence hoy'
        : `${left} ${left === 1 ? 'día hábil' : 'días hábiles'}`;
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined} className="ms-1">
      {text}
    </Badge>
  );
}

/** Solicitudes: the rights-request queue (#21), open ones first by due date, so none is forgotten. */
export function RightsRequestsPage() {
  const { data, error, isLoading } = useListRightsRequestsQuery();
  return (
    <>
      <PageHeader
        title="Solicitudes"
        subtitle="Derechos de acceso, rectificación, cancelación, oposición y portabilidad. Plazo: 20 días hábiles sin fines de semana ni feriados, prorrogable una vez."
      />
      {isLoading ? <Spinner animation="border" role="status" aria-label="Cargando solicitudes" /> : null}
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {data && data.requests.length === 0 ? (
        <p className="staff-empty">No hay solicitudes. Cuando un miembro envíe una desde su perfil, aparecerá aquí.</p>
      ) : null}
      {data && data.requests.length > 0 ? (
        <div className="staff-table-wrap">
          <Table hover className="staff-table staff-rights">
            <thead>
              <tr>
                <th scope="col">Tipo</th>
                <th scope="col">Miembro</th>
                <th scope="col">Recibida</th>
                <th scope="col">Fecha límite</th>
                <th scope="col">Estado</th>
                <th scope="col">Datos</th>
              </tr>
            </thead>
            <tbody>
              {data.requests.map((request) => (
                <RequestRow key={request.id} request={request} />
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </>
  );
}

function RequestRow({ request }: { request: StaffRightsRequestDto }) {
  const [update, { isLoading }] = useUpdateRightsRequestStatusMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const closed = CLOSED.includes(request.status);

  const change = async (status: Status) => {
    setFailure(null);
    try {
      await update({ requestId: request.id, updateRightsRequestStatusDto: { status } }).unwrap();
    } catch (caught) {
      setFailure(errorText(caught));
    }
  };

  return (
    <tr data-request={request.id}>
      <td data-label="Tipo">
        <div>
          <strong>{request.rightLabel}</strong>
          {request.details ? <div className="staff-muted small text-break">{request.details}</div> : null}
        </div>
      </td>
      <td data-label="Miembro">
        <div className="staff-rights__member">
          <Link to={`/staff/miembros/${encodeURIComponent(request.userId)}`}>{request.memberName}</Link>
          <div className="staff-muted small text-break">{request.memberEmail}</div>
        </div>
      </td>
      <td data-label="Recibida">
        <time dateTime={request.receivedOn}>{formatLocalDay(request.receivedOn)}</time>
      </td>
      <td data-label="Fecha límite">
        <div>
          <time className="text-nowrap" dateTime={request.dueOn}>
            {formatLocalDay(request.dueOn)}
          </time>
          {dueBadge(request)}
          {request.extended ? <div className="staff-muted small">Prorrogada</div> : null}
        </div>
      </td>
      <td data-label="Estado">
        <div className="staff-rights__status">
          <Form.Select
            size="sm"
            aria-label={`Estado de la solicitud de ${request.memberName}`}
            value={request.status}
            disabled={closed || isLoading}
            onChange={(event) => void change(event.target.value as Status)}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value} disabled={(option.value === 'extended' && request.extended) || option.value === 'received'}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          {failure ? (
            <div className="text-danger small mt-1" role="alert">
              {failure}
            </div>
          ) : null}
        </div>
      </td>
      <td data-label="Datos">
        <MemberExportButton userId={request.userId} name={request.memberName} size="sm" />
      </td>
    </tr>
  );
}
