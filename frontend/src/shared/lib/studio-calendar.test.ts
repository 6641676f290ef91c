import { addMonths, ageOn, isCalendarDate, studioDateOf, weekStart } from './studio-calendar';

describe('studio calendar (America/El_Salvador)', () => {
  it('puts a late-night workout on the local day, not the UTC one', () => {
    expect(studioDateOf('2026-11-23T05:30:00.000Z')).toBe('2026-11-22');
    expect(studioDateOf('2026-11-23T06:00:00.000Z')).toBe('2026-11-23');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // Sunday
    expect(weekStart('2026-11-16')).toBe('2026-11-16'); // Monday
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('moves across years by months', () => {
    expect(addMonths('2026-11-01', 2)).toBe('2027-01-01');
    expect(addMonths('2026-02-01', -3)).toBe('2025-11-01');
  });

  it('computes age in whole years, birthday included', () => {
    expect(ageOn('2013-11-22', '2026-11-22')).toBe(13);
    expect(ageOn('2013-11-23', '2026-11-22')).toBe(12);
    expect(ageOn('1990-05-15T12:00:00.000Z', '2026-05-14')).toBe(35);
  });

  it('rejects impossible dates', () => {
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('hola')).toBe(false);
  });
});
