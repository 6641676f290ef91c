import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { isLocalDate, localDateOf, normalizeInstant } from '../../shared/studio-day';
import { CHALLENGE_MESSAGES, monthKeyOf } from '../challenges/challenges.rules';
import { EMAIL_PREFERENCE_MESSAGES, isEmailTopic, SUBSCRIBED_BY_DEFAULT, type EmailTopic } from '../email-preferences/email-preferences.rules';
import { BPM_RANGE, isBpmSample, MAX_SERIES_SAMPLES, MEASURED_MAX_HR_RANGE, raisedMaxHr, summarize, summaryMemberFor, type HeartRateSummary } from '../heart-rate/heart-rate.rules';
import { CONSENT_MESSAGES, consentKindOf, HEALTH_DATA_FIELDS } from '../privacy/consents.rules';
import { normalizeSchedule, sameSchedule, scheduleProblem, type TrainingSchedule } from '../training-calendar/training-calendar.rules';
import {
  INTERVAL_TIMER_WORKOUT_ID,
  invalidTimerField,
  isIntervalTimerKind,
  MAX_TIMER_PRESETS,
  normalizeTimerName,
  TIMER_MESSAGES,
  type IntervalTimerSession,
  type IntervalTimerSpec,
  type TimerPreset,
} from '../interval-timer/interval-timer.rules';
import {
  ageOn,
  emptyProfile,
  HEIGHT_CM,
  isFitnessLevel,
  isGender,
  MIN_MEMBER_AGE,
  PROFILE_FIELDS,
  WEIGHT_KG,
  type MemberProfile,
  type ProfileField,
} from './member-profile';
import type {
  AbandonEnrollment,
  ChangeEmailPreference,
  CompleteWorkout,
  DeleteTimerPreset,
  EnrollInPlan,
  EnrollmentHoldActor,
  GiveHeartRateConsent,
  JoinChallenge,
  MemberCommand,
  MemberEvent,
  PauseEnrollment,
  ProfileChanges,
  ResumeEnrollment,
  SaveTimerPreset,
  UpdateChallengeLeaderboardPreference,
  SetTrainingSchedule,
  UpdateProfile,
  WithdrawHeartRateConsent,
  SetMeasuredMaxHeartRate,
  RecordStudioClass,
  ChooseStudioBoardName,
  GiveConsent,
  WithdrawConsent,
} from './member.events';

/**
 * The rules of the `member-{userId}` stream: profile and onboarding, one ongoing
 * enrolment per plan, the plan's workouts done in order, and completions counted once.
 */

/** `abandoned` never reaches the SPA (an abandoned enrolment leaves the list) but stays in the history. */
export type EnrollmentStatus = 'active' | 'paused' | 'completed' | 'abandoned';

export interface EnrollmentState {
  enrollmentId: string;
  planId: string;
  workoutIds: readonly string[];
  /** Index in `workoutIds` of the next workout to do; equals its length once completed. */
  currentIndex: number;
  status: EnrollmentStatus;
  pausedBy: EnrollmentHoldActor | null;
}

export interface MemberState {
  profile: MemberProfile;
  onboardingCompleted: boolean;
  enrollments: ReadonlyMap<string, EnrollmentState>;
  /**
   * Every completion id ever recorded, so that a retry is recognised however late it
   * comes. It grows by one per workout: a few thousand over years of training.
   */
  completionIds: ReadonlySet<string>;
  /** The member's last heart-rate consent decision; null when they never gave it. */
  heartRateConsent: HeartRateConsentState | null;
  /** The maximum heart rate the platform last raised to; null while it is the estimate. */
  raisedMaxHr: number | null;
  /** The maximum the member entered; null while the estimate (or a raise) is in force (ADR 0147). */
  measuredMaxHr: number | null;
  /** The member's saved interval timers by id (ADR 0162). */
  timerPresets: ReadonlyMap<string, TimerPreset>;
  /** The monthly challenges the member joined (ADR 0170). */
  challengeIds: ReadonlySet<string>;
  /** How the member shows on challenge leaderboards; null until they choose (hidden). */
  challengeLeaderboard: { visible: boolean; showName: boolean; label: string } | null;
  /** The training days, time and reminder the member chose; null until they choose (ADR 0165). */
  trainingSchedule: TrainingSchedule | null;
  /** Whether a completion recorded a heart-rate summary since the last deletion (ADR 0144). */
  hasHeartRateData: boolean;
  /** When the member last had their heart-rate data deleted; null if never. */
  heartRateDataDeletedAt: string | null;
  /** Topics the member ever chose for (ADR 0142); a topic absent is subscribed. */
  emailPreferences: ReadonlyMap<EmailTopic, boolean>;
  /** When staff erased the member's personal data (ADR 0202); null if never. The stream takes no more member commands. */
  erasedAt: string | null;
  /** Whether the member shows on the studio's class board with their name (ADR 0183); initials by default. */
  studioBoardShowName: boolean;
  /** The last decision per consent kind recorded by `ConsentGiven` / `ConsentWithdrawn` (ADR 0190); absent when never recorded. */
  consents: ReadonlyMap<string, HeartRateConsentState>;
}

export interface HeartRateConsentState {
  granted: boolean;
  /** The notice accepted; null once withdrawn. */
  noticeVersion: string | null;
  /** When it was given or, once withdrawn, when it was withdrawn. */
  at: string;
  /** The staff member who recorded the consent in force at the front desk (ADR 0295); absent when the member gave it. */
  recordedAtDeskBy?: string;
}

/** Longest duration a single completion may claim: a day. */
export const MAX_WORKOUT_DURATION_SEC = 86_400;

/** The `details.reason` of the enrolment refused before onboarding, which the SPA answers by opening the wizard. */
export const ONBOARDING_INCOMPLETE = 'onboarding-incomplete';

export const MEMBER_MESSAGES = {
  requiredFields: 'Por favor completa todos los campos requeridos',
  minimumAge: `Debes tener al menos ${MIN_MEMBER_AGE} años para usar esta plataforma`,
  heightRange: `La estatura debe estar entre ${HEIGHT_CM.min} y ${HEIGHT_CM.max} cm.`,
  weightRange: `El peso debe estar entre ${WEIGHT_KG.min} y ${WEIGHT_KG.max} kg.`,
  dateOfBirthType: 'La fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD).',
  genderType: 'El género debe ser "male", "female" u "other".',
  heightType: 'La estatura debe ser un número entero de centímetros.',
  weightType: 'El peso debe ser un número entero de kilogramos.',
  fitnessLevelType: 'El nivel de condición física debe ser "beginner", "intermediate" o "advanced".',
  goalsType: 'Los objetivos deben ser una lista de textos no vacíos.',
  onboardingIncomplete: 'Completa tu perfil antes de inscribirte en un plan.',
  planWithoutWorkouts: 'Este plan todavía no tiene entrenamientos.',
  enrollmentIdTaken: 'Ya existe otra inscripción con este identificador.',
  alreadyEnrolled: 'Ya estás inscrito en este plan.',
  alreadyEnrolledPaused: 'Ya estás inscrito en este plan, pero está pausado. Reactívalo desde la página de planes.',
  enrollmentNotFound: 'Inscripción no encontrada',
  enrollmentCompleted: 'Ya completaste este plan. Inscríbete de nuevo si quieres repetirlo.',
  enrollmentAbandoned: 'Abandonaste este plan. Inscríbete de nuevo si quieres retomarlo.',
  enrollmentPaused: 'Este plan está pausado. Reactívalo desde la página de planes para continuar.',
  pausedByStudio: 'Tu plan fue pausado por el estudio. Comunícate con nosotros para reactivarlo.',
  planAndEnrollmentTogether: 'Indica el plan y la inscripción juntos, o ninguno de los dos para un entrenamiento libre.',
  enrollmentOfAnotherPlan: 'La inscripción no corresponde a este plan.',
  notCurrentWorkout: 'Este no es el entrenamiento que te toca en tu plan. Continúa con tu entrenamiento actual.',
  measuredMaxHrRange: 'La FC máxima medida debe ser un número entero entre 100 y 230 LPM.',
  staleHeartRateNotice: 'El aviso de frecuencia cardiaca cambió. Lee la versión actual antes de dar tu consentimiento.',
  heartRateSamplesType: `Las lecturas de frecuencia cardiaca deben ser una lista de hasta ${MAX_SERIES_SAMPLES} LPM enteros entre ${BPM_RANGE.min} y ${BPM_RANGE.max}, o null.`,
  durationType: `La duración debe ser un número entero de segundos entre 0 y ${MAX_WORKOUT_DURATION_SEC}.`,
  erased: 'Los datos personales de esta cuenta fueron borrados. Para volver a entrenar con Pulso, crea una cuenta nueva.',
} as const;

export function initialState(): MemberState {
  return {
    profile: emptyProfile(),
    onboardingCompleted: false,
    enrollments: new Map(),
    completionIds: new Set(),
    heartRateConsent: null,
    raisedMaxHr: null,
    measuredMaxHr: null,
    timerPresets: new Map(),
    challengeIds: new Set(),
    challengeLeaderboard: null,
    hasHeartRateData: false,
    heartRateDataDeletedAt: null,
    emailPreferences: new Map(),
    trainingSchedule: null,
    erasedAt: null,
    studioBoardShowName: false,
    consents: new Map(),
  };
}

export function decide(command: MemberCommand, state: MemberState): MemberEvent[] {
  // After an erasure the member has left (their account with it): a session still open must not
  // start a new history under the erased one (ADR 0202). Staff may record another erasure.
  if (state.erasedAt !== null && command.type !== 'EraseMemberData') throw new DomainError('forbidden', MEMBER_MESSAGES.erased);
  switch (command.type) {
    case 'UpdateProfile':
      return updateProfile(command.data, state);
    case 'EnrollInPlan':
      return enrollInPlan(command.data, state);
    case 'AbandonEnrollment':
      return abandonEnrollment(command.data, state);
    case 'PauseEnrollment':
      return pauseEnrollment(command.data, state);
    case 'ResumeEnrollment':
      return resumeEnrollment(command.data, state);
    case 'CompleteWorkout':
      return completeWorkout(command.data, state);
    case 'GiveHeartRateConsent':
      return giveHeartRateConsent(command.data, state);
    case 'SetMeasuredMaxHeartRate':
      return setMeasuredMaxHeartRate(command.data, state);
    case 'WithdrawHeartRateConsent':
      return withdrawHeartRateConsent(command.data, state);
    case 'SaveTimerPreset':
      return saveTimerPreset(command.data, state);
    case 'DeleteTimerPreset':
      return deleteTimerPreset(command.data, state);
    case 'JoinChallenge':
      return joinChallenge(command.data, state);
    case 'UpdateChallengeLeaderboardPreference':
      return updateChallengeLeaderboardPreference(command.data, state);
    case 'SetTrainingSchedule':
      return setTrainingSchedule(command.data, state);
    case 'ChangeEmailPreference':
      return changeEmailPreference(command.data, state);
    case 'EraseMemberData':
      // Always recorded, even again: each erasure is the answer to a request (ADR 0202).
      return [{ type: 'MemberDataErased', data: { requestId: command.data.requestId, occurredAt: normalizeInstant(command.data.now) } }];
    case 'RecordStudioClass':
      return recordStudioClass(command.data, state);
    case 'ChooseStudioBoardName':
      return chooseStudioBoardName(command.data, state);
    case 'GiveConsent':
      return giveConsent(command.data, state);
    case 'WithdrawConsent':
      return withdrawConsent(command.data, state);
    default:
      return unreachable(command);
  }
}

/** How a fold adds a completion id to the state's set: a copy, or in place in a set the fold owns. */
type AddCompletion = (ids: ReadonlySet<string>, id: string) => ReadonlySet<string>;

/** A set of the state may be shared (a cached state, ADR 0094): adding to it makes a new one. */
const addToCopy: AddCompletion = (ids, id) => new Set(ids).add(id);

/**
 * The state after `events`, the same as `evolve` one by one (ADR 0263): the completion ids are copied
 * once for the whole run instead of once per completion, so folding a member's history is linear in
 * its length, not quadratic. The copy is this call's own until the state is returned; its set is
 * shared from then on.
 */
export function evolveAll(state: MemberState, events: readonly MemberEvent[]): MemberState {
  if (events.length === 0) return state;
  const completionIds = new Set(state.completionIds);
  const addToOwn: AddCompletion = (ids, id) => (ids === completionIds ? completionIds.add(id) : addToCopy(ids, id));
  let current: MemberState = { ...state, completionIds };
  for (const event of events) current = evolveWith(current, event, addToOwn);
  return current;
}

export function evolve(state: MemberState, event: MemberEvent): MemberState {
  return evolveWith(state, event, addToCopy);
}

function evolveWith(state: MemberState, event: MemberEvent, withCompletion: AddCompletion): MemberState {
  switch (event.type) {
    case 'ProfileUpdated': {
      const profile: MemberProfile = { ...state.profile };
      for (const field of PROFILE_FIELDS) {
        const change = event.data.changes[field];
        if (change) assignField(profile, field, change.after);
      }
      return { ...state, profile };
    }
    case 'OnboardingCompleted':
      return { ...state, onboardingCompleted: true };
    case 'EnrolledInPlan': {
      const { enrollmentId, planId, workoutIds } = event.data;
      const enrollments = new Map(state.enrollments);
      enrollments.set(enrollmentId, { enrollmentId, planId, workoutIds, currentIndex: 0, status: 'active', pausedBy: null });
      return { ...state, enrollments };
    }
    case 'EnrollmentAbandoned':
      return withEnrollment(state, event.data.enrollmentId, { status: 'abandoned', pausedBy: null });
    case 'EnrollmentPaused':
      return withEnrollment(state, event.data.enrollmentId, { status: 'paused', pausedBy: event.data.pausedBy });
    case 'EnrollmentResumed':
      return withEnrollment(state, event.data.enrollmentId, { status: 'active', pausedBy: null });
    case 'EnrollmentCompleted':
      return withEnrollment(state, event.data.enrollmentId, { status: 'completed', pausedBy: null });
    case 'WorkoutCompleted': {
      const next = {
        ...state,
        completionIds: withCompletion(state.completionIds, event.data.completionId),
        hasHeartRateData: state.hasHeartRateData || event.data.heartRate !== undefined,
      };
      const enrollment = event.data.enrollmentId === null ? undefined : state.enrollments.get(event.data.enrollmentId);
      if (!enrollment) return next;
      return withEnrollment(next, enrollment.enrollmentId, { currentIndex: enrollment.currentIndex + 1 });
    }
    case 'HeartRateConsentGiven':
      return {
        ...state,
        heartRateConsent: {
          granted: true,
          noticeVersion: event.data.noticeVersion,
          at: event.data.occurredAt,
          ...(event.data.recordedAtDeskBy ? { recordedAtDeskBy: event.data.recordedAtDeskBy } : {}),
        },
      };
    case 'HeartRateConsentWithdrawn':
      return { ...state, heartRateConsent: { granted: false, noticeVersion: null, at: event.data.occurredAt } };
    case 'MaxHeartRateRaised':
      return { ...state, raisedMaxHr: event.data.maxHr };
    case 'MaxHeartRateMeasured':
      // The member's own figure replaces what sessions raised before it.
      return { ...state, measuredMaxHr: event.data.maxHr, raisedMaxHr: null };
    case 'TimerPresetSaved':
      return { ...state, timerPresets: new Map(state.timerPresets).set(event.data.presetId, event.data.preset) };
    case 'TimerPresetDeleted': {
      const timerPresets = new Map(state.timerPresets);
      timerPresets.delete(event.data.presetId);
      return { ...state, timerPresets };
    }
    case 'ChallengeJoined':
      return { ...state, challengeIds: new Set(state.challengeIds).add(event.data.challengeId) };
    case 'ChallengeLeaderboardPreferenceUpdated': {
      const { visible, showName, label } = event.data;
      return { ...state, challengeLeaderboard: { visible, showName, label } };
    }
    case 'TrainingScheduleSet': {
      const { weekdays, time, reminderOffsetMin } = event.data;
      return { ...state, trainingSchedule: { weekdays, time, reminderOffsetMin } };
    }
    case 'HeartRateDataDeleted':
      // The raise came from the deleted readings: the maximum is the estimate again.
      return { ...state, hasHeartRateData: false, heartRateDataDeletedAt: event.data.occurredAt, raisedMaxHr: null };
    case 'EmailPreferenceChanged':
      return { ...state, emailPreferences: new Map(state.emailPreferences).set(event.data.topic, event.data.subscribed) };
    case 'MemberDataErased':
      // What was personal is gone (its events read "[borrado]"); what stays is anonymous history.
      return {
        ...state,
        profile: emptyProfile(),
        timerPresets: new Map(),
        challengeLeaderboard: null,
        raisedMaxHr: null,
        measuredMaxHr: null,
        hasHeartRateData: false,
        erasedAt: event.data.occurredAt,
      };
    case 'StudioClassAttended':
      return { ...state, completionIds: withCompletion(state.completionIds, event.data.attendanceId), hasHeartRateData: true };
    case 'StudioBoardNameChosen':
      return { ...state, studioBoardShowName: event.data.showName };
    case 'ConsentGiven':
      return { ...state, consents: new Map(state.consents).set(event.data.kind, { granted: true, noticeVersion: event.data.noticeVersion, at: event.data.occurredAt }) };
    case 'ConsentWithdrawn':
      return { ...state, consents: new Map(state.consents).set(event.data.kind, { granted: false, noticeVersion: null, at: event.data.occurredAt }) };
    default:
      return unreachable(event);
  }
}

export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> & Required<Pick<Decider<MemberCommand, MemberEvent, MemberState>, 'evolveAll'>> = {
  decide,
  evolve,
  evolveAll,
  initialState,
};

function updateProfile({ profile: input, completeOnboarding, now }: UpdateProfile['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const profile: MemberProfile = { ...state.profile };
  for (const field of PROFILE_FIELDS) {
    const value = input[field];
    if (value !== undefined) assignField(profile, field, normalizeField(field, value));
  }
  refuseHealthDataWithoutConsent(input, state);
  if (completeOnboarding) checkOnboardingProfile(profile, localDateOf(occurredAt));

  const changes: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (!sameValue(state.profile[field], profile[field])) changes[field] = { before: state.profile[field], after: profile[field] };
  }

  const events: MemberEvent[] = [];
  if (Object.keys(changes).length > 0) events.push({ type: 'ProfileUpdated', data: { changes: changes as ProfileChanges, occurredAt } });
  if (completeOnboarding && !state.onboardingCompleted) events.push({ type: 'OnboardingCompleted', data: { occurredAt } });
  return events;
}

/**
 * Types hold on every path; the profile page has no bounds (spec section 5, "Profile
 * edit"), so ranges are checked only when onboarding (ADR 0062).
 */
function normalizeField(field: ProfileField, value: unknown): unknown {
  switch (field) {
    case 'dateOfBirth':
      if (value === null || (typeof value === 'string' && isLocalDate(value))) return value;
      throw invalid(MEMBER_MESSAGES.dateOfBirthType, field);
    case 'gender':
      if (value === null || isGender(value)) return value;
      throw invalid(MEMBER_MESSAGES.genderType, field);
    case 'height':
      if (value === null || isPositiveInteger(value)) return value;
      throw invalid(MEMBER_MESSAGES.heightType, field);
    case 'weight':
      if (value === null || isPositiveInteger(value)) return value;
      throw invalid(MEMBER_MESSAGES.weightType, field);
    case 'fitnessLevel':
      if (value === null || isFitnessLevel(value)) return value;
      throw invalid(MEMBER_MESSAGES.fitnessLevelType, field);
    case 'goals': {
      if (!Array.isArray(value) || !value.every((goal) => typeof goal === 'string' && goal.trim() !== '')) {
        throw invalid(MEMBER_MESSAGES.goalsType, field);
      }
      // Goals are a set of choices; the checkbox UI cannot send one twice on purpose.
      return [...new Set(value.map((goal: string) => goal.trim()))];
    }
    default:
      return unreachable(field);
  }
}

function checkOnboardingProfile(profile: MemberProfile, today: string): void {
  const missing = PROFILE_FIELDS.filter((field) => (field === 'goals' ? profile.goals.length === 0 : profile[field] === null));
  if (missing.length > 0) throw new DomainError('invalid', MEMBER_MESSAGES.requiredFields, { missing });
  const { dateOfBirth, height, weight } = profile as { dateOfBirth: string; height: number; weight: number };
  if (ageOn(dateOfBirth, today) < MIN_MEMBER_AGE) throw invalid(MEMBER_MESSAGES.minimumAge, 'dateOfBirth');
  if (height < HEIGHT_CM.min || height > HEIGHT_CM.max) throw invalid(MEMBER_MESSAGES.heightRange, 'height');
  if (weight < WEIGHT_KG.min || weight > WEIGHT_KG.max) throw invalid(MEMBER_MESSAGES.weightRange, 'weight');
}

function enrollInPlan({ enrollmentId, planId, workoutIds, now }: EnrollInPlan['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const existing = state.enrollments.get(enrollmentId);
  if (existing) {
    // The same request retried (its id comes from the Idempotency-Key): already done.
    if (existing.planId === planId) return [];
    throw new DomainError('conflict', MEMBER_MESSAGES.enrollmentIdTaken);
  }
  // Spec section 2: a member who has not finished the wizard goes to /onboarding; the plans follow it.
  if (!state.onboardingCompleted) throw new DomainError('conflict', MEMBER_MESSAGES.onboardingIncomplete, { reason: ONBOARDING_INCOMPLETE });
  if (workoutIds.length === 0) throw new DomainError('invalid', MEMBER_MESSAGES.planWithoutWorkouts, { field: 'planId' });

  for (const enrollment of state.enrollments.values()) {
    if (enrollment.planId !== planId) continue;
    if (enrollment.status === 'active') throw new DomainError('conflict', MEMBER_MESSAGES.alreadyEnrolled);
    if (enrollment.status === 'paused') throw new DomainError('conflict', MEMBER_MESSAGES.alreadyEnrolledPaused);
  }
  return [{ type: 'EnrolledInPlan', data: { enrollmentId, planId, workoutIds: [...workoutIds], occurredAt } }];
}

function abandonEnrollment({ enrollmentId, now }: AbandonEnrollment['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const enrollment = findEnrollment(state, enrollmentId);
  switch (enrollment.status) {
    case 'abandoned':
      return [];
    case 'completed':
      throw new DomainError('conflict', MEMBER_MESSAGES.enrollmentCompleted);
    case 'active':
    case 'paused':
      return [{ type: 'EnrollmentAbandoned', data: { enrollmentId, planId: enrollment.planId, occurredAt } }];
    default:
      return unreachable(enrollment.status);
  }
}

function pauseEnrollment({ enrollmentId, by, now }: PauseEnrollment['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const enrollment = findEnrollment(state, enrollmentId);
  refuseIfFinished(enrollment);
  const paused: MemberEvent = { type: 'EnrollmentPaused', data: { enrollmentId, planId: enrollment.planId, pausedBy: by, occurredAt } };
  if (enrollment.status === 'active') return [paused];
  // Already paused: staff taking over a member's pause turns it into a studio hold.
  return enrollment.pausedBy === 'member' && by === 'staff' ? [paused] : [];
}

function resumeEnrollment({ enrollmentId, by, now }: ResumeEnrollment['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const enrollment = findEnrollment(state, enrollmentId);
  refuseIfFinished(enrollment);
  if (enrollment.status === 'active') return [];
  if (enrollment.pausedBy === 'staff' && by === 'member') throw new DomainError('forbidden', MEMBER_MESSAGES.pausedByStudio);
  return [{ type: 'EnrollmentResumed', data: { enrollmentId, planId: enrollment.planId, resumedBy: by, occurredAt } }];
}

function completeWorkout(command: CompleteWorkout['data'], state: MemberState): MemberEvent[] {
  const { completionId, workoutId, planId, enrollmentId, isRunning, durationSec } = command;
  // Checked first: a retry of a plan's last workout must not be refused as "plan completed".
  if (state.completionIds.has(completionId)) return [];

  const occurredAt = normalizeInstant(command.now);
  if (!Number.isInteger(durationSec) || durationSec < 0 || durationSec > MAX_WORKOUT_DURATION_SEC) {
    throw invalid(MEMBER_MESSAGES.durationType, 'duration');
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
  if (planId === null || enrollmentId === null) throw invalid(MEMBER_MESSAGES.planAndEnrollmentTogether, planId === null ? 'planId' : 'enrollmentId');

  const enrollment = findEnrollment(state, enrollmentId);
  if (enrollment.planId !== planId) throw invalid(MEMBER_MESSAGES.enrollmentOfAnotherPlan, 'planId');
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

/**
 * A timer session is recorded under the well-known `interval-timer` id and only there, never in
 * a plan, with a valid description of the timer (ADR 0161).
 */
function intervalTimerOf(command: CompleteWorkout['data']): IntervalTimerSession | null {
  const session = command.intervalTimer;
  if (command.workoutId !== INTERVAL_TIMER_WORKOUT_ID) {
    if (session !== undefined) throw invalid(TIMER_MESSAGES.sessionOnlyForTimer, 'intervalTimer');
    return null;
  }
  if (session === undefined) throw invalid(TIMER_MESSAGES.sessionRequired, 'intervalTimer');
  if (command.planId !== null || command.enrollmentId !== null) throw invalid(TIMER_MESSAGES.timerWithoutPlan, 'planId');
  if (!isIntervalTimerKind(session.kind)) throw invalid(TIMER_MESSAGES.kind, 'kind');
  const name = normalizeTimerName(session.name);
  if (name === null) throw invalid(TIMER_MESSAGES.name, 'name');
  const spec = checkedTimerSpec(session);
  return { kind: session.kind, name, ...spec };
}

function checkedTimerSpec(input: IntervalTimerSpec): IntervalTimerSpec {
  const field = invalidTimerField(input);
  if (field !== null) throw invalid(TIMER_MESSAGES[field], field);
  const { workSec, restSec, rounds, sets, setRestSec } = input;
  return { workSec, restSec, rounds, sets, setRestSec };
}

/** A new name must not repeat another of the member's timers; saving the same timer again changes nothing. */
function saveTimerPreset({ presetId, preset, now }: SaveTimerPreset['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const name = normalizeTimerName(preset.name);
  if (name === null) throw invalid(TIMER_MESSAGES.name, 'name');
  const checked: TimerPreset = { name, ...checkedTimerSpec(preset) };
  const existing = state.timerPresets.get(presetId);
  if (existing && JSON.stringify(existing) === JSON.stringify(checked)) return [];
  const folded = name.toLocaleLowerCase('es');
  for (const [id, other] of state.timerPresets) {
    if (id !== presetId && other.name.toLocaleLowerCase('es') === folded) throw new DomainError('conflict', TIMER_MESSAGES.nameTaken, { field: 'name' });
  }
  if (!existing && state.timerPresets.size >= MAX_TIMER_PRESETS) throw new DomainError('conflict', TIMER_MESSAGES.tooMany);
  return [{ type: 'TimerPresetSaved', data: { presetId, preset: checked, occurredAt } }];
}

function deleteTimerPreset({ presetId, now }: DeleteTimerPreset['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (!state.timerPresets.has(presetId)) throw new DomainError('not-found', TIMER_MESSAGES.presetNotFound, { field: 'id' });
  return [{ type: 'TimerPresetDeleted', data: { presetId, occurredAt } }];
}

/**
 * Consent is to one notice: the current one only (a stale screen must not record consent to
 * words the member did not read). Giving it again for the notice in force changes nothing,
 * wherever it is given (the app or the front desk, ADR 0295); a new notice needs a new consent.
 */
function giveHeartRateConsent({ noticeVersion, currentNoticeVersion, now, recordedAtDeskBy }: GiveHeartRateConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (noticeVersion !== currentNoticeVersion) {
    throw new DomainError('conflict', MEMBER_MESSAGES.staleHeartRateNotice, { field: 'noticeVersion', currentNoticeVersion });
  }
  if (state.heartRateConsent?.granted && state.heartRateConsent.noticeVersion === noticeVersion) return [];
  return [{ type: 'HeartRateConsentGiven', data: { noticeVersion, occurredAt, ...(recordedAtDeskBy ? { recordedAtDeskBy } : {}) } }];
}

/** A whole bpm in range, or null to go back to the estimate; the value in force again changes nothing. */
function setMeasuredMaxHeartRate({ maxHr, now }: SetMeasuredMaxHeartRate['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (maxHr !== null && (!Number.isInteger(maxHr) || maxHr < MEASURED_MAX_HR_RANGE.min || maxHr > MEASURED_MAX_HR_RANGE.max)) {
    throw invalid(MEMBER_MESSAGES.measuredMaxHrRange, 'maxHr');
  }
  if (maxHr === state.measuredMaxHr && state.raisedMaxHr === null) return [];
  return [{ type: 'MaxHeartRateMeasured', data: { maxHr, occurredAt } }];
}

/** Withdrawing twice changes nothing; deleting with nothing recorded since the last deletion neither. */
function withdrawHeartRateConsent({ now, deleteData }: WithdrawHeartRateConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const events: MemberEvent[] = [];
  if (state.heartRateConsent?.granted) events.push({ type: 'HeartRateConsentWithdrawn', data: { occurredAt } });
  if (deleteData && (state.hasHeartRateData || state.raisedMaxHr !== null)) events.push({ type: 'HeartRateDataDeleted', data: { occurredAt } });
  return events;
}

/** The whole schedule each time; sending the one in force again changes nothing. */
function setTrainingSchedule({ now, ...input }: SetTrainingSchedule['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const problem = scheduleProblem(input);
  if (problem) throw invalid(problem[1], problem[0]);
  const schedule = normalizeSchedule(input);
  if (state.trainingSchedule && sameSchedule(state.trainingSchedule, schedule)) return [];
  return [{ type: 'TrainingScheduleSet', data: { ...schedule, weekdays: [...schedule.weekdays], occurredAt } }];
}

/** A topic of the closed list, and only a change: choosing what already holds records nothing. */
function changeEmailPreference({ topic, subscribed, now }: ChangeEmailPreference['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (!isEmailTopic(topic)) throw new DomainError('not-found', EMAIL_PREFERENCE_MESSAGES.unknownTopic, { field: 'topic' });
  if ((state.emailPreferences.get(topic) ?? SUBSCRIBED_BY_DEFAULT) === subscribed) return [];
  return [{ type: 'EmailPreferenceChanged', data: { topic, subscribed, occurredAt } }];
}

/**
 * After the member withdrew the health-data consent, their height, weight and date of birth are
 * no longer stored: a profile update that sets one is refused until they give it again (ADR 0190).
 * A member who never recorded a decision (signed up before the registry) is not refused.
 */
function refuseHealthDataWithoutConsent(input: UpdateProfile['data']['profile'], state: MemberState): void {
  if (state.consents.get('health-data')?.granted !== false) return;
  const field = HEALTH_DATA_FIELDS.find((name) => input[name] !== undefined && input[name] !== null && input[name] !== state.profile[name]);
  if (field) throw new DomainError('forbidden', CONSENT_MESSAGES.healthDataWithdrawn, { field });
}

/** A kind of the registry recorded by the generic events, to the notice in force; giving it again changes nothing. */
function giveConsent({ kind, noticeVersion, now }: GiveConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const recordedBy = genericConsent(kind);
  if (noticeVersion !== recordedBy.noticeVersion) {
    throw new DomainError('conflict', CONSENT_MESSAGES.staleNotice, { field: 'noticeVersion', currentNoticeVersion: recordedBy.noticeVersion });
  }
  const current = state.consents.get(kind);
  if (current?.granted && current.noticeVersion === noticeVersion) return [];
  return [{ type: 'ConsentGiven', data: { kind, noticeVersion, occurredAt } }];
}

/**
 * Withdrawing stops what the consent covered. For the health data that means the profile no
 * longer holds them: the same decision clears the height, weight and date of birth.
 */
function withdrawConsent({ kind, now }: WithdrawConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  genericConsent(kind);
  if (!consentKindOf(kind)?.withdrawable) throw new DomainError('conflict', CONSENT_MESSAGES.notWithdrawable, { field: 'consent' });
  if (state.consents.get(kind)?.granted === false) return [];
  const events: MemberEvent[] = [{ type: 'ConsentWithdrawn', data: { kind, occurredAt } }];
  if (kind === 'health-data') {
    const changes: Record<string, unknown> = {};
    for (const field of HEALTH_DATA_FIELDS) if (state.profile[field] !== null) changes[field] = { before: state.profile[field], after: null };
    if (Object.keys(changes).length > 0) events.push({ type: 'ProfileUpdated', data: { changes: changes as ProfileChanges, occurredAt } });
  }
  return events;
}

function genericConsent(kind: string): { noticeVersion: string } {
  const definition = consentKindOf(kind);
  if (!definition) throw new DomainError('not-found', CONSENT_MESSAGES.unknownKind, { field: 'consent' });
  if (definition.recordedBy.by !== 'consent') throw new DomainError('invalid', CONSENT_MESSAGES.unknownKind, { field: 'consent' });
  return definition.recordedBy;
}

/** Joining twice changes nothing; a challenge whose month is over can no longer be joined (ADR 0170). */
function joinChallenge({ challengeId, month, goalType, target, now }: JoinChallenge['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (state.challengeIds.has(challengeId)) return [];
  if (month < monthKeyOf(localDateOf(occurredAt))) throw new DomainError('conflict', CHALLENGE_MESSAGES.challengeOver);
  return [{ type: 'ChallengeJoined', data: { challengeId, month, goalType, target, occurredAt } }];
}

function updateChallengeLeaderboardPreference(
  { visible, showName, label, now }: UpdateChallengeLeaderboardPreference['data'],
  state: MemberState,
): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  const current = state.challengeLeaderboard;
  if (current && current.visible === visible && current.showName === showName && current.label === label) return [];
  if (!current && !visible && !showName) return [];
  return [{ type: 'ChallengeLeaderboardPreferenceUpdated', data: { visible, showName, label, occurredAt } }];
}

/**
 * A class on the studio board (ADR 0180): recorded once per (class, member), and only with the
 * heart-rate consent in force and at least one reading — without them nothing is recorded. The
 * summary follows the workouts' rules; a class never raises the maximum (the board is shared).
 */
function recordStudioClass(command: RecordStudioClass['data'], state: MemberState): MemberEvent[] {
  const { attendanceId, classSessionId, className, slot, durationSec, heartRateSamples } = command;
  if (state.completionIds.has(attendanceId)) return [];
  const occurredAt = normalizeInstant(command.now);
  if (!Number.isInteger(durationSec) || durationSec < 0 || durationSec > MAX_WORKOUT_DURATION_SEC) throw invalid(MEMBER_MESSAGES.durationType, 'duration');
  const localDate = localDateOf(occurredAt);
  const heartRate = heartRateOf(heartRateSamples, durationSec, state, localDate);
  if (!heartRate) return [];
  return [{ type: 'StudioClassAttended', data: { attendanceId, classSessionId, className, slot, durationSec, occurredAt, localDate, heartRate: heartRate.summary } }];
}

/** Choosing what already holds records nothing. */
function chooseStudioBoardName({ showName, now }: ChooseStudioBoardName['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (state.studioBoardShowName === showName) return [];
  return [{ type: 'StudioBoardNameChosen', data: { showName, occurredAt } }];
}

/**
 * Without consent in force nothing about the heart rate is recorded (the workout still is); a
 * session without a single reading has no summary either. The maximum and the energy come from
 * the profile as it stands, at the member's age on the day of the session; the summary is
 * measured against the maximum in force, and a raise applies from the next session.
 */
function heartRateOf(
  samples: readonly (number | null)[] | undefined,
  durationSec: number,
  state: MemberState,
  today: string,
): { summary: HeartRateSummary; maxHr: number; raisedTo?: number } | undefined {
  if (!samples) return undefined;
  if (samples.length > MAX_SERIES_SAMPLES || !samples.every(isBpmSample)) throw invalid(MEMBER_MESSAGES.heartRateSamplesType, 'samples');
  if (!state.heartRateConsent?.granted) return undefined;
  const { dateOfBirth, gender, weight } = state.profile;
  const member = summaryMemberFor(dateOfBirth === null ? null : ageOn(dateOfBirth, today), state.raisedMaxHr, gender, weight, state.measuredMaxHr);
  const summary = summarize({ samples, durationSec }, member);
  if (summary.samples === 0) return undefined;
  // Only the session itself: the cool-down after the end never raises the maximum.
  const raisedTo = raisedMaxHr(samples.slice(0, durationSec), member.maxHr) ?? undefined;
  return { summary, maxHr: member.maxHr, ...(raisedTo === undefined ? {} : { raisedTo }) };
}

function findEnrollment(state: MemberState, enrollmentId: string): EnrollmentState {
  const enrollment = state.enrollments.get(enrollmentId);
  if (!enrollment) throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound);
  return enrollment;
}

function refuseIfFinished(enrollment: EnrollmentState): void {
  if (enrollment.status === 'completed') throw new DomainError('conflict', MEMBER_MESSAGES.enrollmentCompleted);
  if (enrollment.status === 'abandoned') throw new DomainError('conflict', MEMBER_MESSAGES.enrollmentAbandoned);
}

function withEnrollment(state: MemberState, enrollmentId: string, patch: Partial<EnrollmentState>): MemberState {
  const enrollment = state.enrollments.get(enrollmentId);
  if (!enrollment) return state;
  const enrollments = new Map(state.enrollments);
  enrollments.set(enrollmentId, { ...enrollment, ...patch });
  return { ...state, enrollments };
}

function assignField(profile: MemberProfile, field: ProfileField, value: unknown): void {
  (profile as Record<ProfileField, unknown>)[field] = value;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function invalid(message: string, field: string): DomainError {
  return new DomainError('invalid', message, { field });
}

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
