/**
 * The booked free class as an RFC 5545 calendar file, built in the browser. A dozen lines
 * of iCalendar do not justify a library. Times are written in UTC: El Salvador keeps UTC-6
 * all year (no daylight saving time), so no VTIMEZONE block is needed.
 */

const STUDIO_UTC_OFFSET_HOURS = -6;

export interface BookedClass {
  /** `YYYY-MM-DD` in the studio's calendar. */
  date: string;
  /** The slot as the schedule offers it, e.g. '12:00-1:00 pm'. */
  slot: string;
  className: string;
  address: string;
  studioName: string;
  /** What to bring and when to arrive, one line each. */
  notes: readonly string[];
}

/** Start and end of a slot in minutes after midnight: the meridiem is written once, after the end. */
export function slotMinutes(slot: string): { start: number; end: number } {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*(am|pm)$/i.exec(slot.trim());
  if (!match) throw new Error(`Unrecognised slot: ${slot}`);
  const [, startHour, startMinute, endHour, endMinute, meridiem] = match;
  const pm = meridiem.toLowerCase() === 'pm';
  const clock = (hour: string, minute: string) => ((Number(hour) % 12) + (pm ? 12 : 0)) * 60 + Number(minute);
  const end = clock(endHour, endMinute);
  const start = clock(startHour, startMinute);
  // '11:30-12:30 pm' starts before noon: a start after the end belongs to the morning.
  return { start: start > end ? start - 12 * 60 : start, end };
}

const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function studioInstant(date: string, minutes: number): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 0, minutes - STUDIO_UTC_OFFSET_HOURS * 60));
}

const escapeText = (text: string) => text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');

const encoder = new TextEncoder();

/** Content lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + char).length > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  return [...parts, current].join('\r\n ');
}

export function freeClassIcs(booking: BookedClass, now: Date): string {
  const { start, end } = slotMinutes(booking.slot);
  const startsAt = studioInstant(booking.date, start);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(booking.studioName)}//Clase gratis//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:clase-gratis-${utcStamp(startsAt)}-${utcStamp(now)}@pulso`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(startsAt)}`,
    `DTEND:${utcStamp(studioInstant(booking.date, end))}`,
    `SUMMARY:${escapeText(`Clase gratis: ${booking.className} (${booking.studioName})`)}`,
    `LOCATION:${escapeText(booking.address)}`,
    `DESCRIPTION:${escapeText(booking.notes.join('\n'))}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
