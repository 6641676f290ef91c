import { formatClock, formatSessionLength, formatTotalTime, formatWorkoutLength } from './duration-format';

describe('formatSessionLength', () => {
  it.each([
    [0, '0 s'],
    [3, '3 s'],
    [18, '18 s'],
    [59.4, '59 s'],
    [59.6, '1 min'],
    [60, '1 min'],
    [89, '1 min'],
    [90, '2 min'],
    [1629, '27 min'],
    [2913, '49 min'],
    [3600, '60 min'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatSessionLength(seconds)).toBe(text);
  });
});

describe('formatTotalTime', () => {
  it.each([
    [0, '0 min'],
    [3, '3 s'],
    [40, '40 s'],
    [45 * 60, '45 min'],
    [59 * 60 + 29, '59 min'],
    [59 * 60 + 59, '1h 0m'],
    [60 * 60, '1h 0m'],
    [2 * 3600 + 5 * 60 + 29, '2h 5m'],
    [2 * 3600 + 5 * 60 + 30, '2h 6m'],
  ])('%i s reads %s', (seconds, text) => {
    expect(formatTotalTime(seconds)).toBe(text);
  });
});

describe('formatClock', () => {
  it('shows m:ss, then h:mm:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3661)).toBe('1:01:01');
  });
});

describe('one number per fact', () => {
  it('a total and a history entry of the same single session read the same, under a minute too', () => {
    for (const seconds of [3, 18, 40, 89, 90, 1630, 2913, 3500]) expect(formatTotalTime(seconds)).toBe(formatSessionLength(seconds));
  });

  it("a workout's length is the API's minutes, never recomputed from its seconds", () => {
    // Round de Campeonato: the API serves 2913 s and 49 min; the card shows the 49 the API serves.
    expect(formatWorkoutLength({ estDurationMin: 49 })).toBe('49 min');
    expect(formatWorkoutLength({ duration: 30 })).toBe('30 min');
    expect(formatWorkoutLength({})).toBeNull();
    // A session exactly as long as that workout reads the same number in the history and the staff's timeline.
    expect(formatSessionLength(2913)).toBe(formatWorkoutLength({ estDurationMin: 49 }));
  });
});
