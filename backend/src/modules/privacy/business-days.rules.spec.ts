import { addBusinessDays, businessDaysLeft, easterSunday, isBusinessDay, publicHolidays, rightsRequestDueDate } from './business-days.rules';

describe('business days in El Salvador (ADR 0191)', () => {
  it('finds Easter Sunday for years with known dates', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists Holy Thursday, Friday and Saturday before Easter and the fixed holidays', () => {
    const holidays = publicHolidays(2026).map((holiday) => holiday.date);
    expect(holidays).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-05-01',
      '2026-05-10',
      '2026-06-17',
      '2026-08-06',
      '2026-09-15',
      '2026-11-02',
      '2026-12-25',
    ]);
  });

  it('counts weekdays only, and not the holidays', () => {
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-02')).toBe(false); // Monday, Día de los Difuntos
    expect(isBusinessDay('2026-04-02')).toBe(false); // Holy Thursday
    expect(isBusinessDay('2026-08-06')).toBe(false);
    // The fiestas agostinas of San Salvador are business days in Santa Tecla.
    expect(isBusinessDay('2026-08-04')).toBe(true);
  });

  it('does not count the day of receipt', () => {
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday → Monday
    expect(addBusinessDays('2026-11-23', 1)).toBe('2026-11-24');
  });

  it('is due 20 business days later: four weeks without holidays', () => {
    expect(rightsRequestDueDate('2026-10-05')).toBe('2026-11-03'); // 2 November is skipped
    expect(rightsRequestDueDate('2026-02-02')).toBe('2026-03-02');
  });

  it('skips Holy Week and Christmas', () => {
    // Received Monday 23 March 2026: Holy Thursday to Saturday are 2–4 April.
    expect(rightsRequestDueDate('2026-03-23')).toBe('2026-04-22');
    // Received Monday 14 December 2026: 25 December and 1 January fall inside.
    expect(rightsRequestDueDate('2026-12-14')).toBe('2027-01-13');
  });

  it('a request received on a weekend is due with the one received the Friday before', () => {
    expect(rightsRequestDueDate('2026-11-20')).toBe('2026-12-18');
    expect(rightsRequestDueDate('2026-11-21')).toBe('2026-12-18');
    expect(rightsRequestDueDate('2026-11-22')).toBe('2026-12-18');
    expect(rightsRequestDueDate('2026-11-23')).toBe('2026-12-21');
  });

  it('the extension adds 20 business days to the due date', () => {
    expect(rightsRequestDueDate('2026-02-02', true)).toBe(addBusinessDays('2026-03-02', 20));
    expect(rightsRequestDueDate('2026-02-02', true)).toBe('2026-03-30');
  });

  it('counts the business days left, negative once overdue', () => {
    expect(businessDaysLeft('2026-11-23', rightsRequestDueDate('2026-11-23'))).toBe(20);
    expect(businessDaysLeft('2026-12-21', '2026-12-21')).toBe(0);
    expect(businessDaysLeft('2026-12-18', '2026-12-21')).toBe(1); // Friday → Monday
    expect(businessDaysLeft('2026-12-28', '2026-12-21')).toBe(-4); // 22, 23, 24 and 28 December; 25 is Navidad
  });
});
