import type { ProfileDto, UpdateProfileDto } from '../../shared/api/generated-api';
import type { Difficulty, Gender } from '../../shared/lib/labels';
import { birthDateForApi } from '../../shared/lib/studio-calendar';

/** Spec section 5: the profile page's six goals (onboarding offers a different eight). */
export const PROFILE_GOALS = ['Perder peso', 'Ganar músculo', 'Mejorar resistencia', 'Aumentar fuerza', 'Mejorar flexibilidad', 'Salud general'] as const;

export const PROFILE_SAVE_FAILED = 'Error al actualizar el perfil';

export interface ProfileDraft {
  dateOfBirth: string;
  gender: Gender | '';
  height: string;
  weight: string;
  fitnessLevel: Difficulty;
  /** Kept whole: goals chosen during onboarding that this page does not list survive a save. */
  goals: string[];
}

export function toProfileDraft(user: { profile?: Partial<ProfileDto> | null } | undefined): ProfileDraft {
  const profile = user?.profile ?? {};
  return {
    dateOfBirth: profile.dateOfBirth ? profile.dateOfBirth.slice(0, 10) : '',
    gender: profile.gender ?? '',
    height: profile.height != null ? String(profile.height) : '',
    weight: profile.weight != null ? String(profile.weight) : '',
    fitnessLevel: profile.fitnessLevel ?? 'beginner',
    goals: profile.goals ?? [],
  };
}

/** Height and weight are whole cm and kg (spec section 3), so a typed decimal is rounded. */
function wholeOrNull(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? Math.round(value) : null;
}

/** Spec section 5: numbers as numbers, the birth date at noon UTC or null, and never completing onboarding. */
export function toProfileUpdate(draft: ProfileDraft): UpdateProfileDto {
  return {
    profile: {
      dateOfBirth: draft.dateOfBirth ? birthDateForApi(draft.dateOfBirth) : null,
      gender: draft.gender || null,
      height: wholeOrNull(draft.height),
      weight: wholeOrNull(draft.weight),
      fitnessLevel: draft.fitnessLevel,
      goals: draft.goals,
    },
    completeOnboarding: false,
  };
}
