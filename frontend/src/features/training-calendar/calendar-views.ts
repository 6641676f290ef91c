import { addDays, addMonths, dayNumber, monthStart, weekStart, type LocalDate } from '../../shared/lib/studio-calendar';

/** The two ways to look at the calendar: a week (the phone's default, as an agenda) or a month grid. */
export type CalendarView = 'week' | 'month';

export const WEEKDAYS = [
  { iso: 1, short: 'Lun', initial: 'L', long: 'lunes' },
  { iso: 2, short: 'Mar', initial: 'M', long: 'martes' },
  { iso: 3, short: 'Mié', initial: 'M', long: 'miércoles' },
  { iso: 4, short: 'Jue', initial: 'J', long: 'jueves' },
  { iso: 5, short: 'Vie', initial: 'V', long: 'viernes' },
  { iso: 6, short: 'Sáb', initial: 'S', long: 'sábado' },
  { iso: 7, short: 'Dom', initial: 'D', long: 'domingo' },
] as const;

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** ISO weekday (1 = lunes … 7 = domingo) of a studio day. */
export function isoWeekdayOf(date: LocalDate): number {
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** The days a view shows around `anchor`: Monday to Sunday, or the month's full weeks (Monday first). */
export function visibleDays(view: CalendarView, anchor: LocalDate): LocalDate[] {
  const start = view === 'week' ? weekStart(anchor) : weekStart(monthStart(anchor));
  const end = view === 'week' ? addDays(start, 6) : addDays(weekStart(addDays(addMonths(anchor, 1), -1)), 6);
  const days: LocalDate[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) days.push(date);
  return days;
}

/** The anchor one step before or after (a week or a month). */
export function shiftAnchor(view: CalendarView, anchor: LocalDate, steps: number): LocalDate {
  return view === 'week' ? addDays(weekStart(anchor), steps * 7) : addMonths(anchor, steps);
}

/** "23 – 29 de noviembre de 2026", "30 nov – 6 dic 2026", "noviembre de 2026". */
export function viewTitle(view: CalendarView, anchor: LocalDate): string {
  if (view === 'month') return `${MONTHS[Number(anchor.slice(5, 7)) - 1]} de ${anchor.slice(0, 4)}`;
  const start = weekStart(anchor);
  const end = addDays(start, 6);
  const day = (date: LocalDate) => Number(date.slice(8, 10));
  const month = (date: LocalDate) => MONTHS[Number(date.slice(5, 7)) - 1]!;
  if (start.slice(0, 7) === end.slice(0, 7)) return `${day(start)} – ${day(end)} de ${month(end)} de ${end.slice(0, 4)}`;
  if (start.slice(0, 4) === end.slice(0, 4)) return `${day(start)} de ${month(start)} – ${day(end)} de ${month(end)} de ${end.slice(0, 4)}`;
  return `${day(start)} de ${month(start)} de ${start.slice(0, 4)} – ${day(end)} de ${month(end)} de ${end.slice(0, 4)}`;
}

/** "lunes 23 de noviembre". */
export function dayTitle(date: LocalDate): string {
  return `${WEEKDAYS[isoWeekdayOf(date) - 1]!.long} ${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

/** "lunes, miércoles y viernes"; all seven are "todos los días". */
export function weekdayList(weekdays: readonly number[]): string {
  if (weekdays.length === 7) return 'todos los días';
  const names = [...weekdays].sort((a, b) => a - b).map((iso) => WEEKDAYS[iso - 1]!.long);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** "18:00" → "6:00 p. m.", as people in El Salvador read the time. */
export function timeLabel(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const suffix = hours < 12 ? 'a. m.' : 'p. m.';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "15 minutos antes", "1 hora antes", "3 horas antes". */
export function offsetLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutos antes`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'hora' : 'horas'} antes`;
}
