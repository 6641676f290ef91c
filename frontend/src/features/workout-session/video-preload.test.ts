import { createVideoPreloader, videosToPreload, VIDEO_LOAD_TIMEOUT_MS, type PreloadVideo, type VideoLoad } from './video-preload';
import { planSession } from './session-plan';
import { reps, round, timed, workout } from './workout-fixtures';
import { videoSourceUrl } from './video-quality';

/** Video loads the test settles by hand; an abort rejects like fetch does. */
function controlledLoads() {
  const pending = new Map<string, { resolve: (blob: Blob) => void; reject: (error: Error) => void; signal: AbortSignal }>();
  const calls: string[] = [];
  const load: VideoLoad = (url, signal) =>
    new Promise<Blob>((resolve, reject) => {
      calls.push(url);
      pending.set(url, { resolve, reject, signal });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return {
    load,
    calls,
    pending,
    succeed: (url: string) => pending.get(url)!.resolve(new Blob([url], { type: 'video/mp4' })),
    fail: (url: string) => pending.get(url)!.reject(new Error('HTTP 404')),
  };
}

function objectUrls() {
  const live = new Set<string>();
  let next = 0;
  return {
    live,
    createObjectUrl: () => {
      const url = `blob:video-${(next += 1)}`;
      live.add(url);
      return url;
    },
    revokeObjectUrl: (url: string) => {
      expect(live.has(url)).toBe(true);
      live.delete(url);
    },
  };
}

const videos: PreloadVideo[] = [
  { name: 'Sentadillas', url: '/media/a.mp4' },
  { name: 'Flexiones', url: '/media/b.mp4' },
  { name: 'Plancha', url: '/media/c.mp4' },
];

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(concurrency = 3) {
  const loads = controlledLoads();
  const urls = objectUrls();
  const preloader = createVideoPreloader({ load: loads.load, concurrency, ...urls });
  return { loads, urls, preloader };
}

describe('video preload', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('starts idle with the default quality high', () => {
    const { preloader } = setup();
    expect(preloader.getState()).toMatchObject({ status: 'idle', quality: 'high', total: 0, message: null });
  });

  it('goes loading → ready when every video loads', async () => {
    const { preloader, loads, urls } = setup();
    preloader.start(videos);
    expect(preloader.getState().status).toBe('loading');
    videos.forEach((video) => loads.succeed(video.url));
    await flush();
    const state = preloader.getState();
    expect(state.status).toBe('ready');
    expect(state.message).toBeNull();
    expect(Object.keys(state.loaded)).toEqual(videos.map((video) => video.url));
    expect(urls.live.size).toBe(3);
  });

  it('records a failure by name, keeps loading the others and ends ready with the partial message', async () => {
    const { preloader, loads } = setup(1);
    preloader.start(videos);
    loads.fail('/media/a.mp4');
    await flush();
    expect(preloader.getState().status).toBe('loading');
    expect(loads.calls).toEqual(['/media/a.mp4', '/media/b.mp4']);
    loads.succeed('/media/b.mp4');
    await flush();
    loads.succeed('/media/c.mp4');
    await flush();
    const state = preloader.getState();
    expect(state.status).toBe('ready');
    expect(state.message).toBe('Loaded 2 of 3 videos');
    expect(state.failed).toEqual([{ name: 'Sentadillas', url: '/media/a.mp4', message: 'Failed to load video: Sentadillas' }]);
  });

  it('ends in error when every video fails', async () => {
    const { preloader, loads } = setup();
    preloader.start(videos);
    videos.forEach((video) => loads.fail(video.url));
    await flush();
    const state = preloader.getState();
    expect(state.status).toBe('error');
    expect(state.message).toBe('Failed to load videos');
    expect(state.failed.map((failure) => failure.name)).toEqual(['Sentadillas', 'Flexiones', 'Plancha']);
  });

  it('gives each video 30 s, then records a timeout, aborts it and moves on', async () => {
    vi.useFakeTimers();
    try {
      const { preloader, loads } = setup(1);
      preloader.start(videos.slice(0, 2));
      await vi.advanceTimersByTimeAsync(VIDEO_LOAD_TIMEOUT_MS - 1);
      expect(preloader.getState().failed).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(loads.pending.get('/media/a.mp4')!.signal.aborted).toBe(true);
      expect(preloader.getState().failed).toEqual([{ name: 'Sentadillas', url: '/media/a.mp4', message: 'Timeout loading video: Sentadillas' }]);
      expect(loads.calls).toEqual(['/media/a.mp4', '/media/b.mp4']);
      // The second video has its own 30 s, counted from its own start.
      await vi.advanceTimersByTimeAsync(VIDEO_LOAD_TIMEOUT_MS - 1);
      loads.succeed('/media/b.mp4');
      await vi.advanceTimersByTimeAsync(0);
      expect(preloader.getState()).toMatchObject({ status: 'ready', message: 'Loaded 1 of 2 videos' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancel aborts the loads in flight, releases what loaded and returns to idle; late answers are ignored', async () => {
    const { preloader, loads, urls } = setup();
    preloader.start(videos);
    loads.succeed('/media/a.mp4');
    await flush();
    expect(urls.live.size).toBe(1);
    preloader.cancel();
    expect(preloader.getState()).toMatchObject({ status: 'idle', total: 0, loaded: {}, failed: [] });
    expect(loads.pending.get('/media/b.mp4')!.signal.aborted).toBe(true);
    expect(urls.live.size).toBe(0);
    await flush();
    expect(preloader.getState().status).toBe('idle');
    expect(preloader.getState().failed).toEqual([]);
  });

  it('reset after a finished preload returns to idle and releases every clip', async () => {
    const { preloader, loads, urls } = setup();
    preloader.start(videos);
    videos.forEach((video) => loads.succeed(video.url));
    await flush();
    preloader.reset();
    expect(preloader.getState().status).toBe('idle');
    expect(urls.live.size).toBe(0);
  });

  it('a quality change while loading restarts with the new sources and drops the old clips', async () => {
    const { preloader, loads, urls } = setup();
    const plan = planSession(workout([round([timed('Sentadillas', 30, 0, '/media/a.mp4'), reps('Flexiones', 10, 0, '/media/b.mp4')], 0)]));
    preloader.start(videosToPreload(plan, 'high'));
    loads.succeed('/media/a.mp4?quality=high');
    await flush();
    expect(urls.live.size).toBe(1);
    preloader.setQuality('low', videosToPreload(plan, 'low'));
    expect(urls.live.size).toBe(0);
    expect(preloader.getState()).toMatchObject({ status: 'loading', quality: 'low', loaded: {} });
    expect(loads.pending.get('/media/b.mp4?quality=high')!.signal.aborted).toBe(true);
    loads.succeed('/media/b.mp4?quality=high');
    loads.succeed('/media/a.mp4?quality=low');
    loads.succeed('/media/b.mp4?quality=low');
    await flush();
    expect(preloader.getState()).toMatchObject({ status: 'ready', quality: 'low', message: null });
    expect(Object.keys(preloader.getState().loaded)).toEqual(['/media/a.mp4?quality=low', '/media/b.mp4?quality=low']);
    expect(urls.live.size).toBe(2);
  });

  it('a quality change while idle only changes the quality', () => {
    const { preloader, loads } = setup();
    preloader.setQuality('ultra', videos);
    expect(preloader.getState()).toMatchObject({ status: 'idle', quality: 'ultra' });
    expect(loads.calls).toEqual([]);
  });

  it('dispose (leaving the page) revokes every object URL and ignores loads still running', async () => {
    const { preloader, loads, urls } = setup();
    preloader.start(videos);
    loads.succeed('/media/a.mp4');
    loads.succeed('/media/b.mp4');
    await flush();
    preloader.dispose();
    expect(urls.live.size).toBe(0);
    loads.succeed('/media/c.mp4');
    await flush();
    expect(urls.live.size).toBe(0);
  });

  it('a workout without videos is ready at once', () => {
    const { preloader } = setup();
    preloader.start([]);
    expect(preloader.getState()).toMatchObject({ status: 'ready', total: 0, message: null });
  });
});

describe('videos to preload', () => {
  it('lists each clip once, named after its first exercise, at the chosen quality', () => {
    const plan = planSession(
      workout([
        round([timed('Sentadillas', 30, 0, '/media/a.mp4'), reps('Sin video', 10, 0)], 0),
        round([timed('Sentadillas otra vez', 30, 0, '/media/a.mp4'), reps('Flexiones', 10, 0, '/media/b.mp4')], 0),
      ]),
    );
    expect(videosToPreload(plan, 'medium')).toEqual([
      { name: 'Sentadillas', url: '/media/a.mp4?quality=medium' },
      { name: 'Flexiones', url: '/media/b.mp4?quality=medium' },
    ]);
  });
});

describe('video source URL', () => {
  it('puts the resolution and bitrate of spec section 9 into a media-CDN delivery URL', () => {
    expect(videoSourceUrl({ secureUrl: 'https://cdn.example/demo/video/upload/v1/squat.mp4' }, 'low')).toBe(
      'https://cdn.example/demo/video/upload/h_480,br_1000k/v1/squat.mp4',
    );
    expect(videoSourceUrl({ publicId: 'ex/squat' }, 'ultra', 'https://media.pulso.sv/')).toBe(
      'https://media.pulso.sv/video/upload/h_1080,br_5000k/ex/squat.mp4',
    );
  });

  it('asks any other server for the quality by query, prefers secureUrl, and gives up without a source', () => {
    expect(videoSourceUrl({ secureUrl: '/media/a.mp4', videoUrl: '/other.mp4' }, 'high')).toBe('/media/a.mp4?quality=high');
    expect(videoSourceUrl({ videoUrl: '/media/a.mp4?v=2#t=1' }, 'medium')).toBe('/media/a.mp4?v=2&quality=medium#t=1');
    expect(videoSourceUrl({ publicId: 'ex/squat' }, 'high')).toBeNull();
    expect(videoSourceUrl(null, 'high')).toBeNull();
  });
});
