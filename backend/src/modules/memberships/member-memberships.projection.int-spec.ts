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
    // The couple's partner shares u0's pool only while it is in force.
    expect(live.shares).toEqual(states.get('u0')!.membership!.expired ? [] : [{ user_id: 'u0', member_id: 'partner' }]);
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
