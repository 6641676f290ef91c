import {
  bookableDates,
  bookingSchedule,
  classNameFor,
  dateLabel,
  isCalendarDate,
  openSlots,
  scheduleProblem,
  slotStartMinutes,
  slotsForWeekday,
  studioDate,
  weekdayOf,
} from './free-class-schedule';

// 2026-11-23 is a Monday. 12:00 UTC is 06:00 in El Salvador (UTC-6).
const mondayMorning = new Date('2026-11-23T12:00:00Z');

describe('free-class schedule', () => {
  it('reads the calendar day in El Salvador, not in UTC', () => {
    expect(studioDate(new Date('2026-11-23T05:59:00Z'))).toBe('2026-11-22');
    expect(studioDate(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-23');
  });

  it('knows real calendar dates and their weekdays', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('26-2-3')).toBe(false);
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-27')).toBe(5);
  });

  it('offers nine slots Monday to Thursday and Saturday, two on Friday, none on Sunday', () => {
    for (const weekday of [1, 2, 3, 4, 6]) expect(slotsForWeekday(weekday)).toHaveLength(9);
    expect(slotsForWeekday(5)).toEqual(['8:00-9:00 am', '9:30-10:30 am']);
    expect(slotsForWeekday(0)).toEqual([]);
  });

  it('names the class of each weekday', () => {
    expect(classNameFor('2026-11-22')).toBe('Full Body Blast');
    expect(classNameFor('2026-11-23')).toBe('Box and Burn');
    expect(classNameFor('2026-11-24')).toBe('Upper Body and Abs');
    expect(classNameFor('2026-11-25')).toBe('Box and Burn');
    expect(classNameFor('2026-11-26')).toBe('Lower Body Power');
    expect(classNameFor('2026-11-27')).toBe('Box and Burn');
    expect(classNameFor('2026-11-28')).toBe('Clásico 60 Min');
  });

  it('reads slot start times, noon included', () => {
    expect(slotStartMinutes('5:15-6:15 am')).toBe(5 * 60 + 15);
    expect(slotStartMinutes('12:00-1:00 pm')).toBe(12 * 60);
    expect(slotStartMinutes('8:30-9:30 pm')).toBe(20 * 60 + 30);
    expect(slotStartMinutes('cualquier cosa')).toBeNaN();
  });

  it('drops the slots of today that already began', () => {
    expect(openSlots('2026-11-23', mondayMorning)[0]).toBe('6:30-7:30 am');
    expect(openSlots('2026-11-24', mondayMorning)[0]).toBe('5:15-6:15 am');
  });

  it('offers the next seven days without Sundays', () => {
    expect(bookableDates(mondayMorning)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    // Friday night: Friday's last class started at 9:30, so the window starts on Saturday.
    expect(bookableDates(new Date('2026-11-28T03:00:00Z'))).toEqual(['2026-11-28', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
  });

  it('labels dates in Spanish', () => {
    expect(dateLabel('2026-11-24')).toBe('Martes, 24 de noviembre');
  });

  it('serves each bookable day with its label, its class and its open slots', () => {
    const schedule = bookingSchedule(mondayMorning);
    expect(schedule.timeZone).toBe('America/El_Salvador');
    expect(schedule.days.map((day) => day.date)).toEqual(bookableDates(mondayMorning));
    expect(schedule.days[0]).toEqual({
      date: '2026-11-23',
      label: 'Lunes, 23 de noviembre',
      className: 'Box and Burn',
      slots: openSlots('2026-11-23', mondayMorning),
    });
    expect(schedule.days[4]).toEqual({
      date: '2026-11-27',
      label: 'Viernes, 27 de noviembre',
      className: 'Box and Burn',
      slots: ['8:00-9:00 am', '9:30-10:30 am'],
    });
  });

  it('explains why a date and slot cannot be booked', () => {
    expect(scheduleProblem('2026-11-24', '4:00-5:00 pm', mondayMorning)).toBeNull();
    expect(scheduleProblem('2026-11-22', '4:00-5:00 pm', mondayMorning)).toBe('date-outside-window');
    expect(scheduleProblem('2026-11-30', '4:00-5:00 pm', mondayMorning)).toBe('date-outside-window');
    expect(scheduleProblem('2026-11-29', '4:00-5:00 pm', new Date('2026-11-24T12:00:00Z'))).toBe('sunday');
    expect(scheduleProblem('2026-11-27', '4:00-5:00 pm', mondayMorning)).toBe('slot-unavailable');
    expect(scheduleProblem('2026-11-23', '5:15-6:15 am', mondayMorning)).toBe('slot-unavailable');
    expect(scheduleProblem('2026-02-30', '4:00-5:00 pm', mondayMorning)).toBe('date-outside-window');
  });
});
