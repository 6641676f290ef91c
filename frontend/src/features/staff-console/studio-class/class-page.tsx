import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Form, Modal, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Bluetooth, Monitor, Square, UserPlus } from 'lucide-react';
import { useEndStudioClassMutation, useGetStudioClassQuery, useRecordStudioReadingsMutation, useStartStudioClassMutation } from '../../../shared/api/api';
import type { BoardParticipantDto, StudioClassResultDto, StudioClassStateDto } from '../../../shared/api/generated-api';
import { browserBluetooth, type HeartRateDevice } from '../../../shared/heart-rate/web-bluetooth';
import { errorText, formatLocalDay } from '../format';
import { PageHeader } from '../staff-layout';
import { AssignDialog } from './assign-dialog';
import { ReadingsOutbox } from './readings-outbox';
import { SENSOR_STATUS_LABELS, SensorSlot, sensorIdOf, type SensorProbe } from './sensor-slot';

const time = new Intl.DateTimeFormat('es-SV', { timeZone: 'America/El_Salvador', hour: 'numeric', minute: '2-digit' });

/** A reading this fresh is a new measurement worth sending (straps notify about once a second). */
const NEW_MEASUREMENT_MS = 1_500;
const SAMPLE_EVERY_MS = 1_000;
const SEND_EVERY_MS = 2_000;

interface PairedSensor {
  sensorId: string;
  device: HeartRateDevice;
  /** Each pairing starts a fresh connection, also for a strap paired again. */
  pairing: number;
}

function pairingMessage(error: unknown): string | null {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotFoundError' || name === 'AbortError') return null;
  return 'No se pudo emparejar el sensor. Revisa que esté encendido y cerca de la PC, y vuelve a intentarlo.';
}

/**
 * /staff/clase: the front desk runs today's class (issue 19). Start it, pair the studio's
 * sensors on this PC (one chooser per sensor), give each to a member or a free-class guest,
 * and end it. Readings go to the server in batches; the board (/staff/clase/pantalla) shows them.
 */
export function ClassPage() {
  const state = useGetStudioClassQuery(undefined, { pollingInterval: 5_000 });
  const data = state.data;
  const open = data?.session && !data.session.endedAt ? data.session : null;
  // What ending the class recorded comes only in the answer to "Terminar clase": the state polled after it has no results.
  const [ended, setEnded] = useState<{ sessionId: string; results: StudioClassResultDto[] } | null>(null);
  const results = ended && data?.session?.id === ended.sessionId ? ended.results : undefined;

  return (
    <>
      <PageHeader
        title="Clase en el estudio"
        subtitle={data ? <span className="text-capitalize-first">{`${formatLocalDay(data.today.date)} · ${data.today.className}`}</span> : undefined}
        actions={
          open ? (
            <Link to="/staff/clase/pantalla" target="_blank" rel="noopener" className="btn btn-primary">
              <Monitor size={17} aria-hidden="true" /> Abrir pantalla
            </Link>
          ) : undefined
        }
      />
      {state.error ? <Alert variant="danger">{errorText(state.error)}</Alert> : null}
      {state.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando la clase" /> : null}
      {data && !open ? <StartClass state={data} results={results} /> : null}
      {data && open ? <RunningClass state={data} onEnded={setEnded} /> : null}
    </>
  );
}

function StartClass({ state, results }: { state: StudioClassStateDto; results: readonly StudioClassResultDto[] | undefined }) {
  // Today's classes come from the timetable (issue 40); a day without any falls back to the spec's slots.
  const classes = state.today.classes.filter((scheduled) => !scheduled.cancelled);
  const fromTimetable = classes.length > 0;
  const [slot, setSlot] = useState(fromTimetable ? (state.today.suggestedSlotId ?? classes[0]!.slotId) : state.today.suggestedSlot);
  const [start, starting] = useStartStudioClassMutation();
  const [error, setError] = useState<string | null>(null);
  const ended = state.session?.endedAt ? state.session : null;
  return (
    <>
      {ended ? (
        <Card as="section" className="staff-card mb-3" aria-labelledby="class-ended">
          <Card.Body>
            <h2 id="class-ended" className="staff-card__title">
              Clase terminada: {ended.className} · {ended.slot}
            </h2>
            <p className="staff-muted mb-2">
              {time.format(new Date(ended.startedAt))} – {time.format(new Date(ended.endedAt!))} · Cada miembro con consentimiento la ve en su historial y
              recibe su resumen; los invitados, en su correo.
            </p>
            <EndResults participants={state.participants} results={results} />
          </Card.Body>
        </Card>
      ) : null}
      <Card as="section" className="staff-card" aria-labelledby="class-start">
        <Card.Body>
          <h2 id="class-start" className="staff-card__title">
            Iniciar la clase de hoy
          </h2>
          {fromTimetable ? (
            <p className="mb-3">
              Elige la clase e iníciala: quienes ya registraron su llegada y tienen su banda recordada aparecen solos en la pantalla. Después empareja los demás
              sensores en esta PC y asígnalos.
            </p>
          ) : (
            <p className="mb-3">
              Hoy toca <strong>{state.today.className}</strong>. Elige el horario e inicia la clase; después empareja los sensores en esta PC y asígnalos.
            </p>
          )}
          {error ? <Alert variant="danger">{error}</Alert> : null}
          <Form
            className="studio-class-start"
            onSubmit={(event) => {
              event.preventDefault();
              setError(null);
              start({ startStudioClassDto: fromTimetable ? { slotId: slot } : { slot } })
                .unwrap()
                .catch((caught: unknown) => setError(errorText(caught)));
            }}
          >
            <Form.Group controlId="class-slot">
              <Form.Label>{fromTimetable ? 'Clase' : 'Horario'}</Form.Label>
              <Form.Select value={slot} onChange={(event) => setSlot(event.target.value)}>
                {fromTimetable
                  ? classes.map((scheduled) => (
                      <option key={scheduled.slotId} value={scheduled.slotId}>
                        {scheduled.label} · {scheduled.className}
                      </option>
                    ))
                  : state.today.slots.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
              </Form.Select>
            </Form.Group>
            <Button type="submit" disabled={starting.isLoading || !slot}>
              {starting.isLoading ? 'Iniciando…' : 'Iniciar clase'}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}

function EndResults({ participants, results }: { participants: readonly BoardParticipantDto[]; results?: readonly StudioClassResultDto[] }) {
  if (participants.length === 0) return <p className="staff-empty mb-0">Nadie llevó sensor en esta clase.</p>;
  return (
    <ul className="staff-today-list">
      {participants.map((participant) => {
        const result = results?.find((candidate) => candidate.sensorId === participant.sensorId);
        return (
          <li key={participant.sensorId}>
            <span className="staff-today-list__who">
              <strong>{participant.fullName}</strong>
              <span className="staff-muted">{participant.kind === 'guest' ? 'Invitado de clase gratis' : 'Miembro'}</span>
            </span>
            <Badge bg={result && !result.recorded ? 'secondary' : 'success'}>
              {result && !result.recorded ? 'Sin lecturas: no se registró' : `${result?.points ?? participant.points} Puntos Pulso`}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

function RunningClass({ state, onEnded }: { state: StudioClassStateDto; onEnded: (ended: { sessionId: string; results: StudioClassResultDto[] }) => void }) {
  const session = state.session!;
  const [paired, setPaired] = useState<PairedSensor[]>([]);
  const [pairError, setPairError] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const probes = useRef(new Map<string, SensorProbe>());
  const pairings = useRef(0);
  const outbox = useMemo(() => new ReadingsOutbox(session.id), [session.id]);
  const [pendingCount, setPendingCount] = useState(outbox.size);
  const [sendError, setSendError] = useState(false);
  const [record] = useRecordStudioReadingsMutation();
  const bluetooth = useMemo(() => browserBluetooth(), []);

  const onProbe = useCallback((sensorId: string, probe: SensorProbe | null) => {
    if (probe) probes.current.set(sensorId, probe);
    else probes.current.delete(sensorId);
  }, []);

  // Once a second: each sensor's new measurement, if any, into the outbox.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      for (const [sensorId, probe] of probes.current) {
        const last = probe.lastReading();
        if (last && now - last.at <= NEW_MEASUREMENT_MS) outbox.add({ sensorId, at: new Date(now).toISOString(), bpm: last.bpm });
      }
      setPendingCount(outbox.size);
    }, SAMPLE_EVERY_MS);
    return () => clearInterval(timer);
  }, [outbox]);

  const flush = useCallback(async (): Promise<boolean> => {
    while (outbox.size > 0) {
      const batch = outbox.next();
      try {
        await record({ recordStudioReadingsDto: { sessionId: outbox.sessionId, readings: batch } }).unwrap();
        outbox.sent(batch);
        setSendError(false);
      } catch {
        setSendError(true);
        return false;
      } finally {
        setPendingCount(outbox.size);
      }
    }
    return true;
  }, [outbox, record]);

  // Every two seconds the readings go to the server; a failed batch waits for the next turn.
  useEffect(() => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void flush().finally(() => {
        busy = false;
      });
    }, SEND_EVERY_MS);
    return () => clearInterval(timer);
  }, [flush]);

  const pair = async () => {
    setPairError(null);
    if (!bluetooth) {
      setPairError('Este navegador no puede emparejar sensores. Usa Chrome o Edge en la PC de la pantalla.');
      return;
    }
    try {
      const device = await bluetooth.requestDevice({ filters: [{ services: ['heart_rate'] }] });
      const sensorId = sensorIdOf(device);
      pairings.current += 1;
      const pairing = pairings.current;
      // The same strap again (after a drop): a fresh link in its place in the list, and it keeps its wearer.
      setPaired((current) =>
        current.some((sensor) => sensor.sensorId === sensorId)
          ? current.map((sensor) => (sensor.sensorId === sensorId ? { sensorId, device, pairing } : sensor))
          : [...current, { sensorId, device, pairing }],
      );
    } catch (error) {
      setPairError(pairingMessage(error));
    }
  };

  const assignedTo = new Map(state.participants.map((participant) => [participant.sensorId, participant]));
  const unpairedAssigned = state.participants.filter((participant) => !paired.some((sensor) => sensor.sensorId === participant.sensorId));

  return (
    <>
      <Card as="section" className="staff-card mb-3" aria-labelledby="class-running">
        <Card.Body className="studio-class-running">
          <div>
            <h2 id="class-running" className="staff-card__title">
              {session.className} · {session.slot}
            </h2>
            <p className="staff-muted mb-0">
              En curso desde las {time.format(new Date(session.startedAt))} ·{' '}
              {state.participants.length === 1 ? '1 participante' : `${state.participants.length} participantes`}
              {pendingCount > 0 ? ` · ${pendingCount} lecturas por enviar` : ''}
            </p>
            {sendError ? (
              <p className="text-danger mb-0" role="status">
                Sin conexión con el servidor: las lecturas se guardan en esta PC y se enviarán solas.
              </p>
            ) : null}
          </div>
          <Button variant="outline-danger" onClick={() => setEnding(true)}>
            <Square size={16} aria-hidden="true" /> Terminar clase
          </Button>
        </Card.Body>
      </Card>

      <Card as="section" className="staff-card" aria-labelledby="class-sensors">
        <Card.Body>
          <div className="studio-class-sensors__head">
            <h2 id="class-sensors" className="staff-card__title mb-0">
              <Bluetooth size={18} aria-hidden="true" /> Sensores
            </h2>
            <Button onClick={() => void pair()}>
              <Bluetooth size={16} aria-hidden="true" /> Emparejar sensor
            </Button>
          </div>
          {pairError ? <Alert variant="warning">{pairError}</Alert> : null}
          {paired.length === 0 && unpairedAssigned.length === 0 ? (
            <p className="staff-empty">Enciende cada banda, tócala para que despierte y pulsa «Emparejar sensor» una vez por banda.</p>
          ) : null}
          <ul className="studio-class-sensor-list">
            {paired.map(({ sensorId, device, pairing }) => (
              <SensorSlot key={`${sensorId}-${pairing}`} sensorId={sensorId} device={device} onProbe={onProbe}>
                {(sensor) => (
                  <SensorRow
                    sensorId={sensorId}
                    status={SENSOR_STATUS_LABELS[sensor.status]}
                    bpm={sensor.bpm}
                    error={sensor.error}
                    participant={assignedTo.get(sensorId)}
                    onReconnect={sensor.status === 'reconnecting' ? sensor.reconnect : undefined}
                    onAssign={() => setAssigning(sensorId)}
                  />
                )}
              </SensorSlot>
            ))}
            {unpairedAssigned.map((participant) => (
              <SensorRow
                key={participant.sensorId}
                sensorId={participant.sensorId}
                status="Sin emparejar en esta PC"
                bpm={null}
                error={null}
                participant={participant}
                onAssign={() => setAssigning(participant.sensorId)}
              />
            ))}
          </ul>
        </Card.Body>
      </Card>
      <AssignDialog sessionId={session.id} sensorId={assigning} guestNoticeVersion={state.guestNoticeVersion} onClose={() => setAssigning(null)} />
      <EndDialog
        show={ending}
        sessionId={session.id}
        className={session.className}
        flush={flush}
        onClose={() => setEnding(false)}
        onEnded={(results) => {
          outbox.clear();
          setPaired([]);
          onEnded({ sessionId: session.id, results });
        }}
      />
    </>
  );
}

function SensorRow({
  sensorId,
  status,
  bpm,
  error,
  participant,
  onReconnect,
  onAssign,
}: {
  sensorId: string;
  status: string;
  bpm: number | null;
  error: string | null;
  participant: BoardParticipantDto | undefined;
  onReconnect?: () => void;
  onAssign: () => void;
}) {
  return (
    <li className="studio-class-sensor" aria-label={`Sensor ${sensorId}`}>
      <div className="studio-class-sensor__name">
        <strong>{sensorId}</strong>
        <span className="staff-muted" data-testid="sensor-status">
          {status}
          {bpm !== null ? ` · ${bpm} lpm` : ''}
        </span>
        {error ? <span className="text-danger small">{error}</span> : null}
      </div>
      <div className="studio-class-sensor__who">
        {participant ? (
          <span>
            {participant.fullName} <span className="staff-muted">({participant.kind === 'guest' ? 'invitado' : 'miembro'})</span>
          </span>
        ) : (
          <span className="staff-muted">Sin asignar</span>
        )}
      </div>
      <div className="studio-class-sensor__actions">
        {onReconnect ? (
          <Button size="sm" variant="outline-secondary" onClick={onReconnect}>
            Reconectar
          </Button>
        ) : null}
        <Button size="sm" variant="outline-primary" onClick={onAssign}>
          <UserPlus size={15} aria-hidden="true" /> {participant ? 'Cambiar' : 'Asignar'}
        </Button>
      </div>
    </li>
  );
}

function EndDialog({
  show,
  sessionId,
  className,
  flush,
  onClose,
  onEnded,
}: {
  show: boolean;
  sessionId: string;
  className: string;
  flush: () => Promise<boolean>;
  onClose: () => void;
  onEnded: (results: StudioClassResultDto[]) => void;
}) {
  const [end, ending] = useEndStudioClassMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    if (!(await flush())) {
      setError('Todavía hay lecturas sin enviar y no hay conexión con el servidor. Espera a que vuelva la conexión para terminar la clase.');
      return;
    }
    try {
      const answer = await end({ endStudioClassDto: { sessionId } }).unwrap();
      onEnded(answer.results ?? []);
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="end-class-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="end-class-title">Terminar la clase</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <p className="mb-0">
          «{className}» quedará en el historial de cada miembro con sensor y consentimiento, con sus Puntos Pulso, y cada uno recibirá su resumen por correo.
          Los invitados reciben el suyo y su reserva queda como «Asistió».
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Seguir con la clase
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={ending.isLoading}>
          {ending.isLoading ? 'Terminando…' : 'Terminar clase'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
