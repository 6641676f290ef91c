import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, InputGroup, Nav, Spinner } from 'react-bootstrap';
import { Flame, Search } from 'lucide-react';
import { Link } from 'react-router-dom';
import { errorText, formatDateTime, formatNumber } from './format';
import { PageHeader } from './staff-layout';
import { useListStaffMembersQuery } from '../../shared/api/api';

const PAGE = 50;

/** Miembros: everyone with their figures, and the ones who stopped training (N days). */
export function MembersPage() {
  const [view, setView] = useState<'all' | 'inactive'>('all');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [days, setDays] = useState(14);
  const [daysDraft, setDaysDraft] = useState('14');
  const [offset, setOffset] = useState(0);
  const { data, error, isFetching } = useListStaffMembersQuery({
    q: q || undefined,
    inactiveDays: view === 'inactive' ? days : undefined,
    limit: PAGE,
    offset,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    const n = Number(daysDraft);
    if (Number.isInteger(n) && n >= 1 && n <= 3650) setDays(n);
    setOffset(0);
  };

  return (
    <>
      <PageHeader title="Miembros" subtitle="Última actividad, planes activos, racha y entrenamientos de cada miembro." />
      <Nav
        variant="tabs"
        activeKey={view}
        onSelect={(key) => {
          setView(key === 'inactive' ? 'inactive' : 'all');
          setOffset(0);
        }}
        className="mb-3"
      >
        <Nav.Item>
          <Nav.Link eventKey="all">Todos</Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="inactive">Inactivos</Nav.Link>
        </Nav.Item>
      </Nav>
      <Form className="staff-filters" onSubmit={search} aria-label="Buscar miembros">
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <div className="flex-grow-1">
            <Form.Label htmlFor="members-q">Buscar</Form.Label>
            <InputGroup>
              <Form.Control id="members-q" type="search" placeholder="Nombre o correo" value={draft} onChange={(e) => setDraft(e.target.value)} />
              <Button type="submit" aria-label="Buscar">
                <Search size={16} aria-hidden="true" />
              </Button>
            </InputGroup>
          </div>
          {view === 'inactive' ? (
            <div className="staff-days">
              <Form.Label htmlFor="members-days">Sin entrenar desde (días)</Form.Label>
              <Form.Control
                id="members-days"
                type="number"
                min={1}
                max={3650}
                value={daysDraft}
                onChange={(e) => setDaysDraft(e.target.value)}
                onBlur={() => {
                  const n = Number(daysDraft);
                  if (Number.isInteger(n) && n >= 1 && n <= 3650) {
                    setDays(n);
                    setOffset(0);
                  }
                }}
              />
            </div>
          ) : null}
        </div>
      </Form>
      {view === 'inactive' ? (
        <p className="staff-hint">Miembros sin ningún entrenamiento en los últimos {days} días (o que nunca entrenaron), para darles seguimiento.</p>
      ) : null}
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando miembros" /> : null}
      {data && data.items.length === 0 ? (
        <p className="staff-empty">{view === 'inactive' ? 'Nadie lleva tanto tiempo sin entrenar.' : 'No hay miembros con esa búsqueda.'}</p>
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Miembro</th>
                <th scope="col">Última actividad</th>
                <th scope="col">Último entrenamiento</th>
                <th scope="col" className="text-end">
                  Planes activos
                </th>
                <th scope="col" className="text-end">
                  Racha
                </th>
                <th scope="col" className="text-end">
                  Entrenamientos
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((member) => (
                <tr key={member.userId}>
                  <td data-label="Miembro">
                    <Link to={`/staff/miembros/${member.userId}`} className="staff-member-link">
                      {`${member.firstName ?? ''} ${member.lastName ?? ''}`.trim() || member.email || member.userId}
                    </Link>
                    <div className="staff-muted">{member.email ?? member.userId}</div>
                  </td>
                  <td data-label="Última actividad">{formatDateTime(member.lastActivityAt)}</td>
                  <td data-label="Último entrenamiento">{member.lastWorkoutAt ? formatDateTime(member.lastWorkoutAt) : 'Nunca'}</td>
                  <td data-label="Planes activos" className="text-end">
                    {member.activePlans}
                  </td>
                  <td data-label="Racha" className="text-end">
                    {member.currentStreak > 0 ? (
                      <span className="staff-streak">
                        <Flame size={14} aria-hidden="true" /> {member.currentStreak} {member.currentStreak === 1 ? 'día' : 'días'}
                      </span>
                    ) : (
                      '0'
                    )}
                  </td>
                  <td data-label="Entrenamientos" className="text-end">
                    {formatNumber(member.totalWorkouts)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && (offset > 0 || data.hasMore) ? (
        <div className="d-flex justify-content-between my-3">
          <Button variant="outline-secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Anteriores
          </Button>
          <Button variant="outline-secondary" disabled={!data.hasMore} onClick={() => setOffset(offset + PAGE)}>
            Siguientes
          </Button>
        </div>
      ) : null}
    </>
  );
}
