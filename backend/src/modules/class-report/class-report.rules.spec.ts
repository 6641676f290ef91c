import { DomainError } from '../../shared/domain-error';
import {
  classesLeftBuckets,
  classReport,
  CLASS_REPORT_MESSAGES,
  expiringByWeek,
  expiringUntil,
  reportWeeks,
  type BookingCount,
  type ReportClass,
} from './class-report.rules';

const refusal = (run: () => unknown): { message: string; field: unknown } | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    expect(error.code).toBe('invalid');
    return { message: error.message, field: error.details?.field };
  }
};

describe('the weeks of the report', () => {
  // 2026-12-02 is a Wednesday.
  const today = '2026-12-02';

  it('defaults to the current week and the three before it', () => {
    expect(reportWeeks({}, today)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
  });

  it('widens any day to its whole Monday-to-Sunday week', () => {
    expect(reportWeeks({ from: '2026-11-19', to: '2026-11-29' }, today)).toEqual(['2026-11-16', '2026-11-23']);
    expect(reportWeeks({ from: '2026-11-30', to: '2026-12-06' }, today)).toEqual(['2026-11-30']);
  });

  it('takes 4 weeks up to "to" without "from", and up to this week without "to"', () => {
    expect(reportWeeks({ to: '2026-10-07' }, today)).toEqual(['2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05']);
    expect(reportWeeks({ from: '2026-11-23' }, today)).toEqual(['2026-11-23', '2026-11-30']);
  });

  it('allows 26 weeks and refuses a 27th', () => {
    expect(reportWeeks({ from: '2026-06-08', to: '2026-12-06' }, today)).toHaveLength(26);
    expect(refusal(() => reportWeeks({ from: '2026-06-07', to: '2026-12-06' }, today))).toEqual({ message: CLASS_REPORT_MESSAGES.tooLong, field: 'from' });
  });

  it('refuses dates that are not calendar days, and a start after the end, in Spanish', () => {
    expect(refusal(() => reportWeeks({ from: '2026-02-30' }, today))).toEqual({ message: CLASS_REPORT_MESSAGES.badDate, field: 'from' });
    expect(refusal(() => reportWeeks({ to: '02/12/2026' }, today))).toEqual({ message: CLASS_REPORT_MESSAGES.badDate, field: 'to' });
    expect(refusal(() => reportWeeks({ from: '2026-12-07', to: '2026-12-06' }, today))).toEqual({ message: CLASS_REPORT_MESSAGES.reversed, field: 'from' });
  });
});

describe('occupancy, attendance, no-shows and waitlist demand', () => {
  const weeks = ['2026-11-23', '2026-11-30'];
  const classes: ReportClass[] = [
    { slotId: 'mon-0515', date: '2026-11-23', className: 'Clásico', capacity: 10 },
    { slotId: 'mon-0515', date: '2026-11-30', className: 'Clásico', capacity: 10 },
    { slotId: 'tue-0630', date: '2026-11-24', className: 'Fuerza', capacity: 20 },
  ];
  const count = (slotId: string, date: string, status: BookingCount['status'], n: number, fromWaitlist = false): BookingCount => ({
    slotId,
    date,
    status,
    fromWaitlist,
    count: n,
  });

  it('counts a seat for booked, checked-in and absent members, none for cancellations or the waitlist', () => {
    const report = classReport(weeks, classes, [
      count('mon-0515', '2026-11-23', 'checked-in', 6),
      count('mon-0515', '2026-11-23', 'no-show', 2),
      count('mon-0515', '2026-11-23', 'booked', 1),
      count('mon-0515', '2026-11-23', 'cancelled', 3),
      count('mon-0515', '2026-11-23', 'waitlisted', 4, true),
    ]);
    expect(report.weeks[0]).toMatchObject({ weekStart: '2026-11-23', weekEnd: '2026-11-29', classes: 2, capacity: 30, booked: 9, attended: 6, noShows: 2 });
    expect(report.weeks[0]!.occupancy).toBe(0.3);
    expect(report.weeks[0]!.noShowRate).toBe(0.25);
  });

  it('splits by class name and week, with every week of the range present', () => {
    const report = classReport(weeks, classes, [count('mon-0515', '2026-11-30', 'booked', 10), count('tue-0630', '2026-11-24', 'checked-in', 5)]);
    expect(report.from).toBe('2026-11-23');
    expect(report.to).toBe('2026-12-06');
    expect(report.classes.map((named) => named.className)).toEqual(['Clásico', 'Fuerza']);
    const [clasico, fuerza] = report.classes;
    expect(clasico!.weeks.map((week) => [week.weekStart, week.classes, week.booked, week.occupancy])).toEqual([
      ['2026-11-23', 1, 0, 0],
      ['2026-11-30', 1, 10, 1],
    ]);
    expect(clasico).toMatchObject({ classes: 2, capacity: 20, booked: 10, occupancy: 0.5, noShowRate: null });
    expect(fuerza!.weeks.map((week) => week.classes)).toEqual([1, 0]);
    expect(fuerza!.weeks[1]!.occupancy).toBeNull();
    expect(report.total).toMatchObject({ classes: 3, capacity: 40, booked: 15, attended: 5, noShows: 0, noShowRate: 0 });
  });

  it('counts who joined a waitlist and who of them got a seat, whatever happened after', () => {
    const report = classReport(weeks, classes, [
      count('tue-0630', '2026-11-24', 'waitlisted', 2, true),
      count('tue-0630', '2026-11-24', 'left', 3, true),
      count('tue-0630', '2026-11-24', 'booked', 1, true),
      count('tue-0630', '2026-11-24', 'checked-in', 2, true),
      count('tue-0630', '2026-11-24', 'cancelled', 1, true),
      count('tue-0630', '2026-11-24', 'no-show', 1, true),
      count('tue-0630', '2026-11-24', 'booked', 7),
    ]);
    expect(report.classes.find((named) => named.className === 'Fuerza')).toMatchObject({ waitlistJoined: 10, waitlistPromoted: 5, booked: 11 });
    expect(report.total).toMatchObject({ waitlistJoined: 10, waitlistPromoted: 5 });
  });

  it('leaves out bookings of classes the timetable does not hold that week (cancelled or removed)', () => {
    const report = classReport(weeks, classes, [count('gone', '2026-11-25', 'checked-in', 8), count('mon-0515', '2026-12-07', 'booked', 3)]);
    expect(report.total).toMatchObject({ classes: 3, booked: 0, attended: 0, occupancy: 0 });
  });

  it('rounds the ratios to three decimals', () => {
    const report = classReport(
      ['2026-11-23'],
      [classes[2]!],
      [count('tue-0630', '2026-11-24', 'checked-in', 2), count('tue-0630', '2026-11-24', 'no-show', 1)],
    );
    expect(report.total.occupancy).toBe(0.15);
    expect(report.total.noShowRate).toBe(0.333);
  });
});

describe('memberships: classes left and those ending soon', () => {
  it('groups memberships in force by classes left, every group present', () => {
    expect(
      classesLeftBuckets([
        { classesLeft: 0, count: 2 },
        { classesLeft: 1, count: 1 },
        { classesLeft: 2, count: 3 },
        { classesLeft: 5, count: 1 },
        { classesLeft: 12, count: 4 },
        { classesLeft: null, count: 6 },
      ]),
    ).toEqual([
      { label: 'Sin clases', count: 2 },
      { label: '1 o 2', count: 4 },
      { label: '3 a 5', count: 1 },
      { label: '6 o más', count: 4 },
      { label: 'Ilimitadas', count: 6 },
    ]);
    expect(classesLeftBuckets([]).every((bucket) => bucket.count === 0)).toBe(true);
  });

  it('counts the memberships ending this week (from today) and in the next three', () => {
    const today = '2026-12-02';
    expect(expiringUntil(today)).toBe('2026-12-27');
    expect(
      expiringByWeek(today, [
        { date: '2026-12-01', count: 5 },
        { date: '2026-12-02', count: 1 },
        { date: '2026-12-06', count: 2 },
        { date: '2026-12-07', count: 3 },
        { date: '2026-12-27', count: 1 },
        { date: '2026-12-28', count: 9 },
      ]),
    ).toEqual([
      { weekStart: '2026-11-30', weekEnd: '2026-12-06', count: 3 },
      { weekStart: '2026-12-07', weekEnd: '2026-12-13', count: 3 },
      { weekStart: '2026-12-14', weekEnd: '2026-12-20', count: 0 },
      { weekStart: '2026-12-21', weekEnd: '2026-12-27', count: 1 },
    ]);
  });
});
