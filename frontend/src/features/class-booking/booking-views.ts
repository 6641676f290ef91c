import { addDays, dayNumber, longDate, type LocalDate } from '../../shared/lib/studio-calendar';
import type {
  BookableClass,
  BookClassAnswer,
  BookingStatus,
  CancelBookingAnswer,
  ClassBookingPolicy,
  ClassDay,
  ClassesMembership,
  ClassesRequest,
  MemberBooking,
  MyClassBooking,
} from './class-booking-api';

/*
 * What the class-booking pages say and how they lay the days out, as pure functions of the
 * contract's answers, the studio's rules (`policy`) and the studio's day: tested without a page.
 */

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const WEEKDAYS_SHORT = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'];
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** El Salvador keeps UTC−6 all year (no daylight saving). */
const STUDIO_UTC_OFFSET = '-06:00';
const HOUR_MS = 3_600_000;

/**
 * What each page of the view asks for: a week of 7 days from today, as many as booking opens
 * (always 7, so the first page's request, made before the rules are known, is the same one).
 * The days past the window are left out by `openDays`.
 */
export function weekPages(today: LocalDate, bookingOpensDays: number): ClassesRequest[] {
  const pages: ClassesRequest[] = [];
  for (let offset = 0; offset < Math.max(1, bookingOpensDays); offset += 7) pages.push({ from: addDays(today, offset), days: 7 });
  return pages;
}

/** The answer's days the member may book in: from today to today + bookingOpensDays − 1. */
export function openDays(days: readonly ClassDay[], today: LocalDate, bookingOpensDays: number): ClassDay[] {
  const last = dayNumber(today) + Math.max(1, bookingOpensDays) - 1;
  return days.filter((day) => dayNumber(day.date) >= dayNumber(today) && dayNumber(day.date) <= last);
}

function weekdayIndex(date: LocalDate): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7; // 0 = domingo; 1970-01-01 was a Thursday.
}

/** "lunes 7 de diciembre". */
export function dayName(date: LocalDate): string {
  return `${WEEKDAYS[weekdayIndex(date)]} ${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

/** "Hoy, lunes 7 de diciembre", "Mañana, martes 8 de diciembre", "miércoles 9 de diciembre". */
export function dayHeading(date: LocalDate, today: LocalDate): string {
  const distance = dayNumber(date) - dayNumber(today);
  if (distance === 0) return `Hoy, ${dayName(date)}`;
  if (distance === 1) return `Mañana, ${dayName(date)}`;
  return dayName(date);
}

/** A day's chip in the day picker: "Hoy" or "Lun" above the day of the month. */
export function dayChip(date: LocalDate, today: LocalDate): { top: string; day: string } {
  return { top: date === today ? 'Hoy' : WEEKDAYS_SHORT[weekdayIndex(date)]!, day: String(Number(date.slice(8, 10))) };
}

/** "17:15"–"18:15" → "5:15-6:15 pm", the timetable's own way of writing a class's hours. */
export function timeRange(startTime: string, endTime: string): string {
  const clock = (time: string) => {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    return { text: `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`, period: hours < 12 ? 'am' : 'pm' };
  };
  const from = clock(startTime);
  const to = clock(endTime);
  return from.period === to.period ? `${from.text}-${to.text} ${to.period}` : `${from.text} ${from.period}-${to.text} ${to.period}`;
}

/** "3 lugares", "1 lugar", "Llena · 2 en espera", "Llena", "Cancelada". */
export function spotsLabel(item: Pick<BookableClass, 'cancelled' | 'free' | 'waitlist'>): string {
  if (item.cancelled) return 'Cancelada';
  if (item.free > 0) return item.free === 1 ? '1 lugar' : `${item.free} lugares`;
  return item.waitlist > 0 ? `Llena · ${item.waitlist} en espera` : 'Llena';
}

/** The confirm step's sentence: "Quedan 3 lugares.", "Queda 1 lugar.", "La clase está llena y hay 2 en la lista de espera." */
export function spotsSentence(item: Pick<BookableClass, 'free' | 'waitlist'>): string {
  if (item.free > 0) return item.free === 1 ? 'Queda 1 lugar.' : `Quedan ${item.free} lugares.`;
  if (item.waitlist === 0) return 'La clase está llena. Aún no hay nadie en la lista de espera.';
  return `La clase está llena y hay ${item.waitlist} en la lista de espera.`;
}

/** The member's own place in a class of the list. */
export function myStatusLabel(booking: MyClassBooking): string {
  if (booking.status === 'booked') return 'Reservada';
  if (booking.status === 'checked-in') return 'Check-in hecho';
  return booking.waitlistPosition ? `En lista de espera · lugar ${booking.waitlistPosition}` : 'En lista de espera';
}

/** A booking of "Mis reservas"; a waitlist place left in the past was not promoted. */
export function bookingStatusLabel(booking: Pick<MemberBooking, 'status' | 'waitlistPosition' | 'late'>, past: boolean): string {
  const labels: Record<BookingStatus, string> = {
    booked: 'Reservada',
    'checked-in': 'Check-in hecho',
    attended: 'Asististe',
    'no-show': 'No llegaste',
    cancelled: booking.late ? 'Cancelada tarde' : 'Cancelada',
    waitlisted: past ? 'No se liberó un lugar' : booking.waitlistPosition ? `En lista de espera · lugar ${booking.waitlistPosition}` : 'En lista de espera',
  };
  return labels[booking.status];
}

/** The instant a class starts (its date and time are the studio's). */
export function classStartsAt(date: LocalDate, startTime: string): number {
  return Date.parse(`${date}T${startTime}:00${STUDIO_UTC_OFFSET}`);
}

/**
 * A day's classes as the member reads them at `now`: those that already began, without a booking of
 * theirs, fold away (nothing to do there); the rest stay in order, their own past classes included.
 */
export function splitStarted<T extends Pick<BookableClass, 'date' | 'startTime' | 'myBooking'>>(
  classes: readonly T[],
  now: number,
): { started: T[]; shown: T[] } {
  const folded = (item: T) => !item.myBooking && classStartsAt(item.date, item.startTime) <= now;
  return { started: classes.filter(folded), shown: classes.filter((item) => !folded(item)) };
}

/** Whether cancelling now gives the class back: always for a waitlist place, else until the studio's cutoff. */
export function cancelIsFree(booking: Pick<MemberBooking, 'date' | 'startTime' | 'status'>, policy: ClassBookingPolicy, now: number): boolean {
  if (booking.status === 'waitlisted') return true;
  return now <= classStartsAt(booking.date, booking.startTime) - policy.cancelCutoffHours * HOUR_MS;
}

function hours(count: number): string {
  return `${count} h`;
}

/** "hasta 2 h antes de la clase", or "hasta que empiece la clase" when the studio set 0. */
function until(count: number): string {
  return count > 0 ? `hasta ${hours(count)} antes de la clase` : 'hasta que empiece la clase';
}

/**
 * The studio's rules in words, stated before booking and beside the timetable: free cancellation,
 * what a late cancellation and a no-show cost (a class, never money), how the waitlist works.
 */
export function rulesText(policy: ClassBookingPolicy): string[] {
  const rules = [`Puedes cancelar sin costo ${until(policy.cancelCutoffHours)}: la clase regresa a tu membresía.`];
  const late = policy.cancelCutoffHours > 0;
  if (late && policy.lateCancelKeepsCredit === policy.noShowKeepsCredit) {
    rules.push(
      policy.lateCancelKeepsCredit
        ? 'Si cancelas después o no llegas, la clase igual regresa a tu membresía.'
        : 'Si cancelas después o no llegas, la clase se descuenta de tu membresía.',
    );
  } else {
    if (late)
      rules.push(
        policy.lateCancelKeepsCredit
          ? 'Si cancelas después, la clase igual regresa a tu membresía.'
          : 'Si cancelas después, la clase se descuenta de tu membresía.',
      );
    rules.push(policy.noShowKeepsCredit ? 'Si no llegas, la clase regresa a tu membresía.' : 'Si no llegas, la clase se descuenta de tu membresía.');
  }
  rules.push('Nunca te cobramos recargos: lo más que se descuenta es la clase.');
  rules.push(
    `Si la clase está llena, únete a la lista de espera: si se libera un lugar ${until(policy.waitlistCutoffHours)}, entras en orden y te avisamos por correo.`,
  );
  rules.push('Tu lugar en la lista de espera aparta una clase de tu membresía; si no entras, te la devolvemos.');
  if (policy.reminderHours > 0) rules.push(`Te recordamos tu clase por correo ${hours(policy.reminderHours)} antes.`);
  return rules;
}

/** "Te quedan 3 clases", "Te queda 1 clase", "Ya usaste todas tus clases", "Clases ilimitadas". */
export function classesLeftLabel(membership: ClassesMembership): string {
  if (membership.classesLeft === null) return 'Clases ilimitadas';
  if (membership.classesLeft === 0) return 'Ya usaste todas tus clases';
  return membership.classesLeft === 1 ? 'Te queda 1 clase' : `Te quedan ${membership.classesLeft} clases`;
}

/** "Vigente hasta el 28 de diciembre de 2026". */
export function validUntilLabel(membership: ClassesMembership): string {
  return `Vigente hasta el ${longDate(membership.validUntil)}`;
}

/** Why the member cannot book with what they have (null: they can), with the way out. */
export function membershipBlock(membership: ClassesMembership | null): string | null {
  if (!membership) return 'Aún no tienes una membresía. Con una puedes reservar tus clases en el estudio.';
  if (membership.classesLeft === 0) return 'Ya usaste todas las clases de tu membresía. Renuévala para seguir reservando.';
  return null;
}

/** What booking this class uses, said in the confirm step. */
export function bookingCost(membership: ClassesMembership, waitlist: boolean): string {
  if (membership.classesLeft === null)
    return waitlist ? 'Tu plan es ilimitado: apartar tu lugar en la lista no te descuenta nada.' : 'Tu plan es ilimitado: reservar no te descuenta nada.';
  const left = membership.classesLeft === 1 ? 'te queda 1' : `te quedan ${membership.classesLeft}`;
  return waitlist ? `Tu lugar en la lista aparta 1 clase de tu membresía (${left}).` : `Reservar usa 1 clase de tu membresía (${left}).`;
}

/** What cancelling does, said before the member confirms it. */
export function cancelConsequence(
  booking: { status: MyClassBooking['status'] | BookingStatus; cancelFree: boolean },
  policy: ClassBookingPolicy,
  unlimited: boolean,
): string {
  if (booking.status === 'waitlisted') return 'Sales de la lista de espera y la clase que apartaste regresa a tu membresía.';
  if (unlimited) return 'Tu lugar queda libre para alguien más. Tu plan es ilimitado: no se descuenta nada.';
  if (booking.cancelFree) return 'Cancelas a tiempo: la clase regresa a tu membresía.';
  if (policy.lateCancelKeepsCredit) return `Faltan menos de ${hours(policy.cancelCutoffHours)} para la clase, pero la clase igual regresa a tu membresía.`;
  return `Faltan menos de ${hours(policy.cancelCutoffHours)} para la clase: si cancelas ahora, la clase se descuenta de tu membresía y no regresa. No hay ningún cargo extra.`;
}

/** What the server did with a cancellation, from its answer. */
export function cancelledText(answer: CancelBookingAnswer, wasWaitlisted: boolean, unlimited: boolean): string {
  if (wasWaitlisted) return 'Saliste de la lista de espera. La clase regresó a tu membresía.';
  if (unlimited) return 'Reserva cancelada. Tu lugar quedó libre para alguien más.';
  if (answer.creditReturned) return 'Reserva cancelada. La clase regresó a tu membresía.';
  return 'Reserva cancelada. Como fue tarde, la clase se descontó de tu membresía.';
}

/** What the member got, from the server's answer to a booking. */
export function bookedText(answer: BookClassAnswer, item: Pick<BookableClass, 'className' | 'date' | 'label'>, policy: ClassBookingPolicy): string {
  if (answer.status === 'waitlisted') {
    const place = answer.waitlistPosition ? `, en el lugar ${answer.waitlistPosition}` : '';
    return `Estás en la lista de espera de ${item.className}${place}. Si se libera un lugar ${until(policy.waitlistCutoffHours)}, entras solo y te avisamos por correo.`;
  }
  const left = answer.classesLeft === null ? '' : answer.classesLeft === 1 ? ' Te queda 1 clase.' : ` Te quedan ${answer.classesLeft} clases.`;
  return `¡Listo! Tienes tu lugar en ${item.className}, ${dayName(item.date)}, ${item.label}.${left}`;
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  field?: unknown;
  details?: { field?: unknown };
}

function errorParts(error: unknown): { status: unknown; body: ErrorBody } {
  if (!error || typeof error !== 'object') return { status: undefined, body: {} };
  const { status, data } = error as { status?: unknown; data?: unknown };
  return { status, body: data && typeof data === 'object' ? (data as ErrorBody) : {} };
}

/** The server's Spanish `message`, or what to say when no answer came at all. */
export function bookingErrorMessage(error: unknown): string {
  const { status, body } = errorParts(error);
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'No pudimos conectar con el estudio. Revisa tu conexión e inténtalo de nuevo.';
  return 'Algo salió mal. Inténtalo de nuevo en un momento.';
}

/** The class filled up meanwhile (409 naming the `waitlist` field): the member may join its waitlist instead. */
export function isClassFull(error: unknown): boolean {
  const { status, body } = errorParts(error);
  return status === 409 && (body.field === 'waitlist' || body.details?.field === 'waitlist');
}

/** A failure a retry of the same attempt may cure (no answer, a time-out, 408, 429, 5xx). */
export function isRetriable(error: unknown): boolean {
  const { status } = errorParts(error);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  return typeof status === 'number' && (status === 408 || status === 429 || status >= 500);
}

/** One booking attempt: what is asked and the `Idempotency-Key` that names it. */
export interface BookingAttempt {
  date: string;
  slotId: string;
  waitlist: boolean;
  key: string;
}

/**
 * The attempt to send: a retry of the same request keeps its key (the server answers it once and
 * uses one class); another request — another class, or the waitlist instead of a seat — is a new
 * attempt with a fresh key.
 */
export function attemptFor(previous: BookingAttempt | null, target: Omit<BookingAttempt, 'key'>, newKey: () => string): BookingAttempt {
  if (previous && previous.date === target.date && previous.slotId === target.slotId && previous.waitlist === target.waitlist) return previous;
  return { ...target, key: newKey() };
}
