import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { STUDIO_TIME_ZONE } from '../../shared/studio-day';

export interface BookedClassEntry {
  bookingId: string;
  date: string;
  startTime: string;
  lengthMin: number;
  className: string;
  coach: string;
}

/** One VEVENT per booked class, at the studio's wall-clock time (a VTIMEZONE and TZID), the studio's address as LOCATION. */
export function addClassEvents(calendar: ICalCalendar, entries: readonly BookedClassEntry[], options: { publicUrl: string; address: string; now: Date }): void {
  for (const entry of entries) {
    const [year, month, day] = entry.date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = entry.startTime.split(':').map(Number) as [number, number];
    const start = DateTime.fromObject({ year, month, day, hour, minute }, { zone: STUDIO_TIME_ZONE });
    calendar.createEvent({
      id: `${entry.bookingId}@pulso-clases`,
      start,
      end: start.plus({ minutes: entry.lengthMin }),
      timezone: STUDIO_TIME_ZONE,
      stamp: options.now,
      summary: `Clase: ${entry.className}`,
      description: `${entry.coach ? `Con ${entry.coach}. ` : ''}Tus reservas en Pulso: ${options.publicUrl}/training/clases`,
      location: options.address,
      url: `${options.publicUrl}/training/clases`,
    });
  }
}

/** The .ics of one booking. */
export function classBookingIcs(entry: BookedClassEntry, options: { publicUrl: string; address: string; now: Date }): string {
  const calendar = ical({
    name: 'Pulso · Mi clase',
    prodId: { company: 'Pulso', product: 'Reservas de clases', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: getVtimezoneComponent },
    x: { 'X-WR-TIMEZONE': STUDIO_TIME_ZONE },
  });
  addClassEvents(calendar, [entry], options);
  return calendar.toString();
}
