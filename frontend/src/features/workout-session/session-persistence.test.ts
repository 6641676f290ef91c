import { initialSessionState, remainingSeconds, elapsedSeconds, sessionEvents, sessionReducer } from './session-machine';
import { planSession } from './session-plan';
import { clearSession, loadSession, saveSession, type SessionRoute } from './session-persistence';
import { round, sampleWorkout, timed, workout } from './workout-fixtures';

const route: SessionRoute = { workoutId: 'w-1', planId: 'p-1', enrollmentId: null };

describe('session persistence', () => {
  beforeEach(() => sessionStorage.clear());

  it('a playing session resumes paused where it was, on the new page clock', () => {
    const plan = planSession(sampleWorkout());
    let state = sessionReducer(plan, initialSessionState(plan, 500), sessionEvents.playToggled(500));
    state = sessionReducer(plan, state, sessionEvents.clockTicked(5_500 + 12_300));
    saveSession(sessionStorage, route, plan, { state, completionKey: 'key-1' }, 5_500 + 12_300);

    const restored = loadSession(sessionStorage, route, plan, 42)!;
    expect(restored.completionKey).toBe('key-1');
    expect(restored.state).toMatchObject({ status: 'playing', paused: true, roundIndex: 0, exerciseIndex: 0, now: 42 });
    expect(remainingSeconds(restored.state)).toBe(18);
    expect(elapsedSeconds(restored.state)).toBe(12);

    const resumed = sessionReducer(plan, sessionReducer(plan, restored.state, sessionEvents.playToggled(100)), sessionEvents.clockTicked(1_100));
    expect(remainingSeconds(resumed)).toBe(17);
    expect(elapsedSeconds(resumed)).toBe(13);
  });

  it('a session saved mid-countdown comes back ready to start again', () => {
    const plan = planSession(sampleWorkout());
    const state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
    saveSession(sessionStorage, route, plan, { state, completionKey: 'k' }, 2_000);
    expect(loadSession(sessionStorage, route, plan, 0)!.state).toMatchObject({ status: 'idle', countdown: { remainingMs: 5_000, deadline: null } });
  });

  it('belongs to its own route and its own workout', () => {
    const plan = planSession(sampleWorkout());
    saveSession(sessionStorage, route, plan, { state: initialSessionState(plan, 0), completionKey: 'k' }, 0);
    expect(loadSession(sessionStorage, { ...route, planId: null }, plan, 0)).toBeNull();
    const changed = planSession(workout([round([timed('Otra', 30, 0)], 0)]));
    expect(loadSession(sessionStorage, route, changed, 0)).toBeNull();
    clearSession(sessionStorage, route);
    expect(loadSession(sessionStorage, route, plan, 0)).toBeNull();
  });

  it('ignores corrupt data', () => {
    const plan = planSession(sampleWorkout());
    sessionStorage.setItem('pulso.workout-session:w-1:p-1:-', '{"version":1');
    expect(loadSession(sessionStorage, route, plan, 0)).toBeNull();
  });
});
