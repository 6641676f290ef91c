import { useSyncExternalStore } from 'react';

/** What the product needs to know of a device voice (a `SpeechSynthesisVoice` fits it). */
export interface VoiceInfo {
  name: string;
  lang: string;
  localService: boolean;
  default: boolean;
}

/** Latin-American Spanish first, El Salvador's own ahead; then any other Spanish. */
const PREFERRED = ['es-sv', 'es-us', 'es-mx', 'es-419'];

function rank(lang: string): number | null {
  const tag = lang.toLowerCase().replace(/_/g, '-');
  const preferred = PREFERRED.indexOf(tag);
  if (preferred >= 0) return preferred;
  if (tag === 'es' || tag === 'es-es') return PREFERRED.length + 1;
  if (tag.startsWith('es-')) return PREFERRED.length;
  return null;
}

/**
 * The voice the coach speaks with: a Latin-American Spanish one where the device has one, else
 * any Spanish one; among equals one that works without a connection, then the device's default.
 * Null when the device has no Spanish voice: cues in another language's voice would be worse
 * than the beeps.
 */
export function pickSpanishVoice<V extends VoiceInfo>(voices: readonly V[]): V | null {
  let best: { voice: V; score: [number, number, number] } | null = null;
  for (const voice of voices) {
    const language = rank(voice.lang);
    if (language === null) continue;
    const score: [number, number, number] = [language, voice.localService ? 0 : 1, voice.default ? 0 : 1];
    if (!best || compare(score, best.score) < 0) best = { voice, score };
  }
  return best?.voice ?? null;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return a[index] - b[index];
  }
  return 0;
}

/** Speech as the player uses it, replaceable in tests. */
export interface SpeechEngine {
  /** The Spanish voice in use, or null when the device has none (yet: some browsers list voices late). */
  voice(): VoiceInfo | null;
  /** Says `text` at once, cutting off whatever was being said, so each cue lands on its moment. Never throws. */
  speak(text: string): void;
  /** Stops talking. */
  cancel(): void;
  /** Call from a member's gesture: some browsers (Safari on iOS) only speak once a gesture has spoken. */
  unlock(): void;
  /** Told when the device's voices change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export const silentSpeechEngine: SpeechEngine = {
  voice: () => null,
  speak: () => undefined,
  cancel: () => undefined,
  unlock: () => undefined,
  subscribe: () => () => undefined,
};

/** The Web Speech API's synthesis, with the voice picked above. */
export function createWebSpeechEngine(synth: SpeechSynthesis | undefined = globalThis.speechSynthesis): SpeechEngine {
  if (!synth || typeof globalThis.SpeechSynthesisUtterance !== 'function') return silentSpeechEngine;
  let chosen: SpeechSynthesisVoice | null = null;
  let known = -1;
  let unlocked = false;
  const current = () => {
    try {
      const voices = synth.getVoices();
      // getVoices() gives a new array each time; the choice is kept while the list is the same size.
      if (voices.length !== known) {
        known = voices.length;
        chosen = pickSpanishVoice(voices);
      }
    } catch {
      chosen = null;
    }
    return chosen;
  };
  return {
    voice: current,
    speak(text) {
      const voice = current();
      if (!voice) return;
      try {
        if (synth.speaking || synth.pending) synth.cancel();
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.voice = voice;
        utterance.lang = voice.lang;
        synth.speak(utterance);
      } catch (error) {
        console.warn('No se pudo hablar la indicación', error);
      }
    },
    cancel() {
      try {
        synth.cancel();
      } catch {
        // Nothing was being said.
      }
    },
    unlock() {
      const voice = current();
      if (unlocked || !voice) return;
      unlocked = true;
      try {
        const silence = new SpeechSynthesisUtterance('');
        silence.voice = voice;
        silence.lang = voice.lang;
        silence.volume = 0;
        synth.speak(silence);
      } catch (error) {
        console.warn('No se pudo preparar la voz', error);
      }
    },
    subscribe(listener) {
      const onChange = () => {
        known = -1;
        listener();
      };
      synth.addEventListener?.('voiceschanged', onChange);
      return () => synth.removeEventListener?.('voiceschanged', onChange);
    },
  };
}

/** The engine's Spanish voice, following the device's list as it loads. */
export function useSpanishVoice(engine: SpeechEngine): VoiceInfo | null {
  return useSyncExternalStore(engine.subscribe, engine.voice, () => null);
}
