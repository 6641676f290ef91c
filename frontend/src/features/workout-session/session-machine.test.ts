import {
  advance,
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
  remainingSeconds,
  sessionEvents,
  sessionReducer,
  type SessionEvent,
  type SessionState,
} from './session-machine';
import { planSession, type SessionPlan } from './session-plan';
import { reps, round, sampleWorkout, timed, workout } from './workout-fixtures';
import type { Workout } from './session-types';

/** Drives the machine the way the page does: a clock in milliseconds and events stamped with it. */
function session(source: Workout) {
  const plan = planSession(source);
  let now = 1_000;
  let state = initialSessionState(plan, now);
  const send = (make: (at: number) => SessionEvent) => {
    state = sessionReducer(plan, state, make(now));
    return state;
  };
  return {
    plan,
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
