import { useMemo, useState } from 'react';
import { Alert, Button, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CalendarDays, Check, ChevronLeft, ChevronRight, LayoutList, X } from 'lucide-react';
import { serverMessage, useGetTrainingCalendarQuery } from '../../shared/api/api';
import type { CalendarDayDto, TrainingCalendarDto } from '../../shared/api/generated-api';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { useStudioToday } from '../../shared/hooks/use-studio-today';
import type { LocalDate } from '../../shared/lib/studio-calendar';
import { MembersLayout } from '../../shared/ui/members-layout';
import { LoadingRegion, PageHeader, Section, Skeleton } from '../../shared/ui/member-ui';
import { CalendarFeedCard } from './calendar-feed-card';
import { dayTitle, isoWeekdayOf, shiftAnchor, timeLabel, viewTitle, visibleDays, weekdayList, WEEKDAYS, type CalendarView } from './calendar-views';
import { ScheduleSettings } from './schedule-settings';
import './training-calendar.css';

/** The workout calendar: the plan laid out on the member's training days, the schedule and the iCal subscription. */
export function TrainingCalendarPage() {
  const today = useStudioToday();
  const isMobile = useIsMobile();
  const [chosenView, setChosenView] = useState<CalendarView | null>(null);
  // A phone opens on the week (an agenda list); a wide screen on the month.
  const view = chosenView ?? (isMobile ? 'week' : 'month');
  const [anchor, setAnchor] = useState<LocalDate>(today);
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const calendar = useGetTrainingCalendarQuery({
    from: days[0]!,
    to: days.at(-1)!,
  });
  const data = calendar.data;

  return (
    <MembersLayout>
      <PageHeader title="Calendario" subtitle="Tus días de entrenamiento y lo que te toca en cada uno." />
      <Row className="g-3">
        <Col lg={8}>
          <Section
            title="Mi calendario"
            headingId="calendar-title"
            action={
              <div className="members-segmented" role="group" aria-label="Vista">
                <button type="button" aria-pressed={view === 'week'} onClick={() => setChosenView('week')}>
                  Semana
                </button>
                <button type="button" aria-pressed={view === 'month'} onClick={() => setChosenView('month')}>
                  Mes
                </button>
              </div>
            }
          >
            <div className="tcal-pager">
              <button
                type="button"
                className="tcal-pager__button"
                onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}
                aria-label={view === 'week' ? 'Semana anterior' : 'Mes anterior'}
              >
                <ChevronLeft size={20} aria-hidden="true" />
              </button>
              <div className="tcal-pager__title">
                <p className="tcal-pager__range" aria-live="polite">
                  {viewTitle(view, anchor)}
                </p>
                {days.includes(today) ? null : (
                  <button type="button" className="tcal-pager__today" onClick={() => setAnchor(today)}>
                    Volver a hoy
                  </button>
                )}
              </div>
              <button
                type="button"
                className="tcal-pager__button"
                onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}
                aria-label={view === 'week' ? 'Semana siguiente' : 'Mes siguiente'}
              >
                <ChevronRight size={20} aria-hidden="true" />
              </button>
            </div>
            {calendar.isError && !data ? (
              <Alert variant="danger" className="mb-0">
                No pudimos cargar tu calendario. {serverMessage(calendar.error) ?? 'Revisa tu conexión e inténtalo de nuevo.'}{' '}
                <Button variant="link" className="p-0 align-baseline" onClick={() => void calendar.refetch()}>
                  Reintentar
                </Button>
              </Alert>
            ) : !data ? (
              <LoadingRegion label="Cargando tu calendario...">
                <Skeleton height={view === 'week' ? 420 : 460} rounded={12} />
              </LoadingRegion>
            ) : (
              <>
                <CalendarNotice calendar={data} />
                {view === 'week' ? (
                  <WeekView days={days} calendar={data} today={today} />
                ) : (
                  <MonthView
                    days={days}
                    calendar={data}
                    today={today}
                    anchor={anchor}
                    onPick={(date) => {
                      setAnchor(date);
                      setChosenView('week');
                    }}
                  />
                )}
                <Legend />
              </>
            )}
          </Section>
        </Col>
        <Col lg={4}>
          {data ? (
            <ScheduleSettings calendar={data} />
          ) : (
            <LoadingRegion label="Cargando tu horario...">
              <Skeleton height={420} rounded={16} />
            </LoadingRegion>
          )}
          <CalendarFeedCard />
        </Col>
      </Row>
    </MembersLayout>
  );
}

/** What the calendar cannot show yet, and the one step that fixes it. */
function CalendarNotice({ calendar }: { calendar: TrainingCalendarDto }) {
  if (!calendar.schedule) {
    return (
      <div className="tcal-notice">
        <CalendarDays size={20} aria-hidden="true" />
        <p className="mb-0">
          Elige tus días y tu hora en <strong>Mi horario</strong> y acomodamos tu plan en el calendario. Te sugerimos{' '}
          {weekdayList(calendar.recommended.weekdays)}.
        </p>
      </div>
    );
  }
  if (!calendar.plan) {
    return (
      <div className="tcal-notice">
        <LayoutList size={20} aria-hidden="true" />
        <p className="mb-0">
          No tienes un plan activo, así que no hay entrenamientos por delante. <Link to="/training/plans">Elige un plan</Link> y aparecerá aquí en tus días.
        </p>
      </div>
    );
  }
  return (
    <p className="tcal-summary">
      <strong>{calendar.plan.title}</strong> · te toca el entrenamiento {calendar.plan.nextPosition} de {calendar.plan.total} ·{' '}
      {weekdayList(calendar.schedule.weekdays)} a las {timeLabel(calendar.schedule.time)}
    </p>
  );
}

function useDayIndex(calendar: TrainingCalendarDto) {
  return useMemo(() => new Map(calendar.days.map((day) => [day.date, day])), [calendar.days]);
}

function WeekView({ days, calendar, today }: { days: LocalDate[]; calendar: TrainingCalendarDto; today: LocalDate }) {
  const byDate = useDayIndex(calendar);
  const trainingDays = new Set(calendar.schedule?.weekdays ?? []);
  return (
    <ol className="tcal-week" aria-label="Semana">
      {days.map((date) => {
        const day = byDate.get(date);
        const isTraining = trainingDays.has(isoWeekdayOf(date));
        return (
          <li
            key={date}
            className={`tcal-week__day ${date === today ? 'is-today' : ''} ${day ? `is-${day.status}` : isTraining && date >= today ? 'is-training' : 'is-rest'}`}
            data-date={date}
          >
            <p className="tcal-week__date">
              <span className="tcal-week__weekday">{WEEKDAYS[isoWeekdayOf(date) - 1]!.short}</span>
              <span className="tcal-week__number">{Number(date.slice(8, 10))}</span>
              {date === today ? <span className="tcal-today-badge">Hoy</span> : null}
              <span className="visually-hidden">{dayTitle(date)}</span>
            </p>
            {day || calendar.schedule ? (
              <DayContent
                day={day}
                isTraining={isTraining}
                time={calendar.schedule?.time}
                total={calendar.plan?.total}
                isToday={date === today}
                isPast={date < today}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function DayContent({
  day,
  isTraining,
  time,
  total,
  isToday,
  isPast,
}: {
  day: CalendarDayDto | undefined;
  isTraining: boolean;
  time?: string;
  total?: number;
  isToday: boolean;
  isPast: boolean;
}) {
  if (day?.status === 'done') {
    return (
      <div className="tcal-entry tcal-entry--done">
        <Check size={16} aria-hidden="true" />
        <div>
          <p className="tcal-entry__label">Completado</p>
          <p className="tcal-entry__title">{day.workouts.map((workout) => workout.title).join(' · ')}</p>
        </div>
      </div>
    );
  }
  if (day?.status === 'planned') {
    const workout = day.workouts[0];
    return (
      <div className="tcal-entry tcal-entry--planned">
        <span className="tcal-dot" aria-hidden="true" />
        <div>
          <p className="tcal-entry__label">
            {time ? timeLabel(time) : 'Planificado'}
            {total ? ` · ${day.position} de ${total}` : ''}
          </p>
          <p className="tcal-entry__title">{workout?.title}</p>
          {isToday ? (
            <Link to="/training" className="tcal-entry__action">
              Entrenar ahora
            </Link>
          ) : null}
        </div>
      </div>
    );
  }
  if (day?.status === 'missed') {
    return (
      <div className="tcal-entry tcal-entry--missed">
        <X size={16} aria-hidden="true" />
        <div>
          <p className="tcal-entry__label">Sin entrenar</p>
          <p className="tcal-entry__hint">Tu plan pasó al siguiente día.</p>
        </div>
      </div>
    );
  }
  // A past day the calendar has nothing for: before the schedule, or a rest day.
  if (isPast) return <p className="tcal-entry__rest">{isTraining ? 'Sin actividad' : 'Descanso'}</p>;
  return <p className="tcal-entry__rest">{isTraining ? 'Día de entrenamiento' : 'Descanso'}</p>;
}

function MonthView({
  days,
  calendar,
  today,
  anchor,
  onPick,
}: {
  days: LocalDate[];
  calendar: TrainingCalendarDto;
  today: LocalDate;
  anchor: LocalDate;
  onPick: (date: LocalDate) => void;
}) {
  const byDate = useDayIndex(calendar);
  const month = anchor.slice(0, 7);
  const trainingDays = new Set(calendar.schedule?.weekdays ?? []);
  return (
    <div className="tcal-month" role="grid" aria-label={viewTitle('month', anchor)}>
      <div className="tcal-month__head" role="row">
        {WEEKDAYS.map((weekday) => (
          <span key={weekday.iso} role="columnheader" aria-label={weekday.long}>
            <span className="d-none d-md-inline">{weekday.short}</span>
            <span className="d-md-none">{weekday.initial}</span>
          </span>
        ))}
      </div>
      {Array.from({ length: days.length / 7 }, (_, week) => (
        <div className="tcal-month__row" role="row" key={days[week * 7]}>
          {days.slice(week * 7, week * 7 + 7).map((date) => {
            const day = byDate.get(date);
            const isTraining = trainingDays.has(isoWeekdayOf(date));
            const status = day?.status;
            const label = `${dayTitle(date)}: ${status === 'done' ? `completado, ${day!.workouts.map((w) => w.title).join(', ')}` : status === 'planned' ? `toca ${day!.workouts[0]?.title}` : status === 'missed' ? 'sin entrenar' : isTraining ? 'día de entrenamiento' : 'descanso'}`;
            return (
              <button
                type="button"
                role="gridcell"
                key={date}
                className={`tcal-month__cell ${date.slice(0, 7) === month ? '' : 'is-outside'} ${date === today ? 'is-today' : ''} ${status ? `is-${status}` : isTraining ? 'is-training' : ''}`}
                aria-label={label}
                data-date={date}
                onClick={() => onPick(date)}
              >
                <span className="tcal-month__number">{Number(date.slice(8, 10))}</span>
                {status === 'done' ? <Check size={14} className="tcal-month__mark" aria-hidden="true" /> : null}
                {status === 'missed' ? <X size={14} className="tcal-month__mark" aria-hidden="true" /> : null}
                {status === 'planned' ? <span className="tcal-dot tcal-month__mark" aria-hidden="true" /> : null}
                {status === 'planned' || status === 'done' ? <span className="tcal-month__title">{day!.workouts[0]?.title}</span> : null}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function Legend() {
  return (
    <ul className="tcal-legend" aria-label="Leyenda">
      <li>
        <span className="tcal-dot" aria-hidden="true" /> Planificado
      </li>
      <li>
        <Check size={14} className="text-success" aria-hidden="true" /> Completado
      </li>
      <li>
        <X size={14} className="text-secondary" aria-hidden="true" /> Sin entrenar
      </li>
    </ul>
  );
}
