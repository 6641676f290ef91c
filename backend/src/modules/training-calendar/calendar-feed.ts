import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { createHash } from 'node:crypto';
import { STUDIO_TIME_ZONE } from '../../shared/studio-day';
import type { BookedClass } from '../class-bookings/get-booked-classes.query';
import type { CalendarLayout } from './calendar-layout';

/** How far the feed reaches: four weeks back (done days) and about two months ahead (the plan). */
export const FEED_DAYS_BEFORE = 28;
export const FEED_DAYS_AFTER = 62;

/** Shortest block a planned workout takes in the member's calendar. */
const MIN_EVENT_MINUTES = 30;

/**
 * The member's calendar as RFC 5545 text (ADR 0168), made with ical-generator: each planned
 * workout at the chosen time in America/El_Salvador (a VTIMEZONE and TZID, so Google, Apple and
 * Outlook place it right wherever the phone is), each done day as an all-day entry. UIDs are stable
 * per member and day, so a refresh moves an event instead of duplicating it.
 */
export function calendarFeed(
  userId: string,
  layout: CalendarLayout,
  options: { publicUrl: string; now: Date; classes?: readonly BookedClass[]; address?: string },
): string {
  const calendar = ical({
    name: 'Pulso · Mis entrenamientos',
    description: 'Tus días de entrenamiento en Pulso, con el plan que te toca.',
    prodId: { company: 'Pulso', product: 'Calendario de entrenamientos', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: ical-generator would then write DTSTAMP in local time without its Z,
    // which RFC 5545 forbids. Each event carries the zone, and the generator adds its VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    x: { 'X-WR-TIMEZONE': STUDIO_TIME_ZONE },
    ttl: 60 * 60,
    url: `${options.publicUrl}/training/calendario`,
  });
  const memberKey = createHash('sha256').update(userId).digest('hex').slice(0, 16);
  const time = layout.schedule?.time;
  for (const day of layout.days) {
    const [year, month, dayOfMonth] = day.date.split('-').map(Number) as [number, number, number];
    const uid = `${day.date}-${memberKey}@pulso`;
    if (day.status === 'planned' && time) {
      const workout = day.workouts[0]!;
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const start = DateTime.fromObject({ year, month, day: dayOfMonth, hour, minute }, { zone: STUDIO_TIME_ZONE });
      const minutes = Math.max(MIN_EVENT_MINUTES, Math.ceil(workout.estDurationSec / 60));
      const place = layout.plan ? `Entrenamiento ${day.position} de ${layout.plan.total} de tu plan «${layout.plan.title}».` : 'Entrenamiento de tu plan.';
      calendar.createEvent({
        id: uid,
        start,
        end: start.plus({ minutes }),
        timezone: STUDIO_TIME_ZONE,
        stamp: options.now,
        summary: `Pulso: ${workout.title}`,
        description: `${place}\nÁbrelo en Pulso: ${options.publicUrl}/training`,
        url: `${options.publicUrl}/training`,
      });
    } else if (day.status === 'done') {
      const start = DateTime.fromObject({ year, month, day: dayOfMonth }, { zone: STUDIO_TIME_ZONE });
      calendar.createEvent({
        id: uid,
        start,
        allDay: true,
        timezone: STUDIO_TIME_ZONE,
        stamp: options.now,
        summary: `Pulso: completado (${day.workouts.map((workout) => workout.title).join(', ')})`,
        description: 'Entrenamiento completado. ¡Bien hecho!',
      });
    }
  }
  // Booked studio classes (ADR 0360): one event per booking, the same UID as the booking's own .ics.
  for (const booked of options.classes ?? []) {
    const [year, month, dayOfMonth] = booked.date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = booked.startTime.split(':').map(Number) as [number, number];
    const start = DateTime.fromObject({ year, month, day: dayOfMonth, hour, minute }, { zone: STUDIO_TIME_ZONE });
    calendar.createEvent({
      id: `${booked.bookingId}@pulso-clases`,
      start,
      end: start.plus({ minutes: booked.lengthMin }),
      timezone: STUDIO_TIME_ZONE,
      stamp: options.now,
      summary: `Clase: ${booked.className}`,
      description: `${booked.coach ? `Con ${booked.coach}. ` : ''}Tus reservas en Pulso: ${options.publicUrl}/training/clases`,
      location: options.address,
      url: `${options.publicUrl}/training/clases`,
    });
  }
  return calendar.toString();
}
