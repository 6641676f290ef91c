import type { Difficulty, EnrollmentStatus, Gender, TrainingWorkout } from './members-types';

/** Spanish names for the catalogue's codes, shared by every members' page. */
export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  beginner: 'Principiante',
  intermediate: 'Intermedio',
  advanced: 'Avanzado',
};

export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Masculino',
  female: 'Femenino',
  other: 'Otro',
};

/** Spec section 4: active, paused, completed read Activo, Pausado, Completado. */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  active: 'Activo',
  paused: 'Pausado',
  completed: 'Completado',
};

export function difficultyLabel(value: string | undefined | null): string {
  return value && value in DIFFICULTY_LABELS ? DIFFICULTY_LABELS[value as Difficulty] : 'Todos los niveles';
}

/** The best length a workout states, in seconds: computed from rounds, then the coach's estimate. */
export function workoutSeconds(workout: Pick<TrainingWorkout, 'calculatedDurationMin' | 'estDurationMin' | 'estDurationSec' | 'duration'>): number {
  if (workout.calculatedDurationMin) return workout.calculatedDurationMin * 60;
  if (workout.estDurationSec) return workout.estDurationSec;
  if (workout.estDurationMin) return workout.estDurationMin * 60;
  if (workout.duration) return workout.duration * 60;
  return 0;
}
