import { DIFFICULTY_LABELS, GENDER_LABELS } from '../../shared/lib/labels';
import { longDate } from '../../shared/lib/studio-calendar';
import { formatSessionLength } from '../../shared/lib/duration-format';
import { formatNumber, OUTCOME_LABELS, projectionTitle } from './format';

/**
 * What a front-desk person reads instead of the stored codes: 'Femenino', not 'female';
 * '14 de mayo de 1990', not '1990-05-14'. The raw JSON stays in the event's detail.
 */

export const PROFILE_FIELD_LABELS: Record<string, string> = {
  dateOfBirth: 'Fecha de nacimiento',
  gender: 'Género',
  height: 'Estatura',
  weight: 'Peso',
  fitnessLevel: 'Nivel de condición física',
  goals: 'Objetivos',
};

const HOLD_ACTOR_LABELS: Record<string, string> = {
  member: 'El miembro',
  staff: 'El personal',
};

/** What an erased member's personal fields read, everywhere. */
export const ERASED = '[borrado]';

const CALENDAR_DAY = /^(\d{4}-\d{2}-\d{2})(T12:00:00(\.000)?Z)?$/;

function enumText(labels: Record<string, string>, value: unknown): string {
  return typeof value === 'string' ? (labels[value] ?? value) : valueText(value);
}

/** A birth date is stored at noon UTC (or as a bare day): it names a calendar day, never a moment. */
function dayText(value: unknown): string {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value)?.[1] : undefined;
  return day ? longDate(day) : valueText(value);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** One profile field's value as the onboarding and profile pages name it. */
export function profileValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  // A member's erased data (ADR 0202) reads as it is stored: no unit, no label.
  if (value === ERASED || (Array.isArray(value) && value.length === 1 && value[0] === ERASED)) return ERASED;
  switch (field) {
    case 'gender':
      return enumText(GENDER_LABELS, value);
    case 'fitnessLevel':
      return enumText(DIFFICULTY_LABELS, value);
    case 'dateOfBirth':
      return dayText(value);
    case 'height':
      return `${valueText(value)} cm`;
    case 'weight':
      return `${valueText(value)} kg`;
    default:
      return valueText(value);
  }
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A ProfileUpdated event's `changes` object as rows. */
export function profileChangesOf(data: unknown): FieldChange[] {
  const changes = (data as { changes?: Record<string, { before?: unknown; after?: unknown } | undefined> } | null)?.changes;
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes).map(([field, change]) => ({ field, before: change?.before ?? null, after: change?.after ?? null }));
}

/** The data fields of the member's other events worth reading, with their Spanish names; ids stay in the raw JSON. */
const DATA_FIELDS: Array<{ key: string; label: string; text: (value: unknown) => string }> = [
  { key: 'localDate', label: 'Día', text: dayText },
  { key: 'name', label: 'Nombre', text: valueText },
  { key: 'month', label: 'Mes', text: (value) => monthText(value) },
  { key: 'target', label: 'Meta', text: valueText },
  { key: 'outcome', label: 'Resultado', text: (value) => enumText(OUTCOME_LABELS, value) },
  { key: 'export', label: 'Exportación', text: (value) => enumText(EXPORT_LABELS, value) },
  // A session's length as the member reads it in their history (ADR 0290).
  { key: 'durationSec', label: 'Duración', text: (value) => (typeof value === 'number' ? formatSessionLength(value) : valueText(value)) },
  { key: 'isRunning', label: 'Carrera', text: valueText },
  { key: 'pausedBy', label: 'Pausado por', text: (value) => enumText(HOLD_ACTOR_LABELS, value) },
  { key: 'resumedBy', label: 'Reanudado por', text: (value) => enumText(HOLD_ACTOR_LABELS, value) },
];

export function eventDataRows(data: unknown): Array<{ label: string; text: string }> {
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  return DATA_FIELDS.filter(({ key }) => key in record).map(({ key, label, text }) => ({ label, text: text(record[key]) }));
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** A challenge month `2026-11` as the staff read it: "noviembre de 2026". */
export function monthText(value: unknown): string {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} de ${match[1]}` : valueText(value);
}

const EXPORT_LABELS: Record<string, string> = {
  'activity-log': 'CSV del registro de actividad',
  'free-class-bookings': 'CSV de reservas de clase gratis',
  'challenge-participants': 'CSV de participantes de un reto',
};

export interface KnownChallenge {
  name: string;
  month: string;
}

/**
 * What a log entry outside a member's history is about, in words: "Reto de noviembre de 2026
 * «Noviembre activo»", "Reserva de clase gratis · Asistió", "Reconstrucción de Perfiles"…
 * instead of its stream id (`challenge-…`, `free-class-booking-…`, `staff-…`). `challenges`
 * names an archived challenge, whose event carries only its id.
 */
export function streamSubjectText(
  entry: { streamId: string; type: string; data: unknown },
  challenges: ReadonlyMap<string, KnownChallenge> = new Map(),
): string {
  const data = (entry.data && typeof entry.data === 'object' ? entry.data : {}) as Record<string, unknown>;
  if (entry.streamId.startsWith('challenge-')) {
    const known = challenges.get(entry.streamId.slice('challenge-'.length));
    const month = typeof data.month === 'string' ? data.month : known?.month;
    const name = typeof data.name === 'string' ? data.name : known?.name;
    if (!month) return 'Un reto del mes';
    return `Reto de ${monthText(month)}${name ? ` «${name}»` : ''}`;
  }
  if (entry.streamId.startsWith('free-class-booking-')) {
    const outcome = typeof data.outcome === 'string' ? OUTCOME_LABELS[data.outcome] : undefined;
    return `Reserva de clase gratis${outcome ? ` · ${outcome}` : ''}`;
  }
  if (entry.type === 'ProjectionRebuildRequested') {
    return data.projection === 'all' ? 'Reconstrucción de todos los datos' : `Reconstrucción de ${projectionTitle(String(data.projection ?? ''))}`;
  }
  if (entry.type === 'StaffExportDownloaded') return EXPORT_LABELS[String(data.export)] ?? 'Exportación CSV';
  if (entry.streamId.startsWith('staff-')) return 'Acción del personal';
  return 'Registro del estudio';
}
