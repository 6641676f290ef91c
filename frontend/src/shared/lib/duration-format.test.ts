import { formatClock, formatMinutes, formatTotalTime, workoutSeconds } from './duration-format';

describe('formatTotalTime', () => {
  it.each([
    [0, '0 min'],
    [40, '1 min'],
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

describe('one number per figure', () => {
  it('a total and a history entry of the same single workout read the same', () => {
    for (const seconds of [40, 89, 90, 1630, 3500]) expect(formatTotalTime(seconds)).toBe(formatMinutes(seconds));
  });

  it("a workout's length comes from its exact seconds, whichever fields a response carries", () => {
    const fromCatalogue = { estDurationSec: 1630, calculatedDurationMin: 28, estDurationMin: 27 };
    const fromPlanList = { estDurationSec: 1630, estDurationMin: 27 };
    expect(formatMinutes(workoutSeconds(fromCatalogue))).toBe('27 min');
    expect(formatMinutes(workoutSeconds(fromPlanList))).toBe('27 min');
    expect(workoutSeconds({ calculatedDurationMin: 12 })).toBe(720);
    expect(workoutSeconds({ duration: 30 })).toBe(1800);
  });
});
