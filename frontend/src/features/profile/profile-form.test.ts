import { toProfileDraft, toProfileUpdate } from './profile-form';

describe('profile form', () => {
  it('loads the saved values, defaulting the level to beginner', () => {
    expect(toProfileDraft({ profile: { dateOfBirth: '1990-05-15T12:00:00.000Z', gender: 'male', height: 180, weight: 82, goals: ['Tonificar'] } })).toEqual({
      dateOfBirth: '1990-05-15',
      gender: 'male',
      height: '180',
      weight: '82',
      fitnessLevel: 'beginner',
      goals: ['Tonificar'],
    });
    expect(toProfileDraft({})).toMatchObject({ dateOfBirth: '', gender: '', height: '', fitnessLevel: 'beginner', goals: [] });
  });

  it('sends the date at noon UTC, whole numbers and completeOnboarding false', () => {
    expect(
      toProfileUpdate({ dateOfBirth: '1990-05-15', gender: 'female', height: '165', weight: '61.5', fitnessLevel: 'advanced', goals: ['Salud general'] }),
    ).toEqual({
      profile: { dateOfBirth: '1990-05-15T12:00:00.000Z', gender: 'female', height: 165, weight: 62, fitnessLevel: 'advanced', goals: ['Salud general'] },
      completeOnboarding: false,
    });
  });

  it('sends null for an empty birth date', () => {
    expect(toProfileUpdate({ dateOfBirth: '', gender: '', height: '', weight: '', fitnessLevel: 'beginner', goals: [] }).profile).toMatchObject({
      dateOfBirth: null,
      gender: null,
      height: null,
      weight: null,
    });
  });
});
