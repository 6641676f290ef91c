import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PublicTimetableDto, ScheduledClassDto, TimetableDayDto } from '../../shared/api/generated-api';
import { PageMeta } from '../../shared/ui/page-meta';
import { PageHero } from './page-hero';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; timetable: PublicTimetableDto };

/** 'lunes 7 de diciembre' for a `YYYY-MM-DD` studio day (the date itself, whatever the visitor's zone). */
function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

function spotsText(item: ScheduledClassDto): string {
  if (item.cancelled) return 'Cancelada';
  if (item.free === 0) return 'Llena';
  return item.free === 1 ? '1 lugar libre' : `${item.free} lugares libres`;
}

/**
 * /horarios: the week's classes with their free spots. Prerendered with an empty week (the same
 * for every visitor, ADR 0037); the classes arrive from GET /api/timetable once hydrated (ADR 0340).
 */
export function TimetablePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [week, setWeek] = useState(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetch('/api/timetable', { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const timetable = (await response.json()) as PublicTimetableDto;
        if (current) setLoad({ state: 'ready', timetable });
      })
      .catch(() => {
        if (current) setLoad({ state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const timetable = load.state === 'ready' ? load.timetable : null;
  const days = timetable ? (timetable.weeks[week]?.days ?? []).filter((day) => day.date >= timetable.today) : [];

  return (
    <main>
      <PageMeta title="Horarios" description="Las clases de esta semana en Pulso, Santa Tecla: horario, entrenador y cuántos lugares quedan en cada clase." />
      <PageHero eyebrow="Clases de la semana" title="Horarios">
        Revisa las clases de la semana y cuántos lugares quedan en cada una.
      </PageHero>
      <section className="section section--soft">
        <div className="container">
          <div className="timetable-switch" role="group" aria-label="Semana">
            <button type="button" className={`timetable-switch__option${week === 0 ? ' is-active' : ''}`} aria-pressed={week === 0} onClick={() => setWeek(0)}>
              Esta semana
            </button>
            <button type="button" className={`timetable-switch__option${week === 1 ? ' is-active' : ''}`} aria-pressed={week === 1} onClick={() => setWeek(1)}>
              Próxima semana
            </button>
          </div>
          {load.state === 'loading' ? (
            <p className="timetable-status" role="status">
              Cargando horarios…
            </p>
          ) : null}
          {load.state === 'failed' ? (
            <div className="timetable-status" role="alert">
              <p>No pudimos cargar los horarios. Intenta de nuevo en un momento.</p>
              <button
                type="button"
                className="btn btn-brand"
                onClick={() => {
                  setLoad({ state: 'loading' });
                  setAttempt(attempt + 1);
                }}
              >
                Reintentar
              </button>
            </div>
          ) : null}
          {timetable ? (
            <div className="timetable-days">
              {days.map((day) => (
                <TimetableDay key={day.date} day={day} today={day.date === timetable.today} />
              ))}
            </div>
          ) : null}
          <div className="timetable-cta">
            <p className="mb-0">Para reservar necesitas una membresía. ¿Aún no nos conoces?</p>
            <div className="timetable-cta__actions">
              <Link to="/register" className="btn btn-brand">
                Clase Gratis
              </Link>
              <Link to="/reserva" className="btn btn-outline-brand">
                Cómo reservar
              </Link>
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}

function TimetableDay({ day, today }: { day: TimetableDayDto; today: boolean }) {
  const title = `${day.dayName} ${dayLabel(day.date)}`;
  return (
    <section className="timetable-day" aria-label={title}>
      <h2 className="timetable-day__title">
        {title}
        {today ? <span className="timetable-day__today">Hoy</span> : null}
      </h2>
      {day.closed !== null ? <p className="timetable-day__closed">Cerrado: {day.closed}</p> : null}
      {day.closed === null && day.classes.length === 0 ? <p className="timetable-day__empty">Sin clases este día.</p> : null}
      {day.classes.length > 0 ? (
        <ul className="timetable-classes">
          {day.classes.map((item) => (
            <li key={item.slotId} className={`timetable-class${item.cancelled ? ' is-cancelled' : ''}`}>
              <span className="timetable-class__time">{item.label}</span>
              <span className="timetable-class__name">
                <span className="timetable-class__title">{item.className}</span>
                {item.coach ? <span className="timetable-class__coach"> con {item.coach}</span> : null}
                {item.notice ? <span className="timetable-class__notice">{item.notice}</span> : null}
              </span>
              <span className={`timetable-class__spots${item.free === 0 ? ' is-full' : ''}`}>{spotsText(item)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
