import { addDays, isoWeekday, type LocalDate } from '../../shared/studio-day';

/**
 * Business days in El Salvador for the deadlines of the Ley para la Protección de Datos
 * Personales (ADR 0191): Monday to Friday, except the national public holidays of the Código de
 * Trabajo (art. 190). The fiestas agostinas of 3–5 August are holidays only in the city of San
 * Salvador; the studio is in Santa Tecla, so they are business days here (the shorter count
 * never answers a member late).
 */

/** Business days the law gives to answer a request, and the one extension it allows. */
export const RIGHTS_REQUEST_BUSINESS_DAYS = 20;

/** Easter Sunday of `year` (Gregorian calendar; anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The national public holidays of `year`, in date order. */
export function publicHolidays(year: number): { date: LocalDate; name: string }[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number, name: string) => ({ date: `${year}-${pad(month)}-${pad(day)}`, name });
  return [
    fixed(1, 1, 'Año Nuevo'),
    { date: addDays(easter, -3), name: 'Jueves Santo' },
    { date: addDays(easter, -2), name: 'Viernes Santo' },
    { date: addDays(easter, -1), name: 'Sábado Santo' },
    fixed(5, 1, 'Día del Trabajo'),
    fixed(5, 10, 'Día de la Madre'),
    fixed(6, 17, 'Día del Padre'),
    fixed(8, 6, 'Fiesta del Divino Salvador del Mundo'),
    fixed(9, 15, 'Día de la Independencia'),
    fixed(11, 2, 'Día de los Difuntos'),
    fixed(12, 25, 'Navidad'),
  ].sort((x, y) => x.date.localeCompare(y.date));
}

export function isPublicHoliday(date: LocalDate): boolean {
  return publicHolidays(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

/** `isPublicHoliday` for a count that walks day by day: each year's holidays worked out once per count. */
function holidaysOfEachYear(): (date: LocalDate) => boolean {
  const byYear = new Map<string, ReadonlySet<LocalDate>>();
  return (date) => {
    const year = date.slice(0, 4);
    let holidays = byYear.get(year);
    if (!holidays) byYear.set(year, (holidays = new Set(publicHolidays(Number(year)).map((holiday) => holiday.date))));
    return holidays.has(date);
  };
}

export function isBusinessDay(date: LocalDate, isHoliday: (date: LocalDate) => boolean = isPublicHoliday): boolean {
  return isoWeekday(date) <= 5 && !isHoliday(date);
}

/**
 * The day `count` business days after `from`: the day of receipt is not counted (the count
 * starts the next day), so a request received on a Monday with no holidays around is due four
 * weeks later, on a Friday.
 */
export function addBusinessDays(from: LocalDate, count: number): LocalDate {
  const isHoliday = holidaysOfEachYear();
  let date = from;
  let left = count;
  while (left > 0) {
    date = addDays(date, 1);
    if (isBusinessDay(date, isHoliday)) left -= 1;
  }
  return date;
}

/** When a request received on `receivedOn` must be answered; with the extension, 20 business days more. */
export function rightsRequestDueDate(receivedOn: LocalDate, extended = false): LocalDate {
  const due = addBusinessDays(receivedOn, RIGHTS_REQUEST_BUSINESS_DAYS);
  return extended ? addBusinessDays(due, RIGHTS_REQUEST_BUSINESS_DAYS) : due;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Business days left from `today` to `due`: counted as `addBusinessDays` counts them (0 on the
 * due date itself); negative, in business days, once it has passed.
 */
export function businessDaysLeft(today: LocalDate, due: LocalDate): number {
  const [from, to, sign] = today <= due ? [today, due, 1] : [due, today, -1];
  const isHoliday = holidaysOfEachYear();
  let count = 0;
  for (let date = addDays(from, 1); date <= to; date = addDays(date, 1)) if (isBusinessDay(date, isHoliday)) count += 1;
  return sign * count;
}
