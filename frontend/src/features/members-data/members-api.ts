import { useCallback } from 'react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { generatedApi, type CompleteWorkoutDto, type UpdateProfileDto } from '../../shared/api/generated-api';
import { withReadRetries } from './read-retry';
import {
  EMPTY_STATS,
  type CurrentWorkoutResponse,
  type Enrollment,
  type MemberStats,
  type PlatformUser,
  type ProfileUpdate,
  type ProgressPage,
  type WorkoutCompletion,
} from './members-types';

/** Spec section 9 "Data freshness", in seconds for keepUnusedDataFor (the catalogue's are set in shared/api/api.ts). */
export const FRESHNESS = {
  profile: 5 * 60,
  enrollments: 5 * 60,
  progress: 5 * 60,
  stats: 5 * 60,
} as const;

/** Stats are polled, not just cached: the figures move when a member trains elsewhere. */
export const STATS_POLLING_MS = 5 * 60 * 1000;

/**
 * A client-made key per mutation, so a resent request (a flaky network, a double tap)
 * is recognised by the server instead of being recorded twice.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

type Bound = (args: string | FetchArgs) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>>;

/** The parts of an endpoint definition the read refinement touches. */
interface ReadDefinition {
  query?: (arg: unknown) => string | FetchArgs;
  queryFn?: (arg: unknown, api: { signal: AbortSignal }, extra: unknown, baseQuery: Bound) => Promise<unknown>;
}

/**
 * A generated read keeps its generated request (path and parameters come from
 * docs/openapi.json) and gains spec section 9's read retries and, where the spec
 * asks for one, a fallback answer of the same shape. Mutations are never retried.
 */
function retryingRead<T>(fallback?: (error: FetchBaseQueryError) => T | undefined, complete?: (data: T) => T) {
  return (definition: unknown) => {
    const read = definition as ReadDefinition;
    const request = read.query;
    if (!request) return;
    delete read.query;
    read.queryFn = async (arg, api, _extra, baseQuery) => {
      const result = await withReadRetries(async () => {
        try {
          const answer = await baseQuery(request(arg));
          return answer.error ? { error: answer.error } : { data: answer.data as T };
        } catch (thrown) {
          // A request that cannot even be built fails like a network error, not as an exception.
          return { error: { status: 'FETCH_ERROR' as const, error: String(thrown) } };
        }
      }, api.signal);
      if (result.error) {
        const substitute = fallback?.(result.error);
        return substitute === undefined ? { error: result.error } : { data: substitute };
      }
      return { data: complete ? complete(result.data) : result.data };
    };
  };
}

/**
 * One set of tags for the members' data. Each mutation invalidates exactly what it
 * changes: a plan completion refreshes stats, progress, the enrolments and that
 * enrolment's current workout; a running or standalone one only stats and progress.
 */
const tagTypes = ['Profile', 'Onboarding', 'Enrollment', 'CurrentWorkout', 'Stats', 'Progress'] as const;

function enrollmentChanged(enrollmentId: string) {
  return [
    { type: 'Enrollment' as const, id: 'LIST' },
    { type: 'Enrollment' as const, id: enrollmentId },
    { type: 'CurrentWorkout' as const, id: enrollmentId },
    'Stats' as const,
  ];
}

export const membersApi = generatedApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getMemberProfile: { providesTags: ['Profile'], keepUnusedDataFor: FRESHNESS.profile },
    getOnboardingStatus: { providesTags: ['Onboarding'], keepUnusedDataFor: FRESHNESS.profile },
    updateMemberProfile: {
      invalidatesTags: (_result, error, update) => (error ? [] : update.updateProfileDto.completeOnboarding ? ['Profile', 'Onboarding'] : ['Profile']),
      // The answer is the saved user: show it at once instead of the old one until the refetch lands.
      async onQueryStarted(_update, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(generatedApi.util.upsertQueryData('getMemberProfile', undefined, data));
        } catch {
          // The page reports the failure; the cache keeps the last saved profile.
        }
      },
    },
    listMemberEnrollments: {
      providesTags: (answer) => [{ type: 'Enrollment', id: 'LIST' }, ...(answer?.enrollments ?? []).map((enrollment) => ({ type: 'Enrollment' as const, id: enrollment._id }))],
      keepUnusedDataFor: FRESHNESS.enrollments,
    },
    enrollInPlan: {
      // A new enrolment changes the list and the active-plans figure (and Multi-Plan).
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Enrollment', id: 'LIST' }, 'Stats']),
    },
    abandonEnrollment: { invalidatesTags: (_result, error, { id }) => (error ? [] : enrollmentChanged(id)) },
    pauseEnrollment: { invalidatesTags: (_result, error, { id }) => (error ? [] : enrollmentChanged(id)) },
    resumeEnrollment: { invalidatesTags: (_result, error, { id }) => (error ? [] : enrollmentChanged(id)) },
    getCurrentWorkout: {
      providesTags: (_result, _error, { id }) => [{ type: 'CurrentWorkout', id }],
      keepUnusedDataFor: FRESHNESS.enrollments,
    },
    getProgressStats: { providesTags: ['Stats'], keepUnusedDataFor: FRESHNESS.stats },
    listProgress: { providesTags: [{ type: 'Progress', id: 'LIST' }], keepUnusedDataFor: FRESHNESS.progress },
    completeWorkout: {
      invalidatesTags: (_result, error, { completeWorkoutDto: completion }) => {
        if (error) return [];
        const always = ['Stats' as const, { type: 'Progress' as const, id: 'LIST' }];
        // A plan session advances its enrolment; a standalone or running workout touches no plan.
        const enrollmentId = typeof completion.enrollmentId === 'string' ? completion.enrollmentId : null;
        return enrollmentId ? [...always, ...enrollmentChanged(enrollmentId)] : always;
      },
    },
  },
});

// Reads: retried, with the spec's fallbacks (section 7).
membersApi.enhanceEndpoints({
  endpoints: {
    getMemberProfile: retryingRead(),
    getOnboardingStatus: retryingRead(),
    // A member with no enrolments may get a 404, which means "none".
    listMemberEnrollments: retryingRead((error) => (error.status === 404 ? { enrollments: [] } : undefined)),
    getCurrentWorkout: retryingRead(),
    // On failure the figures default to zeros and empty lists; a partial answer is completed with them.
    getProgressStats: retryingRead<{ stats: MemberStats }>(
      () => ({ stats: EMPTY_STATS }),
      (answer) => ({ stats: { ...EMPTY_STATS, ...answer.stats } }),
    ),
    listProgress: retryingRead(),
  },
});

type QueryState<D> = { data?: D; currentData?: D };

/** The hook's state with the answer's envelope taken off (`{user}` → the user), for both data and currentData. */
function unwrapped<R extends QueryState<unknown>, T>(result: R, pick: (answer: NonNullable<R['data']>) => T): Omit<R, 'data' | 'currentData'> & { data?: T; currentData?: T } {
  return {
    ...result,
    data: result.data === undefined ? undefined : pick(result.data as NonNullable<R['data']>),
    currentData: result.currentData === undefined ? undefined : pick(result.currentData as NonNullable<R['data']>),
  };
}

type QueryOptions = { skip?: boolean };

export function useMemberProfileQuery(_arg?: void, options?: QueryOptions) {
  return unwrapped(membersApi.useGetMemberProfileQuery(undefined, options), (answer) => answer.user as PlatformUser);
}

export function useMemberOnboardingStatusQuery(_arg?: void, options?: QueryOptions) {
  return unwrapped(membersApi.useGetOnboardingStatusQuery(undefined, options), (answer) => Boolean(answer.onboardingCompleted));
}

export function useMemberEnrollmentsQuery(_arg?: void, options?: QueryOptions) {
  return unwrapped(membersApi.useListMemberEnrollmentsQuery(undefined, options), (answer) => (answer.enrollments ?? []) as Enrollment[]);
}

export function useCurrentWorkoutQuery(enrollmentId: string, options?: QueryOptions) {
  return unwrapped(membersApi.useGetCurrentWorkoutQuery({ id: enrollmentId }, options), (answer) => answer as unknown as CurrentWorkoutResponse);
}

export function useMemberProgressQuery(page: { limit: number; offset: number }, options?: QueryOptions) {
  const result = membersApi.useListProgressQuery(page, options);
  // Spec section 7: a non-OK answer raises 'Failed to fetch progress'.
  const error = result.error ? { status: 'CUSTOM_ERROR' as const, error: 'Failed to fetch progress' } : undefined;
  return { ...unwrapped(result, (answer) => ({ progress: answer.progress ?? [], pagination: answer.pagination }) as ProgressPage), error };
}

/** The stats query with its spec polling interval; every page reads stats through this. */
export function useMemberStats() {
  return unwrapped(membersApi.useGetProgressStatsQuery(undefined, { pollingInterval: STATS_POLLING_MS, skipPollingIfUnfocused: true }), (answer) => answer.stats as MemberStats);
}

export function useSaveMemberProfileMutation() {
  const [trigger, state] = membersApi.useUpdateMemberProfileMutation();
  const save = useCallback(
    (update: ProfileUpdate) => trigger({ 'idempotency-key': newIdempotencyKey(), updateProfileDto: update as unknown as UpdateProfileDto }),
    [trigger],
  );
  return [save, state] as const;
}

export function useEnrollInPlanMutation() {
  const [trigger, state] = membersApi.useEnrollInPlanMutation();
  const enroll = useCallback((body: { planId: string }) => trigger({ 'idempotency-key': newIdempotencyKey(), createEnrollmentDto: body }), [trigger]);
  return [enroll, state] as const;
}

export function useAbandonEnrollmentMutation() {
  const [trigger, state] = membersApi.useAbandonEnrollmentMutation();
  const abandon = useCallback((enrollmentId: string) => trigger({ id: enrollmentId, 'idempotency-key': newIdempotencyKey() }), [trigger]);
  return [abandon, state] as const;
}

export function useResumeEnrollmentMutation() {
  const [trigger, state] = membersApi.useResumeEnrollmentMutation();
  const resume = useCallback((enrollmentId: string) => trigger({ id: enrollmentId, 'idempotency-key': newIdempotencyKey() }), [trigger]);
  return [resume, state] as const;
}

/** The running modal's completion (and any completion sent without a key of its own). */
export function useCompleteWorkoutMutation() {
  const [trigger, state] = membersApi.useCompleteWorkoutMutation();
  const complete = useCallback(
    (completion: WorkoutCompletion, idempotencyKey: string = newIdempotencyKey()) =>
      trigger({ 'idempotency-key': idempotencyKey, completeWorkoutDto: completion as unknown as CompleteWorkoutDto }),
    [trigger],
  );
  return [complete, state] as const;
}

/** Spec section 9: the progress page asks for the latest 100 records. */
export const PROGRESS_QUERY = { limit: 100, offset: 0 } as const;

/** The text a failure carries in its body (spec section 7 reads `error`, else `message`), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') {
      const body = data as { error?: unknown; message?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
      if (typeof body.message === 'string' && body.message) return body.message;
    }
  }
  return undefined;
}
