import { SOUND_VOLUME, type SoundName } from './sound-cues';

export interface SoundPlayer {
  /** Call from a member's gesture: browsers only let audio start after one. */
  unlock(): void;
  /** Plays `sound` `delayMs` from now on the audio clock; returns a cancel. Never throws. */
  play(sound: SoundName, delayMs: number): () => void;
}

const SOUND_FILES: Record<SoundName, string> = {
  beep: '/sounds/beep.mp3',
  bell: '/sounds/bell.mp3',
  complete: '/sounds/complete.mp3',
};

type AudioContextConstructor = typeof AudioContext;

function audioContextClass(): AudioContextConstructor | null {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/**
 * The session's sounds on the Web Audio clock: each is decoded once and started at
 * an exact audio time, so a beep lands on its second even when the page's timers are
 * throttled. Audio failures are only logged (spec section 8).
 */
export function createWebAudioSoundPlayer(files: Record<SoundName, string> = SOUND_FILES): SoundPlayer {
  let context: AudioContext | null = null;
  let gain: GainNode | null = null;
  const buffers = new Map<SoundName, Promise<AudioBuffer | null>>();

  const ensureContext = (): AudioContext | null => {
    if (context) return context;
    const Context = audioContextClass();
    if (!Context) return null;
    try {
      context = new Context();
      gain = context.createGain();
      gain.gain.value = SOUND_VOLUME;
      gain.connect(context.destination);
    } catch (error) {
      console.warn('No se pudo iniciar el audio', error);
      context = null;
    }
    return context;
  };

  const buffer = (ctx: AudioContext, sound: SoundName): Promise<AudioBuffer | null> => {
    let pending = buffers.get(sound);
    if (!pending) {
      pending = fetch(files[sound])
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.arrayBuffer();
        })
        .then((data) => ctx.decodeAudioData(data))
        .catch((error: unknown) => {
          console.warn(`No se pudo cargar el sonido ${sound}`, error);
          buffers.delete(sound);
          return null;
        });
      buffers.set(sound, pending);
    }
    return pending;
  };

  return {
    unlock() {
      const ctx = ensureContext();
      if (!ctx) return;
      if (ctx.state === 'suspended') ctx.resume().catch((error: unknown) => console.warn('No se pudo reanudar el audio', error));
      (Object.keys(files) as SoundName[]).forEach((sound) => void buffer(ctx, sound));
    },
    play(sound, delayMs) {
      const ctx = ensureContext();
      if (!ctx || !gain) return () => undefined;
      const output = gain;
      const startAt = ctx.currentTime + Math.max(0, delayMs) / 1000;
      let cancelled = false;
      let source: AudioBufferSourceNode | null = null;
      void buffer(ctx, sound).then((decoded) => {
        // A clip that arrives more than a moment late would sound off the beat: skip it.
        if (!decoded || cancelled || ctx.currentTime > startAt + 0.25) return;
        try {
          source = ctx.createBufferSource();
          source.buffer = decoded;
          source.connect(output);
          source.start(Math.max(startAt, ctx.currentTime));
        } catch (error) {
          console.warn(`No se pudo reproducir el sonido ${sound}`, error);
        }
      });
      return () => {
        cancelled = true;
        try {
          source?.stop();
        } catch {
          // Already finished.
        }
      };
    },
  };
}
