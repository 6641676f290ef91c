import { EMPTY_DRAFT, ONBOARDING_GOALS, stepProblem, toOnboardingUpdate, toggleGoal, type OnboardingDraft } from './onboarding-steps';

const today = '2026-11-22';
const step1: OnboardingDraft = {
  ...EMPTY_DRAFT,
  dateOfBirth: '1995-03-10',
  gender: 'female',
  height: '165',
  weight: '60',
  acceptsPrivacy: true,
  acceptsHealthData: true,
};

describe('onboarding steps', () => {
  it('offers the eight goals of the spec', () => {
    expect(ONBOARDING_GOALS).toHaveLength(8);
    expect(ONBOARDING_GOALS).toContain('Rehabilitación');
  });

  it('step 1 needs birth date, gender, height and weight', () => {
    expect(stepProblem(1, step1, today)).toBeNull();
    expect(stepProblem(1, { ...step1, gender: '' }, today)).toBe('missing');
    expect(stepProblem(1, { ...step1, weight: ' ' }, today)).toBe('missing');
    expect(stepProblem(1, { ...step1, dateOfBirth: '' }, today)).toBe('missing');
    expect(stepProblem(1, { ...step1, acceptsPrivacy: false }, today)).toBe('consents');
    expect(stepProblem(1, { ...step1, acceptsHealthData: false }, today)).toBe('consents');
  });

  it('step 1 keeps height and weight inside the input bounds', () => {
    expect(stepProblem(1, { ...step1, height: '99' }, today)).toBe('height-range');
    expect(stepProblem(1, { ...step1, height: '250' }, today)).toBeNull();
    expect(stepProblem(1, { ...step1, weight: '301' }, today)).toBe('weight-range');
    expect(stepProblem(1, { ...step1, weight: '30' }, today)).toBeNull();
  });

  it('refuses members under 13, even before the other fields are filled', () => {
    expect(stepProblem(1, { ...EMPTY_DRAFT, dateOfBirth: '2013-11-23' }, today)).toBe('under-age');
    expect(stepProblem(1, { ...step1, dateOfBirth: '2013-11-22' }, today)).toBeNull();
  });

  it('step 2 needs a goal and step 3 a level', () => {
    expect(stepProblem(2, step1, today)).toBe('missing');
    expect(stepProblem(2, { ...step1, goals: ['Tonificar'] }, today)).toBeNull();
    expect(stepProblem(3, step1, today)).toBe('missing');
    expect(stepProblem(3, { ...step1, fitnessLevel: 'advanced' }, today)).toBeNull();
  });

  it('toggles goals', () => {
    expect(toggleGoal(['Tonificar'], 'Reducir estrés')).toEqual(['Tonificar', 'Reducir estrés']);
    expect(toggleGoal(['Tonificar', 'Reducir estrés'], 'Tonificar')).toEqual(['Reducir estrés']);
  });

  it('saves numbers, the noon birth date and completes onboarding', () => {
    expect(toOnboardingUpdate({ ...step1, goals: ['Tonificar'], fitnessLevel: 'intermediate' })).toEqual({
      profile: { dateOfBirth: '1995-03-10T12:00:00.000Z', gender: 'female', height: 165, weight: 60, fitnessLevel: 'intermediate', goals: ['Tonificar'] },
      completeOnboarding: true,
    });
  });
});
