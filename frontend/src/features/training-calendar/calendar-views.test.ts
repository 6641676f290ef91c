import { dayTitle, isoWeekdayOf, offsetLabel, shiftAnchor, timeLabel, viewTitle, visibleDays, weekdayList } from './calendar-views';

describe('calendar views', () => {
  it('shows a week from Monday to Sunday around any of its days', () => {
    const days = visibleDays('week', '2026-11-26');
    expect(days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('shows a month as whole weeks, Monday first, padded with the neighbours’ days', () => {
    const days = visibleDays('month', '2026-11-15');
    expect(days[0]).toBe('2026-10-26');
    expect(days.at(-1)).toBe('2026-12-06');
    expect(days).toHaveLength(42);
    expect(visibleDays('month', '2027-02-10')).toHaveLength(28);
    expect(visibleDays('month', '2027-02-10')[0]).toBe('2027-02-01');
  });

  it('moves by weeks and months, across years', () => {
    expect(shiftAnchor('week', '2026-12-30', 1)).toBe('2027-01-04');
    expect(shiftAnchor('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('names the period and the day in Spanish', () => {
    expect(viewTitle('week', '2026-11-25')).toBe('23 – 29 de noviembre de 2026');
    expect(viewTitle('week', '2026-12-02')).toBe('30 de noviembre – 6 de diciembre de 2026');
    expect(viewTitle('week', '2026-12-30')).toBe('28 de diciembre de 2026 – 3 de enero de 2027');
    expect(viewTitle('month', '2026-11-01')).toBe('noviembre de 2026');
    expect(dayTitle('2026-11-23')).toBe('lunes 23 de noviembre');
    expect(isoWeekdayOf('2026-11-29')).toBe(7);
  });

  it('reads the schedule as people say it', () => {
    expect(weekdayList([5, 1, 3])).toBe('lunes, miércoles y viernes');
    expect(weekdayList([6])).toBe('sábado');
    expect(weekdayList([1, 2, 3, 4, 5, 6, 7])).toBe('todos los días');
    expect(timeLabel('18:00')).toBe('6:00 p. m.');
    expect(timeLabel('00:30')).toBe('12:30 a. m.');
    expect(timeLabel('12:05')).toBe('12:05 p. m.');
    expect(offsetLabel(30)).toBe('30 minutos antes');
    expect(offsetLabel(60)).toBe('1 hora antes');
    expect(offsetLabel(180)).toBe('3 horas antes');
  });
});
