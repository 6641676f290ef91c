import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, ProgressBar, Row, Spinner } from 'react-bootstrap';
import { MembersModal } from '../../shared/ui/members-modal';
import { RefreshCw } from 'lucide-react';
import { errorText, formatDateTime, formatDuration, formatNumber, PROJECTION_LABELS, projectionTitle } from './format';
import { trackRebuilds, type RequestedGeneration } from './rebuild-progress';
import { PageHeader } from './staff-layout';
import { useGetStaffProjectionsQuery, useRebuildAllStaffProjectionsMutation, useRebuildStaffProjectionMutation } from '../../shared/api/api';
import type { ProjectionOverviewDto } from '../../shared/api/generated-api';

const PHASE: Record<ProjectionOverviewDto['phase'], { label: string; bg: string }> = {
  running: { label: 'Al día', bg: 'success' },
  rebuilding: { label: 'Reconstruyendo', bg: 'info' },
  error: { label: 'Error', bg: 'danger' },
};

function lagText(projection: ProjectionOverviewDto): string {
  return `${projection.lagAtLeast ? 'Más de ' : ''}${formatNumber(projection.lagEvents)} cambios por aplicar · ${formatDuration(projection.lagSeconds)}`;
}

/**
 * Proyecciones: each read model in words (what it feeds), whether it is up to date, and rebuilds with
 * live progress and their history; the technical state (generation, checkpoint) behind a toggle.
 * A full rebuild asks first and says what it will do.
 */
export function ProjectionsPage() {
  const [requested, setRequested] = useState<RequestedGeneration[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [rebuildAll, allState] = useRebuildAllStaffProjectionsMutation();
  const [rebuildOne, oneState] = useRebuildStaffProjectionMutation();
  const { data, error, isLoading } = useGetStaffProjectionsQuery(undefined, {
    pollingInterval: requested.length ? 1000 : 5000,
    skipPollingIfUnfocused: false,
  });
  const projections = data?.projections ?? [];
  const tracked = trackRebuilds(requested, projections);
  const busy = allState.isLoading || oneState.isLoading || (requested.length > 0 && !tracked.done);

  const start = async (name?: string) => {
    setActionError(null);
    try {
      const result = name ? await rebuildOne({ name }).unwrap() : await rebuildAll().unwrap();
      setRequested(result.generations);
    } catch (caught) {
      setActionError(errorText(caught));
    }
  };

  return (
    <>
      <PageHeader
        title="Proyecciones"
        subtitle="Las cifras que ven los miembros se calculan desde los eventos. Reconstruirlas no interrumpe a nadie: las actuales siguen sirviendo hasta el cambio."
        actions={
          <Button onClick={() => setConfirming(true)} disabled={busy}>
            <RefreshCw size={16} aria-hidden="true" /> Reconstruir todas
          </Button>
        }
      />
      <MembersModal
        show={confirming}
        onHide={() => setConfirming(false)}
        confirm
        title="¿Reconstruir todas las cifras?"
        titleId="rebuild-all-title"
        footer={
          <>
            <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                void start();
              }}
            >
              Sí, reconstruir todas
            </Button>
          </>
        }
      >
        <p>Pulso volverá a calcular desde el historial de eventos todo lo que se muestra a partir de él:</p>
        <ul className="staff-rebuild__scope">
          {projections.map((projection) => (
            <li key={projection.name}>{projectionTitle(projection.name)}</li>
          ))}
        </ul>
        <p className="mb-0">
          Nadie se queda sin servicio: las cifras actuales se siguen mostrando hasta que las nuevas estén listas, y entonces se cambian de una vez. No se envía
          ningún correo ni se desbloquea ningún logro de nuevo. Puedes seguir el avance en esta página.
        </p>
      </MembersModal>
      {actionError ? <Alert variant="danger">{actionError}</Alert> : null}
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {requested.length ? (
        <Card className="staff-card staff-rebuild mb-4" aria-live="polite">
          <Card.Body>
            <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2">
              <h2 className="staff-card__title">{tracked.done ? 'Reconstrucción completada' : 'Reconstrucción en curso'}</h2>
              <strong className="staff-rebuild__percent" data-testid="rebuild-percent">
                {tracked.percent} %
              </strong>
            </div>
            <ProgressBar
              now={tracked.percent}
              variant={tracked.done ? 'success' : 'info'}
              animated={!tracked.done}
              aria-label="Progreso de la reconstrucción"
            />
            <ul className="staff-rebuild__list">
              {tracked.items.map((item) => (
                <li key={item.name}>
                  {projectionTitle(item.name)}:{' '}
                  {item.done
                    ? 'lista'
                    : `${formatNumber(item.processed)} / ${formatNumber(item.total)} eventos · ${formatNumber(item.eventsPerSecond)} ev/s · faltan ${item.etaSeconds === null ? '—' : formatDuration(item.etaSeconds)}`}
                </li>
              ))}
            </ul>
          </Card.Body>
        </Card>
      ) : null}
      {isLoading ? <Spinner animation="border" role="status" aria-label="Cargando proyecciones" /> : null}
      <Row xs={1} md={2} xl={3} className="g-3">
        {projections.map((projection) => (
          <Col key={projection.name}>
            <Card className="staff-card h-100" aria-label={`Proyección ${projectionTitle(projection.name)}`}>
              <Card.Body>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <div className="staff-projection__names">
                    <h2 className="staff-card__title">{projectionTitle(projection.name)}</h2>
                    {PROJECTION_LABELS[projection.name] ? <code className="staff-projection__technical">{projection.name}</code> : null}
                  </div>
                  <Badge bg={PHASE[projection.phase].bg}>{PHASE[projection.phase].label}</Badge>
                </div>
                {PROJECTION_LABELS[projection.name] ? <p className="staff-card__text">{PROJECTION_LABELS[projection.name].description}</p> : null}
                <p className="staff-card__text staff-muted">{projection.phase === 'running' && projection.lagEvents > 0 ? lagText(projection) : null}</p>
                <details className="staff-raw">
                  <summary>Detalles técnicos</summary>
                  <dl className="staff-facts">
                    <dt>Nombre</dt>
                    <dd>
                      <code>{projection.name}</code>
                    </dd>
                    <dt>Generación</dt>
                    <dd>
                      {projection.generation ?? '—'} (versión {projection.version})
                    </dd>
                    <dt>Checkpoint</dt>
                    <dd>
                      <code className="staff-position">{projection.position ?? 'inicio'}</code>
                    </dd>
                    <dt>Retraso</dt>
                    <dd>
                      {projection.lagEvents === 0
                        ? 'al día'
                        : `${projection.lagAtLeast ? 'más de ' : ''}${formatNumber(projection.lagEvents)} eventos · ${formatDuration(projection.lagSeconds)}`}
                    </dd>
                  </dl>
                </details>
                {projection.rebuild ? (
                  <div className="staff-mini-progress">
                    <ProgressBar
                      now={projection.rebuild.total ? (projection.rebuild.processed / projection.rebuild.total) * 100 : 0}
                      aria-label={`Reconstrucción de ${projectionTitle(projection.name)}`}
                    />
                    <small>
                      {formatNumber(projection.rebuild.processed)} / {formatNumber(projection.rebuild.total)} ·{' '}
                      {formatNumber(projection.rebuild.eventsPerSecond)} ev/s
                    </small>
                  </div>
                ) : null}
                {projection.error ? (
                  <Alert variant="danger" className="staff-error">
                    Falla en el evento {String(projection.error.eventType ?? '')} <code>{String(projection.error.position ?? '')}</code>:{' '}
                    {String(projection.error.message ?? '')}
                  </Alert>
                ) : null}
                <Button
                  variant="outline-primary"
                  onClick={() => void start(projection.name)}
                  disabled={busy}
                  aria-label={`Reconstruir ${projectionTitle(projection.name)}`}
                >
                  Reconstruir
                </Button>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <h2 className="staff-section-title">Historial de reconstrucciones</h2>
      {data && data.history.length === 0 ? <p className="staff-empty">Todavía no se ha reconstruido ninguna proyección.</p> : null}
      {data && data.history.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Proyección</th>
                <th scope="col">Solicitada</th>
                <th scope="col">Resultado</th>
                <th scope="col" className="text-end">
                  Eventos
                </th>
                <th scope="col" className="text-end">
                  Duración
                </th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((entry) => (
                <tr key={`${entry.name}:${entry.generation}`}>
                  <td data-label="Proyección">{projectionTitle(entry.name)}</td>
                  <td data-label="Solicitada">{formatDateTime(entry.requestedAt)}</td>
                  <td data-label="Resultado">{entry.outcome === 'completed' ? 'Completada' : entry.outcome === 'running' ? 'En curso' : 'Reemplazada'}</td>
                  <td data-label="Eventos" className="text-end">
                    {formatNumber(entry.processed)}
                  </td>
                  <td data-label="Duración" className="text-end">
                    {formatDuration(entry.durationSeconds)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
