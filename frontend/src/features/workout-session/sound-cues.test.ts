import { initialSessionState, sessionEvents, sessionReducer } from './session-machine';
import { planSession } from './session-plan';
import { upcomingCues } from './sound-cues';
import { round, timed, workout } from './workout-fixtures';

const plan = planSession(workout([round([timed('A', 10, 5), timed('B', 2, 0)], 0)]));

function describeCues(cues: { sound: string; at: number }[]) {
  return cues.map((c) => `${c.sound}@${c.at}`);
}

describe('sound cues', () => {
  it('a countdown beeps at 3, 2 and 1 and rings the transition bell when playing starts', () => {
    const state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
    const cues = upcomingCues(plan, state, 0, 5_000);
    expect(describeCues(cues)).toEqual(['beep@2000', 'beep@3000', 'beep@4000', 'bell@5000']);
  });

  it('each timer beeps at 3, 2, 1 and the end of the workout plays the complete sound', () => {
    const state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
    const cues = upcomingCues(plan, state, 0, 60_000);
    expect(describeCues(cues)).toEqual([
      'beep@2000',
      'beep@3000',
      'beep@4000',
      'bell@5000',
      // A: 10 s from 5 s
      'beep@12000',
      'beep@13000',
      'beep@14000',
      // rest: 5 s from 15 s
      'beep@17000',
      'beep@18000',
      'beep@19000',
      // B: 2 s from 20 s starts at 2, so only the tick to 1 beeps
      'beep@21000',
      'complete@22000',
    ]);
  });

  it('only plans within the horizon and drops sounds already past', () => {
    let state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0));
    state = sessionReducer(plan, state, sessionEvents.clockTicked(12_500));
    expect(describeCues(upcomingCues(plan, state, 12_500, 5_000))).toEqual(['beep@13000', 'beep@14000', 'beep@17000']);
  });

  it('plans nothing while idle, paused or complete', () => {
    const idle = initialSessionState(plan, 0);
    expect(upcomingCues(plan, idle, 0, 60_000)).toEqual([]);
    let state = sessionReducer(plan, idle, sessionEvents.playToggled(0));
    state = sessionReducer(plan, state, sessionEvents.clockTicked(6_000));
    const paused = sessionReducer(plan, state, sessionEvents.playToggled(6_000));
    expect(upcomingCues(plan, paused, 6_000, 60_000)).toEqual([]);
    const complete = sessionReducer(plan, state, sessionEvents.clockTicked(100_000));
    expect(complete.status).toBe('complete');
    expect(upcomingCues(plan, complete, 100_000, 60_000)).toEqual([]);
  });

  it('gives the same keys when planned again later, so nothing is scheduled twice', () => {
    let state = sessionReducer(plan, initialSessionState(plan, 0), sessionEvents.playToggled(0.25));
    const early = upcomingCues(plan, state, 0.25, 60_000).map((c) => c.key);
    state = sessionReducer(plan, state, sessionEvents.clockTicked(16_000.25));
    const later = upcomingCues(plan, state, 16_000.25, 60_000).map((c) => c.key);
    expect(early).toEqual(expect.arrayContaining(later));
  });
});
