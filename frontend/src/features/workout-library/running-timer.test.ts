import { IDLE_TIMER, elapsedSeconds, isRunning, pauseTimer, startTimer } from './running-timer';

describe('running timer', () => {
  it('counts real time between timestamps, not ticks', () => {
    const started = startTimer(IDLE_TIMER, 1_000);
    expect(isRunning(started)).toBe(true);
    expect(elapsedSeconds(started, 1_000)).toBe(0);
    expect(elapsedSeconds(started, 61_500)).toBe(60);
  });

  it('freezes while paused and resumes from where it stopped', () => {
    const paused = pauseTimer(startTimer(IDLE_TIMER, 0), 10_000);
    expect(isRunning(paused)).toBe(false);
    expect(elapsedSeconds(paused, 500_000)).toBe(10);
    const resumed = startTimer(paused, 600_000);
    expect(elapsedSeconds(resumed, 605_000)).toBe(15);
  });

  it('ignores a second start or pause', () => {
    const started = startTimer(IDLE_TIMER, 0);
    expect(startTimer(started, 5_000)).toBe(started);
    expect(pauseTimer(IDLE_TIMER, 5_000)).toBe(IDLE_TIMER);
  });
});
