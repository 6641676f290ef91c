import { act, renderHook } from '@testing-library/react';
import { FakeHeartRateStrap } from './fake-bluetooth';
import { useHeartRateSensor } from './use-heart-rate-sensor';

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(strap = new FakeHeartRateStrap()) {
  const view = renderHook(() => useHeartRateSensor({ bluetooth: strap.bluetooth }));
  return { strap, ...view };
}

async function paired() {
  const view = setup();
  await flush();
  await act(() => view.result.current.connect());
  return view;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useHeartRateSensor', () => {
  it('reports a browser without Web Bluetooth as missing and never pairs', async () => {
    const { result } = renderHook(() => useHeartRateSensor({ bluetooth: null }));
    await flush();
    expect(result.current.support).toBe('missing');
    await act(() => result.current.connect());
    expect(result.current.state.status).toBe('disconnected');
  });

  it('hands each R–R interval once, in whole ms, to the sampler; leaves out those of a lost contact and those waiting over 2 s', async () => {
    const { strap, result } = await paired();
    // RR present: 1024/1024 s = 1000 ms, then 353, 360 and 346/1024 s ≈ 345, 352, 338 ms.
    act(() => strap.emit(0x10, 0x48, 0x00, 0x04));
    act(() => strap.emit(0x10, 0xaa, 0x61, 0x01, 0x68, 0x01, 0x5a, 0x01));
    expect(result.current.takeRr()).toEqual([1000, 345, 352, 338]);
    expect(result.current.takeRr()).toEqual([]);
    // Contact supported but lost (flags 0x14): the intervals are noise.
    act(() => strap.emit(0x14, 0x48, 0x00, 0x04));
    // An artefact of 100 ms (102/1024 s) is no beat.
    act(() => strap.emit(0x10, 0x48, 0x66, 0x00, 0x00, 0x04));
    expect(result.current.takeRr()).toEqual([1000]);
    // Received while the workout was paused: stale by the time the sampler asks again.
    act(() => strap.emit(0x10, 0x48, 0x00, 0x04));
    await advance(2_001);
    act(() => strap.emit(0x10, 0x48, 0x00, 0x03));
    expect(result.current.takeRr()).toEqual([750]);
  });

  it('reports a computer without a Bluetooth radio', async () => {
    const strap = new FakeHeartRateStrap();
    strap.bluetooth.getAvailability = async () => false;
    const { result } = setup(strap);
    await flush();
    expect(result.current.support).toBe('noAdapter');
  });

  it('asks the chooser for the Heart Rate Service, subscribes, and shows each BPM', async () => {
    const { strap, result } = await paired();
    expect(result.current.support).toBe('available');
    expect(strap.calls).toEqual(['requestDevice {"filters":[{"services":["heart_rate"]}]}', 'connect', 'startNotifications']);
    expect(result.current.state).toMatchObject({ status: 'connecting', linked: true });
    act(() => strap.emit(0x16, 0x48, 0x00, 0x04));
    expect(result.current.state.status).toBe('receiving');
    expect(result.current.bpm).toBe(72);
  });

  it('drops a malformed packet and keeps the last good BPM', async () => {
    const { strap, result } = await paired();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => strap.emit(0x06, 90));
    act(() => strap.emit(0x01, 0x2c));
    expect(result.current.bpm).toBe(90);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('shows "--" data (null) and "Sin señal" once no measurement arrived for 5 s', async () => {
    const { strap, result } = await paired();
    act(() => strap.emit(0x06, 90));
    await advance(4_999);
    expect(result.current.bpm).toBe(90);
    await advance(1);
    expect(result.current.bpm).toBeNull();
    expect(result.current.state.status).toBe('noSignal');
    act(() => strap.emit(0x06, 91));
    expect(result.current.bpm).toBe(91);
  });

  it('returns quietly to desconectado when the member closes the chooser', async () => {
    const strap = new FakeHeartRateStrap();
    strap.chooserError = new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError');
    const { result } = setup(strap);
    await flush();
    await act(() => result.current.connect());
    expect(result.current.state).toMatchObject({ status: 'disconnected', error: null });
  });

  it('explains a failed pairing in Spanish', async () => {
    const strap = new FakeHeartRateStrap();
    strap.failConnects = 1;
    const { result } = setup(strap);
    await flush();
    await act(() => result.current.connect());
    expect(result.current.state.status).toBe('disconnected');
    expect(result.current.state.error).toMatch(/No se pudo conectar el sensor/);
  });

  it("after a drop reconnects on the reducer's backoff (1 s, then 2 s) and resumes", async () => {
    const { strap, result } = await paired();
    act(() => strap.emit(0x06, 90));
    strap.failConnects = 1;
    act(() => strap.drop());
    expect(result.current.state.status).toBe('reconnecting');
    expect(result.current.bpm).toBeNull();
    expect(strap.calls.at(-1)).toBe('stopNotifications');

    const connects = () => strap.calls.filter((call) => call === 'connect').length;
    await advance(999);
    expect(connects()).toBe(1);
    await advance(1);
    expect(connects()).toBe(2);
    expect(result.current.state.attempt).toBe(1);
    await advance(1_999);
    expect(connects()).toBe(2);
    await advance(1);
    expect(connects()).toBe(3);
    expect(result.current.state).toMatchObject({ status: 'reconnecting', linked: true });
    act(() => strap.emit(0x06, 95));
    expect(result.current.state.status).toBe('receiving');
    expect(result.current.bpm).toBe(95);
  });

  it('"Reconectar" tries at once instead of waiting for the backoff', async () => {
    const { strap, result } = await paired();
    strap.failConnects = 1;
    act(() => strap.drop());
    await advance(1_000);
    expect(result.current.state.attempt).toBe(1);
    act(() => result.current.reconnect());
    await flush();
    expect(result.current.state.linked).toBe(true);
  });

  it('disconnects on unmount without reconnecting', async () => {
    const { strap, unmount } = await paired();
    unmount();
    expect(strap.calls.slice(-2)).toEqual(['stopNotifications', 'disconnect']);
    await advance(20_000);
    expect(strap.calls.filter((call) => call === 'connect')).toHaveLength(1);
  });

  it('offers the browser journey a read hook only under automation', async () => {
    let automated = true;
    Object.defineProperty(navigator, 'webdriver', { configurable: true, get: () => automated });
    try {
      const { strap, result, unmount } = await paired();
      await act(() => window.__pulsoHeartRate!.read());
      expect(strap.calls).toContain('readValue');
      expect(result.current.bpm).toBe(70);
      unmount();
      expect(window.__pulsoHeartRate).toBeUndefined();
      automated = false;
      await paired();
      expect(window.__pulsoHeartRate).toBeUndefined();
    } finally {
      delete (navigator as { webdriver?: boolean }).webdriver;
    }
  });
});
