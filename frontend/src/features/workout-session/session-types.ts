/**
 * The training workout as the player reads it (spec section 3). The generated
 * `WorkoutDto` of GET /api/workouts/{id} fits it; it is kept looser on purpose, so a
 * sparse document (a missing rest, name or media) still plays with the spec's defaults.
 */
export type RoundType = 'warmup' | 'main' | 'cooldown' | 'circuit' | 'strength' | 'cardio' | 'superset' | 'standard';

export interface ExerciseMedia {
  publicId?: string | null;
  videoUrl?: string | null;
  secureUrl?: string | null;
  thumbSecureUrl?: string | null;
  /** The movement family of the illustrated demonstration (ADR 0220). */
  family?: string | null;
  /** videoUrl is the studio's own video, not the family clip (ADR 0221). */
  customVideo?: boolean | null;
  /** The studio's own photo of the exercise. */
  photoUrl?: string | null;
}

export interface ExerciseDetails {
  name?: string | null;
  primaryMuscles?: string[] | null;
  media?: ExerciseMedia | null;
}

export interface RoundExercise {
  exerciseId?: string | { _id: string } | null;
  /** 'time' is a timed exercise; anything else counts repetitions. */
  type?: string | null;
  exerciseTime?: number | null;
  exerciseReps?: number | null;
  exerciseRest?: number | null;
  details?: ExerciseDetails | null;
}

export interface WorkoutRound {
  roundType?: RoundType | string | null;
  roundName?: string | null;
  restBetweenRounds?: number | null;
  exercises?: RoundExercise[] | null;
}

export interface Workout {
  _id: string;
  title: string;
  goal?: string | null;
  description?: string | null;
  difficulty?: 'beginner' | 'intermediate' | 'advanced' | string | null;
  workoutType?: string | string[] | null;
  estDurationMin?: number | null;
  estDurationSec?: number | null;
  duration?: number | null;
  calculatedDurationMin?: number | null;
  totalRounds?: number | null;
  targetMuscles?: string[] | null;
  requiresEquipment?: string[] | null;
  rounds?: WorkoutRound[] | null;
}

export interface WorkoutResponse {
  workout: Workout;
}

/** Body of POST /api/progress/complete from the player (spec section 7, plus the measured duration). */
export interface CompleteWorkoutBody {
  workoutId: string;
  planId: string | null;
  enrollmentId: string | null;
  durationSec: number;
}
