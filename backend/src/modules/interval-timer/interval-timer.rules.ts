/**
 * The interval timer's rules (ADRs 0161, 0162): the bounds of a timer, the well-known workout id
 * its completions are recorded under, and how a finished session is named in the history.
 * Pure: the member decider, the DTOs, the read models and the staff timeline all read these.
 */

/** The `workoutId` of every interval-timer completion: not a catalogue workout. */
export const INTERVAL_TIMER_WORKOUT_ID = 'interval-timer';

export const INTERVAL_TIMER_KINDS = ['tabata', 'emom', 'amrap', 'custom'] as const;
export type IntervalTimerKind = (typeof INTERVAL_TIMER_KINDS)[number];

/** The shape of a timer: `rounds` × (work + rest) per set, `sets` sets, a rest between sets in place of the set's last rest. */
export interface IntervalTimerSpec {
  workSec: number;
  restSec: number;
  rounds: number;
  sets: number;
  setRestSec: number;
}

/** A member's saved timer. */
export interface TimerPreset extends IntervalTimerSpec {
  name: string;
}

/** The finished session a completion describes. */
export interface IntervalTimerSession extends IntervalTimerSpec {
  kind: IntervalTimerKind;
  name: string;
}

export const TIMER_BOUNDS = {
  workSec: { min: 5, max: 600 },
  restSec: { min: 0, max: 600 },
  rounds: { min: 1, max: 99 },
  sets: { min: 1, max: 20 },
  setRestSec: { min: 0, max: 600 },
} as const satisfies Record<keyof IntervalTimerSpec, { min: number; max: number }>;

export const TIMER_NAME_MAX = 40;
/** Presets one member may keep. */
export const MAX_TIMER_PRESETS = 30;

export const TIMER_MESSAGES = {
  workSec: `El trabajo debe ser un número entero de segundos entre ${TIMER_BOUNDS.workSec.min} y ${TIMER_BOUNDS.workSec.max}.`,
  restSec: `El descanso debe ser un número entero de segundos entre ${TIMER_BOUNDS.restSec.min} y ${TIMER_BOUNDS.restSec.max}.`,
  rounds: `Las rondas deben ser un número entero entre ${TIMER_BOUNDS.rounds.min} y ${TIMER_BOUNDS.rounds.max}.`,
  sets: `Las series deben ser un número entero entre ${TIMER_BOUNDS.sets.min} y ${TIMER_BOUNDS.sets.max}.`,
  setRestSec: `El descanso entre series debe ser un número entero de segundos entre ${TIMER_BOUNDS.setRestSec.min} y ${TIMER_BOUNDS.setRestSec.max}.`,
  name: `El nombre del temporizador es requerido y admite hasta ${TIMER_NAME_MAX} caracteres.`,
  kind: 'El tipo de temporizador debe ser "tabata", "emom", "amrap" o "custom".',
  tooMany: `Puedes guardar hasta ${MAX_TIMER_PRESETS} temporizadores. Elimina uno para guardar otro.`,
  nameTaken: 'Ya tienes un temporizador con ese nombre. Elige otro nombre.',
  presetNotFound: 'Temporizador no encontrado',
  sessionRequired: 'Describe la sesión del temporizador para guardarla.',
  sessionOnlyForTimer: 'Solo una sesión del temporizador puede describir un temporizador.',
  timerWithoutPlan: 'Una sesión del temporizador no pertenece a un plan.',
  durationRequired: 'La duración es requerida para una sesión del temporizador.',
} as const;

/** The field whose bound a spec breaks first, or null when it fits every bound. */
export function invalidTimerField(spec: IntervalTimerSpec): keyof IntervalTimerSpec | null {
  for (const field of Object.keys(TIMER_BOUNDS) as (keyof IntervalTimerSpec)[]) {
    const value = spec[field];
    const { min, max } = TIMER_BOUNDS[field];
    if (!Number.isInteger(value) || value < min || value > max) return field;
  }
  return null;
}

/** The name as stored: trimmed, inner runs of spaces collapsed; null when empty or too long. */
export function normalizeTimerName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const normalized = name.trim().replace(/\s+/g, ' ');
  return normalized.length === 0 || normalized.length > TIMER_NAME_MAX ? null : normalized;
}

export function isIntervalTimerKind(value: unknown): value is IntervalTimerKind {
  return typeof value === 'string' && (INTERVAL_TIMER_KINDS as readonly string[]).includes(value);
}

/** Seconds of a whole session: every work and rest, the set's last rest replaced by the rest between sets. */
export function timerTotalSec({ workSec, restSec, rounds, sets, setRestSec }: IntervalTimerSpec): number {
  return sets * rounds * (workSec + restSec) + (sets - 1) * (setRestSec - restSec);
}

/** How the history, the recent activity and the staff timeline name a timer session. */
export function timerSessionTitle(session: Pick<IntervalTimerSession, 'name'>): string {
  return `Temporizador: ${session.name}`;
}
