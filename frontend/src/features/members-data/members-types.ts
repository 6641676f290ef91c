/**
 * The members' platform data as the API answers it (spec sections 3 and 7). Fields the
 * spec marks as "an object or just an id" keep both shapes, so a page never assumes
 * the server populated a reference.
 */

export type Difficulty = 'beginner' | 'intermediate' | 'advanced';
export type Gender = 'male' | 'female' | 'other';
export type FitnessLevel = Difficulty;
export type EnrollmentStatus = 'active' | 'paused' | 'completed';

export interface MemberProfile {
  dateOfBirth?: string | null;
  gender?: Gender | null;
  /** Centimetres. */
  height?: number | null;
  /** Kilograms. */
  weight?: number | null;
  fitnessLevel?: FitnessLevel | null;
  goals?: string[] | null;
}

export interface PlatformUser {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  profile?: MemberProfile | null;
  /** When the account started; the trial counts from here when the server sends it. */
  createdAt?: string | null;
}

export interface ProfileUpdate {
  profile: {
    dateOfBirth: string | null;
    gender: Gender | null;
    height: number | null;
    weight: number | null;
    fitnessLevel: FitnessLevel;
    goals: string[];
  };
  completeOnboarding: boolean;
}

export interface PlanWorkoutPreview {
  _id?: string;
  title: string;
  goal?: string;
  estDurationSec?: number;
}

export interface Plan {
  _id: string;
  title: string;
  description?: string;
  difficulty?: Difficulty;
  totalWorkouts?: number;
  estimatedWeeks?: number;
  workouts?: PlanWorkoutPreview[];
}

export interface PlanReference {
  _id: string;
  title?: string;
  difficulty?: Difficulty;
  totalWorkouts?: number;
}

export interface Enrollment {
  _id: string;
  planId: PlanReference | string;
  status: EnrollmentStatus;
  currentIndex: number;
}

export interface ExerciseMedia {
  publicId?: string;
  videoUrl?: string;
  secureUrl?: string;
  thumbSecureUrl?: string;
}

export interface RoundExercise {
  exerciseId?: string;
  type: 'time' | 'reps';
  exerciseTime?: number;
  exerciseReps?: number;
  exerciseRest?: number;
  details?: { name?: string; primaryMuscles?: string[]; media?: ExerciseMedia };
}

export interface Round {
  roundType?: string;
  roundName?: string;
  restBetweenRounds?: number;
  exercises: RoundExercise[];
}

export interface TrainingWorkout {
  _id: string;
  title: string;
  goal?: string;
  description?: string;
  difficulty?: Difficulty;
  workoutType?: string | string[];
  estDurationMin?: number;
  estDurationSec?: number;
  duration?: number;
  calculatedDurationMin?: number;
  totalRounds?: number;
  targetMuscles?: string[];
  requiresEquipment?: string[];
  rounds?: Round[];
}

export interface RunningInterval {
  type: string;
  /** Minutes. */
  duration?: number;
  /** Kilometres. */
  distance?: number;
  pace?: string;
  repetitions?: number;
  description?: string;
}

export interface RunningWorkout {
  _id: string;
  title: string;
  goal?: string;
  description?: string;
  difficulty?: Difficulty;
  /** Kilometres. */
  distance?: number;
  /** Minutes. */
  duration?: number;
  runningType?: string;
  terrain?: string;
  calories?: number;
  paceInstructions?: string;
  intervals?: RunningInterval[];
  tips?: string[];
  requirements?: string[];
  isRunning?: boolean;
}

export interface CurrentWorkoutResponse {
  currentWorkout: TrainingWorkout | null;
  nextWorkout: TrainingWorkout | null;
  progress: { current: number; total: number; percentComplete: number };
}

export interface WorkoutReference {
  _id?: string;
  title?: string;
  estDurationSec?: number;
}

export interface ProgressRecord {
  _id?: string;
  completedAt: string;
  /** The studio-local day of the completion, when the server states it. */
  localDate?: string;
  workoutId?: WorkoutReference | string | null;
  planId?: { _id?: string; title?: string } | string | null;
  enrollmentId?: string | null;
  /** Seconds actually trained. */
  durationSec?: number | null;
  /** Older answers named the trained seconds `duration`. */
  duration?: number | null;
  isRunning?: boolean;
}

export interface Pagination {
  total: number;
  limit: number;
  offset: number;
  hasMore?: boolean;
}

export interface ProgressPage {
  progress: ProgressRecord[];
  pagination: Pagination;
}

export interface Achievement {
  code: string;
  title: string;
  description: string;
  unlocked: boolean;
  unlockedAt: string | null;
  progress: number;
  target: number;
}

export interface RecentWorkout {
  completedAt: string;
  workoutId?: { title?: string } | string | null;
}

export interface MemberStats {
  totalWorkouts: number;
  hasWorkoutToday: boolean;
  currentStreak: number;
  longestStreak: number;
  thisWeekCount: number;
  thisMonthCount: number;
  totalDurationSec: number;
  activePlans: number;
  recentWorkouts: RecentWorkout[];
  achievements: Achievement[];
}

/** A training session finished in a plan, or a standalone one (plan and enrolment null). */
export interface PlanCompletion {
  workoutId: string;
  planId: string | null;
  enrollmentId: string | null;
}

/** What the running modal reports: the seconds actually run. */
export interface RunningCompletion {
  workoutId: string;
  isRunning: true;
  duration: number;
}

export type WorkoutCompletion = PlanCompletion | RunningCompletion;

/** Spec section 7: a failed stats read shows zeros and empty lists rather than an error. */
export const EMPTY_STATS: MemberStats = {
  totalWorkouts: 0,
  hasWorkoutToday: false,
  currentStreak: 0,
  longestStreak: 0,
  thisWeekCount: 0,
  thisMonthCount: 0,
  totalDurationSec: 0,
  activePlans: 0,
  recentWorkouts: [],
  achievements: [],
};

export function planIdOf(enrollment: Enrollment): string {
  return typeof enrollment.planId === 'string' ? enrollment.planId : enrollment.planId._id;
}

export function planTitleOf(enrollment: Enrollment): string {
  return typeof enrollment.planId === 'string' ? 'Plan' : (enrollment.planId.title ?? 'Plan');
}
