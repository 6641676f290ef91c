import { activityPage } from './activity-periods';

const today = '2026-11-22'; // a Sunday
const at = (date: string, time = '18:00:00-06:00') => ({ completedAt: new Date(`${date}T${time}`).toISOString() });

describe('activity chart periods', () => {
  it('shows the 4 local weeks ending with this one', () => {
    const page = activityPage([at('2026-11-16'), at('2026-11-22', '23:30:00-06:00'), at('2026-11-01')], 'weekly', 0, today);
    expect(page.periods.map((p) => p.start)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(page.periods.map((p) => p.workouts)).toEqual([1, 0, 0, 2]);
    expect(page.rangeLabel).toBe('26 oct – 22 nov 2026');
  });

  it('pages back 4 weeks at a time', () => {
    const page = activityPage([], 'weekly', 1, today);
    expect(page.periods.map((p) => p.start)).toEqual(['2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19']);
  });

  it('shows 6 months per page across a year boundary', () => {
    const page = activityPage([at('2026-03-05'), at('2026-02-27')], 'monthly', 1, '2027-01-10');
    expect(page.periods.map((p) => p.start)).toEqual(['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01']);
    expect(page.periods.map((p) => p.workouts)).toEqual([1, 1, 0, 0, 0, 0]);
    expect(page.rangeLabel).toBe('feb – jul 2026');
  });

  it('disables next at offset 0 and previous once the oldest record is covered', () => {
    const records = [at('2026-11-20'), at('2026-10-01')];
    expect(activityPage(records, 'weekly', 0, today)).toMatchObject({ canShowNewer: false, canShowOlder: true });
    expect(activityPage(records, 'weekly', 1, today)).toMatchObject({ canShowNewer: true, canShowOlder: false });
    expect(activityPage(records, 'monthly', 0, today).canShowOlder).toBe(false);
    expect(activityPage([], 'weekly', 0, today).canShowOlder).toBe(false);
  });
});
