import type { DomainCommand } from '../../shared/decider';
import { DomainError, invalidField } from '../../shared/domain-error';
import { normalizeInstant } from '../../shared/studio-day';
import { ageOn } from '../members/member-profile.rules';
import type { MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import {
  BPM_RANGE,
  isBpmSample,
  MAX_SERIES_SAMPLES,
  MEASURED_MAX_HR_RANGE,
  raisedMaxHr,
  summarize,
  summaryMemberFor,
  type HeartRateSummary,
} from './heart-rate.rules';

/**
 * What a member may do with heart rate on their stream (ADRs 0130, 0144, 0147, 0295): consent to
 * the notice in force, withdraw it (and delete what was recorded), set the maximum they measured;
 * and what a session's readings become on a completion or a studio class (`heartRateOf`).
 */

export const HEART_RATE_MESSAGES = {
  measuredMaxHrRange: 'La FC máxima medida debe ser un número entero entre 100 y 230 LPM.',
  staleHeartRateNotice: 'El aviso de frecuencia cardiaca cambió. Lee la versión actual antes de dar tu consentimiento.',
  heartRateSamplesType: `Las lecturas de frecuencia cardiaca deben ser una lista de hasta ${MAX_SERIES_SAMPLES} LPM enteros entre ${BPM_RANGE.min} y ${BPM_RANGE.max}, o null.`,
} as const;

export type GiveHeartRateConsent = DomainCommand<
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
export type WithdrawHeartRateConsent = DomainCommand<'WithdrawHeartRateConsent', { now: string; deleteData?: boolean }>;

export type SetMeasuredMaxHeartRate = DomainCommand<'SetMeasuredMaxHeartRate', { maxHr: number | null; now: string }>;

export type HeartRateCommand = GiveHeartRateConsent | WithdrawHeartRateConsent | SetMeasuredMaxHeartRate;

export function decideHeartRate(command: HeartRateCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'GiveHeartRateConsent':
      return giveHeartRateConsent(command.data, state);
    case 'WithdrawHeartRateConsent':
      return withdrawHeartRateConsent(command.data, state);
    case 'SetMeasuredMaxHeartRate':
      return setMeasuredMaxHeartRate(command.data, state);
    default:
      return unreachable(command);
  }
}

/**
 * Consent is to one notice: the current one only (a stale screen must not record consent to
 * words the member did not read). Giving it again for the notice in force changes nothing,
 * wherever it is given (the app or the front desk, ADR 0295); a new notice needs a new consent.
 */
function giveHeartRateConsent({ noticeVersion, currentNoticeVersion, now, recordedAtDeskBy }: GiveHeartRateConsent['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (noticeVersion !== currentNoticeVersion) {
    throw new DomainError('conflict', HEART_RATE_MESSAGES.staleHeartRateNotice, { field: 'noticeVersion', currentNoticeVersion });
  }
  if (state.heartRateConsent?.granted && state.heartRateConsent.noticeVersion === noticeVersion) return [];
  return [{ type: 'HeartRateConsentGiven', data: { noticeVersion, occurredAt, ...(recordedAtDeskBy ? { recordedAtDeskBy } : {}) } }];
}

/** A whole bpm in range, or null to go back to the estimate; the value in force again changes nothing. */
function setMeasuredMaxHeartRate({ maxHr, now }: SetMeasuredMaxHeartRate['data'], state: MemberState): MemberEvent[] {
  const occurredAt = normalizeInstant(now);
  if (maxHr !== null && (!Number.isInteger(maxHr) || maxHr < MEASURED_MAX_HR_RANGE.min || maxHr > MEASURED_MAX_HR_RANGE.max)) {
    throw invalidField(HEART_RATE_MESSAGES.measuredMaxHrRange, 'maxHr');
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

/**
 * Without consent in force nothing about the heart rate is recorded (the workout still is); a
 * session without a single reading has no summary either. The maximum and the energy come from
 * the profile as it stands, at the member's age on the day of the session; the summary is
 * measured against the maximum in force, and a raise applies from the next session.
 */
export function heartRateOf(
  samples: readonly (number | null)[] | undefined,
  durationSec: number,
  state: MemberState,
  today: string,
): { summary: HeartRateSummary; maxHr: number; raisedTo?: number } | undefined {
  if (!samples) return undefined;
  if (samples.length > MAX_SERIES_SAMPLES || !samples.every(isBpmSample)) throw invalidField(HEART_RATE_MESSAGES.heartRateSamplesType, 'samples');
  if (!state.heartRateConsent?.granted) return undefined;
  const { dateOfBirth, gender, weight } = state.profile;
  const member = summaryMemberFor(dateOfBirth === null ? null : ageOn(dateOfBirth, today), state.raisedMaxHr, gender, weight, state.measuredMaxHr);
  const summary = summarize({ samples, durationSec }, member);
  if (summary.samples === 0) return undefined;
  // Only the session itself: the cool-down after the end never raises the maximum.
  const raisedTo = raisedMaxHr(samples.slice(0, durationSec), member.maxHr) ?? undefined;
  return { summary, maxHr: member.maxHr, ...(raisedTo === undefined ? {} : { raisedTo }) };
}

function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
