import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import type { MemberState } from '../members/member.decider';
import { memberStreamName } from '../members/member.events';
import { allMemberCommands, type AnyMemberCommand } from '../members/testing/all-member-commands';
import { HEALTH_DATA_NOTICE_VERSION, PRIVACY_NOTICE_VERSION } from './consents.rules';
import { MEMBER_CONSENTS, memberConsentsProjection } from './member-consents.projection';

/**
 * Every kind of consent decision, as the decider records them, over many members: the terms, the
 * health data given and withdrawn, heart rate given (in the app or at the front desk) and
 * withdrawn, email topics switched.
 */
function histories(members: number, commands: number) {
  const log: RecordedEvent[] = [];
  const states = new Map<string, MemberState>();
  let clock = Date.parse('2026-10-01T12:00:00.000Z');
  const cycle = (step: number, now: string): AnyMemberCommand => {
    switch (step % 7) {
      case 0:
        return { type: 'GiveConsent', data: { kind: 'terms-privacy', noticeVersion: PRIVACY_NOTICE_VERSION, now } };
      case 1:
        return { type: 'GiveConsent', data: { kind: 'health-data', noticeVersion: HEALTH_DATA_NOTICE_VERSION, now } };
      case 2: {
        // Every other time at the front desk (ADR 0295).
        const desk = Math.floor(step / 7) % 2 === 1 ? { recordedAtDeskBy: 'staff-rosa' } : {};
        return { type: 'GiveHeartRateConsent', data: { noticeVersion: '2026-11-24.3', currentNoticeVersion: '2026-11-24.3', now, ...desk } };
      }
      case 3:
        return { type: 'ChangeEmailPreference', data: { topic: 'workout-reminders', subscribed: step % 2 === 0, now } };
      case 4:
        return { type: 'WithdrawConsent', data: { kind: 'health-data', now } };
      case 5:
        return { type: 'WithdrawHeartRateConsent', data: { now } };
      default:
        return { type: 'ChangeEmailPreference', data: { topic: 'performance-summary', subscribed: step % 3 === 0, now } };
    }
  };
  for (let step = 0; step < commands; step++) {
    const index = (step * 5) % members;
    const userId = `u${index}`;
    let state = states.get(userId) ?? allMemberCommands.initialState();
    clock += 60_000;
    for (const event of allMemberCommands.decide(cycle(step * 3 + index, new Date(clock).toISOString()), state)) {
      state = allMemberCommands.evolve(state, event);
      appendRecorded(log, memberStreamName(userId), event);
    }
    states.set(userId, state);
  }
  return { log, states };
}

describe('member_consents projection (PostgreSQL)', () => {
  const bed = projectionTestBed(memberConsentsProjection);

  async function project(log: RecordedEvent[], batchSize: number): Promise<Record<string, unknown>[]> {
    // Only the projection's own event types reach it, as the runner delivers them.
    const own = log.filter((event) => memberConsentsProjection.eventTypes.includes(event.type));
    const table = await bed.project(own, batchSize);
    const { rows } = await bed
      .pool()
      .query(`SELECT user_id, kind, granted, notice_version, decided_at, recorded_by FROM ${table(MEMBER_CONSENTS)} ORDER BY user_id, kind`);
    return rows;
  }

  it("holds each member's last decision per kind, the same live (one by one) as on a replay (any batch size)", async () => {
    const { log, states } = histories(13, 260);
    const one = await project(log, 1);
    expect(await project(log, 9)).toEqual(one);
    expect(await project(log, log.length)).toEqual(one);

    const expected: Record<string, unknown>[] = [];
    for (const [userId, state] of states) {
      for (const [kind, decision] of state.consents)
        expected.push({ user_id: userId, kind, granted: decision.granted, notice_version: decision.noticeVersion, recorded_by: 'member' });
      if (state.heartRateConsent) {
        const { granted, noticeVersion, recordedAtDeskBy } = state.heartRateConsent;
        expected.push({ user_id: userId, kind: 'heart-rate', granted, notice_version: noticeVersion, recorded_by: recordedAtDeskBy ? 'desk' : 'member' });
      }
    }
    const fromDecider = expected.map(({ user_id, kind, granted, notice_version, recorded_by }) => ({ user_id, kind, granted, notice_version, recorded_by }));
    const projected = one
      .filter((row) => !String(row.kind).startsWith('email-'))
      .map(({ user_id, kind, granted, notice_version, recorded_by }) => ({ user_id, kind, granted, notice_version, recorded_by }));
    const order = (a: { user_id: unknown; kind: unknown }, b: { user_id: unknown; kind: unknown }) =>
      `${a.user_id}/${a.kind}`.localeCompare(`${b.user_id}/${b.kind}`);
    expect(projected.sort(order)).toEqual(fromDecider.sort(order));
    // Email topics: the projection holds the member's last choice, as the decider does.
    for (const row of one.filter((item) => String(item.kind).startsWith('email-'))) {
      const topic = String(row.kind).slice('email-'.length);
      expect(states.get(String(row.user_id))!.emailPreferences.get(topic as 'workout-reminders')).toBe(row.granted);
    }
    expect(
      one.some((row) => row.kind === 'health-data' && row.granted === false) && one.some((row) => row.kind === 'health-data' && row.granted === true),
    ).toBe(true);
    expect(one.some((row) => row.kind === 'heart-rate')).toBe(true);
    expect(log.some((event) => event.type === 'HeartRateConsentGiven' && (event.data as { recordedAtDeskBy?: string }).recordedAtDeskBy)).toBe(true);
  });

  it('says who recorded the heart-rate consent in force: the front desk, until the member decides again in the app (ADR 0295)', async () => {
    const event = (type: string, data: object, position: number): RecordedEvent => ({
      streamId: memberStreamName('u-desk'),
      revision: BigInt(position),
      position: String(position),
      type,
      data,
      metadata: {} as RecordedEvent['metadata'],
    });
    const atDesk = event('HeartRateConsentGiven', { noticeVersion: '2026-11-24.3', occurredAt: '2026-11-24T15:00:00.000Z', recordedAtDeskBy: 'staff-rosa' }, 0);
    const withdrawn = event('HeartRateConsentWithdrawn', { occurredAt: '2026-11-25T15:00:00.000Z' }, 1);
    const rows = async (log: RecordedEvent[]) =>
      (await project(log, 1)).map(({ kind, granted, notice_version, recorded_by }) => ({ kind, granted, notice_version, recorded_by }));
    expect(await rows([atDesk])).toEqual([{ kind: 'heart-rate', granted: true, notice_version: '2026-11-24.3', recorded_by: 'desk' }]);
    expect(await rows([atDesk, withdrawn])).toEqual([{ kind: 'heart-rate', granted: false, notice_version: null, recorded_by: 'member' }]);
  });
});
