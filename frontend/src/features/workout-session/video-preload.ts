import { allExercises, type SessionPlan } from './session-plan';
import { DEFAULT_VIDEO_QUALITY, videoSourceUrl, type VideoQuality } from './video-quality';

/** Spec section 9: each video gets 30 s to load. */
export const VIDEO_LOAD_TIMEOUT_MS = 30_000;

export type PreloadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PreloadVideo {
  /** The exercise name, used in the failure messages of spec section 8. */
  name: string;
  url: string;
}

export interface PreloadFailure {
  name: string;
  url: string;
  message: string;
}

export interface PreloadState {
  status: PreloadStatus;
  quality: VideoQuality;
  total: number;
  /** Source URL → object URL of the downloaded clip. */
  loaded: Record<string, string>;
  failed: PreloadFailure[];
  /** 'Loaded X of Y videos' or 'Failed to load videos' (spec section 4), null otherwise. */
  message: string | null;
}

/** Downloads one clip; must reject when `signal` aborts. */
export type VideoLoad = (url: string, signal: AbortSignal) => Promise<Blob>;

export const fetchVideo: VideoLoad = async (url, signal) => {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
};

export interface VideoPreloaderOptions {
  load?: VideoLoad;
  timeoutMs?: number;
  /** Parallel downloads; a phone on a studio's Wi-Fi does better with a few than with all. */
  concurrency?: number;
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

export interface VideoPreloader {
  getState(): PreloadState;
  subscribe(listener: () => void): () => void;
  start(videos: PreloadVideo[]): void;
  setQuality(quality: VideoQuality, videos: PreloadVideo[]): void;
  cancel(): void;
  reset(): void;
  /** Releases every downloaded clip; call when leaving the page. */
  dispose(): void;
}

class LoadTimeout extends Error {}

/** One entry per distinct clip, in training order, named after the first exercise that uses it. */
export function videosToPreload(plan: SessionPlan, quality: VideoQuality, cdnBase?: string | null): PreloadVideo[] {
  const byUrl = new Map<string, PreloadVideo>();
  for (const exercise of allExercises(plan)) {
    const url = videoSourceUrl(exercise.media, quality, cdnBase);
    if (url && !byUrl.has(url)) byUrl.set(url, { name: exercise.name, url });
  }
  return [...byUrl.values()];
}

export function summarise(total: number, loadedCount: number): Pick<PreloadState, 'status' | 'message'> {
  if (total === 0 || loadedCount === total) return { status: 'ready', message: null };
  if (loadedCount === 0) return { status: 'error', message: 'Failed to load videos' };
  return { status: 'ready', message: `Loaded ${loadedCount} of ${total} videos` };
}

/**
 * Spec section 4 "Video preload status": idle → loading → ready (all or some) or
 * error (none); cancel and reset go back to idle. A failed clip is recorded by name
 * and the others keep loading. Every object URL handed out is revoked on reset,
 * cancel, a quality change and dispose, so leaving the player leaks nothing.
 */
export function createVideoPreloader(options: VideoPreloaderOptions = {}): VideoPreloader {
  const load = options.load ?? fetchVideo;
  const timeoutMs = options.timeoutMs ?? VIDEO_LOAD_TIMEOUT_MS;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const createObjectUrl = options.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeObjectUrl = options.revokeObjectUrl ?? ((url: string) => URL.revokeObjectURL(url));

  let state: PreloadState = { status: 'idle', quality: DEFAULT_VIDEO_QUALITY, total: 0, loaded: {}, failed: [], message: null };
  const listeners = new Set<() => void>();
  let run = 0;
  let inFlight = new Set<AbortController>();

  const set = (next: PreloadState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const release = () => {
    run += 1;
    inFlight.forEach((controller) => controller.abort());
    inFlight = new Set();
    Object.values(state.loaded).forEach(revokeObjectUrl);
    state = { ...state, loaded: {} };
  };

  const loadOne = (video: PreloadVideo): Promise<Blob> => {
    const controller = new AbortController();
    inFlight.add(controller);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Rejects before aborting, so the race reports the timeout and not the abort it causes;
    // a loader that ignores the signal is still given up on.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new LoadTimeout());
        controller.abort();
      }, timeoutMs);
    });
    return Promise.race([load(video.url, controller.signal), timeout]).finally(() => {
      clearTimeout(timer);
      inFlight.delete(controller);
    });
  };

  const start = (videos: PreloadVideo[]) => {
    release();
    const thisRun = run;
    set({ ...state, status: 'loading', total: videos.length, loaded: {}, failed: [], message: null });
    if (videos.length === 0) {
      set({ ...state, ...summarise(0, 0) });
      return;
    }
    const queue = [...videos];
    let settled = 0;
    const worker = async (): Promise<void> => {
      for (let video = queue.shift(); video; video = queue.shift()) {
        try {
          const blob = await loadOne(video);
          if (thisRun !== run) return;
          set({ ...state, loaded: { ...state.loaded, [video.url]: createObjectUrl(blob) } });
        } catch (error) {
          if (thisRun !== run) return;
          const message = error instanceof LoadTimeout ? `Timeout loading video: ${video.name}` : `Failed to load video: ${video.name}`;
          console.warn(message, error instanceof LoadTimeout ? '' : error);
          set({ ...state, failed: [...state.failed, { name: video.name, url: video.url, message }] });
        }
        settled += 1;
        if (settled === videos.length) set({ ...state, ...summarise(videos.length, Object.keys(state.loaded).length) });
      }
    };
    for (let i = 0; i < Math.min(concurrency, videos.length); i += 1) void worker();
  };

  const toIdle = () => {
    release();
    set({ ...state, status: 'idle', total: 0, loaded: {}, failed: [], message: null });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    setQuality(quality, videos) {
      if (state.status === 'idle') {
        set({ ...state, quality });
        return;
      }
      state = { ...state, quality };
      start(videos);
    },
    cancel: toIdle,
    reset: toIdle,
    dispose() {
      release();
      state = { ...state, status: 'idle', total: 0, loaded: {}, failed: [], message: null };
    },
  };
}
