// TEMPORARY: hand-written until the members' backend lands; then delete this file and use the endpoints generated from docs/openapi.json, refined with these tags, lifetimes and retries in shared/api/api.ts.
import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { baseApi } from '../../shared/api/base-api';
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

type Bound = (args: string | FetchArgs) => PromiseLike<{ data?: unknown; error?: FetchBaseQueryError; meta?: FetchBaseQueryMeta }> | { data?: unknown; error?: FetchBaseQueryError };

async function read<T>(baseQuery: Bound, args: string | FetchArgs, signal: AbortSignal) {
  return withReadRetries(async () => {
    try {
      const answer = await baseQuery(args);
      return answer.error ? { error: answer.error } : { data: answer.data as T };
    } catch (thrown) {
      // A request that cannot even be built fails like a network error, not as an exception.
      return { error: { status: 'FETCH_ERROR' as const, error: String(thrown) } };
    }
  }, signal);
}

/**
 * A client-made key per mutation, so a resent request (a flaky network, a double tap)
 * is recognised by the server instead of being recorded twice.
 */
function idempotencyHeaders(): Record<string, string> {
  return { 'Idempotency-Key': crypto.randomUUID() };
}

/**
 * The lowercase tags are the ones the workout player's completion invalidates
 * (workout-session/session-api.ts); the member queries provide them too, so a workout
 * finished in the player refreshes the dashboard, progress and stats at once.
 */
const PLAYER_TAGS = ['progress', 'enrollments', 'stats'] as const;
const tagTypes = ['Profile', 'Onboarding', 'Enrollment', 'CurrentWorkout', 'Stats', 'Progress', ...PLAYER_TAGS] as const;

export const membersApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes }).injectEndpoints({
  endpoints: (build) => ({
    memberProfile: build.query<PlatformUser, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        const result = await read<{ user: PlatformUser }>(baseQuery as Bound, '/api/platform-users/profile', api.signal);
        return result.error ? { error: result.error } : { data: result.data.user };
      },
      providesTags: ['Profile'],
      keepUnusedDataFor: FRESHNESS.profile,
    }),
    memberOnboardingStatus: build.query<boolean, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        const result = await read<{ onboardingCompleted: boolean }>(baseQuery as Bound, '/api/platform-users/onboarding-status', api.signal);
        return result.error ? { error: result.error } : { data: Boolean(result.data.onboardingCompleted) };
      },
      providesTags: ['Onboarding'],
      keepUnusedDataFor: FRESHNESS.profile,
    }),
    saveMemberProfile: build.mutation<PlatformUser, ProfileUpdate>({
      query: (body) => ({ url: '/api/platform-users/profile', method: 'PUT', body, headers: idempotencyHeaders() }),
      transformResponse: (answer: { user: PlatformUser }) => answer.user,
      // The answer is the saved user: show it at once instead of the old one until the refetch lands.
      async onQueryStarted(_update, { dispatch, queryFulfilled }) {
        try {
          const { data: user } = await queryFulfilled;
          dispatch(membersApi.util.updateQueryData('memberProfile', undefined, () => user));
        } catch {
          // The page reports the failure; the cache keeps the last saved profile.
        }
      },
      invalidatesTags: (_result, error, update) => (error ? [] : update.completeOnboarding ? ['Profile', 'Onboarding'] : ['Profile']),
    }),
    memberEnrollments: build.query<Enrollment[], void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        const result = await read<{ enrollments: Enrollment[] }>(baseQuery as Bound, '/api/enrollments', api.signal);
        // Spec section 7: a member with no enrolments may get a 404, which means "none".
        if (result.error?.status === 404) return { data: [] };
        return result.error ? { error: result.error } : { data: result.data.enrollments ?? [] };
      },
      providesTags: (enrollments = []) => [
        'enrollments',
        { type: 'Enrollment', id: 'LIST' },
        ...enrollments.map((enrollment) => ({ type: 'Enrollment' as const, id: enrollment._id })),
      ],
      keepUnusedDataFor: FRESHNESS.enrollments,
    }),
    enrollInPlan: build.mutation<unknown, { planId: string }>({
      query: (body) => ({ url: '/api/enrollments', method: 'POST', body, headers: idempotencyHeaders() }),
      // A new enrolment changes the list and the active-plans figure (and Multi-Plan).
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Enrollment', id: 'LIST' }, 'Stats']),
    }),
    abandonEnrollment: build.mutation<unknown, string>({
      query: (enrollmentId) => ({ url: `/api/enrollments/${encodeURIComponent(enrollmentId)}`, method: 'DELETE', headers: idempotencyHeaders() }),
      invalidatesTags: (_result, error, enrollmentId) =>
        error
          ? []
          : [
              { type: 'Enrollment', id: 'LIST' },
              { type: 'Enrollment', id: enrollmentId },
              { type: 'CurrentWorkout', id: enrollmentId },
              'Stats',
            ],
    }),
    currentWorkout: build.query<CurrentWorkoutResponse, string>({
      async queryFn(enrollmentId, api, _extra, baseQuery) {
        const result = await read<CurrentWorkoutResponse>(baseQuery as Bound, `/api/enrollments/${encodeURIComponent(enrollmentId)}/current`, api.signal);
        return result.error ? { error: result.error } : { data: result.data };
      },
      providesTags: (_result, _error, enrollmentId) => ['enrollments', { type: 'CurrentWorkout', id: enrollmentId }],
      keepUnusedDataFor: FRESHNESS.enrollments,
    }),
    memberStats: build.query<MemberStats, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        const result = await read<{ stats: Partial<MemberStats> }>(baseQuery as Bound, '/api/progress/stats', api.signal);
        // Spec section 7: on failure the figures default to zeros and empty lists.
        if (result.error) return { data: EMPTY_STATS };
        return { data: { ...EMPTY_STATS, ...result.data.stats } };
      },
      providesTags: ['Stats', 'stats'],
      keepUnusedDataFor: FRESHNESS.stats,
    }),
    memberProgress: build.query<ProgressPage, { limit: number; offset: number }>({
      async queryFn({ limit, offset }, api, _extra, baseQuery) {
        const result = await read<ProgressPage>(baseQuery as Bound, { url: '/api/progress', params: { limit, offset } }, api.signal);
        if (result.error) return { error: { status: 'CUSTOM_ERROR', error: 'Failed to fetch progress' } };
        return { data: { progress: result.data.progress ?? [], pagination: result.data.pagination } };
      },
      providesTags: ['progress', { type: 'Progress', id: 'LIST' }],
      keepUnusedDataFor: FRESHNESS.progress,
    }),
    completeWorkout: build.mutation<unknown, WorkoutCompletion>({
      query: (body) => ({ url: '/api/progress/complete', method: 'POST', body, headers: idempotencyHeaders() }),
      invalidatesTags: (_result, error, completion) => {
        if (error) return [];
        const always = ['Stats' as const, { type: 'Progress' as const, id: 'LIST' }];
        // A plan session advances its enrolment; a standalone or running workout touches no plan.
        if (!('enrollmentId' in completion) || !completion.enrollmentId) return always;
        return [
          ...always,
          { type: 'Enrollment' as const, id: 'LIST' },
          { type: 'Enrollment' as const, id: completion.enrollmentId },
          { type: 'CurrentWorkout' as const, id: completion.enrollmentId },
        ];
      },
    }),
  }),
  overrideExisting: false,
});

export const {
  useMemberProfileQuery,
  useMemberOnboardingStatusQuery,
  useSaveMemberProfileMutation,
  useMemberEnrollmentsQuery,
  useEnrollInPlanMutation,
  useAbandonEnrollmentMutation,
  useCurrentWorkoutQuery,
  useMemberProgressQuery,
  useCompleteWorkoutMutation,
} = membersApi;

/** The stats query with its spec polling interval; every page reads stats through this. */
export function useMemberStats() {
  return membersApi.useMemberStatsQuery(undefined, { pollingInterval: STATS_POLLING_MS, skipPollingIfUnfocused: true });
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
