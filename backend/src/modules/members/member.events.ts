import type { DomainEvent } from '../../shared/decider';
import type { LocalDate } from '../../shared/studio-day';
import type { MemberProfile, ProfileField } from './member-profile.rules';

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
 *
 * The payloads are spelled out here, values from the features' rules included (a heart-rate
 * summary, a timer, a schedule): what is stored is a contract with every replay to come, so it
 * follows no rule's type silently. A feature's decider hands its rules' values to these types,
 * and the compiler says where the two part.
 */

export const MEMBER_STREAM_PREFIX = 'member-';

/** A session's heart rate as recorded (`summarize` in heart-rate.rules.ts computes it). */
export interface RecordedHeartRateSummary {
  avgBpm: number | null;
  maxBpm: number | null;
  /** Seconds with a sample in zones 1 to 5 (index 0 is zone 1). */
  secondsInZone: [number, number, number, number, number];
  secondsAtBadgeIntensity: number;
  points: number;
  kcal: number | null;
  badge: boolean;
  /** Seconds of the session with a sample. */
  samples: number;
  /** bpm at the end minus bpm a minute later, when both were recorded. */
  recovery1MinBpm: number | null;
}

/** A timer as recorded: `rounds` × (work + rest) per set, `sets` sets (interval-timer.rules.ts). */
export interface RecordedTimerPreset {
  name: string;
  workSec: number;
  restSec: number;
  rounds: number;
  sets: number;
  setRestSec: number;
}

/** A finished interval-timer session as a completion records it. */
export interface RecordedTimerSession extends RecordedTimerPreset {
  kind: 'tabata' | 'emom' | 'amrap' | 'custom';
}

/** The member's training days and time as recorded (training-calendar.rules.ts); a type, so it can be an event's whole payload. */
export type RecordedTrainingSchedule = {
  /** ISO weekdays (1 = Monday … 7 = Sunday), ascending, no repeats, at least one. */
  weekdays: readonly number[];
  /** Local time in America/El_Salvador, `HH:MM` (24 h). */
  time: string;
  /** Minutes before `time` that the reminder email leaves. */
  reminderOffsetMin: number;
};

/** The closed list of member email topics (email-preferences.rules.ts). */
export type RecordedEmailTopic = 'performance-summary' | 'workout-reminders';

/** What a monthly challenge counts (challenges.rules.ts). */
export type RecordedChallengeGoal = 'workouts' | 'minutes' | 'points';

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

export type EnrollmentPaused = DomainEvent<'EnrollmentPaused', { enrollmentId: string; planId: string; pausedBy: EnrollmentHoldActor; occurredAt: string }>;

export type EnrollmentResumed = DomainEvent<'EnrollmentResumed', { enrollmentId: string; planId: string; resumedBy: EnrollmentHoldActor; occurredAt: string }>;

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
    heartRate?: RecordedHeartRateSummary;
    /**
     * v3: the interval-timer session this completion records, present only when `workoutId` is
     * `interval-timer` (ADR 0161). A v2 payload is a valid v3 one.
     */
    intervalTimer?: RecordedTimerSession;
  }
>;

/** A timer the member saved (new or replaced under the same id); ADR 0162. */
export type TimerPresetSaved = DomainEvent<'TimerPresetSaved', { presetId: string; preset: RecordedTimerPreset; occurredAt: string }>;

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
  { challengeId: string; month: string; goalType: RecordedChallengeGoal; target: number; occurredAt: string }
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
export type TrainingScheduleSet = DomainEvent<'TrainingScheduleSet', RecordedTrainingSchedule & { occurredAt: string }>;

/**
 * The member chose whether to receive the emails of `topic` (ADR 0142): from the profile's
 * "Correos" card or an email's one-click opt-out link. No event for a topic means subscribed.
 */
export type EmailPreferenceChanged = DomainEvent<'EmailPreferenceChanged', { topic: RecordedEmailTopic; subscribed: boolean; occurredAt: string }>;

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
    heartRate: RecordedHeartRateSummary;
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

/** How a membership was paid, as recorded (memberships.rules.ts). */
export type RecordedMembershipPayment = {
  /** `desk`: sold at the front desk; `payment-link`: bought online with the plan's payment link and confirmed by the desk. */
  channel: 'desk' | 'payment-link';
  method: 'efectivo' | 'tarjeta' | 'transferencia' | 'enlace-de-pago' | 'cortesia';
  /** The receipt, authorisation or transfer number; null for a courtesy (the 7-day trial). */
  reference: string | null;
  billing: 'one-time' | 'recurring';
  amountUsd: number;
};

/** What starts a membership period, sold at the desk or bought with a payment link (ADR 0350). */
type MembershipStartData = {
  /** The sale's member-scoped command id: the same sale recorded twice is one membership. */
  membershipId: string;
  planId: string;
  /** The plan's title at the sale ("Athlete Couples"), so the history reads as it was sold. */
  planTitle: string;
  /** Classes in the pool for the period; null when unlimited (Elite). */
  classes: number | null;
  /** Members named at the sale who share the pool with the holder (couples, family); empty for one person. */
  sharedWith: string[];
  /** First and last day (inclusive) of the period, studio days. */
  validFrom: LocalDate;
  validUntil: LocalDate;
  payment: RecordedMembershipPayment;
  /** Names the receipt email: sent once for this id. */
  receiptId: string;
  occurredAt: string;
};

/** The desk sold a membership plan to the member (the holder of its pool). */
export type MembershipSold = DomainEvent<'MembershipSold', MembershipStartData>;

/** The desk confirmed a plan the member bought online with its payment link. */
export type MembershipPurchaseConfirmed = DomainEvent<'MembershipPurchaseConfirmed', MembershipStartData>;

/**
 * The member bought the plan in force again (at the desk or with its link): the period runs on from
 * the current `validUntil` and the period's classes are added to those left.
 */
export type MembershipRenewed = DomainEvent<
  'MembershipRenewed',
  {
    membershipId: string;
    planId: string;
    validUntil: LocalDate;
    classesAdded: number | null;
    classesLeft: number | null;
    payment: RecordedMembershipPayment;
    receiptId: string;
    occurredAt: string;
  }
>;

/**
 * The membership ended: its validity passed (`ended`), or a new plan replaced a trial or a pack with
 * no classes left (`replaced`). `classesLeft` were forfeited.
 */
export type MembershipExpired = DomainEvent<
  'MembershipExpired',
  { membershipId: string; reason: 'ended' | 'replaced'; validUntil: LocalDate; classesLeft: number | null; occurredAt: string }
>;

/** The desk froze the membership from the studio day `from`: no class is used and its validity stops running. */
export type MembershipFrozen = DomainEvent<'MembershipFrozen', { membershipId: string; from: LocalDate; occurredAt: string }>;

/** The desk unfroze it: the days it spent frozen are added to its validity (`validUntil` is the new last day). */
export type MembershipUnfrozen = DomainEvent<'MembershipUnfrozen', { membershipId: string; frozenDays: number; validUntil: LocalDate; occurredAt: string }>;

/**
 * One class of the pool went to booking `bookingId`, for `usedBy` (the holder or a member who shares
 * the pool). A booking id uses a credit at most once, ever; `classesLeft` is null when unlimited.
 */
export type ClassCreditUsed = DomainEvent<
  'ClassCreditUsed',
  { membershipId: string; bookingId: string; usedBy: string; classesLeft: number | null; occurredAt: string }
>;

/** The credit of booking `bookingId` went back to the pool it came from (a cancellation in time). Once per booking. */
export type ClassCreditReturned = DomainEvent<
  'ClassCreditReturned',
  { membershipId: string; bookingId: string; usedBy: string; classesLeft: number | null; occurredAt: string }
>;

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
  | ConsentWithdrawn
  | MembershipSold
  | MembershipPurchaseConfirmed
  | MembershipRenewed
  | MembershipExpired
  | MembershipFrozen
  | MembershipUnfrozen
  | ClassCreditUsed
  | ClassCreditReturned;

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
  MembershipSold: 1,
  MembershipPurchaseConfirmed: 1,
  MembershipRenewed: 1,
  MembershipExpired: 1,
  MembershipFrozen: 1,
  MembershipUnfrozen: 1,
  ClassCreditUsed: 1,
  ClassCreditReturned: 1,
} as const satisfies Record<MemberEventType, number>;

export const MEMBER_EVENT_TYPES = Object.keys(MEMBER_EVENT_SCHEMA_VERSIONS) as MemberEventType[];
