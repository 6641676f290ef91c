import type { DomainCommand } from '../../shared/decider';
import { DomainError, invalidField } from '../../shared/domain-error';
import { localDateOf, normalizeInstant } from '../../shared/studio-day';
import { heartRateOf } from '../heart-rate/heart-rate.decider';
import { intervalTimerOf } from '../interval-timer/interval-timer.decider';
import { findEnrollment, MAX_WORKOUT_DURATION_SEC, MEMBER_MESSAGES, refuseIfFinished, type MemberState } from '../members/member.decider';
import type { MemberEvent, WorkoutCompleted } from '../members/member.events';

/**
 * A completed workout on the member's stream: counted once whenever its retry comes, in its
 * enrolment's order (the plan's last one completes the enrolment), with its heart-rate summary
 * and any raise of the maximum (ADRs 0133, 0134), or its interval-timer session (ADR 0161).
 */

/**
 * The completion as the event will record it, minus what the decider derives: the day from
 * `now`, and the heart-rate summary from the readings, the profile and the consent.
 */
export type CompleteWorkout = DomainCommand<
  'CompleteWorkout',
  Omit<WorkoutCompleted['data'], 'occurredAt' | 'localDate' | 'heartRate'> & {
    now: string;
    /** The session's 1 Hz readings (`HeartRateSeries.samples`), when a sensor was connected. */
    heartRateSamples?: readonly (number | null)[];
  }
>;

export function decideWorkoutCompletion(command: CompleteWorkout, state: MemberState): MemberEvent[] {
  return completeWorkout(command.data, state);
}

function completeWorkout(command: CompleteWorkout['data'], state: MemberState): MemberEvent[] {
  const { completionId, workoutId, planId, enrollmentId, isRunning, durationSec } = command;
  // Checked first: a retry of a plan's last workout must not be refused as "plan completed".
  if (state.completionIds.has(completionId)) return [];

  const occurredAt = normalizeInstant(command.now);
  if (!Number.isInteger(durationSec) || durationSec < 0 || durationSec > MAX_WORKOUT_DURATION_SEC) {
    throw invalidField(MEMBER_MESSAGES.durationType, 'duration');
  }
  const intervalTimer = intervalTimerOf(command);
  const localDate = localDateOf(occurredAt);
  const heartRate = heartRateOf(command.heartRateSamples, durationSec, state, localDate);
  const completed: MemberEvent = {
    type: 'WorkoutCompleted',
    data: {
      completionId,
      workoutId,
      planId,
      enrollmentId,
      isRunning,
      durationSec,
      occurredAt,
      localDate,
      ...(heartRate ? { heartRate: heartRate.summary } : {}),
      ...(intervalTimer ? { intervalTimer } : {}),
    },
  };
  const raised: MemberEvent[] =
    heartRate?.raisedTo === undefined
      ? []
      : [{ type: 'MaxHeartRateRaised', data: { maxHr: heartRate.raisedTo, previousMaxHr: heartRate.maxHr, completionId, occurredAt } }];
  if (planId === null && enrollmentId === null) return [completed, ...raised];
  if (planId === null || enrollmentId === null) throw invalidField(MEMBER_MESSAGES.planAndEnrollmentTogether, planId === null ? 'planId' : 'enrollmentId');

  const enrollment = findEnrollment(state, enrollmentId);
  if (enrollment.planId !== planId) throw invalidField(MEMBER_MESSAGES.enrollmentOfAnotherPlan, 'planId');
  refuseIfFinished(enrollment);
  if (enrollment.status === 'paused') {
    throw new DomainError('conflict', enrollment.pausedBy === 'staff' ? MEMBER_MESSAGES.pausedByStudio : MEMBER_MESSAGES.enrollmentPaused);
  }
  if (enrollment.workoutIds[enrollment.currentIndex] !== workoutId) {
    throw new DomainError('conflict', MEMBER_MESSAGES.notCurrentWorkout, {
      expectedWorkoutId: enrollment.workoutIds[enrollment.currentIndex],
    });
  }

  const isLastWorkout = enrollment.currentIndex + 1 === enrollment.workoutIds.length;
  if (!isLastWorkout) return [completed, ...raised];
  return [completed, ...raised, { type: 'EnrollmentCompleted', data: { enrollmentId, planId, occurredAt } }];
}
