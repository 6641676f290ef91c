/** Dates and numbers as the studio reads them: Spanish, the studio's time zone (America/El_Salvador). */
const TIME_ZONE = 'America/El_Salvador';

const dateTime = new Intl.DateTimeFormat('es-SV', { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('es-SV', { timeZone: TIME_ZONE, dateStyle: 'medium' });
const number = new Intl.NumberFormat('es-SV');

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

/** A class date `AAAA-MM-DD` (a calendar day, no time zone shift). */
export function formatLocalDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('es-SV', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function formatNumber(value: number): string {
  return number.format(value);
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Today in the studio, `AAAA-MM-DD`. */
export function studioToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The start of a studio day as an instant (UTC-6 all year: El Salvador has no daylight saving time). */
export function studioDayStart(day: string): string {
  return `${day}T00:00:00-06:00`;
}

export const EVENT_TYPE_LABELS: Record<string, string> = {
  ProfileUpdated: 'Perfil actualizado',
  OnboardingCompleted: 'Bienvenida completada',
  EnrolledInPlan: 'Inscripción en plan',
  EnrollmentAbandoned: 'Plan abandonado',
  EnrollmentPaused: 'Plan en pausa',
  EnrollmentResumed: 'Plan reanudado',
  EnrollmentCompleted: 'Plan terminado',
  WorkoutCompleted: 'Entrenamiento completado',
  FreeClassOutcomeRecorded: 'Resultado de clase gratis',
  ProjectionRebuildRequested: 'Reconstrucción solicitada',
  StaffExportDownloaded: 'Exportación descargada',
};

export function eventTypeLabel(type: string): string {
  return EVENT_TYPE_LABELS[type] ?? type;
}

export const OUTCOME_LABELS: Record<string, string> = { attended: 'Asistió', 'no-show': 'No asistió', converted: 'Se hizo miembro' };
