import { bookableDates, classNameFor, dateLabel, openSlots, slotsForWeekday, studioDate } from './booking-schedule';

// 2026-11-23 is a Monday; 12:00 UTC is 06:00 in El Salvador.
const mondayMorning = new Date('2026-11-23T12:00:00Z');

describe('booking schedule', () => {
  it('uses the El Salvador calendar day', () => {
    expect(studioDate(new Date('2026-11-23T05:30:00Z'))).toBe('2026-11-22');
  });

  it('offers the next 7 days without Sundays', () => {
    expect(bookableDates(mondayMorning)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    const sundayNoon = new Date('2026-11-22T18:00:00Z');
    expect(bookableDates(sundayNoon)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('offers nine slots Monday to Thursday and Saturday and two on Friday', () => {
    expect(slotsForWeekday(1)).toEqual([
      '5:15-6:15 am',
      '6:30-7:30 am',
      '8:00-9:00 am',
      '10:30-11:30 am',
      '12:00-1:00 pm',
      '4:00-5:00 pm',
      '6:00-7:00 pm',
      '7:15-8:15 pm',
      '8:30-9:30 pm',
    ]);
    expect(slotsForWeekday(6)).toHaveLength(9);
    expect(slotsForWeekday(5)).toEqual(['8:00-9:00 am', '9:30-10:30 am']);
  });

  it('hides the slots of today that already began', () => {
    expect(openSlots('2026-11-23', mondayMorning)).not.toContain('5:15-6:15 am');
    expect(openSlots('2026-11-23', mondayMorning)).toContain('6:30-7:30 am');
  });

  it('names the class of each weekday', () => {
    expect(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-22'].map(classNameFor)).toEqual([
      'Box and Burn',
      'Upper Body and Abs',
      'Box and Burn',
      'Lower Body Power',
      'Box and Burn',
      'Clásico 60 Min',
      'Full Body Blast',
    ]);
  });

  it('labels dates in Spanish', () => {
    expect(dateLabel('2026-11-24')).toBe('Martes, 24 de noviembre');
  });
});
