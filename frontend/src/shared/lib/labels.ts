import type { EnrollmentDto, ProfileDto, RoundDto, WorkoutDto } from '../api/generated-api';

/** Spanish names for the API's codes, shared by every members' page and the player. */
export const DIFFICULTY_LABELS: Record<WorkoutDto['difficulty'], string> = {
  beginner: 'Principiante',
  intermediate: 'Intermedio',
  advanced: 'Avanzado',
};

export const GENDER_LABELS: Record<NonNullable<ProfileDto['gender']>, string> = {
  male: 'Masculino',
  female: 'Femenino',
  other: 'Otro',
};

export type Difficulty = keyof typeof DIFFICULTY_LABELS;
export type Gender = keyof typeof GENDER_LABELS;

/** Spec section 4: active, paused, completed read Activo, Pausado, Completado. */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentDto['status'], string> = {
  active: 'Activo',
  paused: 'Pausado',
  completed: 'Completado',
};

/** Spec section 2: round types as the session player and the exercise list name them. */
export const ROUND_TYPE_LABELS: Record<RoundDto['roundType'], string> = {
  warmup: 'Calentamiento',
  main: 'Principal',
  cooldown: 'Enfriamiento',
  circuit: 'Circuito',
  strength: 'Fuerza',
  cardio: 'Cardio',
  superset: 'Superserie',
  standard: 'Estándar',
};

/** A round type's label; an unknown or missing type reads as a standard round. */
export function roundTypeLabel(roundType: string | null | undefined): string {
  return (roundType && ROUND_TYPE_LABELS[roundType as RoundDto['roundType']]) || ROUND_TYPE_LABELS.standard;
}
