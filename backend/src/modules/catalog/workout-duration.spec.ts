import { PLAYER_DEFAULT_REST_SEC, roundSeconds, workoutDurations, workoutMinutes } from './workout-duration';

describe('workout duration', () => {
  it('adds work, exercise rests and the round rest, as the player runs them', () => {
    expect(
      roundSeconds({
        restBetweenRounds: 30,
        exercises: [
          { type: 'time', exerciseTime: 40, exerciseRest: 20 },
          { type: 'time', exerciseTime: 40, exerciseRest: 0 },
        ],
      }),
    ).toBe(40 + 20 + 40 + 0 + 30);
  });

  it('counts a missing rest as the player default and a zero rest as none', () => {
    const missing = roundSeconds({ exercises: [{ type: 'time', exerciseTime: 30 }] });
    expect(missing).toBe(30 + PLAYER_DEFAULT_REST_SEC + PLAYER_DEFAULT_REST_SEC);
    expect(roundSeconds({ restBetweenRounds: 0, exercises: [{ type: 'time', exerciseTime: 30, exerciseRest: 0 }] })).toBe(30);
  });

  it('estimates reps at a steady pace, never beyond the 60-second rep timer', () => {
    expect(roundSeconds({ restBetweenRounds: 0, exercises: [{ type: 'reps', exerciseReps: 10, exerciseRest: 0 }] })).toBe(30);
    expect(roundSeconds({ restBetweenRounds: 0, exercises: [{ type: 'reps', exerciseReps: 50, exerciseRest: 0 }] })).toBe(60);
  });

  it('gives one length in minutes, the seconds to the nearest minute, served under every minutes field', () => {
    const lasting = (seconds: number) =>
      workoutDurations([{ restBetweenRounds: 0, exercises: [{ type: 'time' as const, exerciseTime: seconds, exerciseRest: 0 }] }]);
    expect(lasting(61)).toEqual({ estDurationSec: 61, estDurationMin: 1, calculatedDurationMin: 1 });
    // Round de Campeonato: 48 min 33 s reads 49 min on its card, in the API, the history and for staff.
    expect(lasting(2913)).toEqual({ estDurationSec: 2913, estDurationMin: 49, calculatedDurationMin: 49 });
    expect(lasting(1629)).toEqual({ estDurationSec: 1629, estDurationMin: 27, calculatedDurationMin: 27 });
  });

  it('reads anything trained as at least a minute, and nothing as none', () => {
    expect(workoutMinutes(20)).toBe(1);
    expect(workoutMinutes(89)).toBe(1);
    expect(workoutMinutes(90)).toBe(2);
    expect(workoutMinutes(0)).toBe(0);
  });
});
