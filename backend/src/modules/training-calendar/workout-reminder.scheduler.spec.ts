import type { AppConfig } from '../../config/app-config';
import { REMINDER_TICK_MS, WorkoutReminderScheduler } from './workout-reminder.scheduler';

/** A pool whose job lock is always free: the lock across instances is covered in test/two-instances.e2e-spec.ts. */
const freeLock = {
  connect: async () => ({ query: async () => ({ rows: [{ locked: true }] }), release: () => undefined }),
};

/** The scheduler's own wiring; what a pass sends is covered end to end in test/training-calendar.e2e-spec.ts. */
describe('the reminder scheduler’s timer', () => {
  afterEach(() => jest.useRealTimers());

  function schedulerIn(env: string) {
    const calendars = { reminderCandidates: jest.fn(async () => []) };
    const scheduler = new WorkoutReminderScheduler(
      calendars as never,
      {} as never,
      {} as never,
      { now: () => new Date('2026-11-24T12:00:00.000Z') },
      {} as never,
      {} as never,
      {} as never,
      {} as never,
      { env, publicUrl: 'https://pulso.sv' } as AppConfig,
      freeLock as never,
    );
    return { scheduler, calendars };
  }

  it('passes once a minute once the app has started, and stops with it', async () => {
    jest.useFakeTimers();
    const { scheduler, calendars } = schedulerIn('production');
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(REMINDER_TICK_MS - 1);
    expect(calendars.reminderCandidates).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    // Today's and tomorrow's training days.
    expect(calendars.reminderCandidates.mock.calls).toEqual([[[2]], [[3]]]);
    await scheduler.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(REMINDER_TICK_MS * 3);
    expect(calendars.reminderCandidates).toHaveBeenCalledTimes(2);
  });

  it('leaves time to the tests under NODE_ENV=test', async () => {
    jest.useFakeTimers();
    const { scheduler, calendars } = schedulerIn('test');
    scheduler.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(REMINDER_TICK_MS * 3);
    expect(calendars.reminderCandidates).not.toHaveBeenCalled();
  });

  it('never runs two passes at once: a tick during a pass joins it', async () => {
    let release!: () => void;
    const calendars = { reminderCandidates: jest.fn(() => new Promise<never[]>((resolve) => (release = () => resolve([])))) };
    const scheduler = new WorkoutReminderScheduler(
      calendars as never,
      {} as never,
      {} as never,
      { now: () => new Date('2026-11-24T12:00:00.000Z') },
      {} as never,
      {} as never,
      {} as never,
      {} as never,
      { env: 'test', publicUrl: 'https://pulso.sv' } as AppConfig,
      freeLock as never,
    );
    const first = scheduler.tick();
    const second = scheduler.tick();
    expect(second).toBe(first);
    const passReached = async (calls: number) => {
      while (calendars.reminderCandidates.mock.calls.length < calls) await new Promise((resolve) => setImmediate(resolve));
    };
    await passReached(1);
    release();
    await passReached(2);
    release();
    expect(await first).toBe(0);
    expect(calendars.reminderCandidates).toHaveBeenCalledTimes(2);
  });
});
