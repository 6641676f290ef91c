import type { PlannedExercise, PlannedRound, SessionPlan } from '../session-plan';

/**
 * The interval timer (ADR 0160): a timer is `sets` sets of `rounds` × (work + rest); between two
 * sets the rest between sets takes the place of the set's last rest. It is turned into the
 * player's own `SessionPlan` (a set is a round of the plan, an interval one timed exercise), so
 * the player's drift-free machine, sounds, wake lock and resume after reload run it unchanged.
 */
export type TimerKind = 'tabata' | 'emom' | 'amrap' | 'custom';

export interface TimerSpec {
  workSec: number;
  restSec: number;
  rounds: number;
  sets: number;
  setRestSec: number;
}

export interface TimerDefinition extends TimerSpec {
  kind: TimerKind;
  name: string;
}

/** The server's bounds (ADR 0162), repeated for the editor's messages. */
export const TIMER_BOUNDS: Record<keyof TimerSpec, { min: number; max: number; label: string; unit: 's' | '' }> = {
  workSec: { min: 5, max: 600, label: 'Trabajo', unit: 's' },
  restSec: { min: 0, max: 600, label: 'Descanso', unit: 's' },
  rounds: { min: 1, max: 99, label: 'Rondas', unit: '' },
  sets: { min: 1, max: 20, label: 'Series', unit: '' },
  setRestSec: { min: 0, max: 600, label: 'Descanso entre series', unit: 's' },
};

export const TIMER_NAME_MAX = 40;

/** Built into the code, never stored: everyone has them. */
export const BUILT_IN_TIMERS: readonly (TimerDefinition & { description: string })[] = [
  {
    kind: 'tabata',
    name: 'Tabata 20/10 × 8',
    description: '8 rondas de 20 s a fondo y 10 s de descanso. 4 minutos.',
    workSec: 20,
    restSec: 10,
    rounds: 8,
    sets: 1,
    setRestSec: 0,
  },
  {
    kind: 'emom',
    name: 'EMOM 10 min',
    description: 'Cada minuto, en el minuto: haz tus repeticiones y descansa lo que sobre. 10 minutos.',
    workSec: 60,
    restSec: 0,
    rounds: 10,
    sets: 1,
    setRestSec: 0,
  },
  {
    kind: 'amrap',
    name: 'AMRAP 10 min',
    description: 'Tantas rondas como puedas en 10 minutos seguidos.',
    workSec: 600,
    restSec: 0,
    rounds: 1,
    sets: 1,
    setRestSec: 0,
  },
];

export type TimerPhaseKind = 'work' | 'rest' | 'setRest';

export interface TimerPhase {
  kind: TimerPhaseKind;
  /** 1-based. */
  set: number;
  /** 1-based; a rest between sets belongs to the set it ends. */
  round: number;
  durationSec: number;
}

/** Whether the rest after `round` of `set` is the rest between sets (which replaces it) rather than the round's own. */
function endsSet(spec: TimerSpec, set: number, round: number): boolean {
  return round === spec.rounds && set < spec.sets;
}

/** Every phase in order, zero-length rests left out. */
export function timerPhases(spec: TimerSpec): TimerPhase[] {
  const phases: TimerPhase[] = [];
  for (let set = 1; set <= spec.sets; set += 1) {
    for (let round = 1; round <= spec.rounds; round += 1) {
      phases.push({ kind: 'work', set, round, durationSec: spec.workSec });
      if (endsSet(spec, set, round)) {
        if (spec.setRestSec > 0) phases.push({ kind: 'setRest', set, round, durationSec: spec.setRestSec });
      } else if (spec.restSec > 0) {
        phases.push({ kind: 'rest', set, round, durationSec: spec.restSec });
      }
    }
  }
  return phases;
}

export function timerTotalSec(spec: TimerSpec): number {
  return spec.sets * spec.rounds * (spec.workSec + spec.restSec) + (spec.sets - 1) * (spec.setRestSec - spec.restSec);
}

/** The moment of the halfway cue, in seconds of training from the start. */
export function halfwaySec(spec: TimerSpec): number {
  return timerTotalSec(spec) / 2;
}

/** The field whose bound a spec breaks first, with its Spanish message; null when it fits. */
export function timerSpecError(spec: TimerSpec): { field: keyof TimerSpec; message: string } | null {
  for (const field of Object.keys(TIMER_BOUNDS) as (keyof TimerSpec)[]) {
    const { min, max, label, unit } = TIMER_BOUNDS[field];
    const value = spec[field];
    if (!Number.isInteger(value) || value < min || value > max) {
      const suffix = unit === 's' ? ' segundos' : '';
      return { field, message: `${label}: escribe un número entero entre ${min} y ${max}${suffix}.` };
    }
  }
  return null;
}

/** "30/15 × 8", plus the sets when there are several: the name a custom timer gets unless the member names it. */
export function customTimerName(spec: TimerSpec): string {
  const base = `${spec.workSec}/${spec.restSec} × ${spec.rounds}`;
  return spec.sets > 1 ? `${base} × ${spec.sets} series` : base;
}

/** The player's plan for a timer: one plan round per set, one timed exercise per interval. */
export function timerPlan(timer: TimerDefinition): SessionPlan {
  const rounds: PlannedRound[] = [];
  for (let set = 0; set < timer.sets; set += 1) {
    const exercises: PlannedExercise[] = [];
    for (let round = 0; round < timer.rounds; round += 1) {
      exercises.push({
        key: `r${set}-e${round}`,
        exerciseId: null,
        name: 'Trabajo',
        kind: 'time',
        reps: null,
        timerSec: timer.workSec,
        restSec: endsSet(timer, set + 1, round + 1) ? 0 : timer.restSec,
        media: null,
      });
    }
    rounds.push({ type: 'interval', label: `Serie ${set + 1}`, name: null, restBetweenRoundsSec: timer.setRestSec, exercises });
  }
  return { workoutId: 'interval-timer', title: timer.name, rounds, totalExercises: timer.sets * timer.rounds };
}
