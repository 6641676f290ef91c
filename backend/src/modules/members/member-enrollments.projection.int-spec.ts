import { appendRecorded, projectionTestBed } from '../../../test/support/projection-test-bed';
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import type { MemberState } from './member.decider';
import { memberStreamName, type MemberEvent } from './member.events';
import { allMemberCommands, type AnyMemberCommand } from './testing/all-member-commands';
import { MEMBER_ENROLLMENTS, memberEnrollmentsProjection } from './member-enrollments.projection';

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PLANS = [
  { planId: 'plan-a', workoutIds: ['w1', 'w2', 'w3'] },
  { planId: 'plan-b', workoutIds: ['w4', 'w4', 'w5', 'w6', 'w7'] },
  { planId: 'plan-c', workoutIds: ['w8', 'w9'] },
];

/** Realistic histories made by the decider itself: enrol, train in order, pause, resume, abandon. */
function histories(members: number, commandsPerMember: number, seed: number) {
  const next = random(seed);
  const log: RecordedEvent[] = [];
  const states = new Map<string, MemberState>();
  let clock = Date.parse('2026-10-01T12:00:00.000Z');
  for (let step = 0; step < members * commandsPerMember; step++) {
    const userId = `u${Math.floor(next() * members)}`;
    // Members who finished the wizard, as plans require (the projection has nothing to do with it).
    let state =
      states.get(userId) ??
      allMemberCommands.evolve(allMemberCommands.initialState(), { type: 'OnboardingCompleted', data: { occurredAt: '2026-10-01T12:00:00.000Z' } });
    clock += 60_000;
    const now = new Date(clock).toISOString();
    const enrollments = [...state.enrollments.values()].filter((e) => e.status === 'active' || e.status === 'paused');
    const pick = next();
    let command: AnyMemberCommand;
    if (enrollments.length === 0 || pick < 0.15) {
      const plan = PLANS[Math.floor(next() * PLANS.length)];
      command = { type: 'EnrollInPlan', data: { enrollmentId: randomUUID(), ...plan, now } };
    } else {
      const enrollment = enrollments[Math.floor(next() * enrollments.length)];
      if (pick < 0.2) command = { type: 'AbandonEnrollment', data: { enrollmentId: enrollment.enrollmentId, now } };
      else if (pick < 0.28) command = { type: 'PauseEnrollment', data: { enrollmentId: enrollment.enrollmentId, by: next() < 0.5 ? 'member' : 'staff', now } };
      else if (pick < 0.36) command = { type: 'ResumeEnrollment', data: { enrollmentId: enrollment.enrollmentId, by: 'staff', now } };
      else {
        const workoutId = enrollment.workoutIds[enrollment.currentIndex];
        const { planId, enrollmentId } = enrollment;
        command = { type: 'CompleteWorkout', data: { completionId: randomUUID(), workoutId, planId, enrollmentId, isRunning: false, durationSec: 1500, now } };
      }
    }
    let events: MemberEvent[];
    try {
      events = allMemberCommands.decide(command, state);
    } catch {
      continue; // Refused (e.g. already enrolled, paused): nothing recorded, as on the API.
    }
    for (const event of events) {
      state = allMemberCommands.evolve(state, event);
      appendRecorded(log, memberStreamName(userId), event);
    }
    states.set(userId, state);
  }
  return { log, states };
}

describe('member_enrollments projection (PostgreSQL)', () => {
  const bed = projectionTestBed(memberEnrollmentsProjection);

  async function project(log: RecordedEvent[], batchSize: number): Promise<Record<string, unknown>[]> {
    const table = await bed.project(log, batchSize);
    const { rows } = await bed.pool().query(
      `SELECT enrollment_id, user_id, plan_id, workout_ids, current_index, status, paused_by, paused_at, enrolled_at, completed_at, abandoned_at, updated_at
         FROM ${table(MEMBER_ENROLLMENTS)} ORDER BY enrollment_id`,
    );
    return rows;
  }

  it('matches the decider’s state whatever the batch size, with the lifecycle moments of the log', async () => {
    const { log, states } = histories(40, 30, 7);
    expect(log.length).toBeGreaterThan(500);
    const one = await project(log, 1);
    const seven = await project(log, 7);
    const all = await project(log, log.length);
    expect(seven).toEqual(one);
    expect(all).toEqual(one);

    const expected = [...states.entries()]
      .flatMap(([userId, state]) =>
        [...state.enrollments.values()].map((e) => ({
          enrollment_id: e.enrollmentId,
          user_id: userId,
          plan_id: e.planId,
          workout_ids: [...e.workoutIds],
          current_index: e.currentIndex,
          status: e.status,
          paused_by: e.pausedBy,
        })),
      )
      .sort((a, b) => (a.enrollment_id < b.enrollment_id ? -1 : 1));
    expect(
      one.map(({ enrollment_id, user_id, plan_id, workout_ids, current_index, status, paused_by }) => ({
        enrollment_id,
        user_id,
        plan_id,
        workout_ids,
        current_index,
        status,
        paused_by,
      })),
    ).toEqual(expected);
    for (const status of ['active', 'paused', 'completed', 'abandoned']) expect(expected.some((row) => row.status === status)).toBe(true);

    const lastAt = (enrollmentId: string, type: string) => {
      const event = [...log].reverse().find((e) => e.type === type && (e.data as { enrollmentId: string }).enrollmentId === enrollmentId);
      return event ? new Date((event.data as { occurredAt: string }).occurredAt) : null;
    };
    for (const row of one) {
      const id = row.enrollment_id as string;
      expect(row.completed_at).toEqual(lastAt(id, 'EnrollmentCompleted'));
      expect(row.abandoned_at).toEqual(lastAt(id, 'EnrollmentAbandoned'));
      expect(row.enrolled_at).toEqual(lastAt(id, 'EnrolledInPlan'));
      expect(row.paused_at).toEqual(row.status === 'paused' ? lastAt(id, 'EnrollmentPaused') : null);
    }
  });
});
