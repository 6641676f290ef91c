import { formatClock } from './format-clock';
import { currentExercise, nextExercise, remainingSeconds, type SessionState } from './session-machine';
import type { SessionPlan } from './session-plan';

/** Which player URL a session belongs to: the same workout in another plan is another session. */
export interface SessionRoute {
  workoutId: string;
  planId: string | null;
  enrollmentId: string | null;
}

export interface SavedSession {
  state: SessionState;
  /** The idempotency key its completion is saved with, kept across reloads. */
  completionKey: string;
}

interface StoredSession {
  version: 1;
  planSignature: string;
  state: SessionState;
  completionKey: string;
}

export function sessionStorageKey(route: SessionRoute): string {
  return `pulso.workout-session:${route.workoutId}:${route.planId ?? '-'}:${route.enrollmentId ?? '-'}`;
}

/** A saved session only resumes on the very workout it was trained on. */
function planSignature(plan: SessionPlan): string {
  return plan.rounds.map((round) => `${round.restBetweenRoundsSec}[${round.exercises.map((e) => `${e.key}:${e.timerSec}:${e.restSec}`).join(',')}]`).join('|');
}

/**
 * The state as it resumes after a reload (ADR 0054): a monotonic clock reading means
 * nothing in the next page, so running time is banked and the session comes back
 * paused (or, mid-countdown, ready to start again).
 */
export function suspendForStorage(state: SessionState, now: number): SessionState {
  const frozen = (timer: SessionState['timer']) =>
    timer.deadline === null ? timer : { ...timer, remainingMs: Math.max(0, timer.deadline - now), deadline: null };
  const banked = state.elapsedSince === null ? 0 : Math.max(0, now - state.elapsedSince);
  const base: SessionState = { ...state, timer: frozen(state.timer), elapsedMs: state.elapsedMs + banked, elapsedSince: null, now: 0 };
  if (state.status === 'countdown')
    return { ...base, status: 'idle', paused: false, countdown: { ...state.countdown, remainingMs: state.countdown.durationMs, deadline: null } };
  if (state.status === 'playing') return { ...base, paused: true };
  return base;
}

export function saveSession(storage: Storage, route: SessionRoute, plan: SessionPlan, saved: SavedSession, now: number): void {
  const stored: StoredSession = {
    version: 1,
    planSignature: planSignature(plan),
    state: suspendForStorage(saved.state, now),
    completionKey: saved.completionKey,
  };
  try {
    storage.setItem(sessionStorageKey(route), JSON.stringify(stored));
  } catch (error) {
    console.warn('No se pudo guardar la sesión', error);
  }
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isValidState(plan: SessionPlan, state: SessionState): boolean {
  const round = plan.rounds[state.roundIndex];
  return (
    ['idle', 'countdown', 'playing', 'complete'].includes(state.status) &&
    ['exercise', 'exerciseRest', 'roundRest'].includes(state.phase) &&
    Number.isInteger(state.roundIndex) &&
    Number.isInteger(state.exerciseIndex) &&
    round !== undefined &&
    state.exerciseIndex >= 0 &&
    state.exerciseIndex < round.exercises.length &&
    isFiniteNumber(state.timer?.remainingMs) &&
    isFiniteNumber(state.timer?.durationMs) &&
    isFiniteNumber(state.countdown?.remainingMs) &&
    isFiniteNumber(state.elapsedMs) &&
    isFiniteNumber(state.epoch)
  );
}

/** The saved session re-based on this page's clock, or null if there is none or it no longer fits the workout. */
export function loadSession(storage: Storage, route: SessionRoute, plan: SessionPlan, now: number): SavedSession | null {
  try {
    const stored = JSON.parse(storage.getItem(sessionStorageKey(route)) ?? 'null') as StoredSession | null;
    if (!stored || stored.version !== 1 || stored.planSignature !== planSignature(plan) || typeof stored.completionKey !== 'string') return null;
    const state = suspendForStorage(stored.state, 0);
    if (!isValidState(plan, state)) return null;
    return { state: { ...state, now }, completionKey: stored.completionKey };
  } catch {
    return null;
  }
}

export function clearSession(storage: Storage, route: SessionRoute): void {
  try {
    storage.removeItem(sessionStorageKey(route));
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/**
 * Where a resumed session picks up, for the preload screen: the exercise (or the rest and what
 * follows it) and the time its timer will show, or null when there is nothing under way.
 */
export function resumePoint(plan: SessionPlan, state: SessionState): string | null {
  if (state.status !== 'playing') return null;
  const next = nextExercise(plan, state);
  const where = state.phase === 'exercise' ? currentExercise(plan, state).name : next ? `descanso antes de ${next.name}` : 'último descanso';
  return `${where}, ${formatClock(remainingSeconds(state))}`;
}
