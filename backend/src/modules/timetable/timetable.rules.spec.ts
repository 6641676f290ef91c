import { DomainError } from '../../shared/domain-error';
import {
  checkClassChange,
  checkClosure,
  currentWeeks,
  slotLabel,
  SPEC_CLASS_BY_WEEKDAY,
  specSlots,
  TIMETABLE_MESSAGES,
  weekClasses,
  type Timetable,
  type WeeklySlot,
} from './timetable.rules';

const BOX: Timetable['classTypes'][number] = { classTypeId: 'box', name: 'Box and Burn', description: '', lengthMin: 60, defaultCapacity: 20, coach: 'Andrea' };
const CLASSIC: Timetable['classTypes'][number] = {
  classTypeId: 'classic',
  name: 'Clásico 60 Min',
  description: '',
  lengthMin: 60,
  defaultCapacity: 20,
  coach: '',
};
const MONDAY_EVENING: WeeklySlot = { slotId: 'mon-1715', weekday: 1, startTime: '17:15', classTypeId: 'box', capacity: 20 };
const MONDAY_MORNING: WeeklySlot = { slotId: 'mon-0515', weekday: 1, startTime: '05:15', classTypeId: 'box', capacity: 18 };
const SATURDAY: WeeklySlot = { slotId: 'sat-0800', weekday: 6, startTime: '08:00', classTypeId: 'classic', capacity: 20 };

function timetable(overrides: Partial<Timetable> = {}): Timetable {
  return { classTypes: [BOX, CLASSIC], slots: [MONDAY_EVENING, MONDAY_MORNING, SATURDAY], changes: [], closures: [], ...overrides };
}

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('slot labels', () => {
  it('writes a slot as the spec does', () => {
    expect(slotLabel('05:15', 60)).toBe('5:15-6:15 am');
    expect(slotLabel('12:00', 60)).toBe('12:00-1:00 pm');
    expect(slotLabel('20:30', 60)).toBe('8:30-9:30 pm');
    expect(slotLabel('11:30', 60)).toBe('11:30 am-12:30 pm');
  });

  it('seeds exactly the spec slots and class names', () => {
    const labels = (weekday: number) =>
      specSlots()
        .filter((slot) => slot.weekday === weekday)
        .map((slot) => slotLabel(slot.startTime, 60));
    const nine = [
      '5:15-6:15 am',
      '6:30-7:30 am',
      '8:00-9:00 am',
      '10:30-11:30 am',
      '12:00-1:00 pm',
      '4:00-5:00 pm',
      '6:00-7:00 pm',
      '7:15-8:15 pm',
      '8:30-9:30 pm',
    ];
    for (const weekday of [1, 2, 3, 4, 6]) expect(labels(weekday)).toEqual(nine);
    expect(labels(5)).toEqual(['8:00-9:00 am', '9:30-10:30 am']);
    expect(labels(7)).toEqual([]);
    expect(SPEC_CLASS_BY_WEEKDAY).toEqual({
      1: 'Box and Burn',
      2: 'Upper Body and Abs',
      3: 'Box and Burn',
      4: 'Lower Body Power',
      5: 'Box and Burn',
      6: 'Clásico 60 Min',
      7: 'Full Body Blast',
    });
  });
});

describe('the classes of a week', () => {
  it('runs Monday to Sunday around the date, each day its slots by start time', () => {
    const week = weekClasses(timetable(), '2026-12-03');
    expect(week.start).toBe('2026-11-30');
    expect(week.end).toBe('2026-12-06');
    expect(week.days.map((day) => day.dayName)).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']);
    const monday = week.days[0]!;
    expect(monday.classes.map((c) => [c.label, c.className, c.capacity, c.free])).toEqual([
      ['5:15-6:15 am', 'Box and Burn', 18, 18],
      ['5:15-6:15 pm', 'Box and Burn', 20, 20],
    ]);
    expect(week.days[5]!.classes.map((c) => c.className)).toEqual(['Clásico 60 Min']);
    expect(week.days[1]!.classes).toEqual([]);
  });

  it('applies a one-off change only on its date', () => {
    const changes = [{ slotId: 'mon-1715', date: '2026-11-30', startTime: '18:30', capacity: 12, cancelled: false, notice: 'Más tarde por mantenimiento' }];
    const changed = weekClasses(timetable({ changes }), '2026-11-30').days[0]!.classes[1]!;
    expect(changed).toMatchObject({
      startTime: '18:30',
      endTime: '19:30',
      label: '6:30-7:30 pm',
      capacity: 12,
      free: 12,
      changed: true,
      notice: 'Más tarde por mantenimiento',
    });
    const nextMonday = weekClasses(timetable({ changes }), '2026-12-07').days[0]!.classes[1]!;
    expect(nextMonday).toMatchObject({ startTime: '17:15', capacity: 20, changed: false });
  });

  it('keeps a cancelled class in the day with its notice and no free spots', () => {
    const changes = [{ slotId: 'mon-0515', date: '2026-11-30', startTime: null, capacity: null, cancelled: true, notice: 'Entrenador enfermo' }];
    const cancelled = weekClasses(timetable({ changes }), '2026-11-30').days[0]!.classes[0]!;
    expect(cancelled).toMatchObject({ cancelled: true, free: 0, booked: 0, notice: 'Entrenador enfermo', capacity: 18 });
  });

  it('closes a whole day', () => {
    const week = weekClasses(timetable({ closures: [{ date: '2026-11-30', notice: 'Feriado' }] }), '2026-11-30');
    expect(week.days[0]).toMatchObject({ closed: 'Feriado', classes: [] });
    expect(week.days[5]!.closed).toBeNull();
    expect(week.days[5]!.classes).toHaveLength(1);
  });

  it('takes booked seats from outside and never shows negative free spots', () => {
    const booked = (slotId: string, date: string) => (slotId === 'mon-0515' && date === '2026-11-30' ? 25 : slotId === 'mon-1715' ? 7 : 0);
    const [early, late] = weekClasses(timetable(), '2026-11-30', booked).days[0]!.classes;
    expect(early).toMatchObject({ booked: 25, free: 0 });
    expect(late).toMatchObject({ booked: 7, free: 13 });
  });

  it('finds this week and the next in El Salvador, not in UTC', () => {
    // Sunday 2026-12-06 at 23:30 in San Salvador is already Monday in UTC.
    const weeks = currentWeeks(timetable(), new Date('2026-12-07T05:30:00Z'));
    expect(weeks.map((week) => week.start)).toEqual(['2026-11-30', '2026-12-07']);
  });
});

describe('one-off changes and closures', () => {
  const today = '2026-11-30';

  it('accepts another time or capacity on the slot weekday', () => {
    expect(checkClassChange({ slotId: 'mon-1715', date: '2026-12-07', startTime: '18:00', cancelled: false }, MONDAY_EVENING, today)).toEqual({
      slotId: 'mon-1715',
      date: '2026-12-07',
      startTime: '18:00',
      capacity: null,
      cancelled: false,
      notice: '',
    });
  });

  it('refuses a past date, another weekday, a change that changes nothing and a cancellation without notice', () => {
    expect(errorOf(() => checkClassChange({ slotId: 'mon-1715', date: '2026-11-23', capacity: 10, cancelled: false }, MONDAY_EVENING, today)).message).toBe(
      TIMETABLE_MESSAGES.pastDate,
    );
    expect(errorOf(() => checkClassChange({ slotId: 'mon-1715', date: '2026-12-01', capacity: 10, cancelled: false }, MONDAY_EVENING, today)).message).toBe(
      TIMETABLE_MESSAGES.wrongWeekday,
    );
    expect(
      errorOf(() => checkClassChange({ slotId: 'mon-1715', date: '2026-12-07', startTime: '17:15', capacity: 20, cancelled: false }, MONDAY_EVENING, today))
        .message,
    ).toBe(TIMETABLE_MESSAGES.nothingChanged);
    expect(errorOf(() => checkClassChange({ slotId: 'mon-1715', date: '2026-12-07', cancelled: true, notice: '  ' }, MONDAY_EVENING, today)).message).toBe(
      TIMETABLE_MESSAGES.noticeNeeded,
    );
    expect(errorOf(() => checkClassChange({ slotId: 'mon-1715', date: '2026-02-30', cancelled: true, notice: 'x' }, MONDAY_EVENING, today)).message).toBe(
      TIMETABLE_MESSAGES.badDate,
    );
  });

  it('keeps only what a cancellation needs', () => {
    expect(
      checkClassChange(
        { slotId: 'mon-1715', date: '2026-11-30', startTime: '19:00', capacity: 3, cancelled: true, notice: ' Feriado local ' },
        MONDAY_EVENING,
        today,
      ),
    ).toEqual({
      slotId: 'mon-1715',
      date: '2026-11-30',
      startTime: null,
      capacity: null,
      cancelled: true,
      notice: 'Feriado local',
    });
  });

  it('closes a day from today on, with a notice', () => {
    expect(checkClosure('2026-12-25', ' Navidad ', today)).toEqual({ date: '2026-12-25', notice: 'Navidad' });
    expect(errorOf(() => checkClosure('2026-11-29', 'Ayer', today)).message).toBe(TIMETABLE_MESSAGES.pastDate);
    expect(errorOf(() => checkClosure('2026-12-25', ' ', today)).message).toBe(TIMETABLE_MESSAGES.blankNotice);
  });
});
