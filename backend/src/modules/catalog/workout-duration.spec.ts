import { PLAYER_DEFAULT_REST_SEC, roundSeconds, workoutDurations } from './workout-duration';

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

  it('rounds the calculated minutes up', () => {
    const rounds = [{ restBetweenRounds: 0, exercises: [{ type: 'time' as const, exerciseTime: 61, exerciseRest: 0 }] }];
    expect(workoutDurations(rounds)).toEqual({ estDurationSec: 61, calculatedDurationMin: 2 });
  });
});
