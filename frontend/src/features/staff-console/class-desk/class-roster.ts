import type { ClassRoster, ClassRosterBooking, ClassRosterGuest } from '../../../shared/api/api';
import type { PublicTimetableDto, ScheduledClassDto } from '../../../shared/api/generated-api';

/** Longer than any code the member's phone shows; anything beyond is not a scan of ours. */
export const MAX_SCAN_LENGTH = 512;

/**
 * The code a scan gave: a handheld scanner types it (with Enter) into the field, the camera reads
 * it with `BarcodeDetector`. Spaces around it and control characters some scanners add go; an
 * empty or overlong reading is no code.
 */
export function scannedCode(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const code = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return code === '' || code.length > MAX_SCAN_LENGTH ? null : code;
}

export interface RosterRow {
  bookingId: string;
  /** Empty for a free-class guest. */
  memberId: string;
  name: string;
  status: ClassRosterBooking['status'];
  checkedInAt: string | null;
  /** The member's remembered strap, from the desk's list (what the board will use). */
  strap: string | null;
  /** "Registrar llegada" only for someone booked and not yet arrived. */
  canCheckIn: boolean;
  /** A free-class guest (ADR 0380): their arrival is the booking's outcome; "Se hizo miembro" once they came. */
  guest: { outcome: ClassRosterGuest['outcome']; canConvert: boolean } | null;
}

/**
 * The roster's booked members and free-class guests as the desk reads them: those still to arrive first,
 * then arrivals, then no-shows, each in the roster's order (members, then guests).
 */
export function rosterRows(roster: ClassRoster, straps: ReadonlyMap<string, string>): RosterRow[] {
  const rank: Record<ClassRosterBooking['status'], number> = { booked: 0, 'checked-in': 1, 'no-show': 2 };
  const members: RosterRow[] = roster.booked.map((booking) => ({
    bookingId: booking.bookingId,
    memberId: booking.memberId,
    name: booking.name,
    status: booking.status,
    checkedInAt: booking.checkedInAt,
    strap: straps.get(booking.memberId) ?? null,
    canCheckIn: booking.status === 'booked',
    guest: null,
  }));
  const guests: RosterRow[] = roster.guests.map((guest) => ({
    bookingId: guest.bookingId,
    memberId: '',
    name: guest.name,
    status: guest.status,
    checkedInAt: guest.checkedInAt,
    strap: null,
    canCheckIn: guest.status === 'booked',
    guest: { outcome: guest.outcome, canConvert: guest.outcome === 'attended' },
  }));
  return [...members, ...guests]
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank[a.row.status] - rank[b.row.status] || a.index - b.index)
    .map(({ row }) => row);
}

export interface RosterCounts {
  /** Seats taken: booked and checked in (as the timetable counts them). */
  taken: number;
  arrived: number;
  free: number;
  waiting: number;
}

/** A guest's seat stays taken whatever their outcome (ADR 0380): the timetable counts it so. */
export function rosterCounts(roster: ClassRoster): RosterCounts {
  const arrived = [...roster.booked, ...roster.guests].filter((booking) => booking.status === 'checked-in').length;
  const taken = roster.booked.filter((booking) => booking.status !== 'no-show').length + roster.guests.length;
  return { taken, arrived, free: Math.max(0, roster.capacity - taken), waiting: roster.waitlist.length };
}

export function rosterSummary(counts: RosterCounts, capacity: number): string {
  const parts = [`${counts.taken} de ${capacity} lugares`, counts.arrived === 1 ? '1 llegó' : `${counts.arrived} llegaron`];
  if (counts.waiting > 0) parts.push(`${counts.waiting} en lista de espera`);
  return parts.join(' · ');
}

/** Today's classes of the timetable, cancelled ones out, by start time. */
export function todaysClasses(timetable: PublicTimetableDto | undefined, today: string): ScheduledClassDto[] {
  const day = timetable?.weeks.flatMap((week) => week.days).find((one) => one.date === today);
  return (day?.classes ?? []).filter((scheduled) => !scheduled.cancelled).sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/**
 * Today's classes split at `now`: those not yet over (the desk's work), then those that have ended
 * (their no-shows are marked after the class; a late arrival can still be recorded there).
 * Times are the studio's (El Salvador, UTC-6 all year).
 */
export function splitAtNow(classes: readonly ScheduledClassDto[], now: Date): { ahead: ScheduledClassDto[]; ended: ScheduledClassDto[] } {
  const endsAt = (scheduled: ScheduledClassDto) => Date.parse(`${scheduled.date}T${scheduled.endTime}:00-06:00`);
  return {
    ahead: classes.filter((scheduled) => endsAt(scheduled) > now.getTime()),
    ended: classes.filter((scheduled) => endsAt(scheduled) <= now.getTime()),
  };
}

/** The remembered straps by member, from the desk's list. */
export function strapsByMember(straps: readonly { userId: string; sensorId: string }[] | undefined): Map<string, string> {
  return new Map((straps ?? []).map((strap) => [strap.userId, strap.sensorId]));
}
