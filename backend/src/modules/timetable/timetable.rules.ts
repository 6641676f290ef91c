/**
 * The studio's timetable as staff keep it (class types, weekly slots, one-off changes and closed
 * days) and the one computation everything shows: the classes of a given week. Pure: dates are
 * studio days (`shared/studio-day.ts`), times are the studio's wall clock, and the booked seats
 * come in from outside, so the booking slice plugs its counts in without touching these rules.
 */

import { CLASS_LENGTH_MIN, CLASSIC_CLASS_NAME } from '../../shared/class-length';
import { DomainError } from '../../shared/domain-error';
import { addDays, isLocalDate, isoWeekday, localDateOf, weekOf, type LocalDate } from '../../shared/studio-day';

/** ISO weekday: 1 = lunes … 7 = domingo. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const WEEKDAY_NAMES: Record<Weekday, string> = { 1: 'Lunes', 2: 'Martes', 3: 'Miércoles', 4: 'Jueves', 5: 'Viernes', 6: 'Sábado', 7: 'Domingo' };

export const TIMETABLE_LIMITS = {
  nameMax: 60,
  descriptionMax: 400,
  coachMax: 80,
  noticeMax: 200,
  lengthMin: 15,
  lengthMax: 180,
  capacityMin: 1,
  capacityMax: 100,
} as const;

export const TIMETABLE_MESSAGES = {
  classTypeNotFound: 'Ese tipo de clase no existe.',
  slotNotFound: 'Esa clase no está en el horario semanal.',
  changeNotFound: 'Esa clase no tiene cambios ese día.',
  closureNotFound: 'Ese día no está cerrado.',
  nameTaken: 'Ya hay un tipo de clase con ese nombre.',
  slotTaken: 'Ya hay una clase ese día a esa hora.',
  classTypeInUse: 'Ese tipo de clase tiene clases en el horario semanal.',
  badTime: 'La hora debe ir en formato 24 horas, por ejemplo 17:15.',
  badDate: 'La fecha no es una fecha válida.',
  pastDate: 'No se puede cambiar un día que ya pasó.',
  wrongWeekday: 'Esa clase no se da ese día de la semana.',
  nothingChanged: 'Indique una hora o un cupo distintos, o cancele la clase.',
  noticeNeeded: 'Escriba un aviso corto para quienes tenían la clase.',
  blankName: 'El nombre no puede quedar vacío.',
  blankNotice: 'Escriba un aviso corto para el día cerrado.',
} as const;

export interface ClassType {
  classTypeId: string;
  name: string;
  description: string;
  lengthMin: number;
  defaultCapacity: number;
  coach: string;
}

export interface WeeklySlot {
  slotId: string;
  weekday: Weekday;
  /** `HH:MM`, 24 h, studio time. */
  startTime: string;
  classTypeId: string;
  capacity: number;
}

/** One date of one slot that differs from the week: another time or capacity, or cancelled. */
export interface ClassChange {
  slotId: string;
  date: LocalDate;
  startTime: string | null;
  capacity: number | null;
  cancelled: boolean;
  notice: string;
}

/** A whole day without classes (a holiday). */
export interface Closure {
  date: LocalDate;
  notice: string;
}

export interface Timetable {
  classTypes: ClassType[];
  slots: WeeklySlot[];
  changes: ClassChange[];
  closures: Closure[];
}

export interface ScheduledClass {
  slotId: string;
  date: LocalDate;
  startTime: string;
  endTime: string;
  /** '5:15-6:15 am', as the spec writes a slot. */
  label: string;
  className: string;
  description: string;
  coach: string;
  lengthMin: number;
  capacity: number;
  booked: number;
  free: number;
  cancelled: boolean;
  /** Why it is cancelled or changed; empty when nothing was said. */
  notice: string;
  changed: boolean;
}

export interface TimetableDay {
  date: LocalDate;
  weekday: Weekday;
  dayName: string;
  /** The notice of a closed day; null when the studio opens. */
  closed: string | null;
  classes: ScheduledClass[];
}

export interface TimetableWeek {
  start: LocalDate;
  end: LocalDate;
  days: TimetableDay[];
}

/** Seats already taken, per class (`slotId` and date); bookings arrive in a later slice. */
export type BookedSeats = (slotId: string, date: LocalDate) => number;

export const noBookings: BookedSeats = () => 0;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

function minutesOf(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new DomainError('invalid', TIMETABLE_MESSAGES.badTime, { field: 'startTime' });
  return Number(match[1]) * 60 + Number(match[2]);
}

function clockOf(minutes: number): { text: string; period: 'am' | 'pm' } {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const hour = Math.floor(inDay / 60);
  const minute = String(inDay % 60).padStart(2, '0');
  return { text: `${hour % 12 === 0 ? 12 : hour % 12}:${minute}`, period: hour < 12 ? 'am' : 'pm' };
}

/** '17:15' for 60 minutes → '5:15-6:15 pm'; '11:30' → '11:30 am-12:30 pm'. */
export function slotLabel(startTime: string, lengthMin: number): string {
  const start = minutesOf(startTime);
  const from = clockOf(start);
  const to = clockOf(start + lengthMin);
  return from.period === to.period ? `${from.text}-${to.text} ${to.period}` : `${from.text} ${from.period}-${to.text} ${to.period}`;
}

export function endTimeOf(startTime: string, lengthMin: number): string {
  const end = (minutesOf(startTime) + lengthMin) % 1440;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** The classes of the Monday-to-Sunday week that contains `date`, changes and closures applied. */
export function weekClasses(timetable: Timetable, date: LocalDate, booked: BookedSeats = noBookings): TimetableWeek {
  const { start, end } = weekOf(date);
  const types = new Map(timetable.classTypes.map((type) => [type.classTypeId, type]));
  const changes = new Map(timetable.changes.map((change) => [`${change.slotId}|${change.date}`, change]));
  const closures = new Map(timetable.closures.map((closure) => [closure.date, closure]));
  const days: TimetableDay[] = [];
  for (let offset = 0; offset < 7; offset += 1) {
    const day = addDays(start, offset);
    const weekday = isoWeekday(day) as Weekday;
    const closure = closures.get(day);
    const classes: ScheduledClass[] = [];
    if (!closure) {
      for (const slot of timetable.slots) {
        if (slot.weekday !== weekday) continue;
        const type = types.get(slot.classTypeId);
        if (!type) continue;
        const change = changes.get(`${slot.slotId}|${day}`);
        const startTime = change?.startTime ?? slot.startTime;
        const capacity = change?.capacity ?? slot.capacity;
        const cancelled = change?.cancelled ?? false;
        const taken = cancelled ? 0 : booked(slot.slotId, day);
        classes.push({
          slotId: slot.slotId,
          date: day,
          startTime,
          endTime: endTimeOf(startTime, type.lengthMin),
          label: slotLabel(startTime, type.lengthMin),
          className: type.name,
          description: type.description,
          coach: type.coach,
          lengthMin: type.lengthMin,
          capacity,
          booked: taken,
          free: cancelled ? 0 : Math.max(0, capacity - taken),
          cancelled,
          notice: change?.notice ?? '',
          changed: change !== undefined,
        });
      }
      classes.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.className.localeCompare(b.className));
    }
    days.push({ date: day, weekday, dayName: WEEKDAY_NAMES[weekday], closed: closure ? closure.notice : null, classes });
  }
  return { start, end, days };
}

/** This week and the next at `now`, in the studio's time zone. */
export function currentWeeks(timetable: Timetable, now: Date, booked: BookedSeats = noBookings): TimetableWeek[] {
  const today = localDateOf(now);
  return [weekClasses(timetable, today, booked), weekClasses(timetable, addDays(weekOf(today).start, 7), booked)];
}

function trimmed(value: string, field: string, blank: string): string {
  const text = value.trim();
  if (text === '') throw new DomainError('invalid', blank, { field });
  return text;
}

export interface ClassTypeInput {
  name: string;
  description?: string;
  lengthMin: number;
  defaultCapacity: number;
  coach?: string;
}

/** A class type as it is stored: name required, text trimmed. */
export function checkClassType(input: ClassTypeInput): Omit<ClassType, 'classTypeId'> {
  return {
    name: trimmed(input.name, 'name', TIMETABLE_MESSAGES.blankName),
    description: (input.description ?? '').trim(),
    lengthMin: input.lengthMin,
    defaultCapacity: input.defaultCapacity,
    coach: (input.coach ?? '').trim(),
  };
}

export function checkStartTime(startTime: string): string {
  if (!isTime(startTime)) throw new DomainError('invalid', TIMETABLE_MESSAGES.badTime, { field: 'startTime' });
  return startTime;
}

export interface ClassChangeInput {
  slotId: string;
  date: string;
  startTime?: string | null;
  capacity?: number | null;
  cancelled: boolean;
  notice?: string;
}

/**
 * A one-off change as it is stored: a real date from today on, on the slot's weekday, that
 * changes something; a cancellation always says why.
 */
export function checkClassChange(input: ClassChangeInput, slot: WeeklySlot, today: LocalDate): ClassChange {
  if (!isLocalDate(input.date)) throw new DomainError('invalid', TIMETABLE_MESSAGES.badDate, { field: 'date' });
  if (input.date < today) throw new DomainError('invalid', TIMETABLE_MESSAGES.pastDate, { field: 'date' });
  if (isoWeekday(input.date) !== slot.weekday) throw new DomainError('invalid', TIMETABLE_MESSAGES.wrongWeekday, { field: 'date' });
  const notice = (input.notice ?? '').trim();
  if (input.cancelled) {
    if (notice === '') throw new DomainError('invalid', TIMETABLE_MESSAGES.noticeNeeded, { field: 'notice' });
    return { slotId: slot.slotId, date: input.date, startTime: null, capacity: null, cancelled: true, notice };
  }
  const startTime = input.startTime ? checkStartTime(input.startTime) : null;
  const capacity = input.capacity ?? null;
  const newTime = startTime !== null && startTime !== slot.startTime ? startTime : null;
  const newCapacity = capacity !== null && capacity !== slot.capacity ? capacity : null;
  if (newTime === null && newCapacity === null) throw new DomainError('invalid', TIMETABLE_MESSAGES.nothingChanged, { field: 'startTime' });
  return { slotId: slot.slotId, date: input.date, startTime: newTime, capacity: newCapacity, cancelled: false, notice };
}

export function checkClosure(date: string, notice: string, today: LocalDate): Closure {
  if (!isLocalDate(date)) throw new DomainError('invalid', TIMETABLE_MESSAGES.badDate, { field: 'date' });
  if (date < today) throw new DomainError('invalid', TIMETABLE_MESSAGES.pastDate, { field: 'date' });
  return { date, notice: trimmed(notice, 'notice', TIMETABLE_MESSAGES.blankNotice) };
}

/** The spec's slots (section 9, "Booking"), as the seeded timetable starts from. */
export const SPEC_WEEKDAY_STARTS = ['05:15', '06:30', '08:00', '10:30', '12:00', '16:00', '18:00', '19:15', '20:30'] as const;
export const SPEC_FRIDAY_STARTS = ['08:00', '09:30'] as const;

/** The spec's class names by weekday; Saturday (and any day it names no other) is the classic class. */
export const SPEC_CLASS_BY_WEEKDAY: Record<Weekday, string> = {
  1: 'Box and Burn',
  2: 'Upper Body and Abs',
  3: 'Box and Burn',
  4: 'Lower Body Power',
  5: 'Box and Burn',
  6: CLASSIC_CLASS_NAME,
  7: 'Full Body Blast',
};

export const SEEDED_CAPACITY = 20;
export const SEEDED_LENGTH_MIN = CLASS_LENGTH_MIN;

/** The seeded weekly slots: Monday–Thursday and Saturday the nine slots, Friday two, Sunday none. */
export function specSlots(): Array<{ weekday: Weekday; startTime: string; className: string }> {
  const slots: Array<{ weekday: Weekday; startTime: string; className: string }> = [];
  for (const weekday of [1, 2, 3, 4, 5, 6] as Weekday[]) {
    const starts = weekday === 5 ? SPEC_FRIDAY_STARTS : SPEC_WEEKDAY_STARTS;
    for (const startTime of starts) slots.push({ weekday, startTime, className: SPEC_CLASS_BY_WEEKDAY[weekday] });
  }
  return slots;
}
