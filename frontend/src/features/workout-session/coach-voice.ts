import type { SpeechEngine } from '../../shared/speech/spanish-voice';
import type { SessionCue } from './session-machine';
import type { PlannedExercise } from './session-plan';

/** A cue this much older than the step that gave it is history (a hidden tab catching up), not a cue. */
export const STALE_CUE_MS = 1_500;

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}

/** "45 segundos", "1 minuto", "1 minuto y 30 segundos": what a coach would say. */
export function durationInWords(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [minutes > 0 ? count(minutes, 'minuto', 'minutos') : null, seconds > 0 || minutes === 0 ? count(seconds, 'segundo', 'segundos') : null];
  return parts.filter(Boolean).join(' y ');
}

function target(exercise: PlannedExercise): string | null {
  if (exercise.kind === 'time') return durationInWords(exercise.timerSec);
  return exercise.reps ? count(exercise.reps, 'repetición', 'repeticiones') : null;
}

/** What the coach says for each cue of the machine; null for the ones only a sound marks. */
export function spokenText(cue: SessionCue): string | null {
  switch (cue.type) {
    case 'secondsLeft':
      return String(cue.seconds);
    case 'countdownEnded':
      return null;
    case 'exerciseStarted':
      return [cue.exercise.name, target(cue.exercise)].filter(Boolean).join(', ');
    case 'halfwayReached':
      return 'Mitad';
    case 'restStarted':
      return `${cue.betweenRounds ? 'Descanso entre rondas' : 'Descanso'}. ${cue.next ? `Sigue: ${cue.next.name}` : '¡Ya casi terminas!'}`;
    case 'workoutCompleted':
      return '¡Entrenamiento completado!';
    default: {
      const unreachable: never = cue;
      return unreachable;
    }
  }
}

/**
 * The coach: hears the machine's cues step by step and says them. It stops talking when the
 * session stops running (a pause, the end), so cues move with pauses as the beeps do: the
 * machine only gives them while its clock runs.
 */
export function createCoachVoice(engine: Pick<SpeechEngine, 'speak' | 'cancel'>) {
  let wasRunning = false;
  return {
    /** Whether the session runs now: stopping hushes whatever is being said. */
    follow(running: boolean) {
      if (wasRunning && !running) engine.cancel();
      wasRunning = running;
    },
    /** The cues of one step, taken at `now`, the step's own clock reading. */
    hear(cues: readonly SessionCue[], now: number) {
      for (const cue of cues) {
        const text = cue.at >= now - STALE_CUE_MS ? spokenText(cue) : null;
        if (text) engine.speak(text);
      }
    },
    hush() {
      wasRunning = false;
      engine.cancel();
    },
  };
}

export type CoachVoice = ReturnType<typeof createCoachVoice>;
