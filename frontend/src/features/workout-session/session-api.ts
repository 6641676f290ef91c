import { baseApi } from '../../shared/api/base-api';
import type { CompleteWorkoutBody } from './session-types';

export interface CompleteWorkoutArgs {
  body: CompleteWorkoutBody;
  /** The same key on every retry, so the server records the completion once. */
  idempotencyKey: string;
}

/**
 * POST /api/progress/complete (spec section 7, plus the measured duration), injected
 * here until the members' backend puts it in generated-api.ts; then it becomes a
 * refinement in shared/api/api.ts and this file goes away.
 */
export const sessionApi = baseApi.enhanceEndpoints({ addTagTypes: ['progress', 'enrollments', 'stats'] }).injectEndpoints({
  endpoints: (build) => ({
    completeSessionWorkout: build.mutation<unknown, CompleteWorkoutArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: '/api/progress/complete',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['progress', 'enrollments', 'stats'],
    }),
  }),
});

export const { useCompleteSessionWorkoutMutation } = sessionApi;
