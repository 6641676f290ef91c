import { useEffect, useState, useSyncExternalStore } from 'react';
import { createVideoPreloader, type PreloadState, type VideoLoad, type VideoPreloader } from './video-preload';

/**
 * One preloader for the life of the player page. Unmounting (leaving the page)
 * disposes it, which revokes every object URL it created.
 */
export function useVideoPreload(load?: VideoLoad): { preloader: VideoPreloader; state: PreloadState } {
  const [preloader] = useState(() => createVideoPreloader({ load }));
  const state = useSyncExternalStore(preloader.subscribe, preloader.getState, preloader.getState);
  useEffect(() => () => preloader.dispose(), [preloader]);
  return { preloader, state };
}
