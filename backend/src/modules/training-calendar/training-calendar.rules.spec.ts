import {
  instantOfLocal,
  layOutCalendar,
  normalizeSchedule,
  rangeProblem,
  recommendedDaysPerWeek,
  recommendedWeekdays,
  reminderWindow,
  scheduleProblem,
  TRAINING_CALENDAR_MESSAGES,
  type CalendarLayoutInput,
  type PlanOnCalendar,
} from './training-calendar.rules';

// 2026-11-23 is a Monday.
const MONDAY = '2026-11-23';
const MON_WED_FRI = { weekdays: [1, 3, 5], since: '2026-11-01' };
const PLAN: PlanOnCalendar = { enrollmentId: 'e1', planId: 'p1', workoutIds: ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'], currentIndex: 0 };

function layout(input: Partial<CalendarLayoutInput>) {
  return layOutCalendar({
    range: { start: MONDAY, end: '2026-11-29' },
    today: MONDAY,
    schedule: MON_WED_FRI,
    plan: PLAN,
    completions: [],
    ...input,
  });
}

describe('laying the plan onto the training days', () => {
  it('given Mon/Wed/Fri and a fresh plan, when today is Monday, then the next three workouts fall on Monday, Wednesday and Friday', () => {
    expect(layout({})).toEqual([
      { date: '2026-11-23', status: 'planned', workoutIds: ['w1'], position: 1 },
      { date: '2026-11-25', status: 'planned', workoutIds: ['w2'], position: 2 },
      { date: '2026-11-27', status: 'planned', workoutIds: ['w3'], position: 3 },
    ]);
  });

  it('given the member is halfway through the plan, then the calendar starts from their current workout', () => {
    expect(layout({ plan: { ...PLAN, currentIndex: 4 } })).toEqual([
      { date: '2026-11-23', status: 'planned', workoutIds: ['w5'], position: 5 },
      { date: '2026-11-25', status: 'planned', workoutIds: ['w6'], position: 6 },
    ]);
  });

  it('given today is a rest day, then the next workout waits for the next training day', () => {
    expect(layout({ today: '2026-11-24', schedule: { weekdays: [1, 3, 5], since: '2026-11-24' } })[0]).toEqual({
      date: '2026-11-25',
      status: 'planned',
      workoutIds: ['w1'],
      position: 1,
    });
  });

  it('given the member already trained today, then today is done and the next workout goes to the next training day', () => {
    const days = layout({ plan: { ...PLAN, currentIndex: 1 }, completions: [{ localDate: MONDAY, workoutId: 'w1' }] });
    expect(days).toEqual([
      { date: '2026-11-23', status: 'done', workoutIds: ['w1'] },
      { date: '2026-11-25', status: 'planned', workoutIds: ['w2'], position: 2 },
      { date: '2026-11-27', status: 'planned', workoutIds: ['w3'], position: 3 },
    ]);
  });

  it('given a missed Monday, when it is Tuesday, then Monday stays missed in the history and the plan rolls forward to Wednesday', () => {
    const days = layout({ today: '2026-11-24' });
    expect(days).toEqual([
      { date: '2026-11-23', status: 'missed', workoutIds: [] },
      { date: '2026-11-25', status: 'planned', workoutIds: ['w1'], position: 1 },
      { date: '2026-11-27', status: 'planned', workoutIds: ['w2'], position: 2 },
    ]);
  });

  it('marks a completion on a rest day as done, and a completion on a training day is never missed', () => {
    const days = layout({
      range: { start: '2026-11-16', end: '2026-11-22' },
      today: MONDAY,
      completions: [
        { localDate: '2026-11-16', workoutId: 'w1' },
        { localDate: '2026-11-17', workoutId: 'free' },
        { localDate: '2026-11-17', workoutId: 'w2' },
      ],
    });
    expect(days).toEqual([
      { date: '2026-11-16', status: 'done', workoutIds: ['w1'] },
      { date: '2026-11-17', status: 'done', workoutIds: ['free', 'w2'] },
      { date: '2026-11-18', status: 'missed', workoutIds: [] },
      { date: '2026-11-20', status: 'missed', workoutIds: [] },
    ]);
  });

  it('never marks days before the schedule was chosen as missed', () => {
    const days = layout({ range: { start: '2026-11-16', end: '2026-11-22' }, schedule: { weekdays: [1, 3, 5], since: '2026-11-19' } });
    expect(days).toEqual([{ date: '2026-11-20', status: 'missed', workoutIds: [] }]);
  });

  it('counts the training days before a later range, so next week continues where this week ends', () => {
    const nextWeek = layout({ range: { start: '2026-11-30', end: '2026-12-06' } });
    expect(nextWeek).toEqual([
      { date: '2026-11-30', status: 'planned', workoutIds: ['w4'], position: 4 },
      { date: '2026-12-02', status: 'planned', workoutIds: ['w5'], position: 5 },
      { date: '2026-12-04', status: 'planned', workoutIds: ['w6'], position: 6 },
    ]);
    const weekAfter = layout({ range: { start: '2026-12-07', end: '2026-12-13' } });
    expect(weekAfter).toEqual([]);
  });

  it('plans nothing without a schedule or without an active plan, but still shows what was done', () => {
    const completions = [{ localDate: '2026-11-23', workoutId: 'w1' }];
    expect(layout({ schedule: null, completions })).toEqual([{ date: '2026-11-23', status: 'done', workoutIds: ['w1'] }]);
    expect(layout({ plan: null })).toEqual([]);
    expect(layout({ plan: { ...PLAN, currentIndex: PLAN.workoutIds.length } })).toEqual([]);
  });

  it('ignores completions dated after today', () => {
    expect(layout({ completions: [{ localDate: '2026-11-25', workoutId: 'w9' }] })[1]).toEqual({
      date: '2026-11-25',
      status: 'planned',
      workoutIds: ['w2'],
      position: 2,
    });
  });

  it('crosses months and years', () => {
    const days = layOutCalendar({
      range: { start: '2026-12-28', end: '2027-01-03' },
      today: '2026-12-30',
      schedule: { weekdays: [3, 7], since: '2026-12-01' },
      plan: PLAN,
      completions: [],
    });
    expect(days.map((day) => [day.date, day.status, day.position])).toEqual([
      ['2026-12-30', 'planned', 1],
      ['2027-01-03', 'planned', 2],
    ]);
  });

  it('answers nothing for a reversed range', () => {
    expect(layout({ range: { start: '2026-11-29', end: '2026-11-23' } })).toEqual([]);
  });
});

describe('the schedule the member chooses', () => {
  const valid = { weekdays: [5, 1, 3], time: '18:30', reminderOffsetMin: 60 };

  it('accepts days, a 24-h time and one of the offered offsets; stores the days in order', () => {
    expect(scheduleProblem(valid)).toBeUndefined();
    expect(normalizeSchedule(valid).weekdays).toEqual([1, 3, 5]);
  });

  it.each([
    [{ weekdays: [] }, 'weekdays'],
    [{ weekdays: [0] }, 'weekdays'],
    [{ weekdays: [8] }, 'weekdays'],
    [{ weekdays: [1, 1] }, 'weekdays'],
    [{ weekdays: [1.5] }, 'weekdays'],
    [{ time: '24:00' }, 'time'],
    [{ time: '7:00' }, 'time'],
    [{ reminderOffsetMin: 45 }, 'reminderOffsetMin'],
  ])('refuses %j on its field', (patch, field) => {
    expect(scheduleProblem({ ...valid, ...patch })?.[0]).toBe(field);
  });

  it('recommends 3 to 4 days a week from the plan, spread with rest between', () => {
    expect(recommendedDaysPerWeek(null)).toBe(3);
    expect(recommendedDaysPerWeek({ totalWorkouts: 6, estimatedWeeks: 2 })).toBe(3);
    expect(recommendedDaysPerWeek({ totalWorkouts: 16, estimatedWeeks: 4 })).toBe(4);
    expect(recommendedDaysPerWeek({ totalWorkouts: 30, estimatedWeeks: 4 })).toBe(4);
    expect(recommendedDaysPerWeek({ totalWorkouts: 4, estimatedWeeks: 4 })).toBe(3);
    expect(recommendedWeekdays(3)).toEqual([1, 3, 5]);
    expect(recommendedWeekdays(4)).toEqual([1, 2, 4, 5]);
  });

  it('checks calendar ranges', () => {
    expect(rangeProblem({ start: '2026-11-01', end: '2026-11-30' })).toBeUndefined();
    expect(rangeProblem({ start: '2026-11-30', end: '2026-11-01' })).toBe(TRAINING_CALENDAR_MESSAGES.rangeType);
    expect(rangeProblem({ start: '2026-02-30', end: '2026-03-01' })).toBe(TRAINING_CALENDAR_MESSAGES.rangeType);
    expect(rangeProblem({ start: '2026-01-01', end: '2026-12-31' })).toBe(TRAINING_CALENDAR_MESSAGES.rangeTooLong);
  });
});

describe('times in San Salvador', () => {
  it('turns a local time into its UTC instant (UTC-6 all year)', () => {
    expect(instantOfLocal('2026-11-23', '18:00').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(instantOfLocal('2026-06-01', '06:15').toISOString()).toBe('2026-06-01T12:15:00.000Z');
  });

  it('opens the reminder window the chosen minutes before the training and closes it when the training starts', () => {
    const window = reminderWindow('2026-11-23', { time: '00:30', reminderOffsetMin: 60 });
    expect(window.from.toISOString()).toBe('2026-11-23T05:30:00.000Z');
    expect(window.until.toISOString()).toBe('2026-11-23T06:30:00.000Z');
  });
});
