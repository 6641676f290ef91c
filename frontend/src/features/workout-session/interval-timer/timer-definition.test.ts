import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionEvents, sessionReducer, type SessionState } from '../session-machine';
import { COUNTDOWN_SEC } from '../session-plan';
import {
  BUILT_IN_TIMERS,
  customTimerName,
  halfwaySec,
  timerPhases,
  timerPlan,
  timerSpecError,
  timerTotalSec,
  type TimerDefinition,
  type TimerPhase,
} from './timer-definition';
import { halfwayReached, timerCues, timerReadout } from './timer-session';

const builtIn = (kind: TimerDefinition['kind']) => BUILT_IN_TIMERS.find((timer) => timer.kind === kind)!;
const custom = (spec: Partial<TimerDefinition>): TimerDefinition => ({
  kind: 'custom',
  name: 'Prueba',
  workSec: 30,
  restSec: 15,
  rounds: 3,
  sets: 1,
  setRestSec: 0,
  ...spec,
});

/** Runs the player's machine from 'Comenzar' to the end, one deadline at a time, and lists the segments it went through. */
function runMachine(timer: TimerDefinition): { phases: TimerPhase[]; final: SessionState; startedAt: number } {
  const plan = timerPlan(timer);
  let state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
  const startedAt = COUNTDOWN_SEC * 1000;
  state = sessionReducer(plan, state, sessionEvents.clockTicked(startedAt));
  const phases: TimerPhase[] = [];
  let now = startedAt;
  while (state.status !== 'complete') {
    const { phase, set, round } = timerReadout(state);
    phases.push({ kind: phase, set, round, durationSec: state.timer.durationMs / 1000 });
    now = state.timer.deadline!;
    state = sessionReducer(plan, state, sessionEvents.clockTicked(now));
  }
  return { phases, final: state, startedAt };
}

describe('the interval timer as a phase sequence', () => {
  it('Tabata is 8 × (20 s work + 10 s rest): 16 phases, 4 minutes', () => {
    const tabata = builtIn('tabata');
    const phases = timerPhases(tabata);
    expect(phases).toHaveLength(16);
    expect(phases.filter((phase) => phase.kind === 'work').map((phase) => phase.durationSec)).toEqual(Array(8).fill(20));
    expect(phases.filter((phase) => phase.kind === 'rest').map((phase) => phase.durationSec)).toEqual(Array(8).fill(10));
    expect(phases.map((phase) => phase.kind)).toEqual(Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? 'work' : 'rest')));
    expect(phases.at(-1)).toEqual({ kind: 'rest', set: 1, round: 8, durationSec: 10 });
    expect(timerTotalSec(tabata)).toBe(240);
    expect(halfwaySec(tabata)).toBe(120);
  });

  it('EMOM is one work minute after another, no rests', () => {
    const emom = builtIn('emom');
    const phases = timerPhases(emom);
    expect(phases).toEqual(Array.from({ length: 10 }, (_, index) => ({ kind: 'work', set: 1, round: index + 1, durationSec: 60 })));
    expect(timerTotalSec(emom)).toBe(600);
  });

  it('AMRAP is a single work block', () => {
    expect(timerPhases(builtIn('amrap'))).toEqual([{ kind: 'work', set: 1, round: 1, durationSec: 600 }]);
    expect(timerTotalSec(builtIn('amrap'))).toBe(600);
    expect(halfwaySec(builtIn('amrap'))).toBe(300);
  });

  it('with sets, the rest between sets takes the place of the last rest of each set but the final one', () => {
    const timer = custom({ workSec: 40, restSec: 20, rounds: 2, sets: 3, setRestSec: 90 });
    expect(timerPhases(timer).map(({ kind, set, round, durationSec }) => `${kind}:${set}.${round}:${durationSec}`)).toEqual([
      'work:1.1:40',
      'rest:1.1:20',
      'work:1.2:40',
      'setRest:1.2:90',
      'work:2.1:40',
      'rest:2.1:20',
      'work:2.2:40',
      'setRest:2.2:90',
      'work:3.1:40',
      'rest:3.1:20',
      'work:3.2:40',
      'rest:3.2:20',
    ]);
    const sum = timerPhases(timer).reduce((total, phase) => total + phase.durationSec, 0);
    expect(timerTotalSec(timer)).toBe(sum);
    expect(sum).toBe(6 * 40 + 4 * 20 + 2 * 90);
  });

  it('goes straight into the next set when there is no rest between sets', () => {
    const phases = timerPhases(custom({ rounds: 1, sets: 2, setRestSec: 0 }));
    expect(phases.map((phase) => phase.kind)).toEqual(['work', 'work', 'rest']);
    expect(timerTotalSec(custom({ rounds: 1, sets: 2, setRestSec: 0 }))).toBe(30 + 30 + 15);
  });

  it('the total is the sum of the phases for many shapes', () => {
    for (const workSec of [5, 37, 600])
      for (const restSec of [0, 9, 600])
        for (const rounds of [1, 4, 99])
          for (const sets of [1, 3, 20])
            for (const setRestSec of [0, 45]) {
              const timer = custom({ workSec, restSec, rounds, sets, setRestSec });
              expect(timerTotalSec(timer)).toBe(timerPhases(timer).reduce((total, phase) => total + phase.durationSec, 0));
            }
  });

  it('the player machine walks exactly those phases and ends with the total trained', () => {
    for (const timer of [
      ...BUILT_IN_TIMERS,
      custom({ workSec: 40, restSec: 20, rounds: 2, sets: 3, setRestSec: 90 }),
      custom({ rounds: 2, sets: 2, setRestSec: 0 }),
    ]) {
      const { phases, final } = runMachine(timer);
      expect(phases).toEqual(timerPhases(timer));
      expect(final.elapsedMs).toBe(timerTotalSec(timer) * 1000);
    }
  });

  it('checks the bounds with Spanish messages', () => {
    expect(timerSpecError(custom({}))).toBeNull();
    expect(timerSpecError(custom({ workSec: 4 }))).toEqual({ field: 'workSec', message: 'Trabajo: escribe un número entero entre 5 y 600 segundos.' });
    expect(timerSpecError(custom({ rounds: 100 }))?.field).toBe('rounds');
    expect(timerSpecError(custom({ sets: 0 }))?.message).toBe('Series: escribe un número entero entre 1 y 20.');
    expect(timerSpecError(custom({ restSec: 1.5 }))?.field).toBe('restSec');
    expect(timerSpecError(custom({ setRestSec: 601 }))?.field).toBe('setRestSec');
  });

  it('names a custom timer after its shape', () => {
    expect(customTimerName(custom({}))).toBe('30/15 × 3');
    expect(customTimerName(custom({ sets: 2 }))).toBe('30/15 × 3 × 2 series');
  });
});

describe('the halfway cue', () => {
  it('rings once at half the total, on the clock, besides the 3-2-1 beeps', () => {
    const tabata = builtIn('tabata');
    const plan = timerPlan(tabata);
    const started = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
    const cues = timerCues(tabata, plan, started, 0, 10 * 60_000);
    const halfway = cues.filter((cue) => cue.key.startsWith('halfway@'));
    expect(halfway).toEqual([{ sound: 'bell', at: COUNTDOWN_SEC * 1000 + 120_000, key: `halfway@${COUNTDOWN_SEC * 1000 + 120_000}` }]);
    // 3-2-1 before the end of the countdown and of each of the 16 phases.
    expect(cues.filter((cue) => cue.sound === 'beep')).toHaveLength(3 * 17);
    expect(cues.filter((cue) => cue.sound === 'complete').map((cue) => cue.at)).toEqual([COUNTDOWN_SEC * 1000 + 240_000]);
  });

  it('moves with a pause and is gone once passed', () => {
    const tabata = builtIn('tabata');
    const plan = timerPlan(tabata);
    let state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
    state = sessionReducer(plan, state, sessionEvents.playToggled(50_000)); // pause 45 s into training
    expect(halfwayReached(tabata, state)).toBe(false);
    expect(timerCues(tabata, plan, state, 50_000, 600_000).some((cue) => cue.key.startsWith('halfway@'))).toBe(false);
    state = sessionReducer(plan, state, sessionEvents.playToggled(1_000_000)); // resume much later
    const halfway = timerCues(tabata, plan, state, 1_000_000, 600_000).find((cue) => cue.key.startsWith('halfway@'));
    expect(halfway?.at).toBe(1_000_000 + 75_000);
    state = sessionReducer(plan, state, sessionEvents.clockTicked(1_000_000 + 80_000));
    expect(halfwayReached(tabata, state)).toBe(true);
    expect(timerCues(tabata, plan, state, state.now, 600_000).some((cue) => cue.key.startsWith('halfway@'))).toBe(false);
  });
});
