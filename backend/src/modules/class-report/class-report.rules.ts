import { DomainError } from '../../shared/domain-error';
import { addDays, daysBetween, isLocalDate, weekOf, type LocalDate } from '../../shared/studio-day';

/** The owner's report spans whole Monday-to-Sunday weeks: 4 by default, 26 at most. */
export const REPORT_DEFAULT_WEEKS = 4;
export const REPORT_MAX_WEEKS = 26;
/** The memberships that end soon are counted for this week and the next three. */
export const EXPIRING_WEEKS = 4;

export const CLASS_REPORT_MESSAGES = {
  badDate: 'La fecha debe tener el formato AAAA-MM-DD y ser un día del calendario.',
  reversed: 'La semana de inicio no puede ser posterior a la última semana.',
  tooLong: `El reporte abarca como máximo ${REPORT_MAX_WEEKS} semanas.`,
} as const;

/** The weeks asked for: `from`'s week to `to`'s week; without `to`, the current week; without `from`, 4 weeks up to `to`. */
export function reportWeeks(query: { from?: string; to?: string }, today: LocalDate): LocalDate[] {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isLocalDate(value)) throw new DomainError('invalid', CLASS_REPORT_MESSAGES.badDate, { field });
  }
  const last = weekOf(query.to ?? today).start;
  const first = query.from === undefined ? addDays(last, -7 * (REPORT_DEFAULT_WEEKS - 1)) : weekOf(query.from).start;
  const span = daysBetween(first, last);
  if (span < 0) throw new DomainError('invalid', CLASS_REPORT_MESSAGES.reversed, { field: 'from' });
  if (span / 7 + 1 > REPORT_MAX_WEEKS) throw new DomainError('invalid', CLASS_REPORT_MESSAGES.tooLong, { field: 'from' });
  return Array.from({ length: span / 7 + 1 }, (_, index) => addDays(first, 7 * index));
}

/** One class of the timetable on one date (cancelled classes and closed days are left out before). */
export interface ReportClass {
  slotId: string;
  date: LocalDate;
  className: string;
  capacity: number;
}

export type BookingStatus = 'booked' | 'waitlisted' | 'checked-in' | 'cancelled' | 'left' | 'no-show';

/** How many bookings of one class are in one status; `fromWaitlist`: they joined its waitlist first. */
export interface BookingCount {
  slotId: string;
  date: LocalDate;
  status: BookingStatus;
  fromWaitlist: boolean;
  count: number;
}

/** The figures of a set of classes. */
export interface ClassFigures {
  /** Classes held (cancelled ones are not counted). */
  classes: number;
  /** Seats offered: the sum of their capacities. */
  capacity: number;
  /** Seats taken at the end: booked, checked in or marked absent (cancellations give theirs back). */
  booked: number;
  /** Checked in. */
  attended: number;
  /** Booked and never came (marked after the class). */
  noShows: number;
  /** Bookings that went to the waitlist because the class was full. */
  waitlistJoined: number;
  /** Of those, how many got a seat. */
  waitlistPromoted: number;
  /** booked / capacity, 0..1 (3 decimals); null without seats offered. */
  occupancy: number | null;
  /** noShows / (attended + noShows), 0..1 (3 decimals); null before anyone was checked in or marked absent. */
  noShowRate: number | null;
}

export interface WeekFigures extends ClassFigures {
  weekStart: LocalDate;
  weekEnd: LocalDate;
}

export interface ClassNameFigures extends ClassFigures {
  className: string;
  weeks: WeekFigures[];
}

export interface ClassReport {
  from: LocalDate;
  to: LocalDate;
  total: ClassFigures;
  weeks: WeekFigures[];
  classes: ClassNameFigures[];
}

const HOLDS_A_SEAT: ReadonlySet<BookingStatus> = new Set(['booked', 'checked-in', 'no-show']);
/** A waitlisted booking that is still waiting or left the line never took a seat; every other one was promoted. */
const NEVER_PROMOTED: ReadonlySet<BookingStatus> = new Set(['waitlisted', 'left']);

type Counts = Omit<ClassFigures, 'occupancy' | 'noShowRate'>;

const zero = (): Counts => ({ classes: 0, capacity: 0, booked: 0, attended: 0, noShows: 0, waitlistJoined: 0, waitlistPromoted: 0 });

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;
}

function figures(counts: Counts): ClassFigures {
  return { ...counts, occupancy: ratio(counts.booked, counts.capacity), noShowRate: ratio(counts.noShows, counts.attended + counts.noShows) };
}

/** Adds one class's booking counts to `into`. */
function addBookings(into: Counts, rows: readonly BookingCount[]): void {
  for (const row of rows) {
    if (HOLDS_A_SEAT.has(row.status)) into.booked += row.count;
    if (row.status === 'checked-in') into.attended += row.count;
    if (row.status === 'no-show') into.noShows += row.count;
    if (row.fromWaitlist) {
      into.waitlistJoined += row.count;
      if (!NEVER_PROMOTED.has(row.status)) into.waitlistPromoted += row.count;
    }
  }
}

function add(into: Counts, from: Counts): void {
  for (const key of Object.keys(into) as (keyof Counts)[]) into[key] += from[key];
}

/**
 * The owner's figures for `weeks` (their Mondays): per week, per class name and week, and in total.
 * Only the classes of the timetable count; bookings of a class not in `classes` (cancelled, or a
 * slot since removed) are left out, so a cancelled class neither offers nor fills seats.
 */
export function classReport(weeks: readonly LocalDate[], classes: readonly ReportClass[], bookings: readonly BookingCount[]): ClassReport {
  const byClass = new Map<string, BookingCount[]>();
  for (const row of bookings) {
    const key = `${row.slotId}|${row.date}`;
    const list = byClass.get(key);
    if (list) list.push(row);
    else byClass.set(key, [row]);
  }
  const weekIndex = new Map(weeks.map((monday, index) => [monday, index]));
  const perWeek = weeks.map(zero);
  const perName = new Map<string, Counts[]>();
  for (const scheduled of classes) {
    const index = weekIndex.get(weekOf(scheduled.date).start);
    if (index === undefined) continue;
    const one = zero();
    one.classes = 1;
    one.capacity = scheduled.capacity;
    addBookings(one, byClass.get(`${scheduled.slotId}|${scheduled.date}`) ?? []);
    add(perWeek[index]!, one);
    let named = perName.get(scheduled.className);
    if (!named) perName.set(scheduled.className, (named = weeks.map(zero)));
    add(named[index]!, one);
  }
  const dated = (counts: Counts, index: number): WeekFigures => ({ weekStart: weeks[index]!, weekEnd: addDays(weeks[index]!, 6), ...figures(counts) });
  const sum = (list: Counts[]): Counts => list.reduce((total, counts) => (add(total, counts), total), zero());
  return {
    from: weeks[0]!,
    to: addDays(weeks[weeks.length - 1]!, 6),
    total: figures(sum(perWeek)),
    weeks: perWeek.map(dated),
    classes: [...perName.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'es'))
      .map(([className, list]) => ({ className, ...figures(sum(list)), weeks: list.map(dated) })),
  };
}

/** The memberships in force by classes left; `classesLeft` null is an unlimited plan. */
export interface ClassesLeftCount {
  classesLeft: number | null;
  count: number;
}

export const CLASSES_LEFT_BUCKETS = ['Sin clases', '1 o 2', '3 a 5', '6 o más', 'Ilimitadas'] as const;
export type ClassesLeftBucket = (typeof CLASSES_LEFT_BUCKETS)[number];

function bucketOf(classesLeft: number | null): ClassesLeftBucket {
  if (classesLeft === null) return 'Ilimitadas';
  if (classesLeft <= 0) return 'Sin clases';
  if (classesLeft <= 2) return '1 o 2';
  if (classesLeft <= 5) return '3 a 5';
  return '6 o más';
}

/** Memberships in force grouped by classes left, every bucket present, in the order above. */
export function classesLeftBuckets(rows: readonly ClassesLeftCount[]): Array<{ label: ClassesLeftBucket; count: number }> {
  const counts = new Map<ClassesLeftBucket, number>(CLASSES_LEFT_BUCKETS.map((label) => [label, 0]));
  for (const row of rows) counts.set(bucketOf(row.classesLeft), counts.get(bucketOf(row.classesLeft))! + row.count);
  return CLASSES_LEFT_BUCKETS.map((label) => ({ label, count: counts.get(label)! }));
}

/** Memberships whose last day is `date`. */
export interface ExpiryCount {
  date: LocalDate;
  count: number;
}

/** The memberships ending in this week and the next three, from `today` on (days already past are not counted). */
export function expiringByWeek(today: LocalDate, rows: readonly ExpiryCount[]): Array<{ weekStart: LocalDate; weekEnd: LocalDate; count: number }> {
  const monday = weekOf(today).start;
  return Array.from({ length: EXPIRING_WEEKS }, (_, index) => {
    const weekStart = addDays(monday, 7 * index);
    const weekEnd = addDays(weekStart, 6);
    const count = rows.filter((row) => row.date >= today && row.date >= weekStart && row.date <= weekEnd).reduce((total, row) => total + row.count, 0);
    return { weekStart, weekEnd, count };
  });
}

/** The last day the expiring count looks at. */
export function expiringUntil(today: LocalDate): LocalDate {
  return addDays(weekOf(today).start, 7 * EXPIRING_WEEKS - 1);
}
