import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { addDays, isLocalDate, localDateOf, type LocalDate } from '../../shared/studio-day';
import { TimetableStore } from '../timetable/timetable.module';
import { weekClasses, type ScheduledClass, type Timetable } from '../timetable/timetable.rules';
import { CLASS_BOOKING_MESSAGES, type ClassBookingSettings } from './class-bookings.rules';

/** A class of the timetable on its date, with its instants. */
export interface ClassOccurrence extends ScheduledClass {
  /** The day's closure notice; null when the studio opens. */
  closed: string | null;
  startsAt: Date;
  endsAt: Date;
}

const HOUR_MS = 3_600_000;

/** The instant of a studio wall-clock time: El Salvador is UTC-6 all year, without daylight saving. */
export function studioInstant(date: LocalDate, time: string): Date {
  return new Date(`${date}T${time}:00-06:00`);
}

/**
 * A loaded timetable's classes by date, computed once per date: a loaded timetable is never changed
 * (it is frozen; a change of the timetable loads a new one, and this one's dates go with it), and
 * requests ask for the same days many times.
 */
const occurrencesByTimetable = new WeakMap<Timetable, Map<LocalDate, ClassOccurrence[]>>();

export function occurrencesOf(timetable: Timetable, date: LocalDate): ClassOccurrence[] {
  let byDate = occurrencesByTimetable.get(timetable);
  if (!byDate) occurrencesByTimetable.set(timetable, (byDate = new Map()));
  let occurrences = byDate.get(date);
  if (!occurrences) byDate.set(date, (occurrences = computeOccurrences(timetable, date)));
  return occurrences;
}

function computeOccurrences(timetable: Timetable, date: LocalDate): ClassOccurrence[] {
  const day = weekClasses(timetable, date).days.find((candidate) => candidate.date === date);
  if (!day) return [];
  // A closed day lists no classes: its slots are still addressable, to say why they cannot be booked.
  const classes = day.closed === null ? day.classes : computeOccurrences({ ...timetable, closures: timetable.closures.filter((c) => c.date !== date) }, date);
  return classes.map((scheduled) => {
    const startsAt = studioInstant(scheduled.date, scheduled.startTime);
    return { ...scheduled, closed: day.closed, startsAt, endsAt: new Date(startsAt.getTime() + scheduled.lengthMin * 60_000) };
  });
}

/** Why a member cannot book the class now; null when they can. */
export function notBookableReason(occurrence: ClassOccurrence, settings: ClassBookingSettings, now: Date): string | null {
  if (occurrence.closed !== null) return CLASS_BOOKING_MESSAGES.closedDay;
  if (occurrence.cancelled) return CLASS_BOOKING_MESSAGES.cancelledClass;
  if (now.getTime() >= occurrence.startsAt.getTime()) return CLASS_BOOKING_MESSAGES.started;
  if (occurrence.date > addDays(localDateOf(now), settings.bookingOpensDays - 1)) return CLASS_BOOKING_MESSAGES.notOpen;
  return null;
}

export function cancelCutoffOf(occurrence: { startsAt: Date }, settings: ClassBookingSettings): Date {
  return new Date(occurrence.startsAt.getTime() - settings.cancelCutoffHours * HOUR_MS);
}

export function waitlistCutoffOf(occurrence: { startsAt: Date }, settings: ClassBookingSettings): Date {
  return new Date(occurrence.startsAt.getTime() - settings.waitlistCutoffHours * HOUR_MS);
}

/** The timetable's classes by date and slot. */
@Injectable()
export class ClassOccurrences {
  constructor(private readonly timetable: TimetableStore) {}

  load(): Promise<Timetable> {
    return this.timetable.load();
  }

  async find(date: LocalDate, slotId: string): Promise<ClassOccurrence | null> {
    if (!isLocalDate(date)) throw new DomainError('invalid', CLASS_BOOKING_MESSAGES.badDate, { field: 'date' });
    return occurrencesOf(await this.timetable.load(), date).find((occurrence) => occurrence.slotId === slotId) ?? null;
  }

  async get(date: LocalDate, slotId: string): Promise<ClassOccurrence> {
    const occurrence = await this.find(date, slotId);
    if (!occurrence) throw new DomainError('not-found', CLASS_BOOKING_MESSAGES.noSuchClass);
    return occurrence;
  }
}
