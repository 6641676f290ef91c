/**
 * The free-class calendar of spec section 9, evaluated in El Salvador's time zone
 * (UTC-6, no daylight saving time). The only copy of these rules: the booking form
 * renders the days and slots that `bookingSchedule` serves (GET /api/free-class/schedule)
 * and a submitted booking is checked with `scheduleProblem`, so the form offers exactly
 * what the server accepts.
 */

import { CLASSIC_CLASS_NAME } from '../../shared/class-length';

export const STUDIO_TIME_ZONE = 'America/El_Salvador';

/** Days a visitor can choose: today and the six days after it, Sundays excluded. */
export const BOOKING_WINDOW_DAYS = 7;

const WEEKDAY_SLOTS = [
  '5:15-6:15 am',
  '6:30-7:30 am',
  '8:00-9:00 am',
  '10:30-11:30 am',
  '12:00-1:00 pm',
  '4:00-5:00 pm',
  '6:00-7:00 pm',
  '7:15-8:15 pm',
  '8:30-9:30 pm',
] as const;

const FRIDAY_SLOTS = ['8:00-9:00 am', '9:30-10:30 am'] as const;

const CLASS_NAMES: Record<number, string> = {
  0: 'Full Body Blast',
  1: 'Box and Burn',
  2: 'Upper Body and Abs',
  3: 'Box and Burn',
  4: 'Lower Body Power',
  5: 'Box and Burn',
};

/** `YYYY-MM-DD` of an instant as a wall calendar in El Salvador shows it. */
export function studioDate(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Minutes since midnight in El Salvador at that instant. */
export function studioMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: STUDIO_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in `YYYY-MM-DD` (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** 0 = Sunday … 6 = Saturday for a `YYYY-MM-DD` calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function slotsForWeekday(weekday: number): readonly string[] {
  if (weekday === 0) return [];
  return weekday === 5 ? FRIDAY_SLOTS : WEEKDAY_SLOTS;
}

export function classNameFor(date: string): string {
  return CLASS_NAMES[weekdayOf(date)] ?? CLASSIC_CLASS_NAME;
}

/** Start of a slot label such as '4:00-5:00 pm', in minutes since midnight. */
export function slotStartMinutes(slot: string): number {
  const match = /^(\d{1,2}):(\d{2})-\d{1,2}:\d{2} (am|pm)$/.exec(slot);
  if (!match) return Number.NaN;
  const [, h, min, period] = match;
  const endHour = Number(/-(\d{1,2}):/.exec(slot)?.[1]);
  let hour = Number(h) % 12;
  // '12:00-1:00 pm' starts at noon; a slot whose start hour exceeds its end hour began in the morning.
  const startsInMorning = period === 'am' || (Number(h) !== 12 && Number(h) > endHour);
  if (!startsInMorning) hour += 12;
  return hour * 60 + Number(min);
}

/** Slots still open on that date at `now` (today's slots that already began are gone). */
export function openSlots(date: string, now: Date): string[] {
  const slots = slotsForWeekday(weekdayOf(date));
  if (date !== studioDate(now)) return [...slots];
  const minutes = studioMinutes(now);
  return slots.filter((slot) => slotStartMinutes(slot) > minutes);
}

/** The dates the booking form offers at `now`: the window, no Sundays, no day without an open slot. */
export function bookableDates(now: Date): string[] {
  const today = studioDate(now);
  const dates: string[] = [];
  for (let offset = 0; offset < BOOKING_WINDOW_DAYS; offset += 1) {
    const date = addDays(today, offset);
    if (weekdayOf(date) !== 0 && openSlots(date, now).length > 0) dates.push(date);
  }
  return dates;
}

/** 'Martes, 24 de noviembre' for a `YYYY-MM-DD` date. */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const label = new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export interface BookableDay {
  date: string;
  label: string;
  className: string;
  slots: string[];
}

/** What the booking form offers at `now`: each bookable day with its label, its class and its open slots. */
export function bookingSchedule(now: Date): { timeZone: string; days: BookableDay[] } {
  const days = bookableDates(now).map((date) => ({ date, label: dateLabel(date), className: classNameFor(date), slots: openSlots(date, now) }));
  return { timeZone: STUDIO_TIME_ZONE, days };
}

export type ScheduleProblem = 'date-outside-window' | 'sunday' | 'slot-unavailable';

/** Why a (date, slot) pair cannot be booked at `now`, or null when it can. */
export function scheduleProblem(date: string, slot: string, now: Date): ScheduleProblem | null {
  const today = studioDate(now);
  if (!isCalendarDate(date) || date < today || date > addDays(today, BOOKING_WINDOW_DAYS - 1)) return 'date-outside-window';
  if (weekdayOf(date) === 0) return 'sunday';
  if (!openSlots(date, now).includes(slot)) return 'slot-unavailable';
  return null;
}
