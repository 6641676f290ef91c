import type { Decider, DomainCommand } from '../../shared/decider';
import { DomainError, invalidField } from '../../shared/domain-error';
import { isLocalDate, localDateOf, normalizeInstant } from '../../shared/studio-day';
import {
  ageOn,
  emptyProfile,
  HEALTH_DATA_FIELDS,
  HEALTH_DATA_WITHDRAWN_MESSAGE,
  HEIGHT_CM,
  isFitnessLevel,
  isGender,
  MIN_MEMBER_AGE,
  PROFILE_FIELDS,
  WEIGHT_KG,
  type MemberProfile,
  type ProfileField,
} from './member-profile.rules';
import type { EnrollmentHoldActor, MemberEvent, ProfileChanges, RecordedEmailTopic, RecordedTimerPreset, RecordedTrainingSchedule } from './member.events';

/**
 * The `member-{userId}` stream as every command meets it: the member's state, folded from the
 * stream by `evolve`; the rule every command obeys (nothing once erased); and the member's own
 * commands: profile and onboarding, one ongoing enrolment per plan, the erasure. Each feature
 * decides its own commands on the same state in its `*.decider.ts` (heart rate, timers,
 * challenges, schedule, email preferences, consents, studio classes, completions) and hands that
 * decide function to the one writer, `member-streams.ts`, which runs it as `memberDecider(decide)`.
 * The stream stays one stream; this file imports no feature.
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
  timerPresets: ReadonlyMap<string, RecordedTimerPreset>;
  /** The monthly challenges the member joined (ADR 0170). */
  challengeIds: ReadonlySet<string>;
  /** How the member shows on challenge leaderboards; null until they choose (hidden). */
  challengeLeaderboard: { visible: boolean; showName: boolean; label: string } | null;
  /** The training days, time and reminder the member chose; null until they choose (ADR 0165). */
  trainingSchedule: RecordedTrainingSchedule | null;
  /** Whether a completion recorded a heart-rate summary since the last deletion (ADR 0144). */
  hasHeartRateData: boolean;
  /** When the member last had their heart-rate data deleted; null if never. */
  heartRateDataDeletedAt: string | null;
  /** Topics the member ever chose for (ADR 0142); a topic absent is subscribed. */
  emailPreferences: ReadonlyMap<RecordedEmailTopic, boolean>;
  /** When staff erased the member's personal data (ADR 0202); null if never. The stream takes no more member commands. */
  erasedAt: string | null;
  /** Whether the member shows on the studio's class board with their name (ADR 0183); initials by default. */
  studioBoardShowName: boolean;
  /** The last decision per consent kind recorded by `ConsentGiven` / `ConsentWithdrawn` (ADR 0190); absent when never recorded. */
  consents: ReadonlyMap<string, HeartRateConsentState>;
  /** The membership whose pool this member holds (ADR 0350); null before the first sale. It stays, `expired`, once ended. */
  membership: MembershipState | null;
  /** Every booking that ever used a credit of a pool this member holds, by booking id: a booking uses one credit at most, ever. */
  classCredits: ReadonlyMap<string, ClassCreditState>;
  /** Whether the member ever had the 7-day platform trial. */
  trialUsed: boolean;
}

export interface MembershipState {
  membershipId: string;
  planId: string;
  planTitle: string;
  /** Null when unlimited. */
  classesLeft: number | null;
  /** The pool's classes per period; null when unlimited. */
  classesPerPeriod: number | null;
  sharedWith: readonly string[];
  validFrom: string;
  validUntil: string;
  /** The studio day it was frozen from; null when not frozen. */
  frozenFrom: string | null;
  expired: boolean;
}

export interface ClassCreditState {
  membershipId: string;
  usedBy: string;
  returned: boolean;
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
    membership: null,
    classCredits: new Map(),
    trialUsed: false,
  };
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
      return {
        ...state,
        consents: new Map(state.consents).set(event.data.kind, { granted: true, noticeVersion: event.data.noticeVersion, at: event.data.occurredAt }),
      };
    case 'ConsentWithdrawn':
      return { ...state, consents: new Map(state.consents).set(event.data.kind, { granted: false, noticeVersion: null, at: event.data.occurredAt }) };
    case 'MembershipSold':
    case 'MembershipPurchaseConfirmed': {
      const { membershipId, planId, planTitle, classes, sharedWith, validFrom, validUntil } = event.data;
      return {
        ...state,
        membership: {
          membershipId,
          planId,
          planTitle,
          classesLeft: classes,
          classesPerPeriod: classes,
          sharedWith,
          validFrom,
          validUntil,
          frozenFrom: null,
          expired: false,
        },
        trialUsed: state.trialUsed || planId === 'platform-trial',
      };
    }
    case 'MembershipRenewed':
      return withMembership(state, { validUntil: event.data.validUntil, classesLeft: event.data.classesLeft });
    case 'MembershipExpired':
      return withMembership(state, { expired: true, frozenFrom: null });
    case 'MembershipFrozen':
      return withMembership(state, { frozenFrom: event.data.from });
    case 'MembershipUnfrozen':
      return withMembership(state, { frozenFrom: null, validUntil: event.data.validUntil });
    case 'ClassCreditUsed': {
      const { membershipId, bookingId, usedBy, classesLeft } = event.data;
      return {
        ...withMembership(state, { classesLeft }),
        classCredits: new Map(state.classCredits).set(bookingId, { membershipId, usedBy, returned: false }),
      };
    }
    case 'ClassCreditReturned': {
      const { membershipId, bookingId, usedBy, classesLeft } = event.data;
      return {
        ...withMembership(state, { classesLeft }),
        classCredits: new Map(state.classCredits).set(bookingId, { membershipId, usedBy, returned: true }),
      };
    }
    default:
      return unreachable(event);
  }
}

/** A feature's decisions on the member stream: the events its command produces, given the member's whole state. */
export type MemberDecide<Command extends DomainCommand> = (command: Command, state: MemberState) => MemberEvent[];

/**
 * The member stream's decider for one feature's commands: the stream's fold, and `decide` behind the
 * rule every member command obeys. After an erasure the member has left (their account with it): a
 * session still open must not start a new history under the erased one (ADR 0202). Staff may record
 * another erasure.
 */
export function memberDecider<Command extends DomainCommand>(decide: MemberDecide<Command>): Decider<Command, MemberEvent, MemberState> {
  return {
    initialState,
    evolve,
    evolveAll,
    decide(command, state) {
      if (state.erasedAt !== null && command.type !== 'EraseMemberData') throw new DomainError('forbidden', MEMBER_MESSAGES.erased);
      return decide(command, state);
    },
  };
}

// The member's own commands. Time (`now`, a UTC ISO-8601 instant), ids and the catalogue facts a
// rule needs arrive on the command, so the decider stays a pure function.

/** A profile field left out of `profile` is left as it is. */
export type ProfileInput = { [Field in ProfileField]?: MemberProfile[Field] };

export type UpdateProfile = DomainCommand<
  'UpdateProfile',
  {
    profile: ProfileInput;
    /** True from the onboarding wizard (validated and completes onboarding), false from the profile page. */
    completeOnboarding: boolean;
    now: string;
  }
>;

export type EnrollInPlan = DomainCommand<
  'EnrollInPlan',
  {
    /** New id for the enrolment; a retry of the same request reuses it. */
    enrollmentId: string;
    planId: string;
    /** From the catalogue: the plan's workout ids in order. */
    workoutIds: string[];
    now: string;
  }
>;

export type AbandonEnrollment = DomainCommand<'AbandonEnrollment', { enrollmentId: string; now: string }>;

export type PauseEnrollment = DomainCommand<'PauseEnrollment', { enrollmentId: string; by: EnrollmentHoldActor; now: string }>;

export type ResumeEnrollment = DomainCommand<'ResumeEnrollment', { enrollmentId: string; by: EnrollmentHoldActor; now: string }>;

/** Staff erase the member's personal data; `requestId` is the rights request it answers, if any. */
export type EraseMemberData = DomainCommand<'EraseMemberData', { requestId: string | null; now: string }>;

export type MembershipCommand = UpdateProfile | EnrollInPlan | AbandonEnrollment | PauseEnrollment | ResumeEnrollment | EraseMemberData;

export function decideMembership(command: MembershipCommand, state: MemberState): MemberEvent[] {
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
    case 'EraseMemberData':
      // Always recorded, even again: each erasure is the answer to a request (ADR 0202).
      return [{ type: 'MemberDataErased', data: { requestId: command.data.requestId, occurredAt: normalizeInstant(command.data.now) } }];
    default:
      return unreachable(command);
  }
}

/**
 * The enrolment commands as the member's routes meet them: an abandoned enrolment has left the
 * member's list, so acting on it again (abandon, pause, resume) answers "not found" like an id they
 * never had. Completing a workout in it keeps the decider's clearer 409.
 */
export function decideEnrollmentOnRoutes(command: AbandonEnrollment | PauseEnrollment | ResumeEnrollment, state: MemberState): MemberEvent[] {
  const enrollment = state.enrollments.get(command.data.enrollmentId);
  if (!enrollment || enrollment.status === 'abandoned') throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound, { field: 'id' });
  return decideMembership(command, state);
}

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
      throw invalidField(MEMBER_MESSAGES.dateOfBirthType, field);
    case 'gender':
      if (value === null || isGender(value)) return value;
      throw invalidField(MEMBER_MESSAGES.genderType, field);
    case 'height':
      if (value === null || isPositiveInteger(value)) return value;
      throw invalidField(MEMBER_MESSAGES.heightType, field);
    case 'weight':
      if (value === null || isPositiveInteger(value)) return value;
      throw invalidField(MEMBER_MESSAGES.weightType, field);
    case 'fitnessLevel':
      if (value === null || isFitnessLevel(value)) return value;
      throw invalidField(MEMBER_MESSAGES.fitnessLevelType, field);
    case 'goals': {
      if (!Array.isArray(value) || !value.every((goal) => typeof goal === 'string' && goal.trim() !== '')) {
        throw invalidField(MEMBER_MESSAGES.goalsType, field);
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
  if (ageOn(dateOfBirth, today) < MIN_MEMBER_AGE) throw invalidField(MEMBER_MESSAGES.minimumAge, 'dateOfBirth');
  if (height < HEIGHT_CM.min || height > HEIGHT_CM.max) throw invalidField(MEMBER_MESSAGES.heightRange, 'height');
  if (weight < WEIGHT_KG.min || weight > WEIGHT_KG.max) throw invalidField(MEMBER_MESSAGES.weightRange, 'weight');
}

/**
 * After the member withdrew the health-data consent, their height, weight and date of birth are
 * no longer stored: a profile update that sets one is refused until they give it again (ADR 0190).
 * A member who never recorded a decision (signed up before the registry) is not refused.
 */
function refuseHealthDataWithoutConsent(input: UpdateProfile['data']['profile'], state: MemberState): void {
  if (state.consents.get('health-data')?.granted !== false) return;
  const field = HEALTH_DATA_FIELDS.find((name) => input[name] !== undefined && input[name] !== null && input[name] !== state.profile[name]);
  if (field) throw new DomainError('forbidden', HEALTH_DATA_WITHDRAWN_MESSAGE, { field });
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

export function findEnrollment(state: MemberState, enrollmentId: string): EnrollmentState {
  const enrollment = state.enrollments.get(enrollmentId);
  if (!enrollment) throw new DomainError('not-found', MEMBER_MESSAGES.enrollmentNotFound);
  return enrollment;
}

export function refuseIfFinished(enrollment: EnrollmentState): void {
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

function withMembership(state: MemberState, patch: Partial<MembershipState>): MemberState {
  return state.membership ? { ...state, membership: { ...state.membership, ...patch } } : state;
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

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
