import type { MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { allMemberCommands, type AnyMemberCommand } from '../members/testing/all-member-commands';
import { CONSENT_MESSAGES, HEALTH_DATA_NOTICE_VERSION, PRIVACY_NOTICE_VERSION } from './consents.rules';

/** The consent rules of the member decider (ADR 0190). */
const NOW = '2026-11-24T15:00:00.000Z';

function run(state: MemberState, command: AnyMemberCommand): { events: MemberEvent[]; state: MemberState } {
  const events = allMemberCommands.decide(command, state);
  return { events, state: events.reduce(allMemberCommands.evolve, state) };
}

const give = (kind: string, noticeVersion: string): AnyMemberCommand => ({ type: 'GiveConsent', data: { kind, noticeVersion, now: NOW } });
const withdraw = (kind: string): AnyMemberCommand => ({ type: 'WithdrawConsent', data: { kind, now: NOW } });
const profile = (input: Record<string, unknown>): AnyMemberCommand => ({
  type: 'UpdateProfile',
  data: { profile: input, completeOnboarding: false, now: NOW },
});

describe('consents in the member decider (ADR 0190)', () => {
  it('records a consent to the notice in force once', () => {
    const first = run(allMemberCommands.initialState(), give('terms-privacy', PRIVACY_NOTICE_VERSION));
    expect(first.events).toEqual([{ type: 'ConsentGiven', data: { kind: 'terms-privacy', noticeVersion: PRIVACY_NOTICE_VERSION, occurredAt: NOW } }]);
    expect(run(first.state, give('terms-privacy', PRIVACY_NOTICE_VERSION)).events).toEqual([]);
  });

  it('refuses a stale notice, an unknown kind, a kind with its own events and withdrawing the terms', () => {
    const state = allMemberCommands.initialState();
    expect(() => run(state, give('terms-privacy', '2000-01-01'))).toThrow(CONSENT_MESSAGES.staleNotice);
    expect(() => run(state, give('nope', '1'))).toThrow(CONSENT_MESSAGES.unknownKind);
    expect(() => run(state, give('heart-rate', '1'))).toThrow(CONSENT_MESSAGES.unknownKind);
    expect(() => run(state, withdraw('terms-privacy'))).toThrow(CONSENT_MESSAGES.notWithdrawable);
  });

  it('withdrawing health data clears the date of birth, height and weight in the same decision, once', () => {
    let state = run(allMemberCommands.initialState(), give('health-data', HEALTH_DATA_NOTICE_VERSION)).state;
    state = run(state, profile({ dateOfBirth: '1990-01-02', height: 170, weight: 65, gender: 'male' })).state;
    const withdrawn = run(state, withdraw('health-data'));
    expect(withdrawn.events).toEqual([
      { type: 'ConsentWithdrawn', data: { kind: 'health-data', occurredAt: NOW } },
      {
        type: 'ProfileUpdated',
        data: {
          changes: { dateOfBirth: { before: '1990-01-02', after: null }, height: { before: 170, after: null }, weight: { before: 65, after: null } },
          occurredAt: NOW,
        },
      },
    ]);
    expect(withdrawn.state.profile).toMatchObject({ dateOfBirth: null, height: null, weight: null, gender: 'male' });
    expect(run(withdrawn.state, withdraw('health-data')).events).toEqual([]);
  });

  it('refuses health data after a withdrawal until consent is given again, and not before any decision', () => {
    expect(run(allMemberCommands.initialState(), profile({ weight: 70 })).events).toHaveLength(1);
    const withdrawn = run(allMemberCommands.initialState(), withdraw('health-data')).state;
    expect(() => run(withdrawn, profile({ weight: 70 }))).toThrow(CONSENT_MESSAGES.healthDataWithdrawn);
    expect(() => run(withdrawn, profile({ dateOfBirth: '1990-01-02' }))).toThrow(CONSENT_MESSAGES.healthDataWithdrawn);
    // Other fields, and clearing, still go through.
    expect(run(withdrawn, profile({ fitnessLevel: 'beginner', weight: null })).events).toHaveLength(1);
    const again = run(withdrawn, give('health-data', HEALTH_DATA_NOTICE_VERSION)).state;
    expect(run(again, profile({ weight: 70 })).events).toHaveLength(1);
  });
});
