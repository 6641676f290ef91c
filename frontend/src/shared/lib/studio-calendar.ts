/**
 * Calendar days as the studio lives them (America/El_Salvador): a workout at 23:30 on
 * Sunday in San Salvador counts for that Sunday whatever the phone's zone is. Dates are
 * `YYYY-MM-DD` strings; arithmetic runs on UTC day numbers so no local zone leaks in.
 */
export const STUDIO_TIME_ZONE = 'America/El_Salvador';

export type LocalDate = string;

const MS_PER_DAY = 86_400_000;

const studioDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: STUDIO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The studio's calendar day at an instant. */
export function studioDateOf(instant: string | number | Date): LocalDate {
  const date = instant instanceof Date ? instant : new Date(instant);
  const parts = Object.fromEntries(studioDate.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function dayNumber(date: LocalDate): number {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function fromDayNumber(value: number): LocalDate {
  return new Date(value * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** The Monday that starts the week of `date`. */
export function weekStart(date: LocalDate): LocalDate {
  const weekday = (((dayNumber(date) + 3) % 7) + 7) % 7; // 0 = Monday; 1970-01-01 was a Thursday.
  return addDays(date, -weekday);
}

export function monthStart(date: LocalDate): LocalDate {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(date: LocalDate, months: number): LocalDate {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

/** Whole years between a birth date and `today` (both calendar dates). */
export function ageOn(dateOfBirth: LocalDate, today: LocalDate): number {
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

const MONTHS_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const MONTHS_LONG = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

export function monthShort(date: LocalDate): string {
  return MONTHS_SHORT[Number(date.slice(5, 7)) - 1] ?? '';
}

/** "noviembre de 2026". */
export function monthLong(date: LocalDate): string {
  return `${MONTHS_LONG[Number(date.slice(5, 7)) - 1]} de ${date.slice(0, 4)}`;
}

/** "12 nov" — compact enough for a chart axis on a phone. */
export function shortDay(date: LocalDate): string {
  return `${Number(date.slice(8, 10))} ${monthShort(date)}`;
}

/** "12 de noviembre de 2026". */
export function longDate(date: LocalDate): string {
  return `${Number(date.slice(8, 10))} de ${MONTHS_LONG[Number(date.slice(5, 7)) - 1]} de ${date.slice(0, 4)}`;
}

/** A birth date as the API takes it (spec section 5): at noon UTC, so it names the same day in every time zone. */
export function birthDateForApi(date: LocalDate): string {
  return `${date}T12:00:00.000Z`;
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromDayNumber(dayNumber(value)) === value;
}
