import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form, Spinner } from 'react-bootstrap';
import { Ban, CalendarX, Plus, Save, Trash2 } from 'lucide-react';
import {
  useClearClassChangeMutation,
  useCloseDayMutation,
  useCreateClassTypeMutation,
  useCreateWeeklySlotMutation,
  useDeleteClassTypeMutation,
  useDeleteWeeklySlotMutation,
  useGetStaffTimetableQuery,
  useReopenDayMutation,
  useSetClassChangeMutation,
  useUpdateClassTypeMutation,
  useUpdateWeeklySlotMutation,
} from '../../shared/api/api';
import type { ClassTypeDto, StaffTimetableDto, WeeklySlotDto } from '../../shared/api/generated-api';
import { errorText, formatLocalDay } from './format';
import { PageHeader } from './staff-layout';

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** Runs a mutation and keeps its Spanish error (or a success note) for the form that sent it. */
function useOutcome() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (action: () => Promise<unknown>, success: string) => {
    setOutcome(null);
    try {
      await action();
      setOutcome({ ok: true, text: success });
      return true;
    } catch (caught) {
      setOutcome({ ok: false, text: errorText(caught) });
      return false;
    }
  };
  const note = outcome ? (
    <Alert variant={outcome.ok ? 'success' : 'danger'} className="mb-2 mt-2" role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  ) : null;
  return { run, note };
}

/** Horarios: the class types, the weekly timetable, and the one-off changes and closed days that members will see on /horarios. */
export function TimetablePage() {
  const { data, error, isFetching } = useGetStaffTimetableQuery();
  return (
    <>
      <PageHeader title="Horarios" subtitle="Lo que aquí cambie se ve de inmediato en la página pública de horarios." />
      {error ? <Alert variant="danger">{errorText(error)}</Alert> : null}
      {isFetching && !data ? <Spinner animation="border" role="status" aria-label="Cargando horarios" /> : null}
      {data ? (
        <>
          <h2 className="staff-section-title">Cambios de un día y días cerrados</h2>
          <div className="staff-timetable__forms">
            <ClassChangeForm timetable={data} />
            <CloseDayForm today={data.today} />
          </div>
          <UpcomingChanges timetable={data} />
          <h2 className="staff-section-title">Horario semanal</h2>
          <WeeklyTimetable timetable={data} />
          <h2 className="staff-section-title">Tipos de clase</h2>
          <ClassTypes types={data.classTypes} />
        </>
      ) : null}
    </>
  );
}

function ClassChangeForm({ timetable }: { timetable: StaffTimetableDto }) {
  const days = timetable.weeks.flatMap((week) => week.days).filter((day) => day.date >= timetable.today && !day.closed && day.classes.length > 0);
  const [date, setDate] = useState(days[0]?.date ?? '');
  const classes = days.find((day) => day.date === date)?.classes ?? [];
  const [slotId, setSlotId] = useState('');
  const chosen = classes.find((item) => item.slotId === slotId) ?? classes[0];
  const [kind, setKind] = useState<'change' | 'cancel'>('change');
  const [startTime, setStartTime] = useState('');
  const [capacity, setCapacity] = useState('');
  const [notice, setNotice] = useState('');
  const [save, state] = useSetClassChangeMutation();
  const { run, note } = useOutcome();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const body =
      kind === 'cancel'
        ? { slotId: chosen.slotId, date, cancelled: true, notice }
        : { slotId: chosen.slotId, date, cancelled: false, notice, startTime: startTime || null, capacity: capacity === '' ? null : Number(capacity) };
    const done = await run(
      () => save({ classChangeInputDto: body }).unwrap(),
      kind === 'cancel' ? 'Clase cancelada ese día.' : 'Cambio guardado para ese día.',
    );
    if (done) {
      setStartTime('');
      setCapacity('');
      setNotice('');
    }
  };

  return (
    <Form className="staff-filters" onSubmit={(event) => void submit(event)} noValidate aria-label="Cambiar o cancelar una clase">
      <h3 className="staff-timetable__form-title">Cambiar o cancelar una clase</h3>
      <div className="staff-timetable__grid">
        <Form.Group controlId="change-date">
          <Form.Label>Día</Form.Label>
          <Form.Select value={date} onChange={(event) => setDate(event.target.value)}>
            {days.map((day) => (
              <option key={day.date} value={day.date}>
                {formatLocalDay(day.date)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="change-class">
          <Form.Label>Clase</Form.Label>
          <Form.Select value={chosen?.slotId ?? ''} onChange={(event) => setSlotId(event.target.value)}>
            {classes.map((item) => (
              <option key={item.slotId} value={item.slotId}>
                {item.label} · {item.className}
                {item.cancelled ? ' (cancelada)' : ''}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="change-kind">
          <Form.Label>Qué pasa</Form.Label>
          <Form.Select value={kind} onChange={(event) => setKind(event.target.value as 'change' | 'cancel')}>
            <option value="change">Otra hora o cupo</option>
            <option value="cancel">Se cancela</option>
          </Form.Select>
        </Form.Group>
        {kind === 'change' ? (
          <>
            <Form.Group controlId="change-time">
              <Form.Label>Nueva hora</Form.Label>
              <Form.Control type="time" value={startTime} onChange={(event) => setStartTime(event.target.value)} />
            </Form.Group>
            <Form.Group controlId="change-capacity">
              <Form.Label>Nuevo cupo</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={capacity}
                placeholder={chosen ? String(chosen.capacity) : ''}
                onChange={(event) => setCapacity(event.target.value)}
              />
            </Form.Group>
          </>
        ) : null}
        <Form.Group controlId="change-notice" className="staff-timetable__wide">
          <Form.Label>{kind === 'cancel' ? 'Aviso para quienes venían' : 'Aviso (opcional)'}</Form.Label>
          <Form.Control
            value={notice}
            maxLength={200}
            onChange={(event) => setNotice(event.target.value)}
            placeholder={kind === 'cancel' ? 'Ej.: El entrenador está enfermo; te esperamos mañana.' : 'Ej.: Media hora más tarde por mantenimiento.'}
          />
        </Form.Group>
      </div>
      {note}
      <Button type="submit" disabled={state.isLoading || !chosen}>
        {kind === 'cancel' ? <Ban size={16} aria-hidden="true" /> : <Save size={16} aria-hidden="true" />}{' '}
        {kind === 'cancel' ? 'Cancelar la clase' : 'Guardar cambio'}
      </Button>
    </Form>
  );
}

function CloseDayForm({ today }: { today: string }) {
  const [date, setDate] = useState('');
  const [notice, setNotice] = useState('');
  const [close, state] = useCloseDayMutation();
  const { run, note } = useOutcome();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => close({ date, closureInputDto: { notice } }).unwrap(), 'Día cerrado: ese día no hay clases.')) {
      setDate('');
      setNotice('');
    }
  };
  return (
    <Form className="staff-filters" onSubmit={(event) => void submit(event)} noValidate aria-label="Cerrar un día">
      <h3 className="staff-timetable__form-title">Cerrar un día (feriado)</h3>
      <div className="staff-timetable__grid">
        <Form.Group controlId="closure-date">
          <Form.Label>Día</Form.Label>
          <Form.Control type="date" min={today} value={date} onChange={(event) => setDate(event.target.value)} />
        </Form.Group>
        <Form.Group controlId="closure-notice" className="staff-timetable__wide">
          <Form.Label>Aviso</Form.Label>
          <Form.Control
            value={notice}
            maxLength={200}
            onChange={(event) => setNotice(event.target.value)}
            placeholder="Ej.: Feriado del Día de la Independencia"
          />
        </Form.Group>
      </div>
      {note}
      <Button type="submit" variant="outline-danger" disabled={state.isLoading || date === ''}>
        <CalendarX size={16} aria-hidden="true" /> Cerrar el día
      </Button>
    </Form>
  );
}

function UpcomingChanges({ timetable }: { timetable: StaffTimetableDto }) {
  const [clear] = useClearClassChangeMutation();
  const [reopen] = useReopenDayMutation();
  const { run, note } = useOutcome();
  const slots = new Map(timetable.slots.map((slot) => [slot.slotId, slot]));
  const types = new Map(timetable.classTypes.map((type) => [type.classTypeId, type]));
  if (timetable.changes.length === 0 && timetable.closures.length === 0) return <p className="staff-empty">No hay cambios ni días cerrados por venir.</p>;
  return (
    <section aria-label="Cambios y días cerrados por venir">
      {note}
      <ul className="staff-timetable__changes">
        {timetable.closures.map((closure) => (
          <li key={closure.date}>
            <span>
              <Badge bg="danger">Cerrado</Badge> <strong>{formatLocalDay(closure.date)}</strong> · {closure.notice}
            </span>
            <Button variant="outline-secondary" size="sm" onClick={() => void run(() => reopen({ date: closure.date }).unwrap(), 'El día vuelve a abrir.')}>
              Volver a abrir
            </Button>
          </li>
        ))}
        {timetable.changes.map((change) => {
          const slot = slots.get(change.slotId);
          const name = slot ? types.get(slot.classTypeId)?.name : undefined;
          const what = change.cancelled
            ? 'cancelada'
            : [change.startTime ? `a las ${change.startTime}` : null, change.capacity !== null ? `cupo ${change.capacity}` : null].filter(Boolean).join(', ');
          return (
            <li key={`${change.slotId}-${change.date}`}>
              <span>
                <Badge bg={change.cancelled ? 'secondary' : 'warning'} text={change.cancelled ? undefined : 'dark'}>
                  {change.cancelled ? 'Cancelada' : 'Cambio'}
                </Badge>{' '}
                <strong>{formatLocalDay(change.date)}</strong> · {slot?.startTime} {name} · {what}
                {change.notice ? ` · «${change.notice}»` : ''}
              </span>
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => void run(() => clear({ slotId: change.slotId, date: change.date }).unwrap(), 'La clase vuelve a su horario de siempre.')}
              >
                Deshacer
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WeeklyTimetable({ timetable }: { timetable: StaffTimetableDto }) {
  return (
    <div className="staff-timetable__week">
      {WEEKDAYS.map((dayName, index) => {
        const weekday = index + 1;
        const slots = timetable.slots.filter((slot) => slot.weekday === weekday);
        return (
          <section key={dayName} className="staff-timetable__day" aria-label={dayName}>
            <h3>{dayName}</h3>
            {slots.length === 0 ? <p className="staff-muted mb-2">Sin clases.</p> : null}
            {slots.map((slot) => (
              <SlotRow key={slot.slotId} slot={slot} types={timetable.classTypes} dayName={dayName} />
            ))}
            <NewSlotForm weekday={weekday} dayName={dayName} types={timetable.classTypes} />
          </section>
        );
      })}
    </div>
  );
}

function SlotRow({ slot, types, dayName }: { slot: WeeklySlotDto; types: ClassTypeDto[]; dayName: string }) {
  const [startTime, setStartTime] = useState(slot.startTime);
  const [classTypeId, setClassTypeId] = useState(slot.classTypeId);
  const [capacity, setCapacity] = useState(String(slot.capacity));
  // Another staff member's edit (or this one's, saved) arrives in the refetch: the row shows it.
  const [shown, setShown] = useState(slot);
  if (shown !== slot) {
    setShown(slot);
    setStartTime(slot.startTime);
    setClassTypeId(slot.classTypeId);
    setCapacity(String(slot.capacity));
  }
  const [update, updating] = useUpdateWeeklySlotMutation();
  const [remove, removing] = useDeleteWeeklySlotMutation();
  const { run, note } = useOutcome();
  const dirty = startTime !== slot.startTime || classTypeId !== slot.classTypeId || capacity !== String(slot.capacity);
  const label = `${dayName} ${slot.startTime}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => update({ slotId: slot.slotId, weeklySlotInputDto: { weekday: slot.weekday, startTime, classTypeId, capacity: Number(capacity) } }).unwrap(),
      'Guardado.',
    );
  };
  return (
    <Form className="staff-timetable__slot" onSubmit={submit} noValidate aria-label={`Clase del ${label}`}>
      <Form.Control type="time" aria-label={`Hora, ${label}`} value={startTime} onChange={(event) => setStartTime(event.target.value)} />
      <Form.Select aria-label={`Clase, ${label}`} value={classTypeId} onChange={(event) => setClassTypeId(event.target.value)}>
        {types.map((type) => (
          <option key={type.classTypeId} value={type.classTypeId}>
            {type.name}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        aria-label={`Cupo, ${label}`}
        value={capacity}
        onChange={(event) => setCapacity(event.target.value)}
      />
      <Button type="submit" variant={dirty ? 'primary' : 'outline-primary'} disabled={!dirty || updating.isLoading} aria-label={`Guardar ${label}`}>
        <Save size={16} aria-hidden="true" />
      </Button>
      <Button
        variant="outline-danger"
        disabled={removing.isLoading}
        aria-label={`Quitar ${label}`}
        onClick={() => void run(() => remove({ slotId: slot.slotId }).unwrap(), 'Quitada.')}
      >
        <Trash2 size={16} aria-hidden="true" />
      </Button>
      {note ? <div className="staff-timetable__note">{note}</div> : null}
    </Form>
  );
}

function NewSlotForm({ weekday, dayName, types }: { weekday: number; dayName: string; types: ClassTypeDto[] }) {
  const [startTime, setStartTime] = useState('');
  const [classTypeId, setClassTypeId] = useState(types[0]?.classTypeId ?? '');
  const type = types.find((item) => item.classTypeId === classTypeId);
  const [create, state] = useCreateWeeklySlotMutation();
  const { run, note } = useOutcome();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => create({ weeklySlotInputDto: { weekday, startTime, classTypeId, capacity: type?.defaultCapacity ?? 20 } }).unwrap(), 'Clase agregada.'))
      setStartTime('');
  };
  return (
    <Form
      className="staff-timetable__slot staff-timetable__slot--new"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Agregar clase el ${dayName}`}
    >
      <Form.Control type="time" aria-label={`Hora de la nueva clase, ${dayName}`} value={startTime} onChange={(event) => setStartTime(event.target.value)} />
      <Form.Select aria-label={`Clase nueva, ${dayName}`} value={classTypeId} onChange={(event) => setClassTypeId(event.target.value)}>
        {types.map((item) => (
          <option key={item.classTypeId} value={item.classTypeId}>
            {item.name}
          </option>
        ))}
      </Form.Select>
      <Button type="submit" variant="outline-primary" disabled={state.isLoading || startTime === ''}>
        <Plus size={16} aria-hidden="true" /> Agregar
      </Button>
      {note ? <div className="staff-timetable__note">{note}</div> : null}
    </Form>
  );
}

interface TypeFields {
  name: string;
  description: string;
  lengthMin: string;
  defaultCapacity: string;
  coach: string;
}

const fieldsOf = (type?: ClassTypeDto): TypeFields => ({
  name: type?.name ?? '',
  description: type?.description ?? '',
  lengthMin: String(type?.lengthMin ?? 60),
  defaultCapacity: String(type?.defaultCapacity ?? 20),
  coach: type?.coach ?? '',
});

const inputOf = (fields: TypeFields) => ({
  name: fields.name,
  description: fields.description,
  lengthMin: Number(fields.lengthMin),
  defaultCapacity: Number(fields.defaultCapacity),
  coach: fields.coach,
});

function ClassTypes({ types }: { types: ClassTypeDto[] }) {
  return (
    <div className="staff-timetable__types">
      {types.map((type) => (
        <ClassTypeForm key={type.classTypeId} type={type} />
      ))}
      <ClassTypeForm />
    </div>
  );
}

function ClassTypeForm({ type }: { type?: ClassTypeDto }) {
  const [fields, setFields] = useState(fieldsOf(type));
  const [shown, setShown] = useState(type);
  if (shown !== type) {
    setShown(type);
    setFields(fieldsOf(type));
  }
  const [create, creating] = useCreateClassTypeMutation();
  const [update, updating] = useUpdateClassTypeMutation();
  const [remove, removing] = useDeleteClassTypeMutation();
  const { run, note } = useOutcome();
  const set = (key: keyof TypeFields) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });
  const id = type?.classTypeId ?? 'nuevo';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (type) await run(() => update({ classTypeId: type.classTypeId, classTypeInputDto: inputOf(fields) }).unwrap(), 'Guardado.');
    else if (await run(() => create({ classTypeInputDto: inputOf(fields) }).unwrap(), 'Tipo de clase creado.')) setFields(fieldsOf());
  };
  return (
    <Form
      className="staff-filters staff-timetable__type"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={type ? `Tipo de clase ${type.name}` : 'Nuevo tipo de clase'}
    >
      {type ? null : <h3 className="staff-timetable__form-title">Nuevo tipo de clase</h3>}
      <div className="staff-timetable__grid">
        <Form.Group controlId={`type-name-${id}`}>
          <Form.Label>Nombre</Form.Label>
          <Form.Control value={fields.name} maxLength={60} onChange={set('name')} />
        </Form.Group>
        <Form.Group controlId={`type-coach-${id}`}>
          <Form.Label>Entrenador</Form.Label>
          <Form.Control value={fields.coach} maxLength={80} onChange={set('coach')} placeholder="Por asignar" />
        </Form.Group>
        <Form.Group controlId={`type-length-${id}`}>
          <Form.Label>Duración (min)</Form.Label>
          <Form.Control type="number" inputMode="numeric" min={15} max={180} value={fields.lengthMin} onChange={set('lengthMin')} />
        </Form.Group>
        <Form.Group controlId={`type-capacity-${id}`}>
          <Form.Label>Cupo por defecto</Form.Label>
          <Form.Control type="number" inputMode="numeric" min={1} max={100} value={fields.defaultCapacity} onChange={set('defaultCapacity')} />
        </Form.Group>
        <Form.Group controlId={`type-description-${id}`} className="staff-timetable__wide">
          <Form.Label>Descripción</Form.Label>
          <Form.Control as="textarea" rows={2} maxLength={400} value={fields.description} onChange={set('description')} />
        </Form.Group>
      </div>
      {note}
      <div className="d-flex gap-2 flex-wrap">
        <Button type="submit" disabled={creating.isLoading || updating.isLoading}>
          {type ? <Save size={16} aria-hidden="true" /> : <Plus size={16} aria-hidden="true" />} {type ? 'Guardar' : 'Crear tipo de clase'}
        </Button>
        {type ? (
          <Button
            variant="outline-danger"
            disabled={removing.isLoading}
            onClick={() => void run(() => remove({ classTypeId: type.classTypeId }).unwrap(), 'Borrado.')}
          >
            <Trash2 size={16} aria-hidden="true" /> Borrar
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
