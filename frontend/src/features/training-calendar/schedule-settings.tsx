import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { serverMessage, useGetEmailPreferencesQuery, useSetTrainingScheduleMutation, useUpdateEmailPreferenceMutation } from '../../shared/api/api';
import type { SetTrainingScheduleDto, TrainingCalendarDto, TrainingScheduleDto } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { useOnline } from '../../shared/hooks/use-online';
import { Section, Skeleton } from '../../shared/ui/member-ui';
import { offsetLabel, WEEKDAYS } from './calendar-views';

/** The offsets the backend accepts (minutes). */
export const REMINDER_OFFSETS = [15, 30, 60, 120, 180] as const;

/** Mi horario: the days (the recommended ones preselected), the time and the email reminder. */
export function ScheduleSettings({ calendar }: { calendar: TrainingCalendarDto }) {
  const saved = calendar.schedule;
  const [form, setForm] = useState<TrainingScheduleDto>(() => saved ?? calendar.recommended);
  const [save, saving] = useSetTrainingScheduleMutation();
  const online = useOnline();
  const [message, setMessage] = useState<{
    tone: 'success' | 'danger';
    text: string;
  } | null>(null);

  // A schedule saved elsewhere (the email's opt-out) shows here too.
  useEffect(() => {
    if (saved) setForm(saved);
  }, [saved]);

  const toggleDay = (iso: number) => {
    setMessage(null);
    setForm((current) => ({
      ...current,
      weekdays: current.weekdays.includes(iso) ? current.weekdays.filter((day) => day !== iso) : [...current.weekdays, iso].sort((a, b) => a - b),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (form.weekdays.length === 0) {
      setMessage({
        tone: 'danger',
        text: 'Elige al menos un día de entrenamiento.',
      });
      return;
    }
    try {
      await save({
        setTrainingScheduleDto: form as SetTrainingScheduleDto,
      }).unwrap();
      setMessage({
        tone: 'success',
        text: 'Horario guardado. Tu calendario ya lo sigue.',
      });
    } catch (failure) {
      setMessage({
        tone: 'danger',
        text: serverMessage(failure) ?? 'No pudimos guardar tu horario. Inténtalo de nuevo.',
      });
    }
  };

  const count = form.weekdays.length;
  const advice =
    count === 0
      ? 'Elige al menos un día.'
      : count < 3
        ? `Con ${count} ${count === 1 ? 'día' : 'días'} avanzarás más despacio: te recomendamos 3 o 4 por semana.`
        : count > 4
          ? 'Son muchos días: deja espacio para descansar. Te recomendamos 3 o 4 por semana.'
          : `${count} días por semana: justo lo recomendado.`;

  return (
    <Section title="Mi horario" headingId="schedule-title" className="mb-3 tcal-settings">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="mb-3">
          <legend className="tcal-form__legend">Días de entrenamiento</legend>
          <div className="tcal-days">
            {WEEKDAYS.map((weekday) => (
              <button
                key={weekday.iso}
                type="button"
                className="tcal-days__day"
                aria-pressed={form.weekdays.includes(weekday.iso)}
                onClick={() => toggleDay(weekday.iso)}
              >
                {/* The whole name for assistive technology; the abbreviation on screen. */}
                <span aria-hidden="true">{weekday.short}</span>
                <span className="visually-hidden">{weekday.long}</span>
              </button>
            ))}
          </div>
          <p className={`tcal-form__hint ${count >= 3 && count <= 4 ? 'text-success' : ''}`} aria-live="polite">
            {advice}
          </p>
        </fieldset>
        <Form.Group className="mb-3" controlId="schedule-time">
          <Form.Label>Hora</Form.Label>
          <Form.Control
            type="time"
            required
            value={form.time}
            onChange={(event) => {
              setMessage(null);
              setForm({ ...form, time: event.target.value });
            }}
          />
          <Form.Text>Hora de El Salvador.</Form.Text>
        </Form.Group>
        <ReminderSwitch />
        <Form.Group className="mb-3" controlId="schedule-offset">
          <Form.Label className="visually-hidden">Cuándo enviar el recordatorio</Form.Label>
          <Form.Select
            value={form.reminderOffsetMin}
            onChange={(event) => {
              setMessage(null);
              setForm({
                ...form,
                reminderOffsetMin: Number(event.target.value),
              });
            }}
          >
            {REMINDER_OFFSETS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {offsetLabel(minutes)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {message ? (
          <Alert variant={message.tone} className="py-2" role={message.tone === 'danger' ? 'alert' : 'status'}>
            {message.text}
          </Alert>
        ) : null}
        <Button type="submit" className="btn-brand w-100" disabled={saving.isLoading || !online}>
          {saving.isLoading ? 'Guardando...' : saved ? 'Guardar cambios' : 'Guardar horario'}
        </Button>
      </Form>
    </Section>
  );
}

/**
 * The reminders are the member's 'workout-reminders' email preference (the same switch as the
 * profile's Correos card and the one-click link of every reminder): it saves on its own.
 */
function ReminderSwitch() {
  const preferences = useGetEmailPreferencesQuery();
  const [update, updating] = useUpdateEmailPreferenceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const preference = preferences.data?.preferences.find((entry) => entry.topic === 'workout-reminders');

  const toggle = async (subscribed: boolean) => {
    setFailure(null);
    try {
      await update({
        topic: 'workout-reminders',
        'idempotency-key': newIdempotencyKey(),
        updateEmailPreferenceDto: { subscribed },
      }).unwrap();
    } catch (error) {
      setFailure(serverMessage(error) ?? 'No se pudo guardar tu preferencia. Inténtalo otra vez.');
    }
  };

  if (preferences.isError) return <p className="tcal-form__hint text-danger mb-2">No pudimos cargar tu preferencia de recordatorios.</p>;
  if (!preference) return <Skeleton height={24} className="mb-2" />;
  return (
    <div className="mb-2">
      <button
        type="button"
        role="switch"
        className="tcal-switch"
        aria-checked={preference.subscribed}
        disabled={updating.isLoading}
        onClick={() => void toggle(!preference.subscribed)}
      >
        <span className="tcal-switch__track" aria-hidden="true">
          <span className="tcal-switch__thumb" />
        </span>
        Recibir un recordatorio por correo
      </button>
      {failure ? (
        <p className="tcal-form__hint text-danger" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
