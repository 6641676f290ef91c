import type { DomainEvent } from '../../shared/decider';
import type { ChallengeGoalType } from '../challenges/challenges.rules';
import type { EmailTopic } from '../email-preferences/email-preferences.rules';
import type { HeartRateSummary } from '../heart-rate/heart-rate.rules';
import type { LocalDate } from '../../shared/studio-day';
import type { IntervalTimerSession, TimerPreset } from '../interval-timer/interval-timer.rules';
import type { TrainingSchedule } from '../training-calendar/training-calendar.rules';
import type { MemberProfile, ProfileField } from './member-profile';

/**
 * The `member-{userId}` stream: everything a member does that the product must
 * remember (profile, onboarding, enrolments and their lifecycle, workout
 * completions). The member is the consistency boundary, and the stream doubles as the
 * audit history staff read, so each event says what changed in plain terms.
 * docs/events.md is the catalogue of these types; keep both in step.
 *
 * Every event carries its domain time as `occurredAt` (UTC ISO-8601) in its data:
 * read models and achievements take their moments from it, and it equals the
 * `occurredAt` of the storage metadata for every event the API appends.
 */

export const MEMBER_STREAM_PREFIX = 'member-';

export function memberStreamName(userId: string): string {
  return `${MEMBER_STREAM_PREFIX}${userId}`;
}

/** One changed profile field, with both values so an audit can show what it replaced. */
export interface FieldChange<Value> {
  before: Value;
  after: Value;
}

/** Only the fields that changed; an unchanged field is absent, never `{before: x, after: x}`. */
export type ProfileChanges = { readonly [Field in ProfileField]?: FieldChange<MemberProfile[Field]> };

export type ProfileUpdated = DomainEvent<'ProfileUpdated', { changes: ProfileChanges; occurredAt: string }>;

/** Appended right after the wizard's ProfileUpdated, once per member. */
export type OnboardingCompleted = DomainEvent<'OnboardingCompleted', { occurredAt: string }>;

export type EnrolledInPlan = DomainEvent<
  'EnrolledInPlan',
  {
    enrollmentId: string;
    planId: string;
    /**
     * The plan's ordered workout ids at the moment of enrolment. The enrolment follows
     * this list even if the catalogue's plan changes later (ADR 0061), and its length
     * is the enrolment's total.
     */
    workoutIds: string[];
    occurredAt: string;
  }
>;

export type EnrollmentAbandoned = DomainEvent<'EnrollmentAbandoned', { enrollmentId: string; planId: string; occurredAt: string }>;

/** Who put an enrolment on hold or lifted it (ADR 0060). */
export type EnrollmentHoldActor = 'member' | 'staff';

export type EnrollmentPaused = DomainEvent<
  'EnrollmentPaused',
  { enrollmentId: string; planId: string; pausedBy: EnrollmentHoldActor; occurredAt: string }
>;

export type EnrollmentResumed = DomainEvent<
  'EnrollmentResumed',
  { enrollmentId: string; planId: string; resumedBy: EnrollmentHoldActor; occurredAt: string }
>;

/** Appended in the same decision as the WorkoutCompleted of the plan's last workout. */
export type EnrollmentCompleted = DomainEvent<'EnrollmentCompleted', { enrollmentId: string; planId: string; occurredAt: string }>;

export type WorkoutCompleted = DomainEvent<
  'WorkoutCompleted',
  {
    /** The client's completion id or Idempotency-Key: a retry with the same id is counted once. */
    completionId: string;
    workoutId: string;
    /** Both null for a standalone or running workout, both set for a plan workout. */
    planId: string | null;
    enrollmentId: string | null;
    isRunning: boolean;
    /** Seconds actually trained: the running timer, or the catalogue's estDurationSec for a training workout. */
    durationSec: number;
    occurredAt: string;
    /** The studio's calendar day (America/El_Salvador) at `occurredAt`, frozen for replays. */
    localDate: LocalDate;
    /**
     * v2: the summary of the session's heart rate, present only when the member sent readings
     * while their consent was in force (ADR 0133). The readings themselves are kept outside the
     * stream (`heart_rate_series`).
     */
    heartRate?: HeartRateSummary;
    /**
     * v3: the interval-timer session this completion records, present only when `workoutId` is
     * `interval-timer` (ADR 0161). A v2 payload is a valid v3 one.
     */
    intervalTimer?: IntervalTimerSession;
  }
>;

/** A timer the member saved (new or replaced under the same id); ADR 0162. */
export type TimerPresetSaved = DomainEvent<'TimerPresetSaved', { presetId: string; preset: TimerPreset; occurredAt: string }>;

export type TimerPresetDeleted = DomainEvent<'TimerPresetDeleted', { presetId: string; occurredAt: string }>;

/**
 * Express consent to record heart rate (Ley para la Protección de Datos Personales), given
 * after reading the notice of `noticeVersion` (docs/heart-rate.md). Without it nothing about
 * the member's heart rate is recorded. `recordedAtDeskBy` (v2): the member read and accepted the
 * notice on the front desk's screen, and this staff member recorded it; absent when the member
 * gave it in the app.
 */
export type HeartRateConsentGiven = DomainEvent<'HeartRateConsentGiven', { noticeVersion: string; occurredAt: string; recordedAtDeskBy?: string }>;

/** Consent withdrawn: recording stops from this moment. */
export type HeartRateConsentWithdrawn = DomainEvent<'HeartRateConsentWithdrawn', { occurredAt: string }>;

/**
 * The member had the heart-rate data recorded until `occurredAt` deleted (ADR 0144), chosen when
 * withdrawing consent: the sessions' readings (`heart_rate_series`) are deleted, and every read
 * model and answer stops showing the summaries of the completions before it and the maximum a
 * session raised. The WorkoutCompleted events themselves are not rewritten (docs/heart-rate.md).
 */
export type HeartRateDataDeleted = DomainEvent<'HeartRateDataDeleted', { occurredAt: string }>;

/**
 * The platform raised the member's maximum heart rate: during the completion `completionId` they
 * held more than `previousMaxHr` for 30 s (ADR 0134). Decided with that WorkoutCompleted.
 */
export type MaxHeartRateRaised = DomainEvent<'MaxHeartRateRaised', { maxHr: number; previousMaxHr: number; completionId: string; occurredAt: string }>;

/**
 * The member entered the maximum heart rate they measured (ADR 0147), or cleared it (`maxHr: null`)
 * to go back to the estimate. It replaces the estimate and any earlier raise; a later session may
 * still raise it.
 */
export type MaxHeartRateMeasured = DomainEvent<'MaxHeartRateMeasured', { maxHr: number | null; occurredAt: string }>;

/**
 * The member joined a monthly challenge (ADR 0170). The challenge's month and goal are copied
 * from its definition at that moment, so the member's stream alone says what counts toward it.
 */
export type ChallengeJoined = DomainEvent<
  'ChallengeJoined',
  { challengeId: string; month: string; goalType: ChallengeGoalType; target: number; occurredAt: string }
>;

/**
 * Whether the member appears on the challenges' leaderboards, and how: `label` is what others
 * read ("Carla M." with `showName`, the initials "C. M." otherwise), fixed when chosen (ADR 0172).
 */
export type ChallengeLeaderboardPreferenceUpdated = DomainEvent<
  'ChallengeLeaderboardPreferenceUpdated',
  { visible: boolean; showName: boolean; label: string; occurredAt: string }
>;

/**
 * The member chose (or changed) their training days, time and reminder (ADR 0165): the whole
 * choice as it now stands. The workout calendar, its iCal feed and the reminders follow it.
 */
export type TrainingScheduleSet = DomainEvent<'TrainingScheduleSet', TrainingSchedule & { occurredAt: string }>;

/**
 * The member chose whether to receive the emails of `topic` (ADR 0142): from the profile's
 * "Correos" card or an email's one-click opt-out link. No event for a topic means subscribed.
 */
export type EmailPreferenceChanged = DomainEvent<'EmailPreferenceChanged', { topic: EmailTopic; subscribed: boolean; occurredAt: string }>;

/**
 * Staff erased the member's personal data at their request (ADR 0202): the member's data key was
 * destroyed, so every personal field of their events reads "[borrado]", and the read models
 * holding personal data dropped their rows. `requestId` names the rights request it answers
 * (free text, null without one); who erased is the event's actor.
 */
export type MemberDataErased = DomainEvent<'MemberDataErased', { requestId: string | null; occurredAt: string }>;

/**
 * The member took part in a group class in the studio with a lent or own sensor on the class
 * board (ADR 0180). Recorded by staff when the class ends, only with the member's heart-rate
 * consent in force; it counts as a workout (streaks, points, achievements) and shows in the
 * history as the class of the day.
 */
export type StudioClassAttended = DomainEvent<
  'StudioClassAttended',
  {
    /** Derived from (class session, member): ending the class twice records it once. */
    attendanceId: string;
    classSessionId: string;
    /** The class of the day from the studio schedule ("Box and Burn"). */
    className: string;
    slot: string;
    /** From the start to the end of the class. */
    durationSec: number;
    occurredAt: string;
    localDate: LocalDate;
    /** The class's heart-rate summary, with the same rules as a workout's (heart-rate.rules.ts). */
    heartRate: HeartRateSummary;
  }
>;

/**
 * Whether the member appears on the studio's class board with their first name and initial
 * (`showName`) or with initials only, the default (ADR 0183).
 */
export type StudioBoardNameChosen = DomainEvent<'StudioBoardNameChosen', { showName: boolean; occurredAt: string }>;

/**
 * A consent of the registry recorded by these generic events (ADR 0190): `kind` is an entry of
 * `privacy/consents.rules.ts` whose notice the member read in its version `noticeVersion`. The
 * terms and privacy notice at sign-up, the health data of the profile, and any kind added later.
 */
export type ConsentGiven = DomainEvent<'ConsentGiven', { kind: string; noticeVersion: string; occurredAt: string }>;

/** The member withdrew that consent: the processing it covered stops from `occurredAt` (ADR 0190). */
export type ConsentWithdrawn = DomainEvent<'ConsentWithdrawn', { kind: string; occurredAt: string }>;

export type MemberEvent =
  | ProfileUpdated
  | OnboardingCompleted
  | EnrolledInPlan
  | EnrollmentAbandoned
  | EnrollmentPaused
  | EnrollmentResumed
  | EnrollmentCompleted
  | WorkoutCompleted
  | HeartRateConsentGiven
  | HeartRateConsentWithdrawn
  | MaxHeartRateRaised
  | MaxHeartRateMeasured
  | TimerPresetSaved
  | TimerPresetDeleted
  | ChallengeJoined
  | ChallengeLeaderboardPreferenceUpdated
  | TrainingScheduleSet
  | HeartRateDataDeleted
  | EmailPreferenceChanged
  | MemberDataErased
  | StudioClassAttended
  | StudioBoardNameChosen
  | ConsentGiven
  | ConsentWithdrawn;

export type MemberEventType = MemberEvent['type'];

/**
 * The current payload version of each type, written into the storage metadata on
 * append. A change to a payload bumps its number here and registers an upcaster
 * from the previous one, so the decider and the projections only ever see the newest.
 */
export const MEMBER_EVENT_SCHEMA_VERSIONS = {
  ProfileUpdated: 1,
  OnboardingCompleted: 1,
  EnrolledInPlan: 1,
  EnrollmentAbandoned: 1,
  EnrollmentPaused: 1,
  EnrollmentResumed: 1,
  EnrollmentCompleted: 1,
  // v2 adds the optional `heartRate` (ADR 0133), v3 the optional `intervalTimer` (ADR 0161): an
  // older payload is a valid newer one, so no upcaster.
  WorkoutCompleted: 3,
  // v2 adds the optional `recordedAtDeskBy` (consent recorded at the front desk, ADR 0295): no upcaster.
  HeartRateConsentGiven: 2,
  HeartRateConsentWithdrawn: 1,
  MaxHeartRateRaised: 1,
  MaxHeartRateMeasured: 1,
  TimerPresetSaved: 1,
  TimerPresetDeleted: 1,
  ChallengeJoined: 1,
  ChallengeLeaderboardPreferenceUpdated: 1,
  TrainingScheduleSet: 1,
  HeartRateDataDeleted: 1,
  EmailPreferenceChanged: 1,
  MemberDataErased: 1,
  StudioClassAttended: 1,
  StudioBoardNameChosen: 1,
  ConsentGiven: 1,
  ConsentWithdrawn: 1,
} as const satisfies Record<MemberEventType, number>;

export const MEMBER_EVENT_TYPES = Object.keys(MEMBER_EVENT_SCHEMA_VERSIONS) as MemberEventType[];

// Commands. Time (`now`, a UTC ISO-8601 instant), ids and the catalogue facts a rule
// needs arrive on the command, so the decider stays a pure function.

interface Command<Type extends string, Data> {
  type: Type;
  data: Data;
}

/** A profile field left out of `profile` is left as it is. */
export type ProfileInput = { [Field in ProfileField]?: MemberProfile[Field] };

export type UpdateProfile = Command<
  'UpdateProfile',
  {
    profile: ProfileInput;
    /** True from the onboarding wizard (validated and completes onboarding), false from the profile page. */
    completeOnboarding: boolean;
    now: string;
  }
>;

export type EnrollInPlan = Command<
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

export type AbandonEnrollment = Command<'AbandonEnrollment', { enrollmentId: string; now: string }>;

export type PauseEnrollment = Command<'PauseEnrollment', { enrollmentId: string; by: EnrollmentHoldActor; now: string }>;

export type ResumeEnrollment = Command<'ResumeEnrollment', { enrollmentId: string; by: EnrollmentHoldActor; now: string }>;

/**
 * The completion as the event will record it, minus what the decider derives: the day from
 * `now`, and the heart-rate summary from the readings, the profile and the consent.
 */
export type CompleteWorkout = Command<
  'CompleteWorkout',
  Omit<WorkoutCompleted['data'], 'occurredAt' | 'localDate' | 'heartRate'> & {
    now: string;
    /** The session's 1 Hz readings (`HeartRateSeries.samples`), when a sensor was connected. */
    heartRateSamples?: readonly (number | null)[];
  }
>;

export type GiveHeartRateConsent = Command<
  'GiveHeartRateConsent',
  {
    /** The notice the member read and accepted. */
    noticeVersion: string;
    /** The notice the platform shows now: consent to an older one is refused. */
    currentNoticeVersion: string;
    now: string;
    /** The staff member who recorded it at the front desk, where the member read and accepted the notice. */
    recordedAtDeskBy?: string;
  }
>;

/** `deleteData`: also delete what was recorded so far (ADR 0144); possible after the withdrawal too. */
export type WithdrawHeartRateConsent = Command<'WithdrawHeartRateConsent', { now: string; deleteData?: boolean }>;

export type SetMeasuredMaxHeartRate = Command<'SetMeasuredMaxHeartRate', { maxHr: number | null; now: string }>;

/** The schedule as the member sent it; the decider checks and normalises it. */
export type SetTrainingSchedule = Command<'SetTrainingSchedule', TrainingSchedule & { now: string }>;

/** `topic` as the client sent it: the decider refuses a topic outside the closed list. */
export type ChangeEmailPreference = Command<'ChangeEmailPreference', { topic: string; subscribed: boolean; now: string }>;

/** `presetId` is the member-scoped command id of the create request. */
export type SaveTimerPreset = Command<'SaveTimerPreset', { presetId: string; preset: TimerPreset; now: string }>;

export type DeleteTimerPreset = Command<'DeleteTimerPreset', { presetId: string; now: string }>;
/** The challenge's definition as the read model holds it; the decider refuses a month already over. */
export type JoinChallenge = Command<'JoinChallenge', { challengeId: string; month: string; goalType: ChallengeGoalType; target: number; now: string }>;

export type UpdateChallengeLeaderboardPreference = Command<
  'UpdateChallengeLeaderboardPreference',
  { visible: boolean; showName: boolean; label: string; now: string }
>;

/** Staff erase the member's personal data; `requestId` is the rights request it answers, if any. */
export type EraseMemberData = Command<'EraseMemberData', { requestId: string | null; now: string }>;
/**
 * Staff end a class: the member's 1 Hz readings from the class's start (`null` for a second
 * without a fresh reading). The decider records nothing without consent in force (ADR 0180).
 */
export type RecordStudioClass = Command<
  'RecordStudioClass',
  {
    attendanceId: string;
    classSessionId: string;
    className: string;
    slot: string;
    durationSec: number;
    heartRateSamples: readonly (number | null)[];
    now: string;
  }
>;

export type ChooseStudioBoardName = Command<'ChooseStudioBoardName', { showName: boolean; now: string }>;
/** A consent of the registry recorded by the generic events; the decider refuses other kinds and stale notices. */
export type GiveConsent = Command<'GiveConsent', { kind: string; noticeVersion: string; now: string }>;

export type WithdrawConsent = Command<'WithdrawConsent', { kind: string; now: string }>;

export type MemberCommand =
  | UpdateProfile
  | EnrollInPlan
  | AbandonEnrollment
  | PauseEnrollment
  | ResumeEnrollment
  | CompleteWorkout
  | GiveHeartRateConsent
  | WithdrawHeartRateConsent
  | SetMeasuredMaxHeartRate
  | SaveTimerPreset
  | DeleteTimerPreset
  | JoinChallenge
  | UpdateChallengeLeaderboardPreference
  | SetTrainingSchedule
  | ChangeEmailPreference
  | EraseMemberData
  | RecordStudioClass
  | ChooseStudioBoardName
  | GiveConsent
  | WithdrawConsent;
