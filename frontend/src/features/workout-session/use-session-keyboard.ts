import { useEffect, useRef } from 'react';

export interface SessionKeys {
  onPlayPause: () => void;
  onNext: () => void;
  onPrevious: () => void;
  onToggleSound: () => void;
}

const TYPING_TARGETS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A']);

/**
 * Space plays/pauses, → skips, ← goes back, M mutes. Keys aimed at a form field or a
 * focused button keep their own meaning (Space on a button already clicks it).
 */
export function useSessionKeyboard(enabled: boolean, keys: SessionKeys): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (TYPING_TARGETS.has(target.tagName) || target.isContentEditable)) return;
      const action = {
        ' ': latest.current.onPlayPause,
        ArrowRight: latest.current.onNext,
        ArrowLeft: latest.current.onPrevious,
        m: latest.current.onToggleSound,
        M: latest.current.onToggleSound,
      }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
