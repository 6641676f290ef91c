import { api } from '../../shared/api/api';
import type { Plan, RunningWorkout, TrainingWorkout } from './members-types';

/**
 * The catalogue through its generated endpoints (GET /api/plans, /api/workouts,
 * /api/running-workouts), unwrapped to the lists the pages show.
 */
export function useCatalogPlansQuery() {
  const result = api.useListPlansQuery();
  const plans: Plan[] | undefined = result.data?.plans;
  return { ...result, data: plans };
}

export function useCatalogWorkoutsQuery(options: { skip?: boolean } = {}) {
  const result = api.useListTrainingWorkoutsQuery(undefined, options);
  const workouts: TrainingWorkout[] | undefined = result.data?.workouts;
  return { ...result, data: workouts };
}

export function useCatalogRunningWorkoutsQuery(options: { skip?: boolean } = {}) {
  const result = api.useListRunningWorkoutsQuery(undefined, options);
  const workouts: RunningWorkout[] | undefined = result.data?.workouts;
  return { ...result, data: workouts };
}

export function useCatalogWorkoutQuery(id: string, options: { skip?: boolean } = {}) {
  const result = api.useGetTrainingWorkoutQuery({ id }, options);
  const workout: TrainingWorkout | undefined = result.data?.workout;
  return { ...result, data: workout };
}
