import type { RoundExercise, Workout, WorkoutRound } from './session-types';

/** Test workouts: small, explicit, and named after what they exercise. */
export function timed(name: string, exerciseTime: number, exerciseRest?: number | null, videoUrl?: string): RoundExercise {
  return {
    exerciseId: `ex-${name}`,
    type: 'time',
    exerciseTime,
    exerciseRest,
    details: { name, media: videoUrl ? { secureUrl: videoUrl } : null },
  };
}

export function reps(name: string, exerciseReps: number, exerciseRest?: number | null, videoUrl?: string): RoundExercise {
  return {
    exerciseId: `ex-${name}`,
    type: 'reps',
    exerciseReps,
    exerciseRest,
    details: { name, media: videoUrl ? { secureUrl: videoUrl } : null },
  };
}

export function round(exercises: RoundExercise[], restBetweenRounds?: number | null, roundType = 'circuit'): WorkoutRound {
  return { roundType, roundName: null, restBetweenRounds, exercises };
}

export function workout(rounds: WorkoutRound[], title = 'Full Body Express'): Workout {
  return { _id: 'w-1', title, difficulty: 'beginner', rounds };
}

/** Two rounds: a timed exercise with a rest, a rep exercise without, a round rest, then a last round. */
export function sampleWorkout(): Workout {
  return workout([
    round([timed('Sentadillas', 30, 15, '/media/squat.mp4'), reps('Flexiones', 12, 0, '/media/pushup.mp4')], 20, 'warmup'),
    round([timed('Plancha', 20, 0, '/media/plank.mp4'), reps('Burpees', 10, 0)], 0, 'main'),
  ]);
}
