import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECOVERY_SECONDS, useRecoveryMinute } from './use-recovery-minute';

describe('the recovery minute', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('samples nothing until the workout has ended', () => {
    const readBpm = vi.fn(() => 150);
    const { result } = renderHook(() => useRecoveryMinute(readBpm, false));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toEqual({ samples: [], secondsLeft: RECOVERY_SECONDS });
    expect(readBpm).not.toHaveBeenCalled();
  });

  it('then samples the BPM on screen once a second for 65 s, null where none is fresh, and counts down', () => {
    let bpm: number | null = 160;
    const { result, rerender } = renderHook(({ measuring }) => useRecoveryMinute(() => bpm, measuring), { initialProps: { measuring: false } });
    rerender({ measuring: true });
    expect(result.current.samples).toEqual([160]);
    act(() => vi.advanceTimersByTime(1000));
    bpm = null;
    act(() => vi.advanceTimersByTime(1000));
    bpm = 130;
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.samples.slice(0, 4)).toEqual([160, 160, null, 130]);
    expect(result.current.secondsLeft).toBe(RECOVERY_SECONDS - 33);
    bpm = 110;
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current.samples).toHaveLength(RECOVERY_SECONDS);
    expect(result.current.samples.at(-1)).toBe(110);
    expect(result.current.secondsLeft).toBe(0);
  });
});
