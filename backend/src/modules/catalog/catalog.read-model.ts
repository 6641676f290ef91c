import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { DomainError } from '../../shared/domain-error';
import { ReadinessRegistry } from '../../infrastructure/readiness.registry';
import { CachedJson } from './cached-json';
import { applyCatalogSeed } from './catalog.seeder';
import type { Difficulty, MediaFamily, RunningType, Terrain, WorkoutType } from './catalog.types';
import type { PlanDto, RoundDto, RunningWorkoutDto, WorkoutDto } from './dto/catalog.dto';
import { mediaFor, type StudioMedia } from './media-urls';
import { type MediaUpload, MediaUploadStore, uploadUrl } from './media-uploads';
import { buildCatalogSeed, type StoredInterval, type StoredRound } from './seed/catalog-seed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CATALOG_MESSAGES = {
  workoutNotFound: 'Entrenamiento no encontrado.',
  runningWorkoutNotFound: 'Entrenamiento de carrera no encontrado.',
  planNotFound: 'Plan no encontrado.',
  catalogLoading: 'El catálogo de entrenamientos todavía se está cargando. Inténtalo de nuevo en unos segundos.',
} as const;

interface ExerciseRecord {
  id: string;
  name: string;
  primary_muscles: string[];
  media_family: MediaFamily;
}

interface WorkoutRecord {
  id: string;
  title: string;
  goal: string;
  description: string;
  difficulty: Difficulty;
  workout_types: WorkoutType[];
  est_duration_sec: number;
  est_duration_min: number;
  calculated_duration_min: number;
  total_rounds: number;
  target_muscles: string[];
  requires_equipment: string[];
  rounds: StoredRound[];
  retired: boolean;
}

interface RunningRecord {
  id: string;
  title: string;
  goal: string;
  description: string;
  difficulty: Difficulty;
  distance_km: string;
  duration_min: number;
  running_type: RunningType;
  terrain: Terrain;
  calories: number;
  pace_instructions: string;
  intervals: StoredInterval[];
  tips: string[];
  requirements: string[];
  retired: boolean;
}

interface PlanRecord {
  id: string;
  title: string;
  description: string;
  difficulty: Difficulty;
  estimated_weeks: number;
  retired: boolean;
  workouts: { workoutId: string; week: number }[];
}

interface Snapshot {
  workouts: WorkoutDto[];
  workoutsBody: CachedJson;
  runningWorkoutsBody: CachedJson;
  plansBody: CachedJson;
  workoutsById: Map<string, WorkoutDto>;
  runningWorkouts: RunningWorkoutDto[];
  runningById: Map<string, RunningWorkoutDto>;
  plans: PlanDto[];
  plansById: Map<string, PlanDto>;
  /** Exercises of the listed workouts, by family then name, with how many workouts use each. */
  exercisesInUse: { exerciseId: string; name: string; family: MediaFamily; workouts: number }[];
  exerciseIds: Set<string>;
}

/**
 * The catalogue as the API serves it. Content changes only when a new seed is
 * applied at start-up, so the answers are assembled once from the tables and kept
 * in memory (ADR 0040): the often-hit list costs no query. Lists leave retired
 * content out; lookups by id still find it, for enrolments and history that
 * point at it. Other modules read plans and workouts through this class.
 */
@Injectable()
export class CatalogReadModel implements OnModuleInit {
  private readonly logger = new Logger(CatalogReadModel.name);
  private snapshot: Snapshot | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: ReadinessRegistry,
    private readonly uploads: MediaUploadStore,
  ) {}

  get cdnBase(): string | undefined {
    return this.config.media.cdnBase;
  }

  async onModuleInit(): Promise<void> {
    this.readiness.register('catalog', async () => ({ ok: this.snapshot !== undefined, details: { workouts: this.snapshot?.workouts.length ?? 0 } }));
    const seed = buildCatalogSeed();
    const outcome = await applyCatalogSeed(this.pool, seed);
    if (outcome !== 'unchanged') this.logger.log(`Catálogo v${seed.version}: ${outcome}`);
    await this.reload();
  }

  /** Rebuilds the in-memory answers from the tables. */
  async reload(): Promise<void> {
    const [exercises, workouts, running, plans, uploads] = await Promise.all([
      this.pool.query<ExerciseRecord>('SELECT id, name, primary_muscles, media_family FROM catalog_exercises'),
      this.pool.query<WorkoutRecord>(
        `SELECT id, title, goal, description, difficulty, workout_types, est_duration_sec, est_duration_min,
                calculated_duration_min, total_rounds, target_muscles, requires_equipment, rounds,
                retired_at IS NOT NULL AS retired
           FROM catalog_workouts ORDER BY position, slug`,
      ),
      this.pool.query<RunningRecord>(
        `SELECT id, title, goal, description, difficulty, distance_km, duration_min, running_type, terrain, calories,
                pace_instructions, intervals, tips, requirements, retired_at IS NOT NULL AS retired
           FROM catalog_running_workouts ORDER BY position, slug`,
      ),
      this.pool.query<PlanRecord>(
        `SELECT p.id, p.title, p.description, p.difficulty, p.estimated_weeks, p.retired_at IS NOT NULL AS retired,
                COALESCE(jsonb_agg(jsonb_build_object('workoutId', pw.workout_id, 'week', pw.week) ORDER BY pw.position)
                         FILTER (WHERE pw.plan_id IS NOT NULL), '[]') AS workouts
           FROM catalog_plans p LEFT JOIN catalog_plan_workouts pw ON pw.plan_id = p.id
          GROUP BY p.id ORDER BY p.position, p.slug`,
      ),
      this.uploads.list(),
    ]);
    const exercisesById = new Map(exercises.rows.map((row) => [row.id, row]));
    const studio = this.studioMedia(uploads);
    const workoutViews = workouts.rows.map((row) => ({ view: this.workoutView(row, exercisesById, studio), retired: row.retired }));
    const runningViews = running.rows.map((row) => ({ view: runningView(row), retired: row.retired }));
    const workoutsById = new Map(workoutViews.map(({ view }) => [view._id, view]));
    const planViews = plans.rows.map((row) => ({ view: planView(row, workoutsById), retired: row.retired }));
    const listed = <T>(entries: { view: T; retired: boolean }[]) => entries.filter((entry) => !entry.retired).map((entry) => entry.view);
    const active = { workouts: listed(workoutViews), runningWorkouts: listed(runningViews), plans: listed(planViews) };
    this.snapshot = {
      ...active,
      workoutsBody: new CachedJson({ workouts: active.workouts }),
      runningWorkoutsBody: new CachedJson({ workouts: active.runningWorkouts }),
      plansBody: new CachedJson({ plans: active.plans }),
      workoutsById,
      runningById: new Map(runningViews.map(({ view }) => [view._id, view])),
      plansById: new Map(planViews.map(({ view }) => [view._id, view])),
      exercisesInUse: exercisesInUse(active.workouts, exercisesById),
      exerciseIds: new Set(exercises.rows.map((row) => row.id)),
    };
  }

  /** Whether an exercise exists (retired ones too: their media can still be changed). */
  hasExercise(id: string): boolean {
    return UUID.test(id) && this.current().exerciseIds.has(id.toLowerCase());
  }

  listExercisesInUse(): { exerciseId: string; name: string; family: MediaFamily; workouts: number }[] {
    return this.current().exercisesInUse;
  }

  private studioMedia(uploads: MediaUpload[]): Map<string, StudioMedia> {
    const byExercise = new Map<string, StudioMedia>();
    for (const upload of uploads) {
      if (upload.subjectKind !== 'exercise') continue;
      const entry = byExercise.get(upload.subjectId) ?? {};
      const url = uploadUrl(upload, this.cdnBase);
      if (upload.mediaKind === 'photo') entry.photoUrl = url;
      else entry.video = { url, publicId: `subida-${upload.fileName.replace(/\.\w+$/, '')}` };
      byExercise.set(upload.subjectId, entry);
    }
    return byExercise;
  }

  listWorkouts(): WorkoutDto[] {
    return this.current().workouts;
  }

  /** The three list answers of spec section 7, ready to send. */
  listBodies(): { workouts: CachedJson; runningWorkouts: CachedJson; plans: CachedJson } {
    const { workoutsBody, runningWorkoutsBody, plansBody } = this.current();
    return { workouts: workoutsBody, runningWorkouts: runningWorkoutsBody, plans: plansBody };
  }

  /** Malformed ids are simply not found: the member sees 'Entrenamiento no encontrado' either way (ADR 0043). */
  findWorkout(id: string): WorkoutDto | undefined {
    return this.lookup((snapshot) => snapshot.workoutsById, id);
  }

  getWorkout(id: string): WorkoutDto {
    return found(this.findWorkout(id), CATALOG_MESSAGES.workoutNotFound, 'id');
  }

  listRunningWorkouts(): RunningWorkoutDto[] {
    return this.current().runningWorkouts;
  }

  findRunningWorkout(id: string): RunningWorkoutDto | undefined {
    return this.lookup((snapshot) => snapshot.runningById, id);
  }

  getRunningWorkout(id: string): RunningWorkoutDto {
    return found(this.findRunningWorkout(id), CATALOG_MESSAGES.runningWorkoutNotFound, 'id');
  }

  listPlans(): PlanDto[] {
    return this.current().plans;
  }

  findPlan(id: string): PlanDto | undefined {
    return this.lookup((snapshot) => snapshot.plansById, id);
  }

  getPlan(id: string): PlanDto {
    return found(this.findPlan(id), CATALOG_MESSAGES.planNotFound, 'planId');
  }

  private lookup<T>(index: (snapshot: Snapshot) => Map<string, T>, id: string): T | undefined {
    return UUID.test(id) ? index(this.current()).get(id.toLowerCase()) : undefined;
  }

  private current(): Snapshot {
    if (!this.snapshot) throw new DomainError('unavailable', CATALOG_MESSAGES.catalogLoading);
    return this.snapshot;
  }

  private workoutView(row: WorkoutRecord, exercises: Map<string, ExerciseRecord>, studio: Map<string, StudioMedia>): WorkoutDto {
    const rounds: RoundDto[] = row.rounds.map((round) => ({
      ...round,
      exercises: round.exercises.map((entry) => {
        const exercise = exercises.get(entry.exerciseId);
        if (!exercise) throw new Error(`catalog_workouts ${row.id} references a missing exercise ${entry.exerciseId}`);
        return {
          ...entry,
          details: {
            name: exercise.name,
            primaryMuscles: exercise.primary_muscles,
            media: mediaFor(exercise.media_family, this.config.media.cdnBase, studio.get(exercise.id)),
          },
        };
      }),
    }));
    return {
      _id: row.id,
      title: row.title,
      goal: row.goal,
      description: row.description,
      difficulty: row.difficulty,
      workoutType: row.workout_types,
      estDurationMin: row.est_duration_min,
      estDurationSec: row.est_duration_sec,
      duration: row.est_duration_min,
      calculatedDurationMin: row.calculated_duration_min,
      totalRounds: row.total_rounds,
      targetMuscles: row.target_muscles,
      requiresEquipment: row.requires_equipment,
      rounds,
    };
  }
}

function exercisesInUse(workouts: WorkoutDto[], exercises: Map<string, ExerciseRecord>): Snapshot['exercisesInUse'] {
  const used = new Map<string, Set<string>>();
  for (const workout of workouts) {
    for (const round of workout.rounds) {
      for (const entry of round.exercises) {
        const set = used.get(entry.exerciseId) ?? new Set<string>();
        set.add(workout._id);
        used.set(entry.exerciseId, set);
      }
    }
  }
  return [...used.entries()]
    .map(([exerciseId, inWorkouts]) => {
      const exercise = exercises.get(exerciseId) as ExerciseRecord;
      return { exerciseId, name: exercise.name, family: exercise.media_family, workouts: inWorkouts.size };
    })
    .sort((a, b) => a.family.localeCompare(b.family) || a.name.localeCompare(b.name, 'es'));
}

function found<T>(value: T | undefined, message: string, field: string): T {
  if (value === undefined) throw new DomainError('not-found', message, { field });
  return value;
}

function runningView(row: RunningRecord): RunningWorkoutDto {
  return {
    _id: row.id,
    title: row.title,
    goal: row.goal,
    description: row.description,
    difficulty: row.difficulty,
    distance: Number(row.distance_km),
    duration: row.duration_min,
    runningType: row.running_type,
    terrain: row.terrain,
    calories: row.calories,
    paceInstructions: row.pace_instructions,
    intervals: row.intervals,
    tips: row.tips,
    requirements: row.requirements,
    isRunning: true,
  };
}

function planView(row: PlanRecord, workouts: Map<string, WorkoutDto>): PlanDto {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    difficulty: row.difficulty,
    totalWorkouts: row.workouts.length,
    estimatedWeeks: row.estimated_weeks,
    workouts: row.workouts.map(({ workoutId, week }) => {
      const workout = workouts.get(workoutId);
      if (!workout) throw new Error(`catalog_plans ${row.id} references a missing workout ${workoutId}`);
      return {
        _id: workout._id,
        title: workout.title,
        goal: workout.goal,
        estDurationSec: workout.estDurationSec,
        estDurationMin: workout.estDurationMin,
        difficulty: workout.difficulty,
        workoutType: workout.workoutType,
        week,
      };
    }),
  };
}
