import { createCoachVoice, durationInWords, spokenText } from './coach-voice';
import { initialSessionState, isRunning, sessionEvents, stepSession, type SessionEvent, type SessionState } from './session-machine';
import { planSession } from './session-plan';
import { reps, round, timed, workout } from './workout-fixtures';

/**
 * The coach driven as the player drives it: a fake clock, the machine stepped with its readings,
 * each step's cues handed to the voice, and a fake speech engine that writes down what is said.
 */
function coachedSession() {
  // 'Saltos de tijera' 30 s + 10 s rest, 'Sentadilla' 10 reps + 15 s rest; a 20 s round rest; 'Plancha' 20 s.
  const plan = planSession(workout([round([timed('Saltos de tijera', 30, 10), reps('Sentadilla', 10, 15)], 20), round([timed('Plancha', 20, 0)], 0)]));
  let now = 0;
  const said: string[] = [];
  let cancels = 0;
  const voice = createCoachVoice({ speak: (text) => said.push(text), cancel: () => (cancels += 1) });
  let state: SessionState = initialSessionState(plan, now);
  const running = (current: SessionState) => (current.status === 'countdown' || current.status === 'playing') && !current.paused;
  const send = (make: (at: number) => SessionEvent) => {
    const step = stepSession(plan, state, make(now));
    state = step.state;
    voice.follow(running(state));
    voice.hear(step.cues, now);
  };
  return {
    said,
    get cancels() {
      return cancels;
    },
    get state() {
      return state;
    },
    send,
    /** `ms` passing with the page's 250 ms ticks. */
    wait(ms: number, step = 250) {
      const end = now + ms;
      while (now < end) {
        now = Math.min(end, now + step);
        send(sessionEvents.clockTicked);
      }
    },
    /** What was said since the last call. */
    take() {
      return said.splice(0);
    },
  };
}

describe('coach voice', () => {
  it('says the countdown, each exercise with its time or reps, the halfway, 3-2-1 before each change, the rests with what follows, and the end', () => {
    const s = coachedSession();
    s.send(sessionEvents.playToggled);
    s.wait(5_000);
    expect(s.take()).toEqual(['3', '2', '1', 'Saltos de tijera, 30 segundos']);
    s.wait(15_000);
    expect(s.take()).toEqual(['Mitad']);
    s.wait(15_000);
    expect(s.take()).toEqual(['3', '2', '1', 'Descanso. Sigue: Sentadilla']);
    s.wait(10_000);
    expect(s.take()).toEqual(['3', '2', '1', 'Sentadilla, 10 repeticiones']);
    s.send(sessionEvents.repsFinished);
    expect(s.take()).toEqual(['Descanso. Sigue: Plancha']);
    s.wait(15_000);
    expect(s.take()).toEqual(['3', '2', '1', 'Descanso entre rondas. Sigue: Plancha']);
    s.wait(20_000);
    expect(s.take()).toEqual(['3', '2', '1', 'Plancha, 20 segundos']);
    s.wait(20_000);
    expect(s.take()).toEqual(['Mitad', '3', '2', '1', '¡Entrenamiento completado!']);
  });

  it('a pause stops the talking and moves what is still to be said; nothing is said while paused', () => {
    const s = coachedSession();
    s.send(sessionEvents.playToggled);
    s.wait(5_000 + 10_000);
    s.take();
    s.send(sessionEvents.playToggled);
    expect(s.cancels).toBe(1);
    s.wait(120_000);
    expect(s.take()).toEqual([]);
    s.send(sessionEvents.playToggled);
    // 10 s of Saltos de tijera done; its halfway comes 5 s after play, not before.
    s.wait(4_750);
    expect(s.take()).toEqual([]);
    s.wait(250);
    expect(s.take()).toEqual(['Mitad']);
  });

  it('the rest controls: +15 s moves the 3-2-1 to the new end, −15 s and Saltar descanso start the next exercise at once', () => {
    const s = coachedSession();
    s.send(sessionEvents.playToggled);
    s.wait(5_000 + 30_000);
    s.take();
    s.send(sessionEvents.restExtended);
    s.wait(21_000);
    // A 25 s rest now: nothing said at its old end, at 10 s.
    expect(s.take()).toEqual([]);
    s.wait(2_000);
    expect(s.take()).toEqual(['3', '2']);
    s.send(sessionEvents.restShortened);
    expect(s.take()).toEqual(['Sentadilla, 10 repeticiones']);
    s.send(sessionEvents.repsFinished);
    s.send(sessionEvents.restSkipped);
    expect(s.take()).toEqual(['Descanso. Sigue: Plancha', 'Descanso entre rondas. Sigue: Plancha']);
    s.send(sessionEvents.restSkipped);
    expect(s.take()).toEqual(['Plancha, 20 segundos']);
  });

  it('keeps quiet about cues gone stale: a hidden tab catching up says only what is current', () => {
    const s = coachedSession();
    s.send(sessionEvents.playToggled);
    s.wait(5_000);
    s.take();
    // One tick 32 s late: the halfway, 3-2-1 and the rest's start passed long ago or just now.
    s.wait(31_000, 31_000);
    expect(s.take()).toEqual(['Descanso. Sigue: Sentadilla']);
    expect(isRunning(s.state)).toBe(true);
  });
});

describe('what the coach says', () => {
  it('reads durations as a coach would', () => {
    expect(durationInWords(45)).toBe('45 segundos');
    expect(durationInWords(1)).toBe('1 segundo');
    expect(durationInWords(60)).toBe('1 minuto');
    expect(durationInWords(90)).toBe('1 minuto y 30 segundos');
    expect(durationInWords(125)).toBe('2 minutos y 5 segundos');
  });

  it('says one repetition in the singular, leaves out an unknown target and marks the last rest', () => {
    const [one, unknown] = planSession(workout([round([reps('Burpee', 1, 0), { type: 'reps', details: { name: 'Libre' } }], 0)])).rounds[0].exercises;
    expect(spokenText({ type: 'exerciseStarted', at: 0, exercise: one })).toBe('Burpee, 1 repetición');
    expect(spokenText({ type: 'exerciseStarted', at: 0, exercise: unknown })).toBe('Libre');
    expect(spokenText({ type: 'restStarted', at: 0, betweenRounds: false, next: null })).toBe('Descanso. ¡Ya casi terminas!');
    expect(spokenText({ type: 'countdownEnded', at: 0 })).toBeNull();
  });
});
