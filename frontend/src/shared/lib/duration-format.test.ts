import { formatClock, formatTotalTime } from './duration-format';

describe('formatTotalTime', () => {
  it.each([
    [0, '0 min'],
    [59, '0 min'],
    [45 * 60, '45 min'],
    [59 * 60 + 59, '59 min'],
    [60 * 60, '1h 0m'],
    [2 * 3600 + 5 * 60 + 30, '2h 5m'],
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
