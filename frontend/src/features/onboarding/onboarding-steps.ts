import type { UpdateProfileDto } from '../../shared/api/generated-api';
import type { Difficulty, Gender } from '../../shared/lib/labels';
import { ageOn, birthDateForApi, isCalendarDate, type LocalDate } from '../../shared/lib/studio-calendar';

/** Spec section 5: the eight goals offered during onboarding (the profile page offers six others). */
export const ONBOARDING_GOALS = [
  'Perder peso',
  'Ganar músculo',
  'Mejorar resistencia',
  'Tonificar',
  'Aumentar fuerza',
  'Mejorar flexibilidad',
  'Reducir estrés',
  'Rehabilitación',
] as const;

export const MINIMUM_AGE = 13;
export const HEIGHT_RANGE = { min: 100, max: 250 } as const;
export const WEIGHT_RANGE = { min: 30, max: 300 } as const;

export const MESSAGES = {
  missing: 'Por favor completa todos los campos requeridos',
  underAge: 'Debes tener al menos 13 años para usar esta plataforma',
  saveFailed: 'Error al guardar tu perfil. Por favor intenta de nuevo.',
  consents: 'Acepta el aviso de privacidad y autoriza el uso de tus datos de salud para continuar.',
} as const;

export type OnboardingStep = 1 | 2 | 3;

export interface OnboardingDraft {
  dateOfBirth: string;
  gender: Gender | '';
  height: string;
  weight: string;
  goals: string[];
  fitnessLevel: Difficulty | '';
  /** The terms and privacy notice, accepted on step 1 (#21). */
  acceptsPrivacy: boolean;
  /** Express consent to keep the date of birth, height and weight: health data (#21). */
  acceptsHealthData: boolean;
}

export const EMPTY_DRAFT: OnboardingDraft = {
  dateOfBirth: '',
  gender: '',
  height: '',
  weight: '',
  goals: [],
  fitnessLevel: '',
  acceptsPrivacy: false,
  acceptsHealthData: false,
};

export type StepProblem = 'missing' | 'under-age' | 'height-range' | 'weight-range' | 'future-date' | 'consents';

function inRange(raw: string, range: { min: number; max: number }): boolean {
  const value = Number(raw);
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/** Why a step cannot move on yet, or null when 'Next' may be pressed. */
export function stepProblem(step: OnboardingStep, draft: OnboardingDraft, today: LocalDate): StepProblem | null {
  if (step === 1) {
    if (draft.dateOfBirth && isCalendarDate(draft.dateOfBirth)) {
      if (draft.dateOfBirth > today) return 'future-date';
      if (ageOn(draft.dateOfBirth, today) < MINIMUM_AGE) return 'under-age';
    }
    if (!draft.dateOfBirth || !isCalendarDate(draft.dateOfBirth) || !draft.gender || !draft.height.trim() || !draft.weight.trim()) return 'missing';
    if (!inRange(draft.height, HEIGHT_RANGE)) return 'height-range';
    if (!inRange(draft.weight, WEIGHT_RANGE)) return 'weight-range';
    if (!draft.acceptsPrivacy || !draft.acceptsHealthData) return 'consents';
    return null;
  }
  if (step === 2) return draft.goals.length > 0 ? null : 'missing';
  return draft.fitnessLevel ? null : 'missing';
}

export function problemMessage(problem: StepProblem): string {
  switch (problem) {
    case 'missing':
      return MESSAGES.missing;
    case 'under-age':
      return MESSAGES.underAge;
    case 'future-date':
      return 'La fecha de nacimiento no puede estar en el futuro';
    case 'height-range':
      return `La altura debe estar entre ${HEIGHT_RANGE.min} y ${HEIGHT_RANGE.max} cm`;
    case 'weight-range':
      return `El peso debe estar entre ${WEIGHT_RANGE.min} y ${WEIGHT_RANGE.max} kg`;
    case 'consents':
      return MESSAGES.consents;
    default: {
      const unreachable: never = problem;
      return unreachable;
    }
  }
}

export function toggleGoal(goals: string[], goal: string): string[] {
  return goals.includes(goal) ? goals.filter((item) => item !== goal) : [...goals, goal];
}

/**
 * The wizard's save: the birth date travels at noon UTC (as the profile page sends it)
 * so it names the same calendar day in every time zone; onboarding is marked complete.
 */
export function toOnboardingUpdate(draft: OnboardingDraft): UpdateProfileDto {
  return {
    profile: {
      dateOfBirth: birthDateForApi(draft.dateOfBirth),
      gender: draft.gender || null,
      height: Math.round(Number(draft.height)),
      weight: Math.round(Number(draft.weight)),
      fitnessLevel: draft.fitnessLevel || 'beginner',
      goals: draft.goals,
    },
    completeOnboarding: true,
  };
}
