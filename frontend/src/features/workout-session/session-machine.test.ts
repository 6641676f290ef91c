import {
  advance,
  canExtendRest,
  canFinishReps,
  canGoPrevious,
  canSkip,
  countdownSeconds,
  currentExercise,
  elapsedSeconds,
  exercisesDone,
  initialSessionState,
  isLastExercise,
  nextExercise,
  isResting,
  MAX_REST_SEC,
  remainingSeconds,
  sessionEvents,
  sessionReducer,
  stepSession,
  type SessionCue,
  type SessionEvent,
  type SessionState,
} from './session-machine';
import { loadSession, saveSession } from './session-persistence';
import { planSession, type SessionPlan } from './session-plan';
import { reps, round, sampleWorkout, timed, workout } from './workout-fixtures';
import type { Workout } from './session-types';

/** Drives the machine the way the page does: a clock in milliseconds and events stamped with it. */
function session(source: Workout) {
  const plan = planSession(source);
  let now = 1_000;
  let state = initialSessionState(plan, now);
  const cues: SessionCue[] = [];
  const send = (make: (at: number) => SessionEvent) => {
    const step = stepSession(plan, state, make(now));
    state = step.state;
    cues.push(...step.cues);
    return state;
  };
  return {
    plan,
    /** Every cue the machine gave so far, in order. */
    cues,
    get state() {
      return state;
    },
    set state(next: SessionState) {
      state = next;
    },
    get now() {
      return now;
    },
    send,
    /** Lets `ms` pass, ticking every `step` ms like the page's interval. */
    wait(ms: number, step = 1_000) {
      const end = now + ms;
      while (now < end) {
        now = Math.min(end, now + step);
        send(sessionEvents.clockTicked);
      }
      return state;
    },
    /** Play, then the 5 s countdown. */
    start() {
      send(sessionEvents.playToggled);
      this.wait(5_000);
      return state;
    },
  };
}

function where(state: SessionState) {
  return { round: state.roundIndex, exercise: state.exerciseIndex, phase: state.phase };
}

describe('session machine: start and countdown', () => {
  it('starts idle on the first exercise with its full timer and a 5 s countdown', () => {
    const s = session(sampleWorkout());
    expect(s.state.status).toBe('idle');
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(30);
    expect(countdownSeconds(s.state)).toBe(5);
    expect(elapsedSeconds(s.state)).toBe(0);
  });

  it('play starts a countdown from 5 that hands over to playing when it ends', () => {
    const s = session(sampleWorkout());
    s.send(sessionEvents.playToggled);
    expect(s.state.status).toBe('countdown');
    const shown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      shown.push(countdownSeconds(s.state));
      s.wait(1_000);
    }
    expect(shown).toEqual([5, 4, 3, 2, 1]);
    expect(s.state.status).toBe('playing');
    expect(s.state.paused).toBe(false);
    expect(remainingSeconds(s.state)).toBe(30);
    expect(elapsedSeconds(s.state)).toBe(0);
  });

  it('the countdown does not count as training time and the timer does not run during it', () => {
    const s = session(sampleWorkout());
    s.send(sessionEvents.playToggled);
    s.wait(4_900, 100);
    expect(s.state.status).toBe('countdown');
    expect(remainingSeconds(s.state)).toBe(30);
    expect(elapsedSeconds(s.state)).toBe(0);
  });

  it('the countdown can be paused and resumed', () => {
    const s = session(sampleWorkout());
    s.send(sessionEvents.playToggled);
    s.wait(2_000);
    s.send(sessionEvents.playToggled);
    expect(s.state.paused).toBe(true);
    s.wait(60_000);
    expect(s.state.status).toBe('countdown');
    expect(countdownSeconds(s.state)).toBe(3);
    s.send(sessionEvents.playToggled);
    s.wait(3_000);
    expect(s.state.status).toBe('playing');
  });
});

describe('session machine: timer tick', () => {
  it('each second the remaining time goes down by 1 and the elapsed time up by 1', () => {
    const s = session(sampleWorkout());
    s.start();
    for (let second = 1; second <= 10; second += 1) {
      s.wait(1_000);
      expect(remainingSeconds(s.state)).toBe(30 - second);
      expect(elapsedSeconds(s.state)).toBe(second);
    }
  });

  it('advances exactly when the remaining time reaches 0', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(29_000);
    expect(s.state.phase).toBe('exercise');
    expect(remainingSeconds(s.state)).toBe(1);
    s.wait(1_000);
    expect(s.state.phase).toBe('exerciseRest');
    expect(remainingSeconds(s.state)).toBe(15);
  });

  it('pause freezes the remaining and elapsed time; play resumes from there', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(7_500, 500);
    s.send(sessionEvents.playToggled);
    expect(s.state.paused).toBe(true);
    s.wait(120_000);
    expect(remainingSeconds(s.state)).toBe(23);
    expect(elapsedSeconds(s.state)).toBe(7);
    s.send(sessionEvents.playToggled);
    s.wait(500, 500);
    expect(remainingSeconds(s.state)).toBe(22);
    expect(elapsedSeconds(s.state)).toBe(8);
  });

  it('a tick that arrives late applies every passed deadline at its own moment', () => {
    const s = session(sampleWorkout());
    s.start();
    // 30 s squat + 15 s rest + 60 s push-ups; one tick 50 s in lands 5 s into the push-ups.
    s.wait(50_000, 50_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(55);
    expect(elapsedSeconds(s.state)).toBe(50);
  });
});

describe('session machine: new exercise timer', () => {
  it('uses exerciseTime for timed exercises and 60 s for rep exercises', () => {
    const s = session(workout([round([timed('Jumping jacks', 45, 0), reps('Sentadillas', 15, 0)], 0)]));
    s.start();
    expect(remainingSeconds(s.state)).toBe(45);
    s.wait(45_000);
    expect(currentExercise(s.plan, s.state).name).toBe('Sentadillas');
    expect(remainingSeconds(s.state)).toBe(60);
  });

  it('a timed exercise without a usable time falls back to 60 s', () => {
    const plan = planSession(workout([round([{ type: 'time', exerciseTime: null, exerciseRest: 0 }], 0)]));
    expect(plan.rounds[0].exercises[0].timerSec).toBe(60);
    expect(plan.rounds[0].exercises[0].name).toBe('Ejercicio');
  });
});

describe('session machine: advance rules', () => {
  it('exerciseRest > 0 enters a rest of that many seconds, then goes to the next exercise', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(30_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exerciseRest' });
    expect(remainingSeconds(s.state)).toBe(15);
    s.wait(15_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
  });

  it('exerciseRest 0 moves straight on', () => {
    const s = session(workout([round([timed('A', 10, 0), timed('B', 10, 0)], 0)]));
    s.start();
    s.wait(10_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
  });

  it('a missing exercise rest is a 10 s rest', () => {
    const s = session(workout([round([timed('A', 10), timed('B', 10, 0)], 0)]));
    s.start();
    s.wait(10_000);
    expect(s.state.phase).toBe('exerciseRest');
    expect(remainingSeconds(s.state)).toBe(10);
  });

  it('after the last exercise of a round with restBetweenRounds > 0 comes a round rest, then the next round', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(30_000 + 15_000 + 60_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'roundRest' });
    expect(remainingSeconds(s.state)).toBe(20);
    s.wait(20_000);
    expect(where(s.state)).toEqual({ round: 1, exercise: 0, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(20);
  });

  it('restBetweenRounds 0 goes to the next round without a round rest', () => {
    const s = session(workout([round([timed('A', 10, 0)], 0), round([timed('B', 10, 0)], 0)]));
    s.start();
    s.wait(10_000);
    expect(where(s.state)).toEqual({ round: 1, exercise: 0, phase: 'exercise' });
  });

  it('a missing restBetweenRounds is a 10 s round rest', () => {
    const s = session(workout([round([timed('A', 10, 0)]), round([timed('B', 10, 0)])]));
    s.start();
    s.wait(10_000);
    expect(s.state.phase).toBe('roundRest');
    expect(remainingSeconds(s.state)).toBe(10);
  });

  it('an exercise rest on the last exercise of a round is followed by the round rest', () => {
    const s = session(workout([round([timed('A', 10, 5)], 8), round([timed('B', 10, 0)], 0)]));
    s.start();
    s.wait(10_000);
    expect(s.state.phase).toBe('exerciseRest');
    s.wait(5_000);
    expect(s.state.phase).toBe('roundRest');
    expect(remainingSeconds(s.state)).toBe(8);
  });

  it('after the last exercise of the last round the session completes: playing off, time frozen', () => {
    const s = session(workout([round([timed('A', 10, 0)], 30)]));
    s.start();
    s.wait(10_000);
    expect(s.state.status).toBe('complete');
    expect(s.state.paused).toBe(false);
    expect(elapsedSeconds(s.state)).toBe(10);
    s.wait(60_000);
    expect(elapsedSeconds(s.state)).toBe(10);
    expect(exercisesDone(s.plan, s.state)).toBe(1);
  });

  it('the last exercise keeps its own rest before completion', () => {
    const s = session(workout([round([timed('A', 10, 5)], 0)]));
    s.start();
    s.wait(10_000);
    expect(s.state.phase).toBe('exerciseRest');
    s.wait(5_000);
    expect(s.state.status).toBe('complete');
    expect(elapsedSeconds(s.state)).toBe(15);
  });

  it('a round rest in the last round finishes the session', () => {
    const s = session(workout([round([timed('A', 10, 0)], 10)]));
    s.start();
    const resting: SessionState = { ...s.state, phase: 'roundRest' };
    expect(advance(s.plan, resting, s.now).status).toBe('complete');
  });

  it('a round rest before another round goes to its first exercise', () => {
    const s = session(workout([round([timed('A', 10, 0), timed('B', 10, 0)], 10), round([timed('C', 12, 0)], 0)]));
    s.start();
    const resting: SessionState = { ...s.state, exerciseIndex: 1, phase: 'roundRest' };
    const after = advance(s.plan, resting, s.now);
    expect(where(after)).toEqual({ round: 1, exercise: 0, phase: 'exercise' });
    expect(after.timer.durationMs).toBe(12_000);
  });
});

describe('session machine: skip and Terminé', () => {
  it('skip follows the advance rule: into the rest, then out of it', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(3_000);
    s.send(sessionEvents.skipRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exerciseRest' });
    expect(remainingSeconds(s.state)).toBe(15);
    s.send(sessionEvents.skipRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(60);
  });

  it('skip is ignored unless playing and not paused', () => {
    const s = session(sampleWorkout());
    expect(canSkip(s.state)).toBe(false);
    s.send(sessionEvents.skipRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exercise' });
    s.send(sessionEvents.playToggled);
    expect(canSkip(s.state)).toBe(false);
    s.send(sessionEvents.skipRequested);
    expect(s.state.status).toBe('countdown');
    s.wait(5_000);
    expect(canSkip(s.state)).toBe(true);
    s.send(sessionEvents.playToggled);
    expect(canSkip(s.state)).toBe(false);
    s.send(sessionEvents.skipRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exercise' });
  });

  it("'Terminé' finishes a rep exercise with the same rule as skip", () => {
    const s = session(sampleWorkout());
    s.start();
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    expect(currentExercise(s.plan, s.state).kind).toBe('reps');
    expect(canFinishReps(s.plan, s.state)).toBe(true);
    s.wait(4_000);
    s.send(sessionEvents.repsFinished);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'roundRest' });
  });

  it("'Terminé' does nothing on a timed exercise, in a rest or while paused", () => {
    const s = session(sampleWorkout());
    s.start();
    expect(canFinishReps(s.plan, s.state)).toBe(false);
    s.send(sessionEvents.repsFinished);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exercise' });
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.repsFinished);
    expect(s.state.phase).toBe('exerciseRest');
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.playToggled);
    expect(canFinishReps(s.plan, s.state)).toBe(false);
    s.send(sessionEvents.repsFinished);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
  });

  it('skipping the last exercise of the last round completes the session', () => {
    const s = session(workout([round([reps('A', 10, 0)], 0)]));
    s.start();
    s.wait(12_000);
    s.send(sessionEvents.repsFinished);
    expect(s.state.status).toBe('complete');
    expect(elapsedSeconds(s.state)).toBe(12);
  });
});

describe('session machine: previous', () => {
  it('is disabled at round 1, exercise 1, even in its rest', () => {
    const s = session(sampleWorkout());
    expect(canGoPrevious(s.state)).toBe(false);
    s.start();
    s.send(sessionEvents.skipRequested);
    expect(s.state.phase).toBe('exerciseRest');
    expect(canGoPrevious(s.state)).toBe(false);
    const before = s.state;
    s.send(sessionEvents.previousRequested);
    expect(where(s.state)).toEqual(where(before));
  });

  it('leaves an exercise rest back to the exercise just done, with a fresh timer', () => {
    const s = session(workout([round([timed('A', 10, 0), timed('B', 20, 5), timed('C', 10, 0)], 0)]));
    s.start();
    s.wait(10_000);
    s.wait(20_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exerciseRest' });
    s.wait(2_000);
    s.send(sessionEvents.previousRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(20);
    s.wait(1_000);
    expect(remainingSeconds(s.state)).toBe(19);
  });

  it('leaves a round rest back to the last exercise of that round', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(30_000 + 15_000 + 60_000);
    expect(s.state.phase).toBe('roundRest');
    s.send(sessionEvents.previousRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(60);
  });

  it('goes back one exercise within a round', () => {
    const s = session(sampleWorkout());
    s.start();
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.previousRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(30);
  });

  it('goes from the first exercise of a round to the last exercise of the previous round', () => {
    const s = session(sampleWorkout());
    s.start();
    s.wait(30_000 + 15_000 + 60_000 + 20_000);
    expect(where(s.state)).toEqual({ round: 1, exercise: 0, phase: 'exercise' });
    s.send(sessionEvents.previousRequested);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(60);
  });

  it('while paused it moves but keeps the new timer frozen at its full length', () => {
    const s = session(sampleWorkout());
    s.start();
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.playToggled);
    s.send(sessionEvents.previousRequested);
    s.wait(10_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 0, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(30);
    expect(s.state.paused).toBe(true);
  });

  it('does nothing once the session is complete', () => {
    const s = session(workout([round([timed('A', 5, 0), timed('B', 5, 0)], 0)]));
    s.start();
    s.wait(10_000);
    expect(s.state.status).toBe('complete');
    expect(canGoPrevious(s.state)).toBe(false);
    s.send(sessionEvents.previousRequested);
    expect(s.state.status).toBe('complete');
  });
});

describe('session machine: read-outs', () => {
  let plan: SessionPlan;
  beforeEach(() => {
    plan = planSession(sampleWorkout());
  });

  it('counts exercises done for the progress bar, a rest counting its exercise as done', () => {
    const s = session(sampleWorkout());
    s.start();
    expect(exercisesDone(plan, s.state)).toBe(0);
    s.send(sessionEvents.skipRequested);
    expect(exercisesDone(plan, s.state)).toBe(1);
    s.send(sessionEvents.skipRequested);
    expect(exercisesDone(plan, s.state)).toBe(1);
    s.send(sessionEvents.skipRequested);
    expect(s.state.phase).toBe('roundRest');
    expect(exercisesDone(plan, s.state)).toBe(2);
    s.send(sessionEvents.skipRequested);
    expect(exercisesDone(plan, s.state)).toBe(2);
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    expect(s.state.status).toBe('complete');
    expect(exercisesDone(plan, s.state)).toBe(4);
  });

  it('previews the next exercise, across rounds and after a round rest, and flags the last one', () => {
    const s = session(sampleWorkout());
    s.start();
    expect(nextExercise(plan, s.state)?.name).toBe('Flexiones');
    s.send(sessionEvents.skipRequested);
    expect(nextExercise(plan, s.state)?.name).toBe('Flexiones');
    s.send(sessionEvents.skipRequested);
    expect(nextExercise(plan, s.state)?.name).toBe('Plancha');
    s.send(sessionEvents.skipRequested);
    expect(s.state.phase).toBe('roundRest');
    expect(nextExercise(plan, s.state)?.name).toBe('Plancha');
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    expect(isLastExercise(plan, s.state)).toBe(true);
    expect(nextExercise(plan, s.state)).toBeNull();
  });

  it('every member action bumps the epoch; clock ticks do not', () => {
    const s = session(sampleWorkout());
    const start = s.state.epoch;
    s.send(sessionEvents.playToggled);
    expect(s.state.epoch).toBe(start + 1);
    s.wait(10_000);
    expect(s.state.epoch).toBe(start + 1);
    s.send(sessionEvents.skipRequested);
    expect(s.state.epoch).toBe(start + 2);
    s.send(sessionEvents.repsFinished);
    expect(s.state.epoch).toBe(start + 2);
  });
});

describe("session machine: rest on the member's terms", () => {
  /** 'A' 30 s with a 20 s rest, then 'B' 10 reps with none; a 25 s round rest; round 2 'C' 20 s. */
  const restful = () => workout([round([timed('A', 30, 20), reps('B', 10, 0)], 25), round([timed('C', 20, 0)], 0)]);

  it('+15 s adds to the rest on the screen, and the rest then ends exactly 15 s later, whatever the ticks', () => {
    const s = session(restful());
    s.start();
    s.wait(30_000 + 4_000);
    expect(s.state.phase).toBe('exerciseRest');
    expect(remainingSeconds(s.state)).toBe(16);
    s.send(sessionEvents.restExtended);
    expect(remainingSeconds(s.state)).toBe(31);
    s.send(sessionEvents.restExtended);
    expect(remainingSeconds(s.state)).toBe(46);
    // Ticks that come late and uneven cannot stretch or shrink it: the end is a clock reading.
    s.wait(45_900, 7_300);
    expect(s.state.phase).toBe('exerciseRest');
    s.wait(100, 100);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(60);
    // The rest taken counts as time trained, the extension included.
    expect(elapsedSeconds(s.state)).toBe(30 + 4 + 46);
  });

  it('−15 s takes 15 s off; with 15 s or less to go the rest ends at once by the advance rule', () => {
    const s = session(restful());
    s.start();
    s.wait(30_000);
    expect(remainingSeconds(s.state)).toBe(20);
    s.send(sessionEvents.restShortened);
    expect(s.state.phase).toBe('exerciseRest');
    expect(remainingSeconds(s.state)).toBe(5);
    s.send(sessionEvents.restShortened);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(60);
    expect(elapsedSeconds(s.state)).toBe(30);
  });

  it("'Saltar descanso' leaves an exercise rest for the next exercise and a round rest for the next round", () => {
    const s = session(restful());
    s.start();
    s.wait(30_000 + 2_000);
    s.send(sessionEvents.restSkipped);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    s.send(sessionEvents.repsFinished);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'roundRest' });
    s.send(sessionEvents.restSkipped);
    expect(where(s.state)).toEqual({ round: 1, exercise: 0, phase: 'exercise' });
    expect(remainingSeconds(s.state)).toBe(20);
  });

  it('the rest controls do nothing outside a rest: idle, in the countdown, during an exercise, once complete', () => {
    const s = session(restful());
    const tryAll = () => {
      const before = s.state;
      for (const make of [sessionEvents.restExtended, sessionEvents.restShortened, sessionEvents.restSkipped]) s.send(make);
      expect(where(s.state)).toEqual(where(before));
      expect(remainingSeconds(s.state)).toBe(remainingSeconds(before));
      expect(s.state.epoch).toBe(before.epoch);
    };
    tryAll();
    s.send(sessionEvents.playToggled);
    s.wait(2_000);
    tryAll();
    s.wait(3_000 + 10_000);
    expect(isResting(s.state)).toBe(false);
    tryAll();
    s.state = sessionReducer(s.plan, s.state, sessionEvents.clockTicked(s.now + 3_600_000));
    expect(s.state.status).toBe('complete');
    tryAll();
  });

  it('while paused the rest changes and stays frozen; nothing runs until play', () => {
    const s = session(restful());
    s.start();
    s.wait(30_000 + 5_000);
    s.send(sessionEvents.playToggled);
    s.send(sessionEvents.restExtended);
    s.wait(120_000);
    expect(s.state.paused).toBe(true);
    expect(remainingSeconds(s.state)).toBe(30);
    s.send(sessionEvents.restShortened);
    expect(remainingSeconds(s.state)).toBe(15);
    s.send(sessionEvents.playToggled);
    s.wait(15_000);
    expect(where(s.state)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
    expect(elapsedSeconds(s.state)).toBe(30 + 5 + 15);
  });

  it(`+15 s stops at ${MAX_REST_SEC / 60} minutes left`, () => {
    const s = session(restful());
    s.start();
    s.wait(30_000);
    for (let taps = 0; taps < 100 && canExtendRest(s.state); taps += 1) s.send(sessionEvents.restExtended);
    expect(remainingSeconds(s.state)).toBeLessThanOrEqual(MAX_REST_SEC);
    expect(remainingSeconds(s.state)).toBeGreaterThan(MAX_REST_SEC - 15);
    const epoch = s.state.epoch;
    s.send(sessionEvents.restExtended);
    expect(s.state.epoch).toBe(epoch);
  });

  it('an extended rest resumes after a reload with its extended time left', () => {
    sessionStorage.clear();
    const route = { workoutId: 'w-1', planId: null, enrollmentId: null };
    const s = session(restful());
    s.start();
    s.wait(30_000 + 3_000);
    s.send(sessionEvents.restExtended);
    saveSession(sessionStorage, route, s.plan, { state: s.state, completionKey: 'k' }, s.now + 1_000);
    const restored = loadSession(sessionStorage, route, s.plan, 7)!.state;
    expect(restored).toMatchObject({ status: 'playing', paused: true, phase: 'exerciseRest' });
    expect(remainingSeconds(restored)).toBe(31);
    let resumed = sessionReducer(s.plan, restored, sessionEvents.playToggled(7));
    resumed = sessionReducer(s.plan, resumed, sessionEvents.restShortened(10));
    resumed = sessionReducer(s.plan, resumed, sessionEvents.clockTicked(7 + 31_000 - 15_000));
    expect(where(resumed)).toEqual({ round: 0, exercise: 1, phase: 'exercise' });
  });
});

describe('session machine: cues', () => {
  const at = (cue: SessionCue) => cue.at - 1_000;
  function describeCue(cue: SessionCue): string {
    switch (cue.type) {
      case 'secondsLeft':
        return `${cue.seconds}@${at(cue)}`;
      case 'countdownEnded':
        return `go@${at(cue)}`;
      case 'exerciseStarted':
        return `${cue.exercise.name}@${at(cue)}`;
      case 'halfwayReached':
        return `mitad@${at(cue)}`;
      case 'restStarted':
        return `${cue.betweenRounds ? 'descanso-ronda' : 'descanso'}→${cue.next?.name ?? '-'}@${at(cue)}`;
      case 'workoutCompleted':
        return `fin@${at(cue)}`;
      default: {
        const unreachable: never = cue;
        return unreachable;
      }
    }
  }
  const told = (s: { cues: SessionCue[] }) => s.cues.map(describeCue);

  /** 'A' 20 s + 5 s rest, 'B' 8 reps (60 s limit) without rest; a 6 s round rest; 'C' 6 s. */
  const cued = () => workout([round([timed('A', 20, 5), reps('B', 8, 0)], 6), round([timed('C', 6, 0)], 0)]);

  it('an untouched session tells each start, the halfway of a timed exercise, 3-2-1 before each change, the rests and the end, each at its moment', () => {
    const s = session(cued());
    s.send(sessionEvents.playToggled);
    s.wait(200_000, 250);
    expect(told(s)).toEqual([
      '3@2000',
      '2@3000',
      '1@4000',
      'go@5000',
      'A@5000',
      'mitad@15000',
      '3@22000',
      '2@23000',
      '1@24000',
      'descanso→B@25000',
      '3@27000',
      '2@28000',
      '1@29000',
      'B@30000',
      '3@87000',
      '2@88000',
      '1@89000',
      'descanso-ronda→C@90000',
      '3@93000',
      '2@94000',
      '1@95000',
      // C lasts 6 s: too short for a halfway.
      'C@96000',
      '3@99000',
      '2@100000',
      '1@101000',
      'fin@102000',
    ]);
  });

  it('a tick minutes late gives every cue it passed, each with its own time', () => {
    const s = session(cued());
    s.send(sessionEvents.playToggled);
    s.wait(200_000, 200_000);
    const onTime = session(cued());
    onTime.send(sessionEvents.playToggled);
    onTime.wait(200_000, 250);
    expect(told(s)).toEqual(told(onTime));
  });

  it('a pause moves the cues still to come with it and none is told twice', () => {
    const s = session(cued());
    s.start();
    s.wait(8_000);
    s.send(sessionEvents.playToggled);
    s.wait(60_000);
    s.send(sessionEvents.playToggled);
    s.wait(13_000, 500);
    // A started at 5 s; 8 s in, a minute's pause: its halfway comes at 5 + 10 + 60 s.
    expect(told(s)).toEqual(['3@2000', '2@3000', '1@4000', 'go@5000', 'A@5000', 'mitad@75000', '3@82000', '2@83000', '1@84000', 'descanso→B@85000']);
  });

  it('pausing on a mark tells it once, before the pause', () => {
    const s = session(cued());
    s.start();
    s.wait(17_000);
    s.send(sessionEvents.playToggled);
    s.wait(5_000);
    s.send(sessionEvents.playToggled);
    s.wait(3_000);
    expect(told(s).filter((cue) => cue.startsWith('3@'))).toEqual(['3@2000', '3@22000']);
  });

  it('a segment a member moves to begins at once: Terminé, Saltar descanso, previous, skip to the end', () => {
    const s = session(cued());
    s.start();
    s.send(sessionEvents.skipRequested);
    s.wait(1_000);
    s.send(sessionEvents.restSkipped);
    s.wait(1_000);
    s.send(sessionEvents.repsFinished);
    s.send(sessionEvents.previousRequested);
    expect(told(s).slice(5)).toEqual(['descanso→B@5000', 'B@6000', 'descanso-ronda→C@7000', 'B@7000']);
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    s.send(sessionEvents.skipRequested);
    expect(told(s).slice(9)).toEqual(['descanso-ronda→C@7000', 'C@7000', 'fin@7000']);
  });

  it("+15 s moves the rest's 3-2-1 to its new end; −15 s to the end ends it with the next start", () => {
    const s = session(cued());
    s.start();
    s.wait(20_000);
    s.send(sessionEvents.restExtended);
    s.wait(20_000, 250);
    expect(told(s).slice(-5)).toEqual(['descanso→B@25000', '3@42000', '2@43000', '1@44000', 'B@45000']);
    s.send(sessionEvents.repsFinished);
    s.wait(1_000);
    s.send(sessionEvents.restShortened);
    expect(told(s).slice(-2)).toEqual(['descanso-ronda→C@45000', 'C@46000']);
  });

  it('nothing is told while idle or paused, and a pause or play by itself tells nothing', () => {
    const s = session(cued());
    s.wait(30_000);
    expect(s.cues).toEqual([]);
    s.start();
    s.send(sessionEvents.playToggled);
    s.wait(600_000, 10_000);
    s.send(sessionEvents.playToggled);
    expect(told(s)).toEqual(['3@32000', '2@33000', '1@34000', 'go@35000', 'A@35000']);
  });
});
