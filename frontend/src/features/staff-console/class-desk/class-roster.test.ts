import type { ClassRoster } from '../../../shared/api/api';
import type { PublicTimetableDto, ScheduledClassDto } from '../../../shared/api/generated-api';
import { MAX_SCAN_LENGTH, rosterCounts, rosterRows, rosterSummary, scannedCode, splitAtNow, strapsByMember, todaysClasses } from './class-roster';

const ROSTER: ClassRoster = {
  date: '2026-12-02',
  slotId: 'slot-1',
  className: 'Box and Burn',
  startTime: '18:00',
  endTime: '19:00',
  capacity: 4,
  booked: [
    { bookingId: 'b1', memberId: 'm1', name: 'Ana', status: 'checked-in', checkedInAt: '2026-12-02T23:55:00.000Z' },
    { bookingId: 'b2', memberId: 'm2', name: 'Beto', status: 'no-show', checkedInAt: null },
    { bookingId: 'b3', memberId: 'm3', name: 'Carla', status: 'booked', checkedInAt: null },
    { bookingId: 'b4', memberId: 'm4', name: 'Dani', status: 'booked', checkedInAt: null },
  ],
  waitlist: [{ bookingId: 'w1', memberId: 'm5', name: 'Eva', position: 1 }],
  guests: [],
};

const WITH_GUESTS: ClassRoster = {
  ...ROSTER,
  capacity: 6,
  guests: [
    { bookingId: 'g1', name: 'Marta Ríos', status: 'checked-in', outcome: 'attended', checkedInAt: '2026-12-02T23:56:00.000Z' },
    { bookingId: 'g2', name: 'Nora Paz', status: 'no-show', outcome: 'no-show', checkedInAt: null },
    { bookingId: 'g3', name: 'Olga Sol', status: 'booked', outcome: null, checkedInAt: null },
  ],
};

describe("the desk's roster of a class (issue 40)", () => {
  it('takes what a scanner typed or the camera read, without spaces or control characters, and nothing empty or overlong', () => {
    expect(scannedCode('  ABC-123\r\n')).toBe('ABC-123');
    expect(scannedCode('\u0002ABC\u0003')).toBe('ABC');
    expect(scannedCode('   ')).toBeNull();
    expect(scannedCode('')).toBeNull();
    expect(scannedCode('x'.repeat(MAX_SCAN_LENGTH))).toBe('x'.repeat(MAX_SCAN_LENGTH));
    expect(scannedCode('x'.repeat(MAX_SCAN_LENGTH + 1))).toBeNull();
  });

  it('lists who is still to arrive first, then arrivals, then no-shows, each with the strap the desk remembers for them', () => {
    const rows = rosterRows(
      ROSTER,
      new Map([
        ['m4', 'Polar nueva'],
        ['m1', 'Polar A'],
      ]),
    );
    expect(rows.map((row) => [row.name, row.strap, row.canCheckIn])).toEqual([
      ['Carla', null, true],
      ['Dani', 'Polar nueva', true],
      ['Ana', 'Polar A', false],
      ['Beto', null, false],
    ]);
  });

  it('lists free-class guests beside the members in the same order, without straps, "Se hizo miembro" only once they came (ADR 0380)', () => {
    const rows = rosterRows(WITH_GUESTS, new Map());
    expect(rows.map((row) => [row.name, row.canCheckIn, row.guest?.canConvert ?? null])).toEqual([
      ['Carla', true, null],
      ['Dani', true, null],
      ['Olga Sol', true, false],
      ['Ana', false, null],
      ['Marta Ríos', false, true],
      ['Beto', false, null],
      ['Nora Paz', false, false],
    ]);
    expect(rows.find((row) => row.bookingId === 'g1')).toMatchObject({ memberId: '' });
    // A guest's seat stays taken whatever the outcome, as the timetable counts it.
    expect(rosterCounts(WITH_GUESTS)).toEqual({ taken: 6, arrived: 2, free: 0, waiting: 1 });
  });

  it('counts booked and arrived seats as taken, no-shows not, and says it in Spanish', () => {
    const counts = rosterCounts(ROSTER);
    expect(counts).toEqual({ taken: 3, arrived: 1, free: 1, waiting: 1 });
    expect(rosterSummary(counts, ROSTER.capacity)).toBe('3 de 4 lugares · 1 llegó · 1 en lista de espera');
    expect(rosterSummary({ taken: 0, arrived: 0, free: 4, waiting: 0 }, 4)).toBe('0 de 4 lugares · 0 llegaron');
    expect(rosterCounts({ ...ROSTER, capacity: 2 }).free).toBe(0);
  });

  it("takes today's classes from the timetable, cancelled ones out, by start time", () => {
    const scheduled = (slotId: string, startTime: string, cancelled = false) => ({ slotId, startTime, cancelled }) as ScheduledClassDto;
    const timetable = {
      timeZone: 'America/El_Salvador',
      today: '2026-12-02',
      weeks: [
        {
          start: '2026-11-30',
          end: '2026-12-06',
          days: [
            { date: '2026-12-01', weekday: 2, dayName: 'Martes', closed: null, classes: [scheduled('ayer', '06:00')] },
            {
              date: '2026-12-02',
              weekday: 3,
              dayName: 'Miércoles',
              closed: null,
              classes: [scheduled('tarde', '18:00'), scheduled('cancelada', '12:00', true), scheduled('temprano', '05:15')],
            },
          ],
        },
      ],
    } as PublicTimetableDto;
    expect(todaysClasses(timetable, '2026-12-02').map((one) => one.slotId)).toEqual(['temprano', 'tarde']);
    expect(todaysClasses(timetable, '2026-12-03')).toEqual([]);
    expect(todaysClasses(undefined, '2026-12-02')).toEqual([]);
    expect(strapsByMember([{ userId: 'm1', sensorId: 'Polar A' }]).get('m1')).toBe('Polar A');
    expect(strapsByMember(undefined).size).toBe(0);
  });

  it('puts the classes still to come (or under way) before those that have ended, in studio time', () => {
    const at = (slotId: string, endTime: string) => ({ slotId, date: '2026-12-02', endTime }) as ScheduledClassDto;
    const classes = [at('temprano', '06:15'), at('mediodia', '13:00'), at('tarde', '19:00')];
    // 13:00 in San Salvador is 19:00 UTC: the noon class has just ended.
    const split = splitAtNow(classes, new Date('2026-12-02T19:00:00Z'));
    expect(split.ahead.map((one) => one.slotId)).toEqual(['tarde']);
    expect(split.ended.map((one) => one.slotId)).toEqual(['temprano', 'mediodia']);
    expect(splitAtNow(classes, new Date('2026-12-02T18:59:00Z')).ahead.map((one) => one.slotId)).toEqual(['mediodia', 'tarde']);
  });
});
