/**
 * How long a training workout lasts when the session player runs it (spec section 4,
 * "Advance rules"): every exercise is followed by its rest and every round by its
 * round rest, a missing rest counts as the player's 10-second default, and a reps
 * exercise is estimated at a steady pace, bounded by the player's 60-second rep timer.
 */

export const PLAYER_DEFAULT_REST_SEC = 10;
export const PLAYER_REP_TIMER_SEC = 60;
export const ESTIMATED_SECONDS_PER_REP = 3;

export interface TimedExercise {
  type: 'time' | 'reps';
  exerciseTime?: number;
  exerciseReps?: number;
  exerciseRest?: number;
}

export interface TimedRound {
  restBetweenRounds?: number;
  exercises: readonly TimedExercise[];
}

export function exerciseWorkSeconds(exercise: TimedExercise): number {
  if (exercise.type === 'time') return exercise.exerciseTime ?? 0;
  return Math.min(PLAYER_REP_TIMER_SEC, (exercise.exerciseReps ?? 0) * ESTIMATED_SECONDS_PER_REP);
}

function restSeconds(value: number | undefined): number {
  return value === undefined ? PLAYER_DEFAULT_REST_SEC : Math.max(0, value);
}

export function roundSeconds(round: TimedRound): number {
  const work = round.exercises.reduce((sum, exercise) => sum + exerciseWorkSeconds(exercise) + restSeconds(exercise.exerciseRest), 0);
  return work + restSeconds(round.restBetweenRounds);
}

/**
 * A workout's length in minutes, the one number every screen shows (ADR 0290): its seconds to the
 * nearest minute, at least 1. The SPA writes a session's measured seconds with the same rule
 * (frontend/src/shared/lib/duration-format.ts), so a session as long as its workout reads the same.
 */
export function workoutMinutes(seconds: number): number {
  if (seconds <= 0) return 0;
  return Math.max(1, Math.round(seconds / 60));
}

export interface WorkoutDurations {
  estDurationSec: number;
  /** `workoutMinutes(estDurationSec)`: served as `estDurationMin`, `duration` and `calculatedDurationMin` alike. */
  estDurationMin: number;
  calculatedDurationMin: number;
}

export function workoutDurations(rounds: readonly TimedRound[]): WorkoutDurations {
  const estDurationSec = rounds.reduce((sum, round) => sum + roundSeconds(round), 0);
  const minutes = workoutMinutes(estDurationSec);
  return { estDurationSec, estDurationMin: minutes, calculatedDurationMin: minutes };
}
