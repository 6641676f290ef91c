import { useCallback } from 'react';
import { useCompleteWorkoutMutation } from '../members-data/members-api';
import type { CompleteWorkoutBody } from './session-types';

export interface CompleteWorkoutArgs {
  body: CompleteWorkoutBody;
  /** The same key on every retry, so the server records the completion once. */
  idempotencyKey: string;
}

/**
 * POST /api/progress/complete from the player (spec section 7, plus the measured
 * duration) through the generated endpoint, with the members' cache tags: a saved
 * completion refreshes stats, progress, the enrolments and the current workout.
 */
export function useCompleteSessionWorkoutMutation() {
  const [complete, state] = useCompleteWorkoutMutation();
  const send = useCallback(({ body, idempotencyKey }: CompleteWorkoutArgs) => complete(body, idempotencyKey), [complete]);
  return [send, state] as const;
}
