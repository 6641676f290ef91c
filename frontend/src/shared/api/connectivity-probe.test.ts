import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, subscribeConnectivity } from '../lib/connectivity';
import { reportAnswer } from './connectivity-probe';

describe('connectivity', () => {
  afterEach(() => {
    reportAnswer(false);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is offline while answers come from the kept copies, even when the browser says online', () => {
    const changed = vi.fn();
    const stop = subscribeConnectivity(changed);
    expect(isOnline()).toBe(true);
    reportAnswer(true);
    expect(isOnline()).toBe(false);
    reportAnswer(true);
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks the server until it answers, then tells the app it is back online', async () => {
    vi.useFakeTimers();
    let reachable = false;
    const probe = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', probe);
    const backOnline = vi.fn();
    window.addEventListener('online', backOnline);
    reportAnswer(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).toHaveBeenCalledWith('/api/health/live', { cache: 'no-store' });
    expect(isOnline()).toBe(false);
    reachable = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(isOnline()).toBe(true);
    expect(backOnline).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(probe).toHaveBeenCalledTimes(2);
    window.removeEventListener('online', backOnline);
  });
});
