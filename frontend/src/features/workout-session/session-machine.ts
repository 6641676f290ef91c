import { COUNTDOWN_SEC, exerciseAt, type PlannedExercise, type SessionPlan } from './session-plan';

/**
 * The workout session as one pure state machine (spec section 4: "Session", "Timer
 * tick", "Advance rules", "New exercise timer", "Previous"), plus the member's say over
 * a rest (+15 s, −15 s, skip it). Time never comes from counting ticks: a running timer
 * is a deadline on a monotonic clock and every event carries the clock reading, so
 * late, throttled or missing ticks cannot make the session drift (ADR 0050).
 *
 * Each step also tells what happened on the way, each at its own clock reading: the
 * cues (a segment starting, its halfway, its last 3, 2, 1 seconds, the end). The beeps
 * and the coach's voice are both read from them (ADR 0310).
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
  | { type: 'previousRequested'; now: number }
  | { type: 'restExtended'; now: number }
  | { type: 'restShortened'; now: number }
  | { type: 'restSkipped'; now: number };

export const sessionEvents = {
  playToggled: (now: number): SessionEvent => ({ type: 'playToggled', now }),
  clockTicked: (now: number): SessionEvent => ({ type: 'clockTicked', now }),
  skipRequested: (now: number): SessionEvent => ({ type: 'skipRequested', now }),
  repsFinished: (now: number): SessionEvent => ({ type: 'repsFinished', now }),
  previousRequested: (now: number): SessionEvent => ({ type: 'previousRequested', now }),
  restExtended: (now: number): SessionEvent => ({ type: 'restExtended', now }),
  restShortened: (now: number): SessionEvent => ({ type: 'restShortened', now }),
  restSkipped: (now: number): SessionEvent => ({ type: 'restSkipped', now }),
};

/**
 * What the session did, at the clock reading it happened. `secondsLeft` is a running timer
 * (the 5-second countdown included) reaching 3, 2 or 1; `halfwayReached` is half of a timed
 * exercise (one of at least HALFWAY_MIN_SEC); the others are a segment beginning.
 */
export type SessionCue =
  | { type: 'secondsLeft'; at: number; seconds: number }
  | { type: 'countdownEnded'; at: number }
  | { type: 'exerciseStarted'; at: number; exercise: PlannedExercise }
  | { type: 'halfwayReached'; at: number; exercise: PlannedExercise }
  | { type: 'restStarted'; at: number; betweenRounds: boolean; next: PlannedExercise | null }
  | { type: 'workoutCompleted'; at: number };

export interface SessionStep {
  state: SessionState;
  /** In the order they happened. */
  cues: SessionCue[];
}

const SECOND = 1000;
/** How much one tap of +15 s / −15 s moves a rest. */
export const REST_STEP_SEC = 15;
/** A rest never grows past this much time left: the timer stays a rest, not an open pause. */
export const MAX_REST_SEC = 10 * 60;
/** Shorter timed exercises get no halfway cue: it would run into the start or the 3, 2, 1. */
export const HALFWAY_MIN_SEC = 10;
const SECONDS_LEFT_CUES = [3, 2, 1];

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

/** The cues a segment starting at `at` gives: what it is, or the end of the workout. */
function segmentStarted(plan: SessionPlan, state: SessionState, at: number): SessionCue[] {
  if (state.status === 'complete') return [{ type: 'workoutCompleted', at }];
  if (state.phase === 'exercise') return [{ type: 'exerciseStarted', at, exercise: currentExercise(plan, state) }];
  return [{ type: 'restStarted', at, betweenRounds: state.phase === 'roundRest', next: nextExercise(plan, state) }];
}

/**
 * The cues of a running timer between `from` (left out) and `to`: each is a moment its time
 * left crosses a mark, so a pause moves them with the deadline and none repeats. A mark equal
 * to the whole timer would fall on the segment's own start, and is left out.
 */
function timerCues(plan: SessionPlan, state: SessionState, timer: SessionTimer, deadline: number, from: number, to: number, cues: SessionCue[]): void {
  const crossed = (leftMs: number) => leftMs < timer.durationMs && deadline - leftMs > from && deadline - leftMs <= to;
  if (timer === state.timer && state.phase === 'exercise') {
    const exercise = currentExercise(plan, state);
    const halfMs = timer.durationMs / 2;
    if (exercise.kind === 'time' && timer.durationMs >= HALFWAY_MIN_SEC * SECOND && crossed(halfMs))
      cues.push({ type: 'halfwayReached', at: deadline - halfMs, exercise });
  }
  for (const seconds of SECONDS_LEFT_CUES) {
    if (crossed(seconds * SECOND)) cues.push({ type: 'secondsLeft', at: deadline - seconds * SECOND, seconds });
  }
}

/**
 * Applies every deadline that has passed by `now`, each at its own deadline, so a tick
 * that arrives minutes late still lands the session exactly where an on-time one would;
 * the cues on the way are collected with their own times.
 */
function catchUp(plan: SessionPlan, state: SessionState, now: number, cues: SessionCue[]): SessionState {
  let current = state;
  let from = state.now;
  for (;;) {
    if (current.status === 'countdown' && !current.paused && current.countdown.deadline !== null) {
      const deadline = current.countdown.deadline;
      timerCues(plan, current, current.countdown, deadline, from, Math.min(now, deadline), cues);
      if (now < deadline) break;
      current = {
        ...current,
        status: 'playing',
        countdown: { ...current.countdown, remainingMs: 0, deadline: null },
        timer: resume(current.timer, deadline),
        elapsedSince: deadline,
      };
      cues.push({ type: 'countdownEnded', at: deadline }, ...segmentStarted(plan, current, deadline));
      from = deadline;
      continue;
    }
    if (isRunning(current) && current.timer.deadline !== null) {
      const deadline = current.timer.deadline;
      timerCues(plan, current, current.timer, deadline, from, Math.min(now, deadline), cues);
      if (now < deadline) break;
      current = advance(plan, current, deadline);
      cues.push(...segmentStarted(plan, current, deadline));
      from = deadline;
      continue;
    }
    break;
  }
  return { ...current, now: Math.max(state.now, now) };
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

export function isResting(state: SessionState): boolean {
  return state.status === 'playing' && state.phase !== 'exercise';
}

export function canExtendRest(state: SessionState): boolean {
  return isResting(state) && timerRemainingMs(state.timer, state.now) + REST_STEP_SEC * SECOND <= MAX_REST_SEC * SECOND;
}

/** Moves the rest's end by `deltaMs`, running or paused: the deadline (or the frozen time left) and the length together. */
function shiftRest(state: SessionState, deltaMs: number): SessionState {
  const { timer } = state;
  return {
    ...state,
    timer: {
      durationMs: timer.durationMs + deltaMs,
      remainingMs: timer.deadline === null ? timer.remainingMs + deltaMs : timer.remainingMs,
      deadline: timer.deadline === null ? null : timer.deadline + deltaMs,
    },
  };
}

function extendRest(state: SessionState): SessionState {
  return canExtendRest(state) ? shiftRest(state, REST_STEP_SEC * SECOND) : state;
}

/** −15 s: a rest with 15 s or less to go ends now, by the advance rule. */
function shortenRest(plan: SessionPlan, state: SessionState, now: number): SessionState {
  if (!isResting(state)) return state;
  const stepMs = REST_STEP_SEC * SECOND;
  return timerRemainingMs(state.timer, now) <= stepMs ? advance(plan, state, now) : shiftRest(state, -stepMs);
}

function bump(before: SessionState, after: SessionState): SessionState {
  return after === before ? after : { ...after, epoch: before.epoch + 1 };
}

function memberAction(plan: SessionPlan, state: SessionState, event: Exclude<SessionEvent, { type: 'clockTicked' }>): SessionState {
  const now = state.now;
  switch (event.type) {
    case 'playToggled':
      return togglePlay(state, now);
    case 'skipRequested':
      return canSkip(state) ? advance(plan, state, now) : state;
    case 'repsFinished':
      return canFinishReps(plan, state) ? advance(plan, state, now) : state;
    case 'previousRequested':
      return previous(plan, state, now);
    case 'restExtended':
      return extendRest(state);
    case 'restShortened':
      return shortenRest(plan, state, now);
    case 'restSkipped':
      return isResting(state) ? advance(plan, state, now) : state;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function sameSegment(a: SessionState, b: SessionState): boolean {
  return a.status === b.status && a.roundIndex === b.roundIndex && a.exerciseIndex === b.exerciseIndex && a.phase === b.phase;
}

/** One event: the state after it, and the cues it gave (a segment a member moved to begins at once). */
export function stepSession(plan: SessionPlan, state: SessionState, event: SessionEvent): SessionStep {
  const cues: SessionCue[] = [];
  const current = catchUp(plan, state, event.now, cues);
  if (event.type === 'clockTicked') return { state: current, cues };
  const after = bump(current, memberAction(plan, current, event));
  const moved = after.status !== 'idle' && after.status !== 'countdown' && !sameSegment(current, after);
  return { state: after, cues: moved ? [...cues, ...segmentStarted(plan, after, current.now)] : cues };
}

export function sessionReducer(plan: SessionPlan, state: SessionState, event: SessionEvent): SessionState {
  return stepSession(plan, state, event).state;
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
