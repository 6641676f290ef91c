import { CalendarCheck, CheckCircle2, Clock, HeartPulse, MapPin, Shirt } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import PhoneInput, { getCountryCallingCode, type FlagProps } from 'react-phone-number-input';
import es from 'react-phone-number-input/locale/es';
import 'react-phone-number-input/style.css';
import { useGetFreeClassScheduleQuery, useRegisterForFreeClassMutation } from '../../shared/api/api';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { CLASS_LENGTH_MIN } from '../../shared/lib/class-length';
import { PageMeta } from '../../shared/ui/page-meta';
import { BookingConfirmation, type Booking } from './booking-confirmation';
import {
  EMPTY_BOOKING,
  firstInvalidField,
  MESSAGES,
  PREPARATION,
  sanitizeDui,
  serverErrorMessage,
  validateBooking,
  type BookingErrors,
  type BookingField,
  type BookingValues,
} from './booking-form';
import './free-class-booking.css';

/** Until the studio's own address arrives with the runtime config. */
const FALLBACK_ADDRESS = 'Santa Tecla, La Libertad, El Salvador';

export function FreeClassBookingPage() {
  const [register, { isLoading }] = useRegisterForFreeClassMutation();
  const { config } = useRuntimeConfig();
  // The calendar lives on the server: today's open slots depend on the hour there, not on this device's clock.
  const schedule = useGetFreeClassScheduleQuery();
  const days = schedule.data?.days ?? [];
  const [values, setValues] = useState<BookingValues>(EMPTY_BOOKING);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const address = config?.contact.address ?? FALLBACK_ADDRESS;
  const day = days.find((candidate) => candidate.date === values.date);
  const ids = useId();
  const id = (field: BookingField) => `${ids}-${field}`;

  const change = (field: BookingField, value: string) => {
    setValues((current) => ({ ...current, [field]: value, ...(field === 'date' ? { time: '' } : {}) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateBooking(values);
    setErrors(problems);
    const invalid = firstInvalidField(problems);
    if (invalid) {
      setError(MESSAGES.invalidForm);
      // The messages sit beside their fields, far above the submit button on a phone: start at the first.
      const element = document.getElementById(id(invalid));
      element?.scrollIntoView?.({ block: 'center' });
      element?.focus({ preventScroll: true });
      return;
    }
    // A valid date is one of the schedule's days; this only tells TypeScript so.
    if (!day) return;
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as unknown as BookingValues;
      await register({ registerFreeClassDto: trimmed }).unwrap();
      setValues(EMPTY_BOOKING);
      setBooking({
        name: trimmed.name,
        date: day.date,
        dayLabel: day.label,
        slot: trimmed.time,
        className: day.className,
        address,
        studioName: config?.studioName ?? 'Pulso',
        notes: PREPARATION,
      });
    } catch (failure) {
      setError(serverErrorMessage(failure));
    }
    // A seat was taken, or the class filled meanwhile: the slots show what is left now.
    void schedule.refetch();
  };

  const textField = (field: 'name' | 'lastname' | 'email', label: string, props: { type?: string; autoComplete: string }) => (
    <div className="col-sm-6">
      <label className="form-label" htmlFor={id(field)}>
        {label}
      </label>
      <input
        id={id(field)}
        className={`form-control${errors[field] ? ' is-invalid' : ''}`}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={errors[field] ? `${id(field)}-error` : undefined}
      />
      <FieldError id={`${id(field)}-error`} message={errors[field]} />
    </div>
  );

  return (
    <main>
      <PageMeta
        title="Clase gratis"
        description="Reserva tu clase gratis en Pulso, Santa Tecla: escoge la fecha y el horario, te prestamos el sensor de frecuencia cardiaca y vives una clase completa."
      />
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Tu primera clase</p>
          <h1 className="page-hero__title">Regístrate para tu clase gratis</h1>
          <p className="page-hero__lead">Completa tus datos, escoge día y horario, y te enviamos la confirmación por correo.</p>
        </div>
      </section>
      <section className="section section--soft pt-5">
        {booking ? (
          <div className="container booking booking--done">
            <BookingConfirmation
              booking={booking}
              onBookAnother={() => {
                setBooking(null);
                setError(null);
              }}
            />
          </div>
        ) : (
          <div className="container booking">
            <form className="form-panel" noValidate onSubmit={submit} aria-label="Reserva de clase gratis">
              <fieldset className="form-panel__section">
                <legend className="form-panel__heading">
                  <span className="form-panel__number" aria-hidden="true">
                    1
                  </span>
                  Tu Información
                </legend>
                <div className="row g-3">
                  {textField('name', 'Nombre', { autoComplete: 'given-name' })}
                  {textField('lastname', 'Apellido', { autoComplete: 'family-name' })}
                  <div className="col-sm-6">
                    <label className="form-label" htmlFor={id('dui')}>
                      DUI
                    </label>
                    <input
                      id={id('dui')}
                      className={`form-control${errors.dui ? ' is-invalid' : ''}`}
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder="Solo números, sin guion"
                      maxLength={9}
                      value={values.dui}
                      onChange={(event) => change('dui', sanitizeDui(event.target.value))}
                      aria-invalid={Boolean(errors.dui)}
                      aria-describedby={errors.dui ? `${id('dui')}-error` : undefined}
                    />
                    <FieldError id={`${id('dui')}-error`} message={errors.dui} />
                  </div>
                  {textField('email', 'Correo Electrónico', { type: 'email', autoComplete: 'email' })}
                  <div className="col-12">
                    <label className="form-label" htmlFor={id('cellphone')}>
                      Teléfono
                    </label>
                    <div className={`phone-field${errors.cellphone ? ' is-invalid' : ''}`}>
                      <PhoneInput
                        id={id('cellphone')}
                        defaultCountry="SV"
                        addInternationalOption={false}
                        labels={PHONE_LABELS}
                        flagComponent={CountryCode}
                        value={values.cellphone || undefined}
                        onChange={(value) => change('cellphone', value ?? '')}
                        autoComplete="tel"
                        numberInputProps={{
                          className: `form-control${errors.cellphone ? ' is-invalid' : ''}`,
                          'aria-invalid': Boolean(errors.cellphone),
                          'aria-describedby': errors.cellphone ? `${id('cellphone')}-error` : undefined,
                        }}
                      />
                    </div>
                    <FieldError id={`${id('cellphone')}-error`} message={errors.cellphone} />
                  </div>
                </div>
              </fieldset>
              <fieldset className="form-panel__section">
                <legend className="form-panel__heading">
                  <span className="form-panel__number" aria-hidden="true">
                    2
                  </span>
                  Escoge la fecha y horario para tu clase
                </legend>
                <div className="row g-3">
                  <div className="col-sm-6">
                    <label className="form-label" htmlFor={id('date')}>
                      Fecha
                    </label>
                    <select
                      id={id('date')}
                      className={`form-select${errors.date ? ' is-invalid' : ''}`}
                      value={values.date}
                      onChange={(event) => change('date', event.target.value)}
                      disabled={!schedule.data}
                      aria-invalid={Boolean(errors.date)}
                      aria-describedby={errors.date ? `${id('date')}-error` : undefined}
                    >
                      <option value="">{schedule.data ? 'Selecciona una fecha' : 'Cargando fechas…'}</option>
                      {days.map((option) => (
                        <option key={option.date} value={option.date}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${id('date')}-error`} message={errors.date} />
                  </div>
                  <div className="col-sm-6">
                    <label className="form-label" htmlFor={id('time')}>
                      Horario
                    </label>
                    <select
                      id={id('time')}
                      className={`form-select${errors.time ? ' is-invalid' : ''}`}
                      value={values.time}
                      onChange={(event) => change('time', event.target.value)}
                      disabled={!values.date}
                      aria-invalid={Boolean(errors.time)}
                      aria-describedby={errors.time ? `${id('time')}-error` : undefined}
                    >
                      <option value="">{values.date ? 'Selecciona un horario' : 'Primero escoge la fecha'}</option>
                      {/* The open list heads the slots with the day's class; the closed select keeps to the slot, which fits a phone. */}
                      {day && (
                        <optgroup label={`Clase del día: ${day.className}`}>
                          {day.slots.map((slot) =>
                            // A full class shows in its place, not bookable: the visitor sees why before filling the form.
                            day.full.includes(slot) ? (
                              <option key={slot} value={slot} disabled>
                                {slot} · llena
                              </option>
                            ) : (
                              <option key={slot} value={slot}>
                                {slot}
                              </option>
                            ),
                          )}
                        </optgroup>
                      )}
                    </select>
                    <FieldError id={`${id('time')}-error`} message={errors.time} />
                  </div>
                  {day && (
                    <div className="col-12">
                      <span className="class-chip" data-testid="class-name">
                        <HeartPulse size={16} aria-hidden="true" /> Clase del día: {day.className}
                      </span>
                    </div>
                  )}
                  {schedule.isError && !schedule.data && (
                    <div className="col-12">
                      <div className="alert alert-danger d-flex align-items-center justify-content-between gap-3 mb-0" role="alert">
                        <span>No pudimos cargar las fechas disponibles.</span>
                        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void schedule.refetch()} disabled={schedule.isFetching}>
                          Reintentar
                        </button>
                      </div>
                    </div>
                  )}
                </div>
              </fieldset>
              {error && (
                <div className="alert alert-danger mt-4 mb-0" role="alert">
                  {error}
                </div>
              )}
              <button type="submit" className="btn btn-brand btn-lg w-100 mt-4" disabled={isLoading}>
                {isLoading ? 'Enviando…' : 'Enviar'}
              </button>
            </form>
            <aside className="booking-aside" aria-label="Qué incluye tu clase gratis">
              <h2>Qué incluye</h2>
              <ul className="check-list mb-4">
                <li>
                  <CheckCircle2 size={20} aria-hidden="true" />
                  <span>Una clase completa de {CLASS_LENGTH_MIN} minutos con un coach</span>
                </li>
                <li>
                  <HeartPulse size={20} aria-hidden="true" />
                  <span>Sensor de frecuencia cardiaca prestado y tu resumen por correo</span>
                </li>
                <li>
                  <Shirt size={20} aria-hidden="true" />
                  <span>{PREPARATION[0]}</span>
                </li>
                <li>
                  <Clock size={20} aria-hidden="true" />
                  <span>{PREPARATION[1]}</span>
                </li>
                <li>
                  <CalendarCheck size={20} aria-hidden="true" />
                  <span>Una clase gratis por persona</span>
                </li>
              </ul>
              <p className="d-flex gap-2 mb-0 text-on-dark-muted">
                <MapPin size={18} className="flex-shrink-0 mt-1" aria-hidden="true" />
                <span>{address}</span>
              </p>
            </aside>
          </div>
        )}
      </section>
    </main>
  );
}

/** The library's Spanish names; its label for the country list reads "Número de teléfono del país". */
const PHONE_LABELS = { ...es, country: 'País' };

/**
 * The country shown as its calling code ('+503') instead of a flag picture: the library's
 * flag set would triple this page's JavaScript, and its default loads flags from a CDN the
 * content-security policy does not allow. The number beside it is then typed without it.
 */
function CountryCode({ country, countryName }: FlagProps) {
  return (
    <span className="phone-country-code" title={countryName}>
      +{getCountryCallingCode(country)}
    </span>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  );
}
