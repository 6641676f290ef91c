import fc from 'fast-check';
import {
  elapsedMs,
  exercisesDone,
  initialSessionState,
  isRunning,
  sessionEvents,
  sessionReducer,
  stepSession,
  timerRemainingMs,
  type SessionEvent,
  type SessionState,
} from './session-machine';
import { planSession, type SessionPlan } from './session-plan';
import type { RoundExercise, Workout } from './session-types';

// Hundreds of generated sessions: more than the default 5 s when the machine is busy.
vi.setConfig({ testTimeout: 20_000 });

const restValue = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant(0), fc.integer({ min: 1, max: 40 }));

const exerciseArb: fc.Arbitrary<RoundExercise> = fc.record({
  type: fc.constantFrom('time', 'reps'),
  exerciseTime: fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 90 })),
  exerciseReps: fc.integer({ min: 1, max: 30 }),
  exerciseRest: restValue,
});

const workoutArb: fc.Arbitrary<Workout> = fc
  .array(fc.record({ restBetweenRounds: restValue, exercises: fc.array(exerciseArb, { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 4 })
  .map((rounds) => ({ _id: 'w', title: 'Propiedad', rounds }));

type Step = { kind: 'play' | 'skip' | 'reps' | 'previous' | 'tick' | 'extendRest' | 'shortenRest' | 'skipRest'; after: number };

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('play', 'skip', 'reps', 'previous', 'tick', 'tick', 'extendRest', 'shortenRest', 'skipRest'),
  after: fc.oneof(fc.integer({ min: 0, max: 1_500 }), fc.integer({ min: 0, max: 120_000 })),
});

const eventFor: Record<Step['kind'], (now: number) => SessionEvent> = {
  play: sessionEvents.playToggled,
  skip: sessionEvents.skipRequested,
  reps: sessionEvents.repsFinished,
  previous: sessionEvents.previousRequested,
  tick: sessionEvents.clockTicked,
  extendRest: sessionEvents.restExtended,
  shortenRest: sessionEvents.restShortened,
  skipRest: sessionEvents.restSkipped,
};

function assertInvariants(plan: SessionPlan, state: SessionState) {
  expect(state.roundIndex).toBeGreaterThanOrEqual(0);
  expect(state.roundIndex).toBeLessThan(plan.rounds.length);
  expect(state.exerciseIndex).toBeGreaterThanOrEqual(0);
  expect(state.exerciseIndex).toBeLessThan(plan.rounds[state.roundIndex].exercises.length);
  const remaining = timerRemainingMs(state.timer, state.now);
  expect(remaining).toBeGreaterThanOrEqual(0);
  expect(remaining).toBeLessThanOrEqual(state.timer.durationMs);
  const done = exercisesDone(plan, state);
  expect(done).toBeGreaterThanOrEqual(0);
  expect(done).toBeLessThanOrEqual(plan.totalExercises);
  if (state.phase === 'roundRest') expect(state.exerciseIndex).toBe(plan.rounds[state.roundIndex].exercises.length - 1);
  if (isRunning(state)) expect(state.timer.deadline).not.toBeNull();
  else expect(state.timer.deadline).toBeNull();
}

/** Finishes any session the quickest way a member could: resume if needed, then skip until done. */
function finishBySkipping(plan: SessionPlan, state: SessionState, now: number): SessionState {
  let current = state;
  let at = now;
  const limit = 10 + plan.totalExercises * 3 + plan.rounds.length * 2;
  for (let step = 0; step < limit && current.status !== 'complete'; step += 1) {
    at += 1;
    if (current.status === 'idle' || current.paused) current = sessionReducer(plan, current, sessionEvents.playToggled(at));
    else if (current.status === 'countdown') current = sessionReducer(plan, current, sessionEvents.clockTicked((at += 5_000)));
    else current = sessionReducer(plan, current, sessionEvents.skipRequested(at));
    assertInvariants(plan, current);
  }
  return current;
}

describe('session machine properties', () => {
  it('any sequence of events keeps indices and timers in range, elapsed time never goes back, cues come in order within the step, and completion stays reachable', () => {
    fc.assert(
      fc.property(workoutArb, fc.array(stepArb, { maxLength: 60 }), (source, steps) => {
        const plan = planSession(source);
        let now = 0;
        let state = initialSessionState(plan, now);
        let lastElapsed = 0;
        for (const step of steps) {
          const before = state.now;
          now += step.after;
          const { state: next, cues } = stepSession(plan, state, eventFor[step.kind](now));
          state = next;
          assertInvariants(plan, state);
          const times = cues.map((cue) => cue.at);
          const inOrder = times.every((time, index) => time >= before && time <= now && (index === 0 || time >= times[index - 1]));
          expect(inOrder ? 'in order' : `cues at ${times.join(', ')} between ${before} and ${now}`).toBe('in order');
          const elapsed = elapsedMs(state, now);
          expect(elapsed).toBeGreaterThanOrEqual(lastElapsed);
          lastElapsed = elapsed;
        }
        expect(finishBySkipping(plan, state, now).status).toBe('complete');
      }),
      { numRuns: 400 },
    );
  });

  it('left alone after play, every session completes on its own, and elapsed time equals the sum of its timers', () => {
    fc.assert(
      fc.property(workoutArb, (source) => {
        const plan = planSession(source);
        let state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
        let expected = 0;
        plan.rounds.forEach((round, r) => {
          round.exercises.forEach((exercise, e) => {
            expected += exercise.timerSec + exercise.restSec;
            const lastOfRound = e === round.exercises.length - 1;
            if (lastOfRound && r < plan.rounds.length - 1) expected += round.restBetweenRoundsSec;
          });
        });
        state = sessionReducer(plan, state, sessionEvents.clockTicked(5_000 + expected * 1_000 + 3_600_000));
        expect(state.status).toBe('complete');
        expect(elapsedMs(state)).toBe(expected * 1_000);
      }),
      { numRuns: 300 },
    );
  });
});
