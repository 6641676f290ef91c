import { evolve, initialState } from './member.decider';
import { erasePersonalFields, MEMBER_PERSONAL_FIELDS } from './member-personal-data.rules';
import { MEMBER_EVENT_TYPES } from './member.events';
import { allMemberCommands } from './testing/all-member-commands';

const { decide } = allMemberCommands;

describe('MEMBER_PERSONAL_FIELDS', () => {
  it('names only events of the member stream', () => {
    expect(Object.keys(MEMBER_PERSONAL_FIELDS).filter((type) => !(MEMBER_EVENT_TYPES as string[]).includes(type))).toEqual([]);
  });
});

describe('erasePersonalFields', () => {
  it('writes "[borrado]" over exactly the personal fields, leaving the rest and the input as they were', () => {
    const profile = {
      changes: { height: { before: null, after: 187 }, goals: { before: [], after: ['Correr'] }, fitnessLevel: { before: null, after: 'beginner' } },
      occurredAt: '2026-11-24T15:00:00.000Z',
    };
    expect(erasePersonalFields('ProfileUpdated', profile)).toEqual({
      changes: {
        height: { before: '[borrado]', after: '[borrado]' },
        goals: { before: ['[borrado]'], after: ['[borrado]'] },
        fitnessLevel: { before: null, after: 'beginner' },
      },
      occurredAt: '2026-11-24T15:00:00.000Z',
    });
    expect(profile.changes.height.after).toBe(187);

    const completion = { completionId: 'c1', workoutId: 'interval-timer', durationSec: 240, intervalTimer: { kind: 'tabata', name: 'Mi tabata', workSec: 20 } };
    expect(erasePersonalFields('WorkoutCompleted', completion)).toEqual({ ...completion, intervalTimer: { kind: 'tabata', name: '[borrado]', workSec: 20 } });
    // A completion without a timer has nothing personal: nothing is added.
    expect(erasePersonalFields('WorkoutCompleted', { completionId: 'c2', durationSec: 60 })).toEqual({ completionId: 'c2', durationSec: 60 });
    expect(erasePersonalFields('ChallengeLeaderboardPreferenceUpdated', { visible: true, label: 'Carla M.' })).toEqual({ visible: true, label: '[borrado]' });
    expect(erasePersonalFields('EnrolledInPlan', { planId: 'p' })).toEqual({ planId: 'p' });
  });
});

describe('MemberDataErased in the member decider', () => {
  it('is always recorded with its request, and forgets the profile, timers, leaderboard choice and maxima', () => {
    const now = '2026-11-24T18:00:00.000Z';
    let state = initialState();
    for (const event of decide({ type: 'UpdateProfile', data: { profile: { height: 170, weight: 70 }, completeOnboarding: false, now } }, state))
      state = evolve(state, event);
    for (const event of decide({ type: 'SetMeasuredMaxHeartRate', data: { maxHr: 190, now } }, state)) state = evolve(state, event);
    const erased = decide({ type: 'EraseMemberData', data: { requestId: 'SOL-1', now } }, state);
    expect(erased).toEqual([{ type: 'MemberDataErased', data: { requestId: 'SOL-1', occurredAt: now } }]);
    const after = erased.reduce(evolve, state);
    expect(after.profile).toEqual(initialState().profile);
    expect(after.measuredMaxHr).toBeNull();
    expect(after.erasedAt).toBe(now);
    expect(decide({ type: 'EraseMemberData', data: { requestId: null, now } }, after)).toHaveLength(1);
    // The member has left: an open session cannot write a new history under the erased one.
    expect(() => decide({ type: 'UpdateProfile', data: { profile: { height: 171 }, completeOnboarding: false, now } }, after)).toThrow(
      'Los datos personales de esta cuenta fueron borrados. Para volver a entrenar con Pulso, crea una cuenta nueva.',
    );
  });
});
