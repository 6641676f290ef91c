import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form, Spinner } from 'react-bootstrap';
import { MembersModal } from '../../shared/ui/members-modal';
import { Archive, Download, Plus, Users } from 'lucide-react';
import {
  useArchiveStaffChallengeMutation,
  useCreateStaffChallengeMutation,
  useListStaffChallengeParticipantsQuery,
  useListStaffChallengesQuery,
} from '../../shared/api/api';
import type { ChallengeDto, StaffChallengeDto } from '../../shared/api/generated-api';
import { studioDateOf } from '../../shared/lib/studio-calendar';
import { downloadCsv } from './download-csv';
import { errorText, formatDateTime, formatLocalDay, formatNumber } from './format';
import { PageHeader } from './staff-layout';

type GoalType = ChallengeDto['goalType'];

const GOAL_OPTIONS: ReadonlyArray<{ value: GoalType; label: string; unit: string; hint: string }> = [
  { value: 'workouts', label: 'Entrenamientos', unit: 'entrenamientos', hint: 'Cada entrenamiento completado en el mes cuenta uno.' },
  { value: 'minutes', label: 'Minutos', unit: 'minutos', hint: 'Suma los minutos entrenados en el mes.' },
  { value: 'points', label: 'Puntos Pulso', unit: 'Puntos Pulso', hint: 'Solo suman las sesiones con sensor de frecuencia cardiaca y consentimiento.' },
];

const unitOf = (goalType: GoalType) => GOAL_OPTIONS.find((option) => option.value === goalType)?.unit ?? goalType;

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} de ${month.slice(0, 4)}`;

/** The studio's current month and the next eleven, `YYYY-MM`: the months a challenge may be created for. */
export function selectableMonths(today: string, count = 12): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const total = year * 12 + (month - 1) + index;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** The field an API error names (`details.field`), so its message shows beside that field. */
function fieldOf(error: unknown): string | undefined {
  const details = (error as { data?: { details?: { field?: unknown } } } | undefined)?.data?.details;
  return typeof details?.field === 'string' ? details.field : undefined;
}

/** Retos: create the month's challenge, follow who joined and who finished, export them, archive. */
export function ChallengesPage() {
  const { data, error, isFetching } = useListStaffChallengesQuery();
  const [openId, setOpenId] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<StaffChallengeDto | null>(null);

  return (
    <>
      <PageHeader title="Retos del mes" subtitle="Crea el reto de cada mes y sigue quién participa y quién lo completó." />
      <CreateChallengeForm />
      <h2 className="staff-section-title">Retos</h2>
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando retos" /> : null}
      {data && data.items.length === 0 ? <p className="staff-empty">Todavía no hay retos. Crea el primero con el formulario de arriba.</p> : null}
      {data && data.items.length > 0 ? (
        <div className="staff-challenges">
          {data.items.map((challenge) => (
            <article key={challenge.challengeId} className="staff-challenge" aria-label={challenge.name}>
              <div className="staff-challenge__head">
                <div>
                  <h3 className="staff-challenge__name">{challenge.name}</h3>
                  <p className="staff-muted mb-0">
                    {monthName(challenge.month)} · Meta: {formatNumber(challenge.target)} {unitOf(challenge.goalType)}
                  </p>
                </div>
                {challenge.archivedAt ? <Badge bg="secondary">Archivado</Badge> : <Badge bg="success">Vigente</Badge>}
              </div>
              <dl className="staff-challenge__figures">
                <div>
                  <dt>Participantes</dt>
                  <dd>{formatNumber(challenge.participants)}</dd>
                </div>
                <div>
                  <dt>Completaron</dt>
                  <dd>{formatNumber(challenge.finishers)}</dd>
                </div>
              </dl>
              <div className="staff-challenge__actions">
                <Button
                  variant="outline-primary"
                  size="sm"
                  aria-expanded={openId === challenge.challengeId}
                  onClick={() => setOpenId(openId === challenge.challengeId ? null : challenge.challengeId)}
                >
                  <Users size={15} aria-hidden="true" /> {openId === challenge.challengeId ? 'Ocultar participantes' : 'Ver participantes'}
                </Button>
                <ExportButton challenge={challenge} />
                {!challenge.archivedAt ? (
                  <Button variant="outline-secondary" size="sm" onClick={() => setArchiving(challenge)}>
                    <Archive size={15} aria-hidden="true" /> Archivar
                  </Button>
                ) : null}
              </div>
              {openId === challenge.challengeId ? <Participants challenge={challenge} /> : null}
            </article>
          ))}
        </div>
      ) : null}
      <ArchiveDialog challenge={archiving} onClose={() => setArchiving(null)} />
    </>
  );
}

function CreateChallengeForm() {
  const months = selectableMonths(studioDateOf(new Date()));
  const thisMonth = months[0]!;
  const [name, setName] = useState('');
  const [month, setMonth] = useState(thisMonth);
  const [goalType, setGoalType] = useState<GoalType>('workouts');
  const [target, setTarget] = useState('12');
  const [create, state] = useCreateStaffChallengeMutation();
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setCreated(null);
    try {
      const challenge = await create({ createChallengeDto: { name, month, goalType, target: Number(target) } }).unwrap();
      setCreated(`Reto «${challenge.name}» creado para ${monthName(challenge.month)}.`);
      setName('');
    } catch (caught) {
      setFailure({ message: errorText(caught), field: fieldOf(caught) });
    }
  };

  const invalid = (field: string) => failure?.field === field;
  const feedback = (field: string) => (invalid(field) ? <Form.Control.Feedback type="invalid">{failure?.message}</Form.Control.Feedback> : null);
  const hint = GOAL_OPTIONS.find((option) => option.value === goalType)?.hint;

  return (
    <Form className="staff-filters staff-challenge-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Crear reto">
      <div className="staff-challenge-form__grid">
        <Form.Group controlId="challenge-name" className="staff-challenge-form__name">
          <Form.Label>Nombre del reto</Form.Label>
          <Form.Control
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Ej.: 12 entrenamientos en diciembre"
            maxLength={80}
            isInvalid={invalid('name')}
          />
          {feedback('name')}
        </Form.Group>
        <Form.Group controlId="challenge-month">
          <Form.Label>Mes</Form.Label>
          <Form.Select value={month} onChange={(event) => setMonth(event.target.value)} isInvalid={invalid('month')}>
            {months.map((option) => (
              <option key={option} value={option}>
                {monthName(option).replace(/^./, (letter) => letter.toUpperCase())}
              </option>
            ))}
          </Form.Select>
          {feedback('month')}
        </Form.Group>
        <Form.Group controlId="challenge-goal-type">
          <Form.Label>Qué cuenta</Form.Label>
          <Form.Select value={goalType} onChange={(event) => setGoalType(event.target.value as GoalType)} isInvalid={invalid('goalType')}>
            {GOAL_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          {feedback('goalType')}
        </Form.Group>
        <Form.Group controlId="challenge-target">
          <Form.Label>Meta</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            isInvalid={invalid('target')}
          />
          {feedback('target')}
        </Form.Group>
      </div>
      {hint ? <p className="staff-hint mb-2">{hint}</p> : null}
      {failure && !failure.field ? (
        <Alert variant="danger" className="mb-2">
          {failure.message}
        </Alert>
      ) : null}
      {created ? (
        <Alert variant="success" className="mb-2">
          {created}
        </Alert>
      ) : null}
      <Button type="submit" disabled={state.isLoading}>
        <Plus size={16} aria-hidden="true" /> {state.isLoading ? 'Creando…' : 'Crear reto'}
      </Button>
    </Form>
  );
}

function ExportButton({ challenge }: { challenge: StaffChallengeDto }) {
  const [error, setError] = useState<string | null>(null);
  const exportCsv = async () => {
    setError(null);
    try {
      await downloadCsv(`/api/staff/challenges/${challenge.challengeId}/participants/export.csv`, {}, `reto-${challenge.month}-participantes.csv`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'No se pudo descargar el archivo.');
    }
  };
  return (
    <>
      <Button variant="outline-primary" size="sm" onClick={() => void exportCsv()}>
        <Download size={15} aria-hidden="true" /> Exportar CSV
      </Button>
      {error ? (
        <Alert variant="danger" className="w-100 mb-0">
          {error}
        </Alert>
      ) : null}
    </>
  );
}

function Participants({ challenge }: { challenge: StaffChallengeDto }) {
  const { data, error, isFetching } = useListStaffChallengeParticipantsQuery({ challengeId: challenge.challengeId });
  if (error) return <Alert variant="danger">{errorText(error)}</Alert>;
  if (isFetching && !data) return <Spinner animation="border" size="sm" role="status" aria-label="Cargando participantes" />;
  if (!data) return null;
  if (data.items.length === 0) return <p className="staff-empty mb-0">Nadie se ha unido a este reto todavía.</p>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table" aria-label={`Participantes de ${challenge.name}`}>
        <thead>
          <tr>
            <th scope="col">Miembro</th>
            <th scope="col" className="text-end">
              Posición
            </th>
            <th scope="col" className="text-end">
              Avance
            </th>
            <th scope="col">Se unió</th>
            <th scope="col">Completado</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => (
            <tr key={row.userId}>
              <td data-label="Miembro">
                <strong>{`${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email || row.userId}</strong>
                <div className="staff-muted">{row.email ?? row.userId}</div>
              </td>
              <td data-label="Posición" className="text-end">
                {row.rank}
              </td>
              <td data-label="Avance" className="text-end">
                {formatNumber(row.progress)} / {formatNumber(challenge.target)}
              </td>
              <td data-label="Se unió">{formatDateTime(row.joinedAt)}</td>
              <td data-label="Completado">
                {row.finishedOn ? (
                  <Badge bg="warning" text="dark">
                    {formatLocalDay(row.finishedOn)}
                  </Badge>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ArchiveDialog({ challenge, onClose }: { challenge: StaffChallengeDto | null; onClose: () => void }) {
  const [archive, state] = useArchiveStaffChallengeMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!challenge) return;
    setError(null);
    try {
      await archive({ challengeId: challenge.challengeId }).unwrap();
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <MembersModal
      show={challenge !== null}
      onHide={onClose}
      confirm
      title="Archivar reto"
      titleId="archive-challenge-title"
      error={error}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={state.isLoading}>
            {state.isLoading ? 'Archivando…' : 'Archivar'}
          </Button>
        </>
      }
    >
      <p className="mb-0">
        Nadie más podrá unirse a «{challenge?.name}» y su mes quedará libre para otro reto. Quienes participaron conservan su avance y su logro.
      </p>
    </MembersModal>
  );
}
