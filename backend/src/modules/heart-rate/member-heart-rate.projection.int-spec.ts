import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { MemberState } from '../members/member.decider';
import { memberStreamName } from '../members/member.events';
import { allMemberCommands, type AnyMemberCommand } from '../members/testing/all-member-commands';
import { MEMBER_HEART_RATE, memberHeartRateProjection } from './member-heart-rate.projection';

const NOTICES = ['2025-06-01', '2026-11-24'];

/**
 * Consent given, given again, re-given to a newer notice and withdrawn, and sessions held above
 * the maximum (raised when consent is in force), as the decider records them, over many members.
 */
function histories(members: number, commands: number) {
  const log: RecordedEvent[] = [];
  const states = new Map<string, MemberState>();
  let clock = Date.parse('2026-10-01T12:00:00.000Z');
  for (let step = 0; step < commands; step++) {
    // A fixed walk (no randomness needed): members in turn, decisions in a cycle that misses none.
    const index = (step * 7) % members;
    const userId = `u${index}`;
    let state = states.get(userId) ?? allMemberCommands.initialState();
    clock += 60_000;
    const now = new Date(clock).toISOString();
    const notice = NOTICES[Math.floor(step / (commands / 2))]!;
    const command: AnyMemberCommand =
      // Now and then a member enters a measured maximum, or clears it (ADR 0147).
      step % 11 === 10
        ? { type: 'SetMeasuredMaxHeartRate', data: { maxHr: step % 22 === 10 ? 190 : null, now } }
        : // Only even members train with a sensor: odd ones keep the estimate.
          step % 5 === 4 && index % 2 === 0
          ? {
              type: 'CompleteWorkout',
              // 40 s at 200 bpm: raises the default 187 to 197, then to 200, then no more.
              data: {
                completionId: `c${step}`,
                workoutId: 'w',
                planId: null,
                enrollmentId: null,
                isRunning: false,
                durationSec: 40,
                now,
                heartRateSamples: Array.from({ length: 40 }, () => 200),
              },
            }
          : step % 3 === 2
            ? // Every other withdrawal also deletes the data kept (ADR 0144).
              { type: 'WithdrawHeartRateConsent', data: { now, deleteData: step % 4 === 0 } }
            : { type: 'GiveHeartRateConsent', data: { noticeVersion: notice, currentNoticeVersion: notice, now } };
    for (const event of allMemberCommands.decide(command, state)) {
      state = allMemberCommands.evolve(state, event);
      appendRecorded(log, memberStreamName(userId), event);
    }
    states.set(userId, state);
  }
  return { log, states };
}

describe('member_heart_rate projection (PostgreSQL)', () => {
  const bed = projectionTestBed(memberHeartRateProjection);

  async function project(log: RecordedEvent[], batchSize: number): Promise<Record<string, unknown>[]> {
    const table = await bed.project(log, batchSize);
    const { rows } = await bed
      .pool()
      .query(
        `SELECT user_id, consent_granted, notice_version, consent_at, raised_max_hr, measured_max_hr, data_deleted_at FROM ${table(MEMBER_HEART_RATE)} ORDER BY user_id`,
      );
    return rows;
  }

  it('holds each member’s last decision and raised maximum, the same live (one by one) as on a replay (any batch size)', async () => {
    const { log, states } = histories(23, 300);
    expect(new Set(log.map((event) => event.type))).toEqual(
      new Set(['HeartRateConsentGiven', 'HeartRateConsentWithdrawn', 'WorkoutCompleted', 'MaxHeartRateRaised', 'MaxHeartRateMeasured', 'HeartRateDataDeleted']),
    );
    const one = await project(log, 1);
    expect(await project(log, 7)).toEqual(one);
    expect(await project(log, log.length)).toEqual(one);

    const expected = [...states.entries()]
      .filter(([, state]) => state.heartRateConsent !== null || state.measuredMaxHr !== null)
      .map(([userId, state]) => ({
        user_id: userId,
        consent_granted: state.heartRateConsent?.granted ?? false,
        notice_version: state.heartRateConsent?.noticeVersion ?? null,
        consent_at: state.heartRateConsent ? new Date(state.heartRateConsent.at) : null,
        raised_max_hr: state.raisedMaxHr,
        measured_max_hr: state.measuredMaxHr,
        data_deleted_at: state.heartRateDataDeletedAt === null ? null : new Date(state.heartRateDataDeletedAt),
      }))
      .sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(one).toEqual(expected);
    expect(expected.some((row) => row.consent_granted) && expected.some((row) => !row.consent_granted)).toBe(true);
    expect(new Set(expected.map((row) => row.raised_max_hr))).toEqual(new Set([null, 197, 200]));
    // Some members keep a measured maximum, some raised above it.
    expect(expected.some((row) => row.measured_max_hr === 190)).toBe(true);
    // Some members raised, deleted (back to the estimate) and raised again; some deleted last.
    expect(expected.some((row) => row.data_deleted_at !== null && row.raised_max_hr !== null)).toBe(true);
    expect(expected.some((row) => row.data_deleted_at !== null && row.raised_max_hr === null)).toBe(true);
  });
});
