/** Dates and numbers as the studio reads them: Spanish, the studio's time zone. */
import { serverMessage } from '../../shared/api/api';
import { STUDIO_TIME_ZONE } from '../../shared/lib/studio-calendar';

const dateTime = new Intl.DateTimeFormat('es-SV', { timeZone: STUDIO_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat('es-SV');

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
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
  HeartRateConsentGiven: 'Consentimiento de frecuencia cardiaca',
  HeartRateConsentWithdrawn: 'Consentimiento de frecuencia cardiaca retirado',
  MaxHeartRateRaised: 'Frecuencia cardiaca máxima subida',
  MaxHeartRateMeasured: 'Frecuencia cardiaca máxima medida',
  TimerPresetSaved: 'Temporizador guardado',
  TimerPresetDeleted: 'Temporizador eliminado',
  HeartRateDataDeleted: 'Datos de frecuencia cardiaca eliminados',
  EmailPreferenceChanged: 'Preferencia de correo',
  TrainingScheduleSet: 'Horario de entrenamiento',
  FreeClassOutcomeRecorded: 'Resultado de clase gratis',
  ProjectionRebuildRequested: 'Reconstrucción solicitada',
  StaffExportDownloaded: 'Exportación descargada',
  ChallengeCreated: 'Reto creado',
  ChallengeArchived: 'Reto archivado',
  ChallengeJoined: 'Se unió a un reto',
  ChallengeLeaderboardPreferenceUpdated: 'Preferencia de clasificación de retos',
  MemberDataErased: 'Datos personales borrados',
  FreeClassBookingsPurged: 'Reservas de clase gratis borradas por antigüedad',
  StudioClassAttended: 'Clase en el estudio',
  StudioBoardNameChosen: 'Nombre en la pantalla del estudio',
  ConsentGiven: 'Consentimiento dado',
  ConsentWithdrawn: 'Consentimiento retirado',
  MembershipSold: 'Membresía vendida',
  MembershipPurchaseConfirmed: 'Compra con enlace confirmada',
  MembershipRenewed: 'Membresía renovada',
  MembershipExpired: 'Membresía vencida',
  MembershipFrozen: 'Membresía congelada',
  MembershipUnfrozen: 'Membresía descongelada',
  ClassCreditUsed: 'Clase usada',
  ClassCreditReturned: 'Clase devuelta',
  ClassSeatBooked: 'Clase reservada',
  ClassGuestSeatBooked: 'Lugar para un invitado de clase gratis',
  ClassGuestSeatReleased: 'Lugar de un invitado liberado',
  ClassWaitlistJoined: 'En lista de espera',
  ClassWaitlistPromoted: 'Pasó de la lista de espera a la clase',
  ClassBookingCancelled: 'Reserva cancelada',
  ClassWaitlistLeft: 'Salió de la lista de espera',
  ClassCheckedIn: 'Asistencia registrada',
  ClassNoShowMarked: 'No se presentó',
};

/**
 * Each read model in the words of the front desk: a Spanish name and one line on what it feeds
 * (members' screens or this console). The technical name stays small beside it, for whoever runs
 * the servers. The layout journey (e2e/layout.spec.ts) fails when a projection the server runs has no entry.
 */
export const PROJECTION_LABELS: Record<string, { title: string; description: string }> = {
  member_profiles: { title: 'Perfiles', description: 'Los datos de perfil de cada miembro: medidas, objetivos y preferencias.' },
  member_enrollments: { title: 'Planes de los miembros', description: 'En qué plan está cada miembro, si lo pausó, y por qué entrenamiento va.' },
  progress_records: { title: 'Historial de entrenamientos', description: 'Cada entrenamiento completado, con su duración y su frecuencia cardiaca.' },
  member_progress: { title: 'Rachas, cifras y logros', description: 'Lo que muestra Mi Progreso: rachas, totales, Puntos Pulso y logros con su fecha.' },
  member_heart_rate: { title: 'Frecuencia cardiaca', description: 'El consentimiento de cada miembro y su frecuencia cardiaca máxima.' },
  staff_activity: { title: 'Registro de actividad', description: 'El historial que consulta el personal en esta consola.' },
  studio_board_names: {
    title: 'Nombres en la pantalla del estudio',
    description: 'Quién eligió aparecer con su nombre en la pantalla de la clase (los demás, con iniciales).',
  },
  member_consents: {
    title: 'Consentimientos',
    description: 'Lo que cada miembro aceptó o retiró (aviso de privacidad, datos de salud, frecuencia cardiaca, correos), con su versión y fecha.',
  },
  member_training_schedules: {
    title: 'Horarios de entrenamiento',
    description: 'Los días y la hora que cada miembro eligió: su calendario, el enlace para su agenda y los recordatorios.',
  },
  member_timer_presets: { title: 'Temporizadores guardados', description: 'Los temporizadores de intervalos que cada miembro guardó con su nombre.' },
  challenges: { title: 'Retos del mes', description: 'Los retos que publica el estudio: su meta, su mes y si siguen abiertos.' },
  member_challenge_progress: { title: 'Avance en los retos', description: 'Cuánto lleva cada miembro en el reto del mes y la tabla de posiciones.' },
  member_memberships: {
    title: 'Membresías',
    description: 'El plan de cada miembro, las clases que le quedan, hasta cuándo vale y si está congelada; también quién vence esta semana.',
  },
  class_bookings: {
    title: 'Reservas de clases',
    description: 'Quién reservó cada clase, la lista de espera, las asistencias y los lugares libres del horario.',
  },
  member_email_preferences: {
    title: 'Preferencias de correo',
    description: 'Qué correos quiere recibir cada miembro: el resumen después de entrenar y los recordatorios.',
  },
};

export function projectionTitle(name: string): string {
  return PROJECTION_LABELS[name]?.title ?? name;
}

export function eventTypeLabel(type: string): string {
  return EVENT_TYPE_LABELS[type] ?? type;
}

/** Who did it, in words: a staff member by the name they acted under (older actions predate it), the visitor of the free-class form, or the member. */
export function actorLabel(actor: { role: string; name?: string } | null | undefined): string {
  if (!actor) return '—';
  if (actor.role === 'guest') return 'El invitado (formulario de clase gratis)';
  if (actor.role !== 'staff') return 'El miembro';
  return actor.name ?? 'El personal del estudio';
}

export const OUTCOME_LABELS: Record<string, string> = { attended: 'Asistió', 'no-show': 'No asistió', converted: 'Se hizo miembro' };

/** Spanish text of an API error body (`{ error, message }`), or a generic one. */
export function errorText(error: unknown): string {
  return serverMessage(error) ?? 'No se pudo cargar la información. Inténtalo de nuevo.';
}
