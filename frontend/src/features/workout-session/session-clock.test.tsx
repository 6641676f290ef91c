import { render } from '@testing-library/react';
import { TICK_INTERVAL_MS, useClockTicks, type Clock } from './session-clock';
import { useSessionKeyboard } from './use-session-keyboard';

function Probe({ clock, active, onTick }: { clock: Clock; active: boolean; onTick: (now: number) => void }) {
  useClockTicks(clock, active, onTick);
  return null;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('clock ticks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('ticks with the clock reading while active and stops when inactive', () => {
    let now = 1_000;
    const ticks: number[] = [];
    const clock = { now: () => now };
    const view = render(<Probe clock={clock} active onTick={(at) => ticks.push(at)} />);
    now = 1_250;
    vi.advanceTimersByTime(TICK_INTERVAL_MS);
    expect(ticks).toEqual([1_250]);
    view.rerender(<Probe clock={clock} active={false} onTick={(at) => ticks.push(at)} />);
    vi.advanceTimersByTime(10 * TICK_INTERVAL_MS);
    expect(ticks).toEqual([1_250]);
  });

  it('catches up at once when a hidden page becomes visible again', () => {
    let now = 0;
    const ticks: number[] = [];
    render(<Probe clock={{ now: () => now }} active onTick={(at) => ticks.push(at)} />);
    setVisibility('hidden');
    now = 95_000;
    setVisibility('visible');
    expect(ticks).toEqual([95_000]);
  });
});

describe('session keyboard', () => {
  it('typing in a field never drives the session', () => {
    const onPlayPause = vi.fn();
    function Keys() {
      useSessionKeyboard(true, { onPlayPause, onNext: vi.fn(), onPrevious: vi.fn(), onToggleSound: vi.fn() });
      return <input aria-label="campo" />;
    }
    const view = render(<Keys />);
    const input = view.getByLabelText('campo');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(onPlayPause).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    expect(onPlayPause).toHaveBeenCalledTimes(1);
  });
});
