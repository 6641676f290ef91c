import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { localDateOf } from '../../shared/studio-day';
import { memberDecider, type MemberState } from '../members/member.decider';
import { memberStreamName } from '../members/member.events';
import { decideTrainingSchedule } from './training-schedule.decider';
import { MEMBER_TRAINING_SCHEDULES, trainingScheduleProjection } from './training-schedule.projection';

/** The member stream's decider for these commands, as their use cases run it. */
const decider = memberDecider(decideTrainingSchedule);

const DAY_SETS = [
  [1, 3, 5],
  [1, 3, 5],
  [2, 4],
  [1, 2, 4, 5],
  [2, 4],
];
const TIMES = ['06:30', '18:00', '19:15'];

/**
 * Schedules chosen and changed over weeks (sometimes only the time, sometimes the days), as the
 * decider records them, with the studio day each member's days last changed.
 */
function histories(members: number, commands: number) {
  const log: RecordedEvent[] = [];
  const states = new Map<string, MemberState>();
  const since = new Map<string, string>();
  let clock = Date.parse('2026-10-01T12:00:00.000Z');
  for (let step = 0; step < commands; step++) {
    const index = (step * 5) % members;
    const userId = `u${index}`;
    let state = states.get(userId) ?? decider.initialState();
    clock += 7 * 3_600_000;
    const now = new Date(clock).toISOString();
    // Every third member keeps their days and only moves the time; the others change days too.
    const weekdays = index % 3 === 0 ? [1, 3, 5] : DAY_SETS[Math.floor(step / members) % DAY_SETS.length]!;
    const command = { type: 'SetTrainingSchedule' as const, data: { weekdays, time: TIMES[step % TIMES.length]!, reminderOffsetMin: 60, now } };
    for (const event of decider.decide(command, state)) {
      const before = state.trainingSchedule?.weekdays.join(',');
      state = decider.evolve(state, event);
      if (before !== state.trainingSchedule!.weekdays.join(',')) since.set(userId, localDateOf(now));
      appendRecorded(log, memberStreamName(userId), event);
    }
    states.set(userId, state);
  }
  return { log, states, since };
}

describe('member_training_schedules projection (PostgreSQL)', () => {
  const bed = projectionTestBed(trainingScheduleProjection);

  async function project(log: RecordedEvent[], batchSize: number): Promise<Record<string, unknown>[]> {
    const table = await bed.project(log, batchSize);
    const { rows } = await bed
      .pool()
      .query(`SELECT user_id, weekdays, time, reminder_offset_min, since::text AS since FROM ${table(MEMBER_TRAINING_SCHEDULES)} ORDER BY user_id`);
    return rows;
  }

  it('holds each member’s schedule and the day their days last changed, the same live as on a replay', async () => {
    const { log, states, since } = histories(11, 120);
    const one = await project(log, 1);
    expect(await project(log, 9)).toEqual(one);
    expect(await project(log, log.length)).toEqual(one);
    const expected = [...states.entries()]
      .map(([userId, state]) => ({
        user_id: userId,
        weekdays: [...state.trainingSchedule!.weekdays],
        time: state.trainingSchedule!.time,
        reminder_offset_min: 60,
        since: since.get(userId),
      }))
      .sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
    expect(one).toEqual(expected);
    // Some members changed only their time after their days: their `since` is older than their last change.
    const lastChange = new Map(log.map((event) => [event.streamId.slice('member-'.length), localDateOf((event.data as { occurredAt: string }).occurredAt)]));
    expect(expected.some((row) => row.since! < lastChange.get(row.user_id)!)).toBe(true);
    expect(expected.some((row) => row.since === lastChange.get(row.user_id))).toBe(true);
  });
});
