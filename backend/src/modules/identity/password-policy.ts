import { COMMON_PASSWORDS } from './common-passwords';
import { IdentityReason, MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './identity-errors';

/**
 * The hosted provider's password rules (spec section 5): a minimum and a maximum
 * length, then strength, then the breached list. Returns the first failing code,
 * in that order so the member fixes the most basic problem first.
 */
export function passwordProblem(password: string): IdentityReason | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'form_password_length_too_short';
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return 'form_password_size_in_bytes_exceeded';
  if (!/[a-zà-ÿ]/.test(password) || !/[A-ZÀ-Þ]/.test(password) || !/\d/.test(password)) return 'form_password_not_strong_enough';
  if (isCommonPassword(password)) return 'form_password_pwned';
  return undefined;
}

/** `Password123!` is as guessable as `password`: cracking tools try common words with digits and symbols appended first. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && COMMON_PASSWORDS.has(stem);
}
