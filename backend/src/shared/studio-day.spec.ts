import fc from 'fast-check';
import { addDays, daysBetween, formatStudioDate, isLocalDate, isoWeekday, isWithin, localDateOf, monthOf, normalizeInstant, weekOf } from './studio-day';

describe('local date (America/El_Salvador)', () => {
  describe('localDateOf', () => {
    it('counts 23:30 on a Sunday in San Salvador as that Sunday, though it is Monday in UTC', () => {
      expect(localDateOf('2026-11-23T05:30:00.000Z')).toBe('2026-11-22');
      expect(isoWeekday(localDateOf('2026-11-23T05:30:00.000Z'))).toBe(7);
    });

    it('turns the day at 06:00 UTC, local midnight', () => {
      expect(localDateOf('2026-11-23T05:59:59.999Z')).toBe('2026-11-22');
      expect(localDateOf('2026-11-23T06:00:00.000Z')).toBe('2026-11-23');
    });

    it('has no daylight saving: the same six hours in January and July', () => {
      expect(localDateOf('2026-01-15T05:59:00.000Z')).toBe('2026-01-14');
      expect(localDateOf('2026-07-15T05:59:00.000Z')).toBe('2026-07-14');
      expect(localDateOf('2026-07-15T06:00:00.000Z')).toBe('2026-07-15');
    });

    it('crosses years and accepts Date objects and offsets', () => {
      expect(localDateOf('2027-01-01T03:00:00.000Z')).toBe('2026-12-31');
      expect(localDateOf(new Date('2027-01-01T06:00:00.000Z'))).toBe('2027-01-01');
      expect(localDateOf('2026-12-31T23:30:00-06:00')).toBe('2026-12-31');
    });

    it('refuses an instant without a zone and nonsense', () => {
      expect(() => localDateOf('2026-11-22T10:00:00')).toThrow(RangeError);
      expect(() => localDateOf('ayer')).toThrow(RangeError);
      expect(() => localDateOf(new Date(Number.NaN))).toThrow(RangeError);
    });
  });

  describe('the quarter-hour cache of localDateOf', () => {
    const QUARTER = 15 * 60_000;

    it('never changes the day inside a UTC quarter hour, through the daylight-saving years 1986–1989', () => {
      const changes: string[] = [];
      for (let start = Date.UTC(1986, 0, 1); start < Date.UTC(1990, 0, 1); start += QUARTER) {
        const first = formatStudioDate(new Date(start));
        if (formatStudioDate(new Date(start + QUARTER - 1)) !== first) changes.push(new Date(start).toISOString());
      }
      expect(changes).toEqual([]);
    });

    it('answers what Intl answers, asked in any order, from 1970 to 2100', () => {
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), { minLength: 1, maxLength: 20 }), (times) => {
          for (const time of times) {
            expect(localDateOf(new Date(time))).toBe(formatStudioDate(new Date(time)));
            // The quarter hour's other end, now answered from the cache.
            const end = Math.floor(time / QUARTER) * QUARTER + QUARTER - 1;
            expect(localDateOf(new Date(end))).toBe(formatStudioDate(new Date(end)));
          }
        }),
        { numRuns: 500 },
      );
    });

    it('does not cache before 1970 (local mean time is not whole hours)', () => {
      expect(localDateOf('1900-01-01T05:56:00.000Z')).toBe(formatStudioDate(new Date('1900-01-01T05:56:00.000Z')));
      expect(localDateOf('1900-01-01T05:58:00.000Z')).toBe(formatStudioDate(new Date('1900-01-01T05:58:00.000Z')));
    });
  });

  it('agrees with a fixed UTC-6 offset at every instant from 1990 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (time) => {
        const expected = new Date(time - 6 * 3_600_000).toISOString().slice(0, 10);
        expect(localDateOf(new Date(time).toISOString())).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('normalizes instants to canonical UTC', () => {
    expect(normalizeInstant('2026-11-22T23:30:00-06:00')).toBe('2026-11-23T05:30:00.000Z');
    expect(normalizeInstant('2026-11-22T05:30Z')).toBe('2026-11-22T05:30:00.000Z');
    expect(() => normalizeInstant('2026-13-40T00:00:00Z')).toThrow(RangeError);
  });

  it('knows real calendar dates', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-11-31')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
  });

  it('adds and counts days across months and leap years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-22', '2026-11-23')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });

  it('lands on the day Date lands on, for every day from 1896 to 2204 (1900, 2000 and 2100 included)', () => {
    const DAY_MS = 86_400_000;
    const first = Date.UTC(1896, 0, 1) / DAY_MS;
    const last = Date.UTC(2204, 11, 31) / DAY_MS;
    const wrong: string[] = [];
    for (let dayNumber = first; dayNumber <= last; dayNumber += 1) {
      const expected = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
      if (addDays('1970-01-01', dayNumber) !== expected) wrong.push(expected);
    }
    expect(wrong).toEqual([]);
  });

  it('numbers ISO weekdays from Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-16')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('1969-12-29')).toBe(1);
  });

  it('gives the Monday-to-Sunday week of a date', () => {
    expect(weekOf('2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(weekOf('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekOf('2026-12-30')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });

  it('gives the calendar month of a date', () => {
    expect(monthOf('2026-11-22')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(isWithin('2026-12-01', monthOf('2026-12-31'))).toBe(true);
    expect(isWithin('2026-11-30', monthOf('2026-12-31'))).toBe(false);
  });
});
