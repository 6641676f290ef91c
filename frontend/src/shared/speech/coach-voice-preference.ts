import { useSyncExternalStore } from 'react';

/**
 * Whether the coach's voice speaks in the player: a choice kept on this device (like the
 * player's mute), on unless the member turned it off. Mi Perfil and the player share it.
 */
export const COACH_VOICE_KEY = 'pulso.coach-voice';

const listeners = new Set<() => void>();
/** The choice when storage refuses it (a private window). */
let memory: boolean | null = null;

export function readCoachVoice(): boolean {
  try {
    return localStorage.getItem(COACH_VOICE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeCoachVoice(on: boolean): void {
  try {
    localStorage.setItem(COACH_VOICE_KEY, on ? 'on' : 'off');
  } catch {
    // A private window may refuse storage; the choice still holds until the page closes.
    memory = on;
  }
  listeners.forEach((listener) => listener());
}

function snapshot(): boolean {
  return memory ?? readCoachVoice();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the product changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COACH_VOICE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCoachVoicePreference(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, snapshot, () => true);
  return [on, writeCoachVoice];
}
