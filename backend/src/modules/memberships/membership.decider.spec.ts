import { DomainError } from '../../shared/domain-error';
import { evolveAll, initialState, type MemberState } from '../members/member.decider';
import type { MemberEvent } from '../members/member.events';
import { decideStudioMembership, type StudioMembershipCommand } from './membership.decider';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PLANS, periodEnd } from './memberships.rules';

// Noon in El Salvador (UTC-6) on each day, so the studio day is the date itself.
const at = (date: string) => `${date}T18:00:00.000Z`;
const HOLDER = 'user_holder';

function run(history: MemberEvent[], command: StudioMembershipCommand): { events: MemberEvent[]; state: MemberState } {
  const before = evolveAll(initialState(), history);
  const events = decideStudioMembership(command, before);
  return { events, state: evolveAll(before, events) };
}

function refusal(history: MemberEvent[], command: StudioMembershipCommand): DomainError {
  try {
    run(history, command);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the command was not refused');
}

function sale(
  planId: string,
  date: string,
  extra: Partial<{ sharedWith: string[]; membershipId: string; method: string; reference: string | null }> = {},
): StudioMembershipCommand {
  const method = extra.method ?? (planId === 'platform-trial' ? 'cortesia' : 'efectivo');
  return {
    type: 'RecordMembershipPurchase',
    data: {
      planId,
      billing: 'one-time',
      paymentMethod: method,
      reference: extra.reference !== undefined ? extra.reference : method === 'cortesia' ? null : 'REC-1',
      sharedWith: extra.sharedWith ?? [],
      holderId: HOLDER,
      channel: 'desk',
      membershipId: extra.membershipId ?? `m-${planId}-${date}`,
      now: at(date),
    },
  };
}

const use = (bookingId: string, date: string, usedBy = HOLDER): StudioMembershipCommand => ({
  type: 'UseClassCredit',
  data: { bookingId, usedBy, holderId: HOLDER, now: at(date) },
});
const give = (bookingId: string, date: string): StudioMembershipCommand => ({ type: 'ReturnClassCredit', data: { bookingId, now: at(date) } });

/** Applies the commands in order, keeping the events, as the stream would. */
function history(...commands: StudioMembershipCommand[]): MemberEvent[] {
  const events: MemberEvent[] = [];
  for (const command of commands) events.push(...run(events, command).events);
  return events;
}

describe('membership periods', () => {
  it('ends a month the day before the same day of the next month, and 4 weeks on the 28th day', () => {
    expect(periodEnd('2026-12-02', { months: 1 })).toBe('2027-01-01');
    expect(periodEnd('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(periodEnd('2026-12-02', { days: 28 })).toBe('2026-12-29');
    expect(periodEnd('2026-12-02', { days: 7 })).toBe('2026-12-08');
  });

  it('sells each plan with its classes and validity', () => {
    const cases: [string, number | null, string][] = [
      ['elite', null, '2027-01-01'],
      ['athlete', 12, '2027-01-01'],
      ['casual', 8, '2027-01-01'],
      ['four-classes', 4, '2026-12-29'],
      ['one-class', 1, '2026-12-29'],
      ['platform-trial', 0, '2026-12-08'],
    ];
    for (const [planId, classes, validUntil] of cases) {
      const { events, state } = run([], sale(planId, '2026-12-02'));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'MembershipSold', data: { planId, classes, validFrom: '2026-12-02', validUntil } });
      expect(state.membership).toMatchObject({ classesLeft: classes, validUntil, expired: false });
    }
  });

  it('records the payment with the plan price, and refuses a paid sale without a reference', () => {
    const { events } = run([], sale('athlete', '2026-12-02'));
    expect(events[0]!.data).toMatchObject({ payment: { channel: 'desk', method: 'efectivo', reference: 'REC-1', billing: 'one-time', amountUsd: 96 } });
    expect(refusal([], sale('athlete', '2026-12-02', { reference: '  ' }))).toMatchObject({ code: 'invalid', message: MEMBERSHIP_MESSAGES.referenceRequired });
    expect(refusal([], sale('athlete', '2026-12-02', { method: 'cortesia', reference: null }))).toMatchObject({ code: 'invalid' });
    expect(refusal([], sale('nope', '2026-12-02'))).toMatchObject({ code: 'invalid', message: MEMBERSHIP_MESSAGES.unknownPlan });
  });

  it('gives the 7-day trial once per member, and lets a paid plan replace it', () => {
    const trial = history(sale('platform-trial', '2026-12-02'));
    const replaced = run(trial, sale('casual', '2026-12-04'));
    expect(replaced.events.map((event) => event.type)).toEqual(['MembershipExpired', 'MembershipSold']);
    expect(replaced.events[0]!.data).toMatchObject({ reason: 'replaced' });
    expect(refusal([...trial, ...replaced.events], sale('platform-trial', '2027-03-01'))).toMatchObject({
      code: 'conflict',
      message: MEMBERSHIP_MESSAGES.trialUsed,
    });
  });

  it('shares a couples or family pool with exactly the members the plan names', () => {
    const { events, state } = run([], sale('family-3', '2026-12-02', { sharedWith: ['user_b', 'user_c'] }));
    expect(events[0]!.data).toMatchObject({ classes: 36, sharedWith: ['user_b', 'user_c'] });
    expect(state.membership?.classesLeft).toBe(36);
    expect(refusal([], sale('athlete-couples', '2026-12-02'))).toMatchObject({
      code: 'invalid',
      message: MEMBERSHIP_MESSAGES.sharedWithCount(MEMBERSHIP_PLANS['athlete-couples']),
    });
    expect(refusal([], sale('athlete', '2026-12-02', { sharedWith: ['user_b'] }))).toMatchObject({ code: 'invalid' });
    expect(refusal([], sale('athlete-couples', '2026-12-02', { sharedWith: [HOLDER] }))).toMatchObject({ message: MEMBERSHIP_MESSAGES.sharedWithHolder });
  });

  it('renews the plan in force: the period runs on from its last day and the classes add up', () => {
    const sold = history(sale('athlete', '2026-12-02'), use('b1', '2026-12-03'));
    const { events, state } = run(sold, sale('athlete', '2026-12-20', { membershipId: 'renewal-1' }));
    expect(events).toEqual([
      {
        type: 'MembershipRenewed',
        data: expect.objectContaining({
          membershipId: 'm-athlete-2026-12-02',
          validUntil: '2027-02-01',
          classesAdded: 12,
          classesLeft: 23,
          receiptId: 'renewal-1',
        }),
      },
    ]);
    expect(state.membership).toMatchObject({ validUntil: '2027-02-01', classesLeft: 23 });
  });

  it('refuses another plan while one with classes left is in force, and takes it once the pack is used up', () => {
    const pack = history(sale('one-class', '2026-12-02'));
    expect(refusal(pack, sale('casual', '2026-12-03'))).toMatchObject({
      code: 'conflict',
      message: MEMBERSHIP_MESSAGES.otherPlanActive('One Class', '2026-12-29'),
    });
    const used = [...pack, ...run(pack, use('b1', '2026-12-03')).events];
    expect(run(used, sale('casual', '2026-12-04')).events.map((event) => event.type)).toEqual(['MembershipExpired', 'MembershipSold']);
  });

  it('expires the membership after its last day, forfeiting the classes left, and a new sale starts afresh', () => {
    const sold = history(sale('four-classes', '2026-12-02'));
    expect(run(sold, { type: 'ExpireMembership', data: { now: at('2026-12-29') } }).events).toEqual([]);
    const { events, state } = run(sold, { type: 'ExpireMembership', data: { now: at('2026-12-30') } });
    expect(events).toEqual([
      {
        type: 'MembershipExpired',
        data: { membershipId: 'm-four-classes-2026-12-02', reason: 'ended', validUntil: '2026-12-29', classesLeft: 4, occurredAt: at('2026-12-30') },
      },
    ]);
    expect(state.membership?.expired).toBe(true);
    expect(refusal(sold, use('late', '2026-12-30'))).toMatchObject({ code: 'not-found', message: MEMBERSHIP_MESSAGES.noMembership });
    expect(run(sold, sale('casual', '2027-01-05')).events.map((event) => event.type)).toEqual(['MembershipExpired', 'MembershipSold']);
  });
});

describe('class credits', () => {
  it('uses one credit per booking id, however often the booking asks', () => {
    const sold = history(sale('four-classes', '2026-12-02'));
    const first = run(sold, use('booking-1', '2026-12-03'));
    expect(first.events).toEqual([
      {
        type: 'ClassCreditUsed',
        data: { membershipId: 'm-four-classes-2026-12-02', bookingId: 'booking-1', usedBy: HOLDER, classesLeft: 3, occurredAt: at('2026-12-03') },
      },
    ]);
    const again = run([...sold, ...first.events], use('booking-1', '2026-12-04'));
    expect(again.events).toEqual([]);
    expect(again.state.membership?.classesLeft).toBe(3);
  });

  it('never goes below zero', () => {
    const sold = history(
      sale('four-classes', '2026-12-02'),
      use('b1', '2026-12-03'),
      use('b2', '2026-12-03'),
      use('b3', '2026-12-03'),
      use('b4', '2026-12-03'),
    );
    expect(evolveAll(initialState(), sold).membership?.classesLeft).toBe(0);
    expect(refusal(sold, use('b5', '2026-12-04'))).toMatchObject({ code: 'conflict', message: MEMBERSHIP_MESSAGES.noClassesLeft });
  });

  it('returns a credit once, and a returned booking never uses a second one', () => {
    const used = history(sale('four-classes', '2026-12-02'), use('b1', '2026-12-03'));
    const returned = run(used, give('b1', '2026-12-03'));
    expect(returned.events).toEqual([
      expect.objectContaining({ type: 'ClassCreditReturned', data: expect.objectContaining({ bookingId: 'b1', classesLeft: 4 }) }),
    ]);
    const after = [...used, ...returned.events];
    expect(run(after, give('b1', '2026-12-04')).events).toEqual([]);
    expect(run(after, use('b1', '2026-12-04')).events).toEqual([]);
    expect(run(after, give('never-booked', '2026-12-04')).events).toEqual([]);
  });

  it('records unlimited use by booking id without counting down', () => {
    const { events } = run(history(sale('elite', '2026-12-02')), use('b1', '2026-12-03'));
    expect(events[0]!.data).toMatchObject({ bookingId: 'b1', classesLeft: null });
  });

  it('lets only the members named on a shared pool use it', () => {
    const sold = history(sale('athlete-couples', '2026-12-02', { sharedWith: ['user_b'] }));
    expect(run(sold, use('b1', '2026-12-03', 'user_b')).events[0]!.data).toMatchObject({ usedBy: 'user_b', classesLeft: 23 });
    expect(refusal(sold, use('b2', '2026-12-03', 'user_x'))).toMatchObject({ code: 'forbidden', message: MEMBERSHIP_MESSAGES.notInPool });
  });

  it('gives no classes on the trial', () => {
    expect(refusal(history(sale('platform-trial', '2026-12-02')), use('b1', '2026-12-03'))).toMatchObject({
      code: 'conflict',
      message: MEMBERSHIP_MESSAGES.trialHasNoClasses,
    });
  });

  it('does not give back a credit of a period that has ended', () => {
    const used = history(sale('four-classes', '2026-12-02'), use('b1', '2026-12-03'));
    expect(run(used, give('b1', '2026-12-30')).events).toEqual([]);
  });
});

describe('freezing', () => {
  it('refuses credits while frozen and adds the days frozen to the validity', () => {
    const frozen = history(sale('athlete', '2026-12-02'), { type: 'FreezeMembership', data: { now: at('2026-12-10') } });
    expect(refusal(frozen, use('b1', '2026-12-11'))).toMatchObject({ code: 'conflict', message: MEMBERSHIP_MESSAGES.frozen });
    // Frozen past its last day, it does not expire.
    expect(run(frozen, { type: 'ExpireMembership', data: { now: at('2027-01-05') } }).events).toEqual([]);
    const { events, state } = run(frozen, { type: 'UnfreezeMembership', data: { now: at('2026-12-24') } });
    expect(events).toEqual([
      { type: 'MembershipUnfrozen', data: { membershipId: 'm-athlete-2026-12-02', frozenDays: 14, validUntil: '2027-01-15', occurredAt: at('2026-12-24') } },
    ]);
    expect(state.membership).toMatchObject({ frozenFrom: null, validUntil: '2027-01-15' });
    expect(run([...frozen, ...events], use('b1', '2026-12-24')).events).toHaveLength(1);
  });

  it('refuses to freeze twice, to unfreeze what is not frozen, or to freeze without a membership', () => {
    const frozen = history(sale('athlete', '2026-12-02'), { type: 'FreezeMembership', data: { now: at('2026-12-10') } });
    expect(refusal(frozen, { type: 'FreezeMembership', data: { now: at('2026-12-11') } })).toMatchObject({
      code: 'conflict',
      message: MEMBERSHIP_MESSAGES.alreadyFrozen,
    });
    expect(refusal(history(sale('athlete', '2026-12-02')), { type: 'UnfreezeMembership', data: { now: at('2026-12-11') } })).toMatchObject({
      code: 'conflict',
      message: MEMBERSHIP_MESSAGES.notFrozen,
    });
    expect(refusal([], { type: 'FreezeMembership', data: { now: at('2026-12-11') } })).toMatchObject({ code: 'not-found' });
  });
});
