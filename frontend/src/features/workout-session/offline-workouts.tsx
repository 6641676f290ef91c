import { useEffect } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { api, PROGRESS_QUERY, useListMemberEnrollmentsQuery, useListPlansQuery } from '../../shared/api/api';
import type { EnrollmentDto, PlanDto } from '../../shared/api/generated-api';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { useOnline } from '../../shared/hooks/use-online';
import { useServiceWorkerControl } from '../../shared/pwa/service-worker';
import { allExercises, isPlayable, planSession } from './session-plan';
import { videosToPreload } from './video-preload';
import { DEFAULT_VIDEO_QUALITY } from './video-quality';

/** How many of each active plan's workouts, from the current one on, are kept ready offline. */
const WORKOUTS_AHEAD = 2;

/** The workouts the member trains next: the current one of each active plan and the one after it. */
export function nextWorkoutIds(enrollments: EnrollmentDto[], plans: PlanDto[]): string[] {
  const ids = new Set<string>();
  for (const enrollment of enrollments) {
    if (enrollment.status !== 'active') continue;
    const plan = plans.find((candidate) => candidate._id === enrollment.planId._id);
    for (const workout of plan?.workouts.slice(enrollment.currentIndex, enrollment.currentIndex + WORKOUTS_AHEAD) ?? []) ids.add(workout._id);
  }
  return [...ids];
}

/** What this page load already made ready (the next workouts' ids): once per load, not per dashboard visit. */
let readyFor = '';

/**
 * Gets the gym ready while there is a connection (ADR 0305): the pages' answers (dashboard,
 * current workouts, library list, progress), the next workouts, their clips and photos go through
 * the service worker, which keeps them; the player then runs them offline exactly as online.
 * Renders nothing; only once the worker answers this page's requests.
 */
export function OfflineWorkouts() {
  const online = useOnline();
  const controlled = useServiceWorkerControl();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const enrollments = useListMemberEnrollmentsQuery().data?.enrollments;
  const plans = useListPlansQuery().data?.plans;
  const cdnBase = useRuntimeConfig().config?.mediaCdnBase;
  const ids = enrollments && plans ? nextWorkoutIds(enrollments, plans).join(',') : '';
  const active =
    enrollments
      ?.filter((enrollment) => enrollment.status === 'active')
      .map((enrollment) => enrollment._id)
      .join(',') ?? '';

  useEffect(() => {
    if (!online || !controlled || !ids || readyFor === ids) return;
    readyFor = ids;
    let cancelled = false;
    let finished = false;
    // Asked again through the worker: what the page read before it took control is not kept yet.
    const refetch = { subscribe: false, forceRefetch: true } as const;
    void (async () => {
      dispatch(api.endpoints.getOnboardingStatus.initiate(undefined, refetch));
      dispatch(api.endpoints.getMemberProfile.initiate(undefined, refetch));
      dispatch(api.endpoints.listMemberEnrollments.initiate(undefined, refetch));
      dispatch(api.endpoints.listPlans.initiate(undefined, refetch));
      dispatch(api.endpoints.getProgressStats.initiate(undefined, refetch));
      dispatch(api.endpoints.getMemberChallenges.initiate(undefined, refetch));
      dispatch(api.endpoints.listProgress.initiate(PROGRESS_QUERY, refetch));
      dispatch(api.endpoints.listTrainingWorkouts.initiate(undefined, refetch));
      for (const id of active.split(',').filter(Boolean)) dispatch(api.endpoints.getCurrentWorkout.initiate({ id }, refetch));
      for (const id of ids.split(',')) {
        const answer = await dispatch(api.endpoints.getTrainingWorkout.initiate({ id }, refetch))
          .unwrap()
          .catch(() => null);
        if (cancelled) return;
        if (!answer?.workout) continue;
        const plan = planSession(answer.workout);
        if (!isPlayable(plan)) continue;
        const photos = allExercises(plan).flatMap((exercise) => (exercise.media?.photoUrl ? [exercise.media.photoUrl] : []));
        const media = [...videosToPreload(plan, DEFAULT_VIDEO_QUALITY, cdnBase).map((video) => video.url), ...photos];
        // One at a time: a gym's connection is shared, and the worker answers what it already has at once.
        for (const url of media) {
          const response = await fetch(url).catch(() => null);
          await response?.blob().catch(() => undefined);
          if (cancelled) return;
        }
      }
      finished = true;
    })();
    return () => {
      cancelled = true;
      // Left half done (the member moved on): the next visit finishes it.
      if (!finished) readyFor = '';
    };
  }, [online, controlled, ids, active, cdnBase, dispatch]);

  return null;
}
