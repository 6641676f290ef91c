import type { Difficulty, ExerciseKind, IntervalType, MediaFamily, RoundType, RunningType, Terrain, WorkoutType } from '../catalog.types';

/**
 * The shapes the seed is written in: content refers to exercises and workouts by
 * slug; catalog-seed.ts turns slugs into stable ids. The helpers keep the content
 * files readable for whoever writes the next class.
 */

export interface ExerciseSeed {
  slug: string;
  name: string;
  primaryMuscles: string[];
  family: MediaFamily;
  equipment: string[];
}

export interface RoundExerciseSeed {
  exercise: string;
  type: ExerciseKind;
  exerciseTime?: number;
  exerciseReps?: number;
  /** Left out on purpose in some rounds: the player then rests its 10-second default. */
  exerciseRest?: number;
}

export interface RoundSeed {
  roundType: RoundType;
  roundName: string;
  restBetweenRounds?: number;
  exercises: RoundExerciseSeed[];
}

export interface WorkoutSeed {
  slug: string;
  title: string;
  goal: string;
  description: string;
  difficulty: Difficulty;
  workoutType: WorkoutType[];
  targetMuscles: string[];
  requiresEquipment: string[];
  rounds: RoundSeed[];
}

export interface IntervalSeed {
  type: IntervalType;
  /** Minutes. */
  duration?: number;
  /** Kilometres. */
  distance?: number;
  pace: string;
  repetitions?: number;
  description: string;
}

export interface RunningWorkoutSeed {
  slug: string;
  title: string;
  goal: string;
  description: string;
  difficulty: Difficulty;
  /** Kilometres. */
  distance: number;
  /** Minutes. */
  duration: number;
  runningType: RunningType;
  terrain: Terrain;
  calories: number;
  paceInstructions: string;
  intervals: IntervalSeed[];
  tips: string[];
  requirements: string[];
}

export interface PlanSeed {
  slug: string;
  title: string;
  description: string;
  difficulty: Difficulty;
  estimatedWeeks: number;
  /** One list of workout slugs per week, in the order the member trains them. */
  weeks: string[][];
}

/** A timed exercise: seconds of work, then the rest (undefined = the player's default). */
export function timed(exercise: string, seconds: number, rest?: number): RoundExerciseSeed {
  return rest === undefined ? { exercise, type: 'time', exerciseTime: seconds } : { exercise, type: 'time', exerciseTime: seconds, exerciseRest: rest };
}

/** A reps exercise: the member presses 'Terminé' when the set is done. */
export function reps(exercise: string, count: number, rest?: number): RoundExerciseSeed {
  return rest === undefined ? { exercise, type: 'reps', exerciseReps: count } : { exercise, type: 'reps', exerciseReps: count, exerciseRest: rest };
}

export function round(roundType: RoundType, roundName: string, restBetweenRounds: number | undefined, exercises: RoundExerciseSeed[]): RoundSeed {
  return restBetweenRounds === undefined ? { roundType, roundName, exercises } : { roundType, roundName, restBetweenRounds, exercises };
}

/** A block the class repeats: written once, played as `times` rounds named "… (1/3)". */
export function repeated(times: number, block: RoundSeed): RoundSeed[] {
  return Array.from({ length: times }, (_, index) => ({ ...block, roundName: `${block.roundName} (${index + 1}/${times})` }));
}

/** The same week pattern for several weeks, e.g. the base phase of a plan. */
export function weeksOf(count: number, pattern: string[]): string[][] {
  return Array.from({ length: count }, () => [...pattern]);
}
