import { act, render } from '@testing-library/react';
import { useMediaSession, type MediaSessionControls } from './use-media-session';
import { useWakeLock } from './use-wake-lock';

function WakeLockProbe({ active }: { active: boolean }) {
  useWakeLock(active);
  return null;
}

function MediaSessionProbe(props: MediaSessionControls) {
  useMediaSession(props);
  return null;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('screen wake lock', () => {
  let sentinels: { released: boolean; release: ReturnType<typeof vi.fn> }[];

  beforeEach(() => {
    sentinels = [];
    setVisibility('visible');
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: vi.fn(async () => {
          const sentinel = {
            released: false,
            release: vi.fn(async () => {
              sentinel.released = true;
            }),
          };
          sentinels.push(sentinel);
          return sentinel;
        }),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('holds the screen on while active, asks again when the page is visible again, and lets go when inactive', async () => {
    const view = render(<WakeLockProbe active />);
    await act(async () => undefined);
    expect(sentinels).toHaveLength(1);

    // The browser releases the lock when the page is hidden.
    sentinels[0].released = true;
    setVisibility('hidden');
    await act(async () => undefined);
    expect(sentinels).toHaveLength(1);
    setVisibility('visible');
    await act(async () => undefined);
    expect(sentinels).toHaveLength(2);

    view.rerender(<WakeLockProbe active={false} />);
    expect(sentinels[1].release).toHaveBeenCalled();
  });

  it('never asks while inactive', async () => {
    render(<WakeLockProbe active={false} />);
    await act(async () => undefined);
    expect(sentinels).toHaveLength(0);
  });
});

describe('media session', () => {
  const handlers = new Map<string, (() => void) | null>();

  beforeEach(() => {
    handlers.clear();
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(public init: MediaMetadataInit) {}
      },
    );
    Object.defineProperty(navigator, 'mediaSession', {
      configurable: true,
      value: {
        metadata: null,
        playbackState: 'none',
        setActionHandler: (action: string, handler: (() => void) | null) => handlers.set(action, handler),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaSession');
    vi.unstubAllGlobals();
  });

  it('shows the exercise and routes the lock-screen buttons to the session', () => {
    const controls = { onPlay: vi.fn(), onPause: vi.fn(), onNext: vi.fn(), onPrevious: vi.fn() };
    const view = render(<MediaSessionProbe title="Sentadillas" workoutTitle="Full Body" playing {...controls} />);
    expect((navigator.mediaSession.metadata as unknown as { init: MediaMetadataInit }).init).toEqual({
      title: 'Sentadillas',
      artist: 'Full Body',
      album: 'Pulso',
    });
    expect(navigator.mediaSession.playbackState).toBe('playing');
    handlers.get('pause')!();
    handlers.get('nexttrack')!();
    handlers.get('previoustrack')!();
    handlers.get('play')!();
    expect(controls.onPause).toHaveBeenCalledTimes(1);
    expect(controls.onNext).toHaveBeenCalledTimes(1);
    expect(controls.onPrevious).toHaveBeenCalledTimes(1);
    expect(controls.onPlay).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(handlers.get('play')).toBeNull();
    expect(navigator.mediaSession.playbackState).toBe('none');
  });
});
