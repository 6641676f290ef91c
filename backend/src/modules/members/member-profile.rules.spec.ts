import { ageOn, dateOfBirthFromWire, isFitnessLevel, isGender } from './member-profile.rules';

describe('member profile', () => {
  describe('dateOfBirthFromWire', () => {
    it('keeps the calendar date of the SPA noon-UTC form', () => {
      expect(dateOfBirthFromWire('1995-04-18T12:00:00.000Z')).toBe('1995-04-18');
      expect(dateOfBirthFromWire('1995-04-18')).toBe('1995-04-18');
    });

    it('passes null through (the profile page clears the date)', () => {
      expect(dateOfBirthFromWire(null)).toBeNull();
    });

    it.each(['1995-02-30T12:00:00.000Z', '18/04/1995', '1995-04-18T12:00:00', '', '1995-4-18'])('rejects %j', (value) => {
      expect(dateOfBirthFromWire(value)).toBeUndefined();
    });
  });

  describe('ageOn', () => {
    it('counts full years, turning over on the birthday itself', () => {
      expect(ageOn('2013-11-22', '2026-11-21')).toBe(12);
      expect(ageOn('2013-11-22', '2026-11-22')).toBe(13);
      expect(ageOn('2013-12-31', '2026-01-01')).toBe(12);
    });

    it('reaches a 29 February birthday on 1 March in common years and on 29 February in leap years', () => {
      expect(ageOn('2012-02-29', '2025-02-28')).toBe(12);
      expect(ageOn('2012-02-29', '2025-03-01')).toBe(13);
      expect(ageOn('2012-02-29', '2028-02-29')).toBe(16);
    });

    it('is negative for a date of birth in the future', () => {
      expect(ageOn('2030-01-01', '2026-11-22')).toBeLessThan(0);
    });
  });

  it('knows the spec values of gender and fitness level', () => {
    expect(['male', 'female', 'other'].every(isGender)).toBe(true);
    expect(isGender('Masculino')).toBe(false);
    expect(['beginner', 'intermediate', 'advanced'].every(isFitnessLevel)).toBe(true);
    expect(isFitnessLevel(3)).toBe(false);
  });
});
