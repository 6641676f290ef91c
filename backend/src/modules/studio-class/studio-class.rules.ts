import { STUDIO_TIME_ZONE } from '../../shared/studio-day';
import { BPM_RANGE, MAX_SERIES_SAMPLES } from '../heart-rate/heart-rate.rules';

/**
 * The studio's class board (issue 19, ADRs 0180–0184): who a tile names, the readings a class
 * keeps, when a tile greys out, and the desk's notice for a free-class guest.
 */

/** A tile with no reading fresher than this greys out instead of showing an old number. */
export const BOARD_STALE_AFTER_MS = 5_000;

/**
 * The notice the front desk reads to a free-class guest before lending a sensor; the checkbox
 * at assignment records its acceptance with this version and the staff member who ticked it.
 */
export const GUEST_NOTICE_VERSION = '2026-11-24.class-1';

/** Longest class the board records: the readings a summary may hold (3 hours). */
export const MAX_CLASS_SECONDS = MAX_SERIES_SAMPLES - 65;

/** Readings one batch may carry: 30 sensors for a minute. */
export const MAX_READINGS_PER_BATCH = 1_800;

/** Guests' age bounds at the desk (the age sets the estimated maximum heart rate). */
export const GUEST_AGE_RANGE = { min: 14, max: 90 } as const;

export const STUDIO_CLASS_MESSAGES = {
  noClass: 'No hay una clase en curso. Inicia la clase de hoy desde la consola.',
  classOpen: 'Ya hay una clase en curso. Termínala antes de iniciar otra.',
  classEnded: 'Esta clase ya terminó.',
  unknownSlot: 'Elige uno de los horarios de hoy.',
  classNotToday: 'Esa clase no está en el horario de hoy.',
  classCancelled: 'Esa clase está cancelada hoy.',
  noStrapRemembered: 'Ese miembro no tiene una banda recordada.',
  memberNotFound: 'No encontramos a ese miembro.',
  memberWithoutConsent:
    'Este miembro no ha dado su consentimiento para registrar su frecuencia cardiaca. Puede leer el aviso y aceptarlo aquí en recepción, o en la app (Mi Perfil → Frecuencia cardiaca).',
  bookingNotFound: 'No encontramos esa reserva de clase gratis para hoy.',
  guestNoticeRequired: 'Marca la casilla cuando el invitado haya aceptado el aviso de frecuencia cardiaca.',
  alreadyAssigned: 'Esa persona ya tiene otro sensor en esta clase.',
  sessionMismatch: 'Estas lecturas son de otra clase.',
} as const;

/** What the board shows for a person: "Carla M." when they chose to show their name, "C. M." otherwise. */
export function boardLabel(firstName: string, lastName: string, showName: boolean): string {
  const first = firstName.trim();
  const last = lastName.trim();
  const initial = (text: string) => (text ? `${text[0]!.toLocaleUpperCase('es')}.` : '');
  if (showName && first) return [first, initial(last)].filter(Boolean).join(' ');
  const initials = [initial(first), initial(last)].filter(Boolean).join(' ');
  return initials || '—';
}

export interface ClassReading {
  /** Seconds since the class started. */
  second: number;
  bpm: number;
}

/** A usable reading: a whole bpm in the human range, at a second of the class. */
export function isClassReading(second: number, bpm: number, classSeconds: number): boolean {
  return Number.isInteger(second) && second >= 0 && second < classSeconds && Number.isInteger(bpm) && bpm >= BPM_RANGE.min && bpm <= BPM_RANGE.max;
}

/** The second of the class an instant falls in (`at` and `startedAt` in ms since the epoch). */
export function secondOfClass(at: number, startedAt: number): number {
  return Math.floor((at - startedAt) / 1000);
}

/** The class's 1 Hz series for one person: index = second since the start, null where no reading came. */
export function classSeries(readings: readonly ClassReading[], durationSec: number): (number | null)[] {
  const length = Math.max(0, Math.min(durationSec, MAX_CLASS_SECONDS));
  const samples = new Array<number | null>(length).fill(null);
  for (const { second, bpm } of readings) if (second >= 0 && second < length) samples[second] = bpm;
  return samples;
}

/** Whole seconds from start to end, within what a class may record. */
export function classDuration(startedAt: number, endedAt: number): number {
  return Math.max(0, Math.min(MAX_CLASS_SECONDS, Math.floor((endedAt - startedAt) / 1000)));
}

/** A class is started a little before it begins: the console's default is the one starting within this many minutes, or the one under way. */
export const STARTS_SOON_MIN = 20;

/**
 * The class the console offers to start (issue 40): the last one not cancelled that has begun or
 * begins within `STARTS_SOON_MIN`, else the day's next one, else null.
 */
export function suggestedClass<T extends { slotId: string; startTime: string; cancelled: boolean }>(classes: readonly T[], nowMinutes: number): T | null {
  const open = classes.filter((one) => !one.cancelled);
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const begun = open.filter((one) => minutesOf(one.startTime) <= nowMinutes + STARTS_SOON_MIN);
  return begun.at(-1) ?? open[0] ?? null;
}

const STUDIO_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: STUDIO_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Minutes since midnight on the studio's wall clock at `instant`. */
export function studioMinutesOf(instant: Date): number {
  const parts = STUDIO_CLOCK.formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}
