import { useEffect } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { api, PROGRESS_QUERY, useListMemberEnrollmentsQuery, useListPlansQuery } from '../../shared/api/api';
import type { EnrollmentDto, PlanDto } from '../../shared/api/generated-api';
import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { useOnline } from '../../shared/hooks/use-online';
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

/**
 * Gets the gym ready while there is a connection (ADR 0305): the next workouts, their clips and
 * photos, the library list and the progress go through the service worker, which keeps them. The
 * player then runs them offline exactly as online. Renders nothing; only with a worker in control.
 */
export function OfflineWorkouts() {
  const online = useOnline();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const enrollments = useListMemberEnrollmentsQuery().data?.enrollments;
  const plans = useListPlansQuery().data?.plans;
  const cdnBase = useRuntimeConfig().config?.mediaCdnBase;
  const ids = enrollments && plans ? nextWorkoutIds(enrollments, plans).join(',') : '';

  useEffect(() => {
    if (!online || !ids || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    let cancelled = false;
    void (async () => {
      dispatch(api.endpoints.listTrainingWorkouts.initiate(undefined, { subscribe: false }));
      dispatch(api.endpoints.listProgress.initiate(PROGRESS_QUERY, { subscribe: false }));
      for (const id of ids.split(',')) {
        if (cancelled) return;
        const answer = await dispatch(api.endpoints.getTrainingWorkout.initiate({ id }, { subscribe: false }))
          .unwrap()
          .catch(() => null);
        if (!answer?.workout) continue;
        const plan = planSession(answer.workout);
        if (!isPlayable(plan)) continue;
        const photos = allExercises(plan).flatMap((exercise) => (exercise.media?.photoUrl ? [exercise.media.photoUrl] : []));
        const media = [...videosToPreload(plan, DEFAULT_VIDEO_QUALITY, cdnBase).map((video) => video.url), ...photos];
        // One at a time: a gym's connection is shared, and the worker answers what it already has at once.
        for (const url of media) {
          if (cancelled) return;
          const response = await fetch(url).catch(() => null);
          await response?.blob().catch(() => undefined);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [online, ids, cdnBase, dispatch]);

  return null;
}
