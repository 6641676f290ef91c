import { createHash } from 'node:crypto';
import type { ExerciseKind, RoundType, WorkoutType } from '../catalog.types';
import { workoutDurations } from '../workout-duration';
import { EXERCISES } from './exercises.seed';
import { PLANS } from './plans.seed';
import { RUNNING_WORKOUTS } from './running-workouts.seed';
import type { ExerciseSeed, IntervalSeed, PlanSeed, RunningWorkoutSeed, WorkoutSeed } from './seed-builders';
import { WORKOUTS } from './workouts.seed';

/**
 * Bump when the content changes in a way a running installation must pick up. The
 * seeder also compares the checksum, so a forgotten bump still updates; the version
 * only keeps an older build from overwriting newer content during a rolling deploy.
 */
export const SEED_VERSION = 2;

/** Fixed namespace of the catalogue's name-based (v5) UUIDs; never change it. */
const ID_NAMESPACE = '3c8a1f52-6b0e-4d7c-9a2f-70756c736f00';

export type CatalogKind = 'exercise' | 'workout' | 'running-workout' | 'plan';

/**
 * Ids derive from the slug, so every installation gives the same workout the same
 * id and a reseed never orphans enrolments or history that point at it.
 */
export function catalogId(kind: CatalogKind, slug: string): string {
  const namespace = Buffer.from(ID_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(`${kind}:${slug}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type ExerciseRow = ExerciseSeed & { id: string; position: number };

export interface StoredRoundExercise {
  exerciseId: string;
  type: ExerciseKind;
  exerciseTime?: number;
  exerciseReps?: number;
  exerciseRest?: number;
}

export interface StoredRound {
  roundType: RoundType;
  roundName: string;
  restBetweenRounds?: number;
  exercises: StoredRoundExercise[];
}

export type WorkoutRow = Omit<WorkoutSeed, 'workoutType' | 'rounds'> & {
  id: string;
  workoutTypes: WorkoutType[];
  estDurationSec: number;
  estDurationMin: number;
  calculatedDurationMin: number;
  totalRounds: number;
  rounds: StoredRound[];
  position: number;
};

export type StoredInterval = IntervalSeed;

export type RunningWorkoutRow = RunningWorkoutSeed & { id: string; position: number };

export type PlanRow = Omit<PlanSeed, 'weeks'> & { id: string; position: number; workouts: { workoutId: string; week: number }[] };

export interface CatalogSeed {
  version: number;
  checksum: string;
  exercises: ExerciseRow[];
  workouts: WorkoutRow[];
  runningWorkouts: RunningWorkoutRow[];
  plans: PlanRow[];
}

export class CatalogSeedError extends Error {
  constructor(problem: string) {
    super(`Contenido del catálogo inválido: ${problem}`);
    this.name = 'CatalogSeedError';
  }
}

function uniqueSlugs(kind: string, items: { slug: string }[]): void {
  const seen = new Set<string>();
  for (const { slug } of items) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new CatalogSeedError(`${kind} con slug no válido: ${slug}`);
    if (seen.has(slug)) throw new CatalogSeedError(`${kind} repetido: ${slug}`);
    seen.add(slug);
  }
}

function toExerciseRow(seed: ExerciseSeed, position: number): ExerciseRow {
  return { id: catalogId('exercise', seed.slug), ...seed, position };
}

function toWorkoutRow(seed: WorkoutSeed, position: number, exerciseIds: Map<string, string>): WorkoutRow {
  const rounds: StoredRound[] = seed.rounds.map((round) => ({
    ...round,
    exercises: round.exercises.map(({ exercise, ...timing }) => {
      const exerciseId = exerciseIds.get(exercise);
      if (!exerciseId) throw new CatalogSeedError(`el entrenamiento ${seed.slug} usa un ejercicio inexistente: ${exercise}`);
      return { exerciseId, ...timing };
    }),
  }));
  const { workoutType, rounds: _authored, ...rest } = seed;
  return {
    id: catalogId('workout', seed.slug),
    ...rest,
    workoutTypes: workoutType,
    ...workoutDurations(rounds),
    totalRounds: rounds.length,
    rounds,
    position,
  };
}

function toPlanRow(seed: PlanSeed, position: number, workoutIds: Map<string, string>): PlanRow {
  const { weeks, ...rest } = seed;
  return {
    id: catalogId('plan', seed.slug),
    ...rest,
    position,
    workouts: weeks.flatMap((slugs, weekIndex) =>
      slugs.map((slug) => {
        const workoutId = workoutIds.get(slug);
        if (!workoutId) throw new CatalogSeedError(`el plan ${seed.slug} usa un entrenamiento inexistente: ${slug}`);
        return { workoutId, week: weekIndex + 1 };
      }),
    ),
  };
}

function toRunningRow(seed: RunningWorkoutSeed, position: number): RunningWorkoutRow {
  return { id: catalogId('running-workout', seed.slug), ...seed, position };
}

export function buildCatalogSeed(
  content: { exercises: ExerciseSeed[]; workouts: WorkoutSeed[]; runningWorkouts: RunningWorkoutSeed[]; plans: PlanSeed[] } = {
    exercises: EXERCISES,
    workouts: WORKOUTS,
    runningWorkouts: RUNNING_WORKOUTS,
    plans: PLANS,
  },
  version = SEED_VERSION,
): CatalogSeed {
  uniqueSlugs('ejercicio', content.exercises);
  uniqueSlugs('entrenamiento', content.workouts);
  uniqueSlugs('carrera', content.runningWorkouts);
  uniqueSlugs('plan', content.plans);
  const exercises = content.exercises.map(toExerciseRow);
  const exerciseIds = new Map(exercises.map((row) => [row.slug, row.id]));
  const workouts = content.workouts.map((seed, position) => toWorkoutRow(seed, position, exerciseIds));
  const workoutIds = new Map(workouts.map((row) => [row.slug, row.id]));
  const runningWorkouts = content.runningWorkouts.map(toRunningRow);
  const plans = content.plans.map((seed, position) => toPlanRow(seed, position, workoutIds));
  const body = { exercises, workouts, runningWorkouts, plans };
  const checksum = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  return { version, checksum, ...body };
}
