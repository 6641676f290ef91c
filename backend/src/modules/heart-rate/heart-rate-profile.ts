import { localDateOf } from '../../shared/studio-day';
import { ageOn } from '../members/member-profiles.read-model';
import type { HeartRateProfileDto } from './dto/heart-rate.dto';
import type { MemberState } from '../members/member.decider';
import { NO_CONSENT, type HeartRateConsentView } from './heart-rate.read-model';
import { HEART_RATE_NOTICE_VERSION, maxHrFor, MONTHLY_POINTS_TARGET, SESSION_BADGE, zonesFor } from './heart-rate.rules';

/**
 * The profile answer of both routes: the consent given, and the zones for the member's maximum
 * (their age on the studio's day, the value they measured, or what a session raised it to).
 */
export function heartRateProfileOf(
  consent: HeartRateConsentView,
  { raisedMaxHr, measuredMaxHr }: { raisedMaxHr: number | null; measuredMaxHr: number | null },
  dateOfBirth: string | null,
  now: Date,
  dataDeletedAt: string | null = null,
): HeartRateProfileDto {
  const age = dateOfBirth === null ? null : ageOn(dateOfBirth, localDateOf(now));
  const { maxHr, maxHrSource } = maxHrFor(age, raisedMaxHr, measuredMaxHr);
  return {
    consent: { granted: consent.granted, noticeVersion: consent.noticeVersion, at: consent.at },
    currentNoticeVersion: HEART_RATE_NOTICE_VERSION,
    maxHr,
    maxHrSource,
    measuredMaxHr,
    age,
    zones: zonesFor(maxHr),
    badge: { minPct: SESSION_BADGE.minPct, minutes: SESSION_BADGE.minutes },
    monthlyPointsTarget: MONTHLY_POINTS_TARGET,
    dataDeletedAt,
  };
}

/** The profile from a member's decided state: the answer of a write never lags the write. */
export function profileOfState(state: MemberState, now: string): HeartRateProfileDto {
  const { heartRateConsent, raisedMaxHr, measuredMaxHr, profile, heartRateDataDeletedAt } = state;
  return heartRateProfileOf(heartRateConsent ?? NO_CONSENT, { raisedMaxHr, measuredMaxHr }, profile.dateOfBirth, new Date(now), heartRateDataDeletedAt);
}
