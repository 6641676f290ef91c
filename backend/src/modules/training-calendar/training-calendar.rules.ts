import { addDays, daysBetween, isLocalDate, isoWeekday, STUDIO_TIME_ZONE, type LocalDate, type LocalDateRange } from '../../shared/studio-day';

/**
 * The workout calendar (ADR 0166): the member's chosen training days and time, and the one rule
 * that lays the active plan onto them. The SPA's month and week views, the iCal feed and the
 * reminders all read the layout this file computes, served by `GET /api/training/calendar`.
 */

/** The member's choice, recorded on their stream as `TrainingScheduleSet`. */
export type TrainingSchedule = {
  /** ISO weekdays (1 = Monday … 7 = Sunday), ascending, no repeats, at least one. */
  weekdays: readonly number[];
  /** Local time in America/El_Salvador, `HH:MM` (24 h). */
  time: string;
  /**
   * Minutes before `time` that the reminder email leaves. Whether it leaves at all is the
   * member's email preference for 'workout-reminders' (ADR 0142), not part of the schedule.
   */
  reminderOffsetMin: number;
};

/** How many training days a week the platform recommends: 3 to 4 (the plans are paced for it). */
export const RECOMMENDED_DAYS = { min: 3, max: 4 } as const;

/** The offsets the member can choose for the reminder, in minutes. */
export const REMINDER_OFFSETS_MIN = [15, 30, 60, 120, 180] as const;

export const DEFAULT_TRAINING_TIME = '18:00';
export const DEFAULT_REMINDER_OFFSET_MIN = 60;

/** Longest span one calendar request may lay out (a month view with its padding weeks fits). */
export const MAX_CALENDAR_SPAN_DAYS = 92;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const TRAINING_CALENDAR_MESSAGES = {
  weekdaysType: 'Elige al menos un día de entrenamiento (lunes a domingo, sin repetir).',
  timeType: 'La hora debe tener el formato HH:MM (24 horas), por ejemplo 18:00.',
  reminderOffsetType: `La anticipación del recordatorio debe ser una de estas (minutos): ${REMINDER_OFFSETS_MIN.join(', ')}.`,
  rangeType: 'Indica un rango de fechas válido (AAAA-MM-DD), de "from" a "to".',
  rangeTooLong: `El calendario se consulta por tramos de hasta ${MAX_CALENDAR_SPAN_DAYS} días.`,
  feedNotFound: 'Este enlace de calendario no existe o fue revocado.',
} as const;

/** The problem with a schedule as the member sent it, as `[field, message]`; undefined when it is valid. */
export function scheduleProblem(schedule: TrainingSchedule): [string, string] | undefined {
  const { weekdays, time, reminderOffsetMin } = schedule;
  const validDays =
    Array.isArray(weekdays) &&
    weekdays.length > 0 &&
    weekdays.every((day) => Number.isInteger(day) && day >= 1 && day <= 7) &&
    new Set(weekdays).size === weekdays.length;
  if (!validDays) return ['weekdays', TRAINING_CALENDAR_MESSAGES.weekdaysType];
  if (typeof time !== 'string' || !TIME_PATTERN.test(time)) return ['time', TRAINING_CALENDAR_MESSAGES.timeType];
  if (!(REMINDER_OFFSETS_MIN as readonly number[]).includes(reminderOffsetMin)) return ['reminderOffsetMin', TRAINING_CALENDAR_MESSAGES.reminderOffsetType];
  return undefined;
}

/** The schedule in its one stored form: weekdays ascending. */
export function normalizeSchedule(schedule: TrainingSchedule): TrainingSchedule {
  return {
    weekdays: [...schedule.weekdays].sort((a, b) => a - b),
    time: schedule.time,
    reminderOffsetMin: schedule.reminderOffsetMin,
  };
}

export function sameSchedule(a: TrainingSchedule, b: TrainingSchedule): boolean {
  return (
    a.time === b.time &&
    a.reminderOffsetMin === b.reminderOffsetMin &&
    a.weekdays.length === b.weekdays.length &&
    a.weekdays.every((day, index) => day === b.weekdays[index])
  );
}

/**
 * The days a plan asks for each week, kept within the recommendation: its workouts over its
 * weeks, rounded, at least 3 and at most 4. Without a plan, 3.
 */
export function recommendedDaysPerWeek(plan: { totalWorkouts: number; estimatedWeeks: number } | null): number {
  if (!plan || plan.estimatedWeeks <= 0) return RECOMMENDED_DAYS.min;
  const perWeek = Math.round(plan.totalWorkouts / plan.estimatedWeeks);
  return Math.min(RECOMMENDED_DAYS.max, Math.max(RECOMMENDED_DAYS.min, perWeek));
}

/** The weekdays preselected for a member who never chose: spread over the week, with rest between. */
export function recommendedWeekdays(daysPerWeek: number): number[] {
  return daysPerWeek >= 4 ? [1, 2, 4, 5] : [1, 3, 5];
}

/** The plan the calendar follows: the enrolment's frozen workout list and where the member is in it. */
export interface PlanOnCalendar {
  enrollmentId: string;
  planId: string;
  workoutIds: readonly string[];
  /** Index of the next workout to do. */
  currentIndex: number;
}

/** A workout the member completed, on its studio day (from the progress read model). */
export interface CompletionOnCalendar {
  localDate: LocalDate;
  workoutId: string;
}

export type CalendarDayStatus = 'done' | 'planned' | 'missed';

export interface CalendarDay {
  date: LocalDate;
  status: CalendarDayStatus;
  /** Done: what was completed that day, in order. Planned: the plan's workout for that day. Missed: none. */
  workoutIds: string[];
  /** Planned only: the workout's place in the plan, 1-based. */
  position?: number;
}

export interface CalendarLayoutInput {
  range: LocalDateRange;
  today: LocalDate;
  /** Null while the member has not chosen training days: only done days show. */
  schedule: { weekdays: readonly number[]; since: LocalDate } | null;
  /** Null without an active plan (none, paused or completed): nothing is planned. */
  plan: PlanOnCalendar | null;
  completions: readonly CompletionOnCalendar[];
}

/**
 * The calendar between `range.start` and `range.end`, one entry per day that has something:
 *
 * - **done**: any day up to today with at least one completion, on a training day or not;
 * - **missed**: a past training day (since the schedule was set) without a completion. It stays
 *   in the member's history as missed and takes nothing with it: the plan does not advance;
 * - **planned**: the plan's remaining workouts, one per training day, from today (if today is a
 *   training day not yet done) onwards. Because they always start from where the member is, a
 *   missed day rolls the whole plan forward to the next training day.
 *
 * Days with nothing (rest days, future days past the plan's end) are left out.
 */
export function layOutCalendar({ range, today, schedule, plan, completions }: CalendarLayoutInput): CalendarDay[] {
  if (daysBetween(range.start, range.end) < 0) return [];
  const doneOn = new Map<LocalDate, string[]>();
  for (const completion of completions) {
    if (completion.localDate > today) continue;
    const list = doneOn.get(completion.localDate) ?? [];
    list.push(completion.workoutId);
    doneOn.set(completion.localDate, list);
  }
  const trainingDays = new Set(schedule?.weekdays ?? []);
  const isTrainingDay = (date: LocalDate) => trainingDays.has(isoWeekday(date));

  const planned = new Map<LocalDate, { workoutId: string; position: number }>();
  if (schedule && plan && plan.currentIndex < plan.workoutIds.length && trainingDays.size > 0) {
    let index = plan.currentIndex;
    let date = doneOn.has(today) ? addDays(today, 1) : today;
    while (index < plan.workoutIds.length && date <= range.end) {
      if (isTrainingDay(date)) {
        if (date >= range.start) planned.set(date, { workoutId: plan.workoutIds[index]!, position: index + 1 });
        index += 1;
      }
      date = addDays(date, 1);
    }
  }

  const days: CalendarDay[] = [];
  for (let date = range.start; date <= range.end; date = addDays(date, 1)) {
    const done = doneOn.get(date);
    const plannedDay = planned.get(date);
    if (done) days.push({ date, status: 'done', workoutIds: done });
    else if (plannedDay) days.push({ date, status: 'planned', workoutIds: [plannedDay.workoutId], position: plannedDay.position });
    else if (schedule && date < today && date >= schedule.since && isTrainingDay(date)) days.push({ date, status: 'missed', workoutIds: [] });
  }
  return days;
}

/** Both ends real dates, in order, and not longer than the calendar serves at once. */
export function rangeProblem(range: { start: string; end: string }): string | undefined {
  if (!isLocalDate(range.start) || !isLocalDate(range.end) || range.end < range.start) return TRAINING_CALENDAR_MESSAGES.rangeType;
  if (daysBetween(range.start, range.end) + 1 > MAX_CALENDAR_SPAN_DAYS) return TRAINING_CALENDAR_MESSAGES.rangeTooLong;
  return undefined;
}

/**
 * The UTC instant of a local `HH:MM` on a studio day. El Salvador keeps UTC-6 all year (no
 * daylight saving since 1988); the offset is read from the IANA database through Intl, not
 * hard-coded, so the rule stays where studio-day.ts keeps it.
 */
export function instantOfLocal(date: LocalDate, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes);
  return new Date(asUtc - studioOffsetMinutes(new Date(asUtc)) * 60_000);
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: STUDIO_TIME_ZONE, timeZoneName: 'longOffset' });

/** The studio's offset from UTC in minutes at an instant (-360 in El Salvador). */
export function studioOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * When a training day's reminder is due: from `time - offset` until the training starts. A
 * reminder that could not leave in that window (the server was down) is not sent late.
 */
export function reminderWindow(date: LocalDate, schedule: Pick<TrainingSchedule, 'time' | 'reminderOffsetMin'>): { from: Date; until: Date } {
  const until = instantOfLocal(date, schedule.time);
  return { from: new Date(until.getTime() - schedule.reminderOffsetMin * 60_000), until };
}
