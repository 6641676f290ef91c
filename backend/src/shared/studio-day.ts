/**
 * Calendar days as the studio lives them. Every "day" of the product (streaks, today,
 * this week, this month, a member's age) is a date in America/El_Salvador, written
 * `YYYY-MM-DD`. The day of a workout is frozen on its event when it happens, so a
 * replay never depends on the time-zone data of the machine that replays it.
 *
 * El Salvador is UTC-6 without daylight saving, but the conversion still goes through
 * Intl so that the rule lives in one well-known place (the IANA database) and not in
 * a hard-coded offset.
 */

export const STUDIO_TIME_ZONE = 'America/El_Salvador';

/** A calendar date `YYYY-MM-DD` in the studio's time zone. */
export type LocalDate = string;

const MS_PER_DAY = 86_400_000;
const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const UTC_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const studioDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: STUDIO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The canonical UTC form (`2026-11-22T05:30:00.000Z`) of an ISO-8601 instant.
 * An explicit offset is required: a bare local time would silently take the zone of
 * whichever server parses it.
 */
export function normalizeInstant(value: string): string {
  if (!UTC_INSTANT_PATTERN.test(value)) throw new RangeError(`Not an ISO-8601 instant with a zone: ${value}`);
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not an ISO-8601 instant with a zone: ${value}`);
  return new Date(time).toISOString();
}

/**
 * The studio day of each quarter hour already asked for (ADR 0246): Intl's formatToParts costs
 * several µs and a stats answer asks it once per achievement. Since 1970 every offset of the
 * studio's zone is a whole number of hours and every change happens on the hour, so the day
 * cannot change inside a UTC quarter hour (studio-day.spec.ts checks this against Intl over the
 * zone's transitions). Earlier instants (local mean time) are never cached.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const CACHED_FROM_MS = 0;
const DAY_CACHE_MAX = 8_192;
const dayOfQuarterHour = new Map<number, LocalDate>();

/** The studio's calendar day at a given instant: 23:30 on a Sunday in San Salvador is that Sunday. */
export function localDateOf(instant: string | Date): LocalDate {
  const date = typeof instant === 'string' ? new Date(normalizeInstant(instant)) : instant;
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  if (time < CACHED_FROM_MS) return formatStudioDate(date);
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  const known = dayOfQuarterHour.get(quarter);
  if (known !== undefined) return known;
  const day = formatStudioDate(date);
  if (dayOfQuarterHour.size >= DAY_CACHE_MAX) dayOfQuarterHour.clear();
  dayOfQuarterHour.set(quarter, day);
  return day;
}

/** localDateOf without the cache: what Intl says, for every instant. */
export function formatStudioDate(date: Date): LocalDate {
  let year = '';
  let month = '';
  let day = '';
  for (const part of studioDateFormat.formatToParts(date)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** True for a real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isLocalDate(value: string): boolean {
  const match = LOCAL_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Day numbers of the dates already seen: a stats answer folds each active day several times. */
const dayNumbers = new Map<string, number>();
const DAY_NUMBERS_MAX = 16_384;

function toDayNumber(date: LocalDate): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  if (!isLocalDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const dayNumber = Date.UTC(year, month - 1, day) / MS_PER_DAY;
  if (dayNumbers.size >= DAY_NUMBERS_MAX) dayNumbers.clear();
  dayNumbers.set(date, dayNumber);
  return dayNumber;
}

/**
 * The date of a day number, by arithmetic on the proleptic Gregorian calendar (the civil-from-days
 * algorithm of H. Hinnant's chrono date library): a replay folds the days of a million workouts, and a
 * `Date` with its `toISOString` per day cost most of the fold. studio-day.spec.ts holds it to `Date`.
 */
function fromDayNumber(dayNumber: number): LocalDate {
  const shifted = dayNumber + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  // Day 0 of the epoch, 1970-01-01, was a Thursday (ISO 4).
  return ((((toDayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

export interface LocalDateRange {
  /** First day, inclusive. */
  start: LocalDate;
  /** Last day, inclusive. */
  end: LocalDate;
}

/** The Monday-to-Sunday week that contains `date`. */
export function weekOf(date: LocalDate): LocalDateRange {
  const start = addDays(date, 1 - isoWeekday(date));
  return { start, end: addDays(start, 6) };
}

/** The calendar month that contains `date`. */
export function monthOf(date: LocalDate): LocalDateRange {
  if (!isLocalDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month] = date.split('-').map(Number) as [number, number];
  const start = `${date.slice(0, 7)}-01`;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start, end: `${date.slice(0, 7)}-${String(lastDay).padStart(2, '0')}` };
}

export function isWithin(date: LocalDate, range: LocalDateRange): boolean {
  return date >= range.start && date <= range.end;
}
