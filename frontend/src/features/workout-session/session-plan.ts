import { roundTypeLabel } from '../../shared/lib/labels';
import type { ExerciseMedia, RoundExercise, Workout, WorkoutRound } from './session-types';

/** Spec section 9 "Session". */
export const COUNTDOWN_SEC = 5;
export const DEFAULT_REP_TIMER_SEC = 60;
export const DEFAULT_REST_SEC = 10;

export const EXERCISE_NAME_FALLBACK = 'Ejercicio';

export interface PlannedExercise {
  /** Stable within the workout: `r{round}-e{exercise}`. */
  key: string;
  exerciseId: string | null;
  name: string;
  kind: 'time' | 'reps';
  reps: number | null;
  /** Length of the exercise timer (spec "New exercise timer"). */
  timerSec: number;
  /** Rest after the exercise; 0 means none (spec "Advance rules"). */
  restSec: number;
  media: ExerciseMedia | null;
}

export interface PlannedRound {
  type: string;
  label: string;
  name: string | null;
  restBetweenRoundsSec: number;
  exercises: PlannedExercise[];
}

/** The workout reduced to what the session machine needs, with every default of spec section 4 applied once. */
export interface SessionPlan {
  workoutId: string;
  title: string;
  rounds: PlannedRound[];
  totalExercises: number;
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** "If a rest value is missing, rest is 10 seconds"; an explicit 0 (or less) means no rest. See ADR 0051. */
export function restSeconds(value: number | null | undefined): number {
  const seconds = finiteOrNull(value);
  return seconds === null ? DEFAULT_REST_SEC : Math.max(0, seconds);
}

/** exerciseTime for timed exercises, 60 s for rep exercises; a timed exercise without a usable time gets 60 s too. */
export function exerciseTimerSeconds(exercise: Pick<RoundExercise, 'type' | 'exerciseTime'>): number {
  if (exercise.type !== 'time') return DEFAULT_REP_TIMER_SEC;
  const seconds = finiteOrNull(exercise.exerciseTime);
  return seconds !== null && seconds > 0 ? seconds : DEFAULT_REP_TIMER_SEC;
}

function exerciseIdOf(exercise: RoundExercise): string | null {
  const id = exercise.exerciseId;
  if (!id) return null;
  return typeof id === 'string' ? id : id._id;
}

function planExercise(exercise: RoundExercise, roundIndex: number, exerciseIndex: number): PlannedExercise {
  const reps = finiteOrNull(exercise.exerciseReps);
  return {
    key: `r${roundIndex}-e${exerciseIndex}`,
    exerciseId: exerciseIdOf(exercise),
    name: exercise.details?.name?.trim() || EXERCISE_NAME_FALLBACK,
    kind: exercise.type === 'time' ? 'time' : 'reps',
    reps,
    timerSec: exerciseTimerSeconds(exercise),
    restSec: restSeconds(exercise.exerciseRest),
    media: exercise.details?.media ?? null,
  };
}

function planRound(round: WorkoutRound, roundIndex: number): PlannedRound {
  return {
    type: round.roundType ?? 'standard',
    label: roundTypeLabel(round.roundType),
    name: round.roundName ?? null,
    restBetweenRoundsSec: restSeconds(round.restBetweenRounds),
    exercises: (round.exercises ?? []).map((exercise, index) => planExercise(exercise, roundIndex, index)),
  };
}

/** Rounds without exercises cannot be trained, so they are dropped; a plan with no rounds left is not playable. */
export function planSession(workout: Workout): SessionPlan {
  const rounds = (workout.rounds ?? []).map(planRound).filter((round) => round.exercises.length > 0);
  return {
    workoutId: workout._id,
    title: workout.title,
    rounds,
    totalExercises: rounds.reduce((sum, round) => sum + round.exercises.length, 0),
  };
}

export function isPlayable(plan: SessionPlan): boolean {
  return plan.rounds.length > 0;
}

export function exerciseAt(plan: SessionPlan, roundIndex: number, exerciseIndex: number): PlannedExercise {
  return plan.rounds[roundIndex].exercises[exerciseIndex];
}

/** Every exercise in training order, for the preload list and the progress bar. */
export function allExercises(plan: SessionPlan): PlannedExercise[] {
  return plan.rounds.flatMap((round) => round.exercises);
}
