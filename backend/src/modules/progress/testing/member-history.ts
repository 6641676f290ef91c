import { randomUUID } from 'node:crypto';
import type { HeartRateSummary } from '../../heart-rate/heart-rate.rules';
import type { NewEvent } from '../../../infrastructure/event-store/event-store.port';
import { MEMBER_EVENT_SCHEMA_VERSIONS, type MemberEvent, type MemberEventType } from '../../members/member.events';
import { addDays, localDateOf } from '../../../shared/studio-day';

/**
 * Member histories for the progress tests and `npm run bench:members`: events shaped
 * exactly as the member decider writes them (payload with `occurredAt`, storage
 * metadata with the same instant and the schema version of member.events.ts).
 */

/** The storage envelope the member writer puts around one decided event. */
export function memberNewEvent(userId: string, event: MemberEvent): NewEvent {
  const id = randomUUID();
  return {
    type: event.type,
    data: event.data,
    metadata: {
      eventId: id,
      correlationId: id,
      causationId: id,
      actor: { userId, role: 'member' },
      occurredAt: event.data.occurredAt,
      schemaVersion: MEMBER_EVENT_SCHEMA_VERSIONS[event.type as MemberEventType],
    },
  };
}

/** A WorkoutCompleted at an instant, with its studio day frozen as the decider does. */
export function workoutCompleted(
  occurredAt: string,
  options: {
    workoutId?: string;
    planId?: string | null;
    enrollmentId?: string | null;
    isRunning?: boolean;
    durationSec?: number;
    completionId?: string;
    heartRate?: HeartRateSummary;
  } = {},
): MemberEvent {
  return {
    type: 'WorkoutCompleted',
    data: {
      completionId: options.completionId ?? randomUUID(),
      workoutId: options.workoutId ?? 'wk-test',
      planId: options.planId ?? null,
      enrollmentId: options.enrollmentId ?? null,
      isRunning: options.isRunning ?? false,
      durationSec: options.durationSec ?? 1800,
      occurredAt,
      localDate: localDateOf(occurredAt),
      ...(options.heartRate ? { heartRate: options.heartRate } : {}),
    },
  };
}

/** A plausible session summary with `points` Puntos Pulso, with or without the badge. */
export function heartRateSummary(points: number, badge = false): HeartRateSummary {
  return {
    avgBpm: 138,
    maxBpm: 177,
    secondsInZone: [120, 300, 600, badge ? 480 : 240, badge ? 300 : 0],
    secondsAtBadgeIntensity: badge ? 760 : 200,
    points,
    kcal: 300,
    badge,
    samples: 1700,
    recovery1MinBpm: 28,
  };
}

/**
 * Gives about half the workouts of a history a heart-rate summary (a sensor some days), from
 * its own generator so the history itself stays the same.
 */
export function withHeartRate<T extends { event: MemberEvent }>(entries: T[], random: () => number): T[] {
  return entries.map((entry) => {
    if (entry.event.type !== 'WorkoutCompleted' || random() < 0.5) return entry;
    const heartRate = heartRateSummary(20 + Math.floor(random() * 140), random() < 0.3);
    return { ...entry, event: { ...entry.event, data: { ...entry.event.data, heartRate } } };
  });
}

export function enrolledInPlan(occurredAt: string, planId: string, enrollmentId: string = randomUUID(), workoutIds: string[] = ['wk-test']): MemberEvent {
  return { type: 'EnrolledInPlan', data: { enrollmentId, planId, workoutIds, occurredAt } };
}

/** A small deterministic generator (mulberry32), so a history can be replayed exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HistoryCatalogue {
  trainingWorkoutIds: readonly string[];
  runningWorkoutIds: readonly string[];
  plans: readonly { id: string; workoutIds: readonly string[] }[];
}

const GOALS = ['Perder peso', 'Ganar fuerza', 'Mejorar resistencia', 'Reducir estrés'];

/**
 * One member's realistic history of exactly `count` events in time order: a profile and
 * onboarding, enrolments in plans followed workout by workout (some paused and resumed,
 * some abandoned, finished ones completed), standalone and running workouts, trained
 * between 05:00 and 21:30 in San Salvador (so many fall on the next UTC day), with
 * gaps that make and break streaks.
 */
export function memberHistory(random: () => number, count: number, firstDay: string, catalogue: HistoryCatalogue): MemberEvent[] {
  return [...memberHistoryEvents(random, count, firstDay, catalogue)];
}

/** The same history, lazily: the benchmark interleaves ten thousand of them without holding them all. */
export function* memberHistoryEvents(random: () => number, count: number, firstDay: string, catalogue: HistoryCatalogue): Generator<MemberEvent> {
  let emitted = 0;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  let day = firstDay;
  /** Local minutes since midnight, converted to UTC (El Salvador is UTC-6). */
  const instant = (localDay: string, minute: number) => new Date(Date.parse(`${localDay}T06:00:00.000Z`) + minute * 60000).toISOString();
  let minute = 300;
  const next = () => {
    minute += 1 + Math.floor(random() * 20);
    return instant(day, minute);
  };
  function* push(event: MemberEvent): Generator<MemberEvent> {
    if (emitted < count) {
      emitted += 1;
      yield event;
    }
  }
  yield* push({
    type: 'ProfileUpdated',
    data: {
      changes: {
        gender: { before: null, after: pick(['female', 'male', 'other'] as const) },
        height: { before: null, after: 150 + Math.floor(random() * 40) },
        weight: { before: null, after: 50 + Math.floor(random() * 50) },
        fitnessLevel: { before: null, after: pick(['beginner', 'intermediate', 'advanced'] as const) },
        goals: { before: [], after: [pick(GOALS)] },
      },
      occurredAt: next(),
    },
  });
  yield* push({ type: 'OnboardingCompleted', data: { occurredAt: next() } });
  let enrollment: { id: string; planId: string; workoutIds: readonly string[]; index: number; paused: boolean } | undefined;
  while (emitted < count) {
    // The next training day: usually the next one or two, sometimes a longer break.
    const roll = random();
    const gap = roll < 0.15 ? 0 : roll < 0.6 ? 1 : roll < 0.85 ? 2 : roll < 0.95 ? 3 + Math.floor(random() * 4) : 7 + Math.floor(random() * 14);
    if (gap > 0) {
      day = addDays(day, gap);
      minute = 300 + Math.floor(random() * 900);
    }
    if (!enrollment && random() < 0.3) {
      const plan = pick(catalogue.plans);
      enrollment = { id: randomUUID(), planId: plan.id, workoutIds: plan.workoutIds, index: 0, paused: false };
      yield* push({ type: 'EnrolledInPlan', data: { enrollmentId: enrollment.id, planId: plan.id, workoutIds: [...plan.workoutIds], occurredAt: next() } });
    }
    if (enrollment && !enrollment.paused && random() < 0.02) {
      enrollment.paused = true;
      yield* push({ type: 'EnrollmentPaused', data: { enrollmentId: enrollment.id, planId: enrollment.planId, pausedBy: 'member', occurredAt: next() } });
      continue;
    }
    if (enrollment?.paused) {
      enrollment.paused = false;
      yield* push({ type: 'EnrollmentResumed', data: { enrollmentId: enrollment.id, planId: enrollment.planId, resumedBy: 'member', occurredAt: next() } });
    }
    if (enrollment && random() < 0.01) {
      yield* push({ type: 'EnrollmentAbandoned', data: { enrollmentId: enrollment.id, planId: enrollment.planId, occurredAt: next() } });
      enrollment = undefined;
    }
    const kind = random();
    if (enrollment && kind < 0.6) {
      yield* push(
        workoutCompleted(next(), {
          workoutId: enrollment.workoutIds[enrollment.index]!,
          planId: enrollment.planId,
          enrollmentId: enrollment.id,
          durationSec: 900 + Math.floor(random() * 2700),
        }),
      );
      enrollment.index += 1;
      if (enrollment.index === enrollment.workoutIds.length) {
        yield* push({ type: 'EnrollmentCompleted', data: { enrollmentId: enrollment.id, planId: enrollment.planId, occurredAt: next() } });
        enrollment = undefined;
      }
    } else if (kind < 0.8) {
      yield* push(workoutCompleted(next(), { workoutId: pick(catalogue.trainingWorkoutIds), durationSec: 900 + Math.floor(random() * 2700) }));
    } else {
      yield* push(workoutCompleted(next(), { workoutId: pick(catalogue.runningWorkoutIds), isRunning: true, durationSec: 600 + Math.floor(random() * 4800) }));
    }
  }
}
