import { COUNTDOWN_SEC, exerciseAt, type PlannedExercise, type SessionPlan } from './session-plan';

/**
 * The workout session as one pure state machine (spec section 4: "Session", "Timer
 * tick", "Advance rules", "New exercise timer", "Previous"). Time never comes from
 * counting ticks: a running timer is a deadline on a monotonic clock and every event
 * carries the clock reading, so late, throttled or missing ticks cannot make the
 * session drift (ADR 0050).
 */
export type SessionStatus = 'idle' | 'countdown' | 'playing' | 'complete';
export type SessionPhase = 'exercise' | 'exerciseRest' | 'roundRest';

/** Running when `deadline` is set; frozen (idle, paused) with `remainingMs` otherwise. */
export interface SessionTimer {
  durationMs: number;
  remainingMs: number;
  deadline: number | null;
}

export interface SessionState {
  status: SessionStatus;
  paused: boolean;
  roundIndex: number;
  exerciseIndex: number;
  phase: SessionPhase;
  timer: SessionTimer;
  countdown: SessionTimer;
  /** Training time banked so far; while the timer runs, time since `elapsedSince` is added. */
  elapsedMs: number;
  elapsedSince: number | null;
  /** The last clock reading the machine saw. */
  now: number;
  /** Bumped by every member action, so schedulers (sounds) know their plan is stale. */
  epoch: number;
}

export type SessionEvent =
  | { type: 'playToggled'; now: number }
  | { type: 'clockTicked'; now: number }
  | { type: 'skipRequested'; now: number }
  | { type: 'repsFinished'; now: number }
  | { type: 'previousRequested'; now: number };

export const sessionEvents = {
  playToggled: (now: number): SessionEvent => ({ type: 'playToggled', now }),
  clockTicked: (now: number): SessionEvent => ({ type: 'clockTicked', now }),
  skipRequested: (now: number): SessionEvent => ({ type: 'skipRequested', now }),
  repsFinished: (now: number): SessionEvent => ({ type: 'repsFinished', now }),
  previousRequested: (now: number): SessionEvent => ({ type: 'previousRequested', now }),
};

const SECOND = 1000;

function frozenTimer(seconds: number): SessionTimer {
  const durationMs = seconds * SECOND;
  return { durationMs, remainingMs: durationMs, deadline: null };
}

function startedTimer(seconds: number, at: number): SessionTimer {
  const durationMs = seconds * SECOND;
  return { durationMs, remainingMs: durationMs, deadline: at + durationMs };
}

function freeze(timer: SessionTimer, at: number): SessionTimer {
  if (timer.deadline === null) return timer;
  return { ...timer, remainingMs: Math.max(0, timer.deadline - at), deadline: null };
}

function resume(timer: SessionTimer, at: number): SessionTimer {
  if (timer.deadline !== null) return timer;
  return { ...timer, deadline: at + timer.remainingMs };
}

export function isRunning(state: SessionState): boolean {
  return state.status === 'playing' && !state.paused;
}

export function initialSessionState(plan: SessionPlan, now: number): SessionState {
  return {
    status: 'idle',
    paused: false,
    roundIndex: 0,
    exerciseIndex: 0,
    phase: 'exercise',
    timer: frozenTimer(exerciseAt(plan, 0, 0).timerSec),
    countdown: frozenTimer(COUNTDOWN_SEC),
    elapsedMs: 0,
    elapsedSince: null,
    now,
    epoch: 0,
  };
}

/** A new segment (exercise or rest) starting at `at`: it runs only if the session is running. */
function withTimer(state: SessionState, seconds: number, at: number): SessionTimer {
  return isRunning(state) ? startedTimer(seconds, at) : frozenTimer(seconds);
}

function goToExercise(plan: SessionPlan, state: SessionState, roundIndex: number, exerciseIndex: number, at: number): SessionState {
  return {
    ...state,
    roundIndex,
    exerciseIndex,
    phase: 'exercise',
    timer: withTimer(state, exerciseAt(plan, roundIndex, exerciseIndex).timerSec, at),
  };
}

function complete(state: SessionState, at: number): SessionState {
  const banked = state.elapsedSince === null ? 0 : Math.max(0, at - state.elapsedSince);
  return {
    ...state,
    status: 'complete',
    paused: false,
    timer: { ...state.timer, remainingMs: 0, deadline: null },
    elapsedMs: state.elapsedMs + banked,
    elapsedSince: null,
  };
}

/** "Moving on": next exercise of the round; after the last one a round rest or the next round; after the last round, completion. */
function moveOn(plan: SessionPlan, state: SessionState, at: number): SessionState {
  const round = plan.rounds[state.roundIndex];
  if (state.exerciseIndex < round.exercises.length - 1) {
    return goToExercise(plan, state, state.roundIndex, state.exerciseIndex + 1, at);
  }
  if (state.roundIndex >= plan.rounds.length - 1) return complete(state, at);
  if (round.restBetweenRoundsSec > 0) {
    return { ...state, phase: 'roundRest', timer: withTimer(state, round.restBetweenRoundsSec, at) };
  }
  return goToExercise(plan, state, state.roundIndex + 1, 0, at);
}

/** The advance rule shared by the timer reaching 0, skip and 'Terminé'. */
export function advance(plan: SessionPlan, state: SessionState, at: number): SessionState {
  switch (state.phase) {
    case 'roundRest':
      return state.roundIndex < plan.rounds.length - 1 ? goToExercise(plan, state, state.roundIndex + 1, 0, at) : complete(state, at);
    case 'exerciseRest':
      return moveOn(plan, state, at);
    case 'exercise': {
      const exercise = exerciseAt(plan, state.roundIndex, state.exerciseIndex);
      if (exercise.restSec > 0) return { ...state, phase: 'exerciseRest', timer: withTimer(state, exercise.restSec, at) };
      return moveOn(plan, state, at);
    }
    default: {
      const unreachable: never = state.phase;
      return unreachable;
    }
  }
}

/**
 * Applies every deadline that has passed by `now`, each at its own deadline, so a tick
 * that arrives minutes late still lands the session exactly where an on-time one would.
 */
function catchUp(plan: SessionPlan, state: SessionState, now: number): SessionState {
  let current = { ...state, now: Math.max(state.now, now) };
  for (;;) {
    if (current.status === 'countdown' && !current.paused && current.countdown.deadline !== null && now >= current.countdown.deadline) {
      const at = current.countdown.deadline;
      current = {
        ...current,
        status: 'playing',
        countdown: { ...current.countdown, remainingMs: 0, deadline: null },
        timer: resume(current.timer, at),
        elapsedSince: at,
      };
      continue;
    }
    if (isRunning(current) && current.timer.deadline !== null && now >= current.timer.deadline) {
      current = advance(plan, current, current.timer.deadline);
      continue;
    }
    return current;
  }
}

function togglePlay(state: SessionState, now: number): SessionState {
  switch (state.status) {
    case 'idle':
      return { ...state, status: 'countdown', paused: false, countdown: startedTimer(state.countdown.durationMs / SECOND, now) };
    case 'countdown':
      return state.paused
        ? { ...state, paused: false, countdown: resume(state.countdown, now) }
        : { ...state, paused: true, countdown: freeze(state.countdown, now) };
    case 'playing':
      if (state.paused) return { ...state, paused: false, timer: resume(state.timer, now), elapsedSince: now };
      return {
        ...state,
        paused: true,
        timer: freeze(state.timer, now),
        elapsedMs: state.elapsedMs + (state.elapsedSince === null ? 0 : now - state.elapsedSince),
        elapsedSince: null,
      };
    case 'complete':
      return state;
    default: {
      const unreachable: never = state.status;
      return unreachable;
    }
  }
}

export function canGoPrevious(state: SessionState): boolean {
  return state.status !== 'complete' && !(state.roundIndex === 0 && state.exerciseIndex === 0);
}

export function canSkip(state: SessionState): boolean {
  return isRunning(state);
}

export function canFinishReps(plan: SessionPlan, state: SessionState): boolean {
  return isRunning(state) && state.phase === 'exercise' && currentExercise(plan, state).kind === 'reps';
}

/** "Previous": leaves a rest (back to the exercise just done), else one exercise back, else the last exercise of the previous round. */
function previous(plan: SessionPlan, state: SessionState, now: number): SessionState {
  if (!canGoPrevious(state)) return state;
  if (state.phase !== 'exercise') return goToExercise(plan, state, state.roundIndex, state.exerciseIndex, now);
  if (state.exerciseIndex > 0) return goToExercise(plan, state, state.roundIndex, state.exerciseIndex - 1, now);
  const roundIndex = state.roundIndex - 1;
  return goToExercise(plan, state, roundIndex, plan.rounds[roundIndex].exercises.length - 1, now);
}

function bump(before: SessionState, after: SessionState): SessionState {
  return after === before ? after : { ...after, epoch: before.epoch + 1 };
}

export function sessionReducer(plan: SessionPlan, state: SessionState, event: SessionEvent): SessionState {
  const current = catchUp(plan, state, event.now);
  switch (event.type) {
    case 'clockTicked':
      return current;
    case 'playToggled':
      return bump(current, togglePlay(current, current.now));
    case 'skipRequested':
      return canSkip(current) ? bump(current, advance(plan, current, current.now)) : current;
    case 'repsFinished':
      return canFinishReps(plan, current) ? bump(current, advance(plan, current, current.now)) : current;
    case 'previousRequested':
      return bump(current, previous(plan, current, current.now));
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

// ---- Read-outs (what the screen shows), all derived from the state and the clock reading.

export function timerRemainingMs(timer: SessionTimer, now: number): number {
  return timer.deadline === null ? timer.remainingMs : Math.max(0, timer.deadline - now);
}

/** Whole seconds left as a countdown shows them: 2.3 s left reads 3, exactly 0 reads 0. */
export function remainingSeconds(state: SessionState, now = state.now): number {
  return Math.ceil(timerRemainingMs(state.timer, now) / SECOND);
}

export function countdownSeconds(state: SessionState, now = state.now): number {
  return Math.ceil(timerRemainingMs(state.countdown, now) / SECOND);
}

export function elapsedMs(state: SessionState, now = state.now): number {
  return state.elapsedMs + (state.elapsedSince === null ? 0 : Math.max(0, now - state.elapsedSince));
}

export function elapsedSeconds(state: SessionState, now = state.now): number {
  return Math.floor(elapsedMs(state, now) / SECOND);
}

export function currentExercise(plan: SessionPlan, state: SessionState): PlannedExercise {
  return exerciseAt(plan, state.roundIndex, state.exerciseIndex);
}

/** Exercises finished so far (the progress bar): an exercise counts as done once its rest (or the next exercise) begins. */
export function exercisesDone(plan: SessionPlan, state: SessionState): number {
  if (state.status === 'complete') return plan.totalExercises;
  const before = plan.rounds.slice(0, state.roundIndex).reduce((sum, round) => sum + round.exercises.length, 0);
  return before + state.exerciseIndex + (state.phase === 'exercise' ? 0 : 1);
}

export function isLastExercise(plan: SessionPlan, state: SessionState): boolean {
  return state.roundIndex === plan.rounds.length - 1 && state.exerciseIndex === plan.rounds[state.roundIndex].exercises.length - 1;
}

/** The exercise that comes after the current one (or after the current rest), or null at the end. */
export function nextExercise(plan: SessionPlan, state: SessionState): PlannedExercise | null {
  if (state.phase === 'roundRest') {
    return state.roundIndex < plan.rounds.length - 1 ? exerciseAt(plan, state.roundIndex + 1, 0) : null;
  }
  const round = plan.rounds[state.roundIndex];
  if (state.exerciseIndex < round.exercises.length - 1) return exerciseAt(plan, state.roundIndex, state.exerciseIndex + 1);
  if (state.roundIndex < plan.rounds.length - 1) return exerciseAt(plan, state.roundIndex + 1, 0);
  return null;
}
