import { addDays, dayNumber, studioDateOf, type LocalDate } from '../../shared/lib/studio-calendar';

/** Spec section 9: the free trial lasts 7 days. */
export const TRIAL_DAYS = 7;

export interface TrialStatus {
  startDate: LocalDate;
  /** The last day with trial access, inclusive. */
  lastDay: LocalDate;
  daysLeft: number;
  ended: boolean;
}

/** Day 1 is the start day, so a trial begun today has 7 days left including today. */
export function trialStatus(startDate: LocalDate, today: LocalDate): TrialStatus {
  const lastDay = addDays(startDate, TRIAL_DAYS - 1);
  const daysLeft = Math.max(0, Math.min(TRIAL_DAYS, dayNumber(lastDay) - dayNumber(today) + 1));
  return { startDate, lastDay, daysLeft, ended: daysLeft === 0 };
}

const STORAGE_PREFIX = 'pulso.trial-start.';

/**
 * Where the trial starts: the account's creation day when the server reports it,
 * otherwise the first time this member opened the trial page on this device (see
 * docs/decisions/0071-trial-start-on-the-client.md).
 */
export function trialStartDate(
  account: { email: string; createdAt?: string | null },
  today: LocalDate,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): LocalDate {
  if (account.createdAt) return studioDateOf(account.createdAt);
  const key = `${STORAGE_PREFIX}${account.email.toLowerCase()}`;
  try {
    const stored = storage?.getItem(key);
    if (stored && /^\d{4}-\d{2}-\d{2}$/.test(stored)) return stored;
    storage?.setItem(key, today);
  } catch {
    // Private browsing may refuse storage; the trial then simply counts from today.
  }
  return today;
}
