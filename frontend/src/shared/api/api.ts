import { generatedApi } from './generated-api';

/**
 * The generated endpoints, refined: cache lifetimes from spec section 9 "Data
 * freshness" and the tags each mutation invalidates. Components import hooks from here.
 */
export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    getRuntimeConfig: { keepUnusedDataFor: 3600 },
    // Spec section 9 "Data freshness": workout detail, 30 min.
    getTrainingWorkout: { keepUnusedDataFor: 1800 },
    // Spec section 9: workouts list and plans 1 h; a running workout's detail 30 min.
    listTrainingWorkouts: { keepUnusedDataFor: 3600 },
    listRunningWorkouts: { keepUnusedDataFor: 3600 },
    getRunningWorkout: { keepUnusedDataFor: 1800 },
    listPlans: { keepUnusedDataFor: 3600 },
  },
});

export const { useGetRuntimeConfigQuery } = api;
export const { useRegisterForFreeClassMutation } = api;
export const { useGetFreeClassScheduleQuery } = api;
export const { useGetTrainingWorkoutQuery } = api;
