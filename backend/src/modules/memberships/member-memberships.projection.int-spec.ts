import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { addDays } from '../../shared/studio-day';
import { memberDecider, type MemberState } from '../members/member.decider';
import { memberStreamName } from '../members/member.events';
import { decideStudioMembership, type StudioMembershipCommand } from './membership.decider';
import { MEMBER_MEMBERSHIP_SHARES, MEMBER_MEMBERSHIPS, memberMembershipsProjection } from './member-memberships.projection';

const decider = memberDecider(decideStudioMembership);
const PLANS = ['four-classes', 'athlete', 'elite', 'one-class', 'casual'];

/**
 * Months of a studio's desk, as the decider records them: sales (a couples plan among them),
 * renewals, freezes, credits used and returned, and expiries, over several holders.
 */
function histories(holders: number, days: number) {
  const log: RecordedEvent[] = [];
  const states = new Map<string, MemberState>();
  let date = '2026-09-01';
  let step = 0;
  const record = (userId: string, command: StudioMembershipCommand) => {
    let state = states.get(userId) ?? decider.initialState();
    let events;
    try {
      events = decider.decide(command, state);
    } catch {
      return; // A refusal records nothing, as at the desk.
    }
    for (const event of events) {
      state = decider.evolve(state, event);
      appendRecorded(log, memberStreamName(userId), event);
    }
    states.set(userId, state);
  };
  for (let day = 0; day < days; day++) {
    date = addDays(date, 1);
    const now = `${date}T16:00:00.000Z`;
    for (let index = 0; index < holders; index++) {
      const userId = `u${index}`;
      const couple = index === 0;
      const planId = couple ? 'athlete-couples' : PLANS[index % PLANS.length]!;
      step++;
      if (day % 30 === index % 7 || (index === 1 && day % 30 === 25))
        record(userId, {
          type: 'RecordMembershipPurchase',
          data: {
            planId,
            billing: 'one-time',
            paymentMethod: 'tarjeta',
            reference: `AUT-${step}`,
            sharedWith: couple ? ['partner'] : [],
            holderId: userId,
            channel: step % 2 === 0 ? 'desk' : 'payment-link',
            membershipId: `sale-${step}`,
            now,
          },
        });
      if ((day + index) % 3 === 0)
        record(userId, {
          type: 'UseClassCredit',
          data: { bookingId: `b-${userId}-${day}`, usedBy: couple && day % 2 ? 'partner' : userId, holderId: userId, now },
        });
      if ((day + index) % 9 === 0) record(userId, { type: 'ReturnClassCredit', data: { bookingId: `b-${userId}-${day}`, now } });
      if (index === 2 && day % 40 === 10) record(userId, { type: 'FreezeMembership', data: { now } });
      if (index === 2 && day % 40 === 20) record(userId, { type: 'UnfreezeMembership', data: { now } });
      record(userId, { type: 'ExpireMembership', data: { now } });
    }
  }
  return { log, states };
}

describe('member_memberships projection (PostgreSQL)', () => {
  const bed = projectionTestBed(memberMembershipsProjection);

  async function project(log: RecordedEvent[], batchSize: number) {
    const table = await bed.project(log, batchSize);
    const memberships = (await bed.pool().query(`SELECT * FROM ${table(MEMBER_MEMBERSHIPS)} ORDER BY user_id`)).rows;
    const shares = (await bed.pool().query(`SELECT * FROM ${table(MEMBER_MEMBERSHIP_SHARES)} ORDER BY user_id, member_id`)).rows;
    return { memberships, shares };
  }

  it('holds each holder’s plan, classes left, last day and freeze as the stream decided them, the same live as on a replay', async () => {
    const { log, states } = histories(7, 150);
    expect(log.filter((event) => event.type === 'ClassCreditUsed').length).toBeGreaterThan(50);
    expect(log.filter((event) => event.type === 'MembershipExpired').length).toBeGreaterThan(3);
    expect(log.filter((event) => event.type === 'MembershipRenewed').length).toBeGreaterThan(0);
    expect(log.filter((event) => event.type === 'MembershipUnfrozen').length).toBeGreaterThan(0);
    expect(log.filter((event) => event.type === 'ClassCreditReturned').length).toBeGreaterThan(0);
    const live = await project(log, 1);
    expect(await project(log, 13)).toEqual(live);
    expect(await project(log, log.length)).toEqual(live);
    const expected = [...states.entries()]
      .filter(([, state]) => state.membership)
      .map(([userId, state]) => {
        const membership = state.membership!;
        return {
          user_id: userId,
          plan_id: membership.planId,
          classes_left: membership.classesLeft,
          valid_until: membership.validUntil,
          frozen_from: membership.frozenFrom,
          expired: membership.expired,
        };
      })
      .sort((a, b) => a.user_id.localeCompare(b.user_id));
    expect(
      live.memberships.map(({ user_id, plan_id, classes_left, valid_until, frozen_from, expired }) => ({
        user_id,
        plan_id,
        classes_left,
        valid_until,
        frozen_from,
        expired,
      })),
    ).toEqual(expected);
    // The couple's partner is listed on u0's pool, in force only while it is.
    expect(live.shares).toEqual([{ user_id: 'u0', member_id: 'partner', in_force: !states.get('u0')!.membership!.expired }]);
  });

  it('remembers who shared a holder’s earlier pools after a membership shared with others, the same live as on a replay', async () => {
    const log: RecordedEvent[] = [];
    let state = decider.initialState();
    const sale = (membershipId: string, sharedWith: string[], now: string) => {
      const data = { planId: 'athlete-couples', billing: 'one-time', paymentMethod: 'efectivo', reference: membershipId, holderId: 'h', channel: 'desk' };
      for (const event of decider.decide(
        { type: 'RecordMembershipPurchase', data: { ...data, sharedWith, membershipId, now } } as StudioMembershipCommand,
        state,
      )) {
        state = decider.evolve(state, event);
        appendRecorded(log, memberStreamName('h'), event);
      }
    };
    const expire = (now: string) => {
      for (const event of decider.decide({ type: 'ExpireMembership', data: { now } }, state)) {
        state = decider.evolve(state, event);
        appendRecorded(log, memberStreamName('h'), event);
      }
    };
    sale('m1', ['ana'], '2026-09-01T16:00:00.000Z');
    expire('2026-10-15T16:00:00.000Z');
    sale('m2', ['bea'], '2026-10-20T16:00:00.000Z');
    const live = await project(log, 1);
    expect(await project(log, log.length)).toEqual(live);
    expect(live.shares).toEqual([
      { user_id: 'h', member_id: 'ana', in_force: false },
      { user_id: 'h', member_id: 'bea', in_force: true },
    ]);
    // The same couple again: Ana is back in the pool in force, listed once.
    expire('2026-12-01T16:00:00.000Z');
    sale('m3', ['ana'], '2026-12-02T16:00:00.000Z');
    expect((await project(log, 1)).shares).toEqual([
      { user_id: 'h', member_id: 'ana', in_force: true },
      { user_id: 'h', member_id: 'bea', in_force: false },
    ]);
  });

  it('lets an erased member’s membership go, shares included, the same live as on a replay', async () => {
    const { log } = histories(3, 40);
    for (const userId of ['u0', 'u1'])
      appendRecorded(log, memberStreamName(userId), { type: 'MemberDataErased', data: { requestId: null, occurredAt: '2026-10-11T16:00:00.000Z' } });
    const before = await project(log.slice(0, -2), log.length);
    expect(before.memberships.map((row) => row.user_id)).toEqual(expect.arrayContaining(['u0', 'u1']));
    const live = await project(log, 1);
    expect(await project(log, log.length)).toEqual(live);
    expect(live.memberships.map((row) => row.user_id)).toEqual(['u2']);
    expect(live.shares).toEqual([]);
  });
});
