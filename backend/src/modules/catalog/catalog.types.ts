/**
 * The catalogue's vocabulary (spec section 3). The enum lists are the single source
 * for DTO enums, database checks and the seed's coverage tests.
 */

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const WORKOUT_TYPES = [
  'strength',
  'cardio',
  'hiit',
  'flexibility',
  'full-body',
  'upper-body',
  'lower-body',
  'core',
  'plyometric',
  'mobility',
  'endurance',
  'balance',
] as const;
export type WorkoutType = (typeof WORKOUT_TYPES)[number];

/** The five types of the spec plus the three the session player also labels. */
export const ROUND_TYPES = ['warmup', 'cooldown', 'circuit', 'superset', 'standard', 'main', 'strength', 'cardio'] as const;
export type RoundType = (typeof ROUND_TYPES)[number];

export const EXERCISE_KINDS = ['time', 'reps'] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];

export const RUNNING_TYPES = [
  'easy-run',
  'long-run',
  'tempo-run',
  'interval-training',
  'fartlek',
  'hill-repeats',
  'recovery-run',
  'race-pace',
  'sprint',
  'trail-run',
] as const;
export type RunningType = (typeof RUNNING_TYPES)[number];

export const TERRAINS = ['road', 'trail', 'track', 'treadmill', 'mixed'] as const;
export type Terrain = (typeof TERRAINS)[number];

export const INTERVAL_TYPES = ['warmup', 'run', 'tempo', 'hard', 'sprint', 'hill', 'recovery', 'walk', 'cooldown'] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];

/** The quality levels of spec section 9; `high` is the player's default. */
export const VIDEO_QUALITIES = ['low', 'medium', 'high', 'ultra'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];
export const DEFAULT_VIDEO_QUALITY: VideoQuality = 'high';

export const QUALITY_PROFILES: Record<VideoQuality, { height: number; width: number; bitrateKbps: number }> = {
  low: { height: 480, width: 854, bitrateKbps: 1000 },
  medium: { height: 540, width: 960, bitrateKbps: 2000 },
  high: { height: 720, width: 1280, bitrateKbps: 3000 },
  ultra: { height: 1080, width: 1920, bitrateKbps: 5000 },
};

/**
 * The media families: one short clip per family is shared by every exercise of that
 * family (backend/scripts/generate-media.sh draws the family's label on it).
 */
export const MEDIA_FAMILIES = [
  'sentadilla',
  'zancada',
  'bisagra',
  'empuje',
  'tiron',
  'plancha',
  'abdomen',
  'salto',
  'boxeo',
  'cardio',
  'movilidad',
  'yoga',
  'equilibrio',
] as const;
export type MediaFamily = (typeof MEDIA_FAMILIES)[number];
