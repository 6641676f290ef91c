import { createWebAudioSoundPlayer } from './web-audio-sound-player';

class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  currentTime = 10;
  state: AudioContextState = 'suspended';
  destination = {};
  gains: { gain: { value: number }; connect: ReturnType<typeof vi.fn> }[] = [];
  sources: { buffer: unknown; connect: ReturnType<typeof vi.fn>; start: ReturnType<typeof vi.fn>; stop: ReturnType<typeof vi.fn> }[] = [];
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createGain() {
    const gain = { gain: { value: 1 }, connect: vi.fn() };
    this.gains.push(gain);
    return gain;
  }
  createBufferSource() {
    const source = { buffer: null, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
    this.sources.push(source);
    return source;
  }
  decodeAudioData = vi.fn(async (data: ArrayBuffer) => ({ decoded: data.byteLength }));
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('web audio sound player', () => {
  beforeEach(() => {
    FakeAudioContext.instances = [];
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { status: 200 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('unlocks on a gesture, loads the three sounds and plays through a gain of 0.5', async () => {
    const player = createWebAudioSoundPlayer();
    player.unlock();
    const context = FakeAudioContext.instances[0];
    expect(context.resume).toHaveBeenCalled();
    expect(context.gains[0].gain.value).toBe(0.5);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual(['/sounds/beep.mp3', '/sounds/bell.mp3', '/sounds/complete.mp3']);
  });

  it('starts a sound at its exact time on the audio clock, and a cancel stops it', async () => {
    const player = createWebAudioSoundPlayer();
    player.unlock();
    await flush();
    const cancel = player.play('beep', 2_500);
    await flush();
    const context = FakeAudioContext.instances[0];
    expect(context.sources[0].start).toHaveBeenCalledWith(12.5);
    expect(context.sources[0].connect).toHaveBeenCalledWith(context.gains[0]);
    cancel();
    expect(context.sources[0].stop).toHaveBeenCalled();
  });

  it('only logs when a sound cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    const player = createWebAudioSoundPlayer();
    player.unlock();
    expect(() => player.play('bell', 0)).not.toThrow();
    await flush();
    await flush();
    expect(FakeAudioContext.instances[0].sources).toEqual([]);
    expect(console.warn).toHaveBeenCalled();
  });

  it('does nothing without Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    const player = createWebAudioSoundPlayer();
    expect(() => player.unlock()).not.toThrow();
    expect(typeof player.play('complete', 0)).toBe('function');
  });
});
