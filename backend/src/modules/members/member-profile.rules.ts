import { isLocalDate, type LocalDate } from '../../shared/studio-day';

/** The member's fitness profile (spec section 3, "User" → profile). */

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type FitnessLevel = (typeof FITNESS_LEVELS)[number];

export interface MemberProfile {
  /** Calendar date `YYYY-MM-DD`; the wire form `YYYY-MM-DDT12:00:00.000Z` is reduced to it. */
  dateOfBirth: LocalDate | null;
  gender: Gender | null;
  /** Centimetres, integer. */
  height: number | null;
  /** Kilograms, integer. */
  weight: number | null;
  fitnessLevel: FitnessLevel | null;
  goals: readonly string[];
}

export type ProfileField = keyof MemberProfile;

/** In the order the SPA shows them; ProfileUpdated lists its changes in this order too. */
export const PROFILE_FIELDS: readonly ProfileField[] = ['dateOfBirth', 'gender', 'height', 'weight', 'fitnessLevel', 'goals'];

/** The profile fields the health-data consent covers (ADR 0190): once it is withdrawn, the profile holds none of them. */
export const HEALTH_DATA_FIELDS = ['dateOfBirth', 'height', 'weight'] as const satisfies readonly ProfileField[];

export const HEALTH_DATA_WITHDRAWN_MESSAGE =
  'Retiraste tu consentimiento para guardar datos de salud. Para ingresar tu estatura, peso o fecha de nacimiento, da tu consentimiento de nuevo en Privacidad y consentimientos.';

/** Spec section 9 ("Minimum age 13", "Height input 100 to 250 cm. Weight input 30 to 300 kg"). */
export const MIN_MEMBER_AGE = 13;
export const HEIGHT_CM = { min: 100, max: 250 } as const;
export const WEIGHT_KG = { min: 30, max: 300 } as const;

export function emptyProfile(): MemberProfile {
  return { dateOfBirth: null, gender: null, height: null, weight: null, fitnessLevel: null, goals: [] };
}

/**
 * Full years of age on `today`. A birthday on 29 February is reached on 1 March in
 * common years, the usual legal reading.
 */
export function ageOn(dateOfBirth: LocalDate, today: LocalDate): number {
  const [birthYear, birthMonthDay] = [Number(dateOfBirth.slice(0, 4)), dateOfBirth.slice(5)];
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
  return year - birthYear - (monthDay < birthMonthDay ? 1 : 0);
}

const WIRE_DATE_OF_BIRTH = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z)?$/;

/**
 * The SPA sends a date of birth as the chosen date plus `T12:00:00.000Z` (noon UTC, so
 * the date survives every time zone); the calendar date is its first ten characters.
 * Returns undefined when the value is not such a date.
 */
export function dateOfBirthFromWire(value: string | null): LocalDate | null | undefined {
  if (value === null) return null;
  const match = WIRE_DATE_OF_BIRTH.exec(value);
  if (!match || !isLocalDate(match[1]!)) return undefined;
  return match[1]!;
}

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

export function isFitnessLevel(value: unknown): value is FitnessLevel {
  return typeof value === 'string' && (FITNESS_LEVELS as readonly string[]).includes(value);
}
