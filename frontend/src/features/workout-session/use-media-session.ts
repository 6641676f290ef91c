import { useEffect, useRef } from 'react';

export interface MediaSessionControls {
  title: string;
  workoutTitle: string;
  playing: boolean;
  onPlay: () => void;
  onPause: () => void;
  onNext: () => void;
  onPrevious: () => void;
}

/**
 * Shows the current exercise on the lock screen and in headphone/notification
 * controls (Media Session API), and routes their play, pause, next and previous
 * buttons to the session. Silently absent where the browser lacks the API.
 */
export function useMediaSession(controls: MediaSessionControls): void {
  const latest = useRef(controls);
  useEffect(() => {
    latest.current = controls;
  });

  const { title, workoutTitle, playing } = controls;

  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({ title, artist: workoutTitle, album: 'Pulso' });
  }, [title, workoutTitle]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
  }, [playing]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return undefined;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, () => void][] = [
      ['play', () => latest.current.onPlay()],
      ['pause', () => latest.current.onPause()],
      ['nexttrack', () => latest.current.onNext()],
      ['previoustrack', () => latest.current.onPrevious()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support that action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Not supported, nothing to clear.
        }
      }
      session.metadata = null;
      session.playbackState = 'none';
    };
  }, []);
}
