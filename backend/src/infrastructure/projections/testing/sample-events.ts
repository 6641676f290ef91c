import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../event-store/event-store.port';

/** Deterministic synthetic member activity (the benchmark's generator uses it too). */
export function sampleEvent(index: number, members: number): { streamId: string; event: NewEvent } {
  const member = index % members;
  const memberId = `m${member}`;
  const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(index / members) * 86400000).toISOString().slice(0, 10);
  const enrol = index % 10 === 0;
  return {
    streamId: `member-${memberId}`,
    event: {
      type: enrol ? 'SampleEnrolledInPlan' : 'SampleWorkoutCompleted',
      data: enrol
        ? { memberId, planId: `plan-${index % 7}` }
        : { memberId, minutes: 20 + (index % 40), day, completedAt: `${day}T18:${String(index % 60).padStart(2, '0')}:00.000Z` },
      metadata: {
        eventId: randomUUID(),
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actor: { userId: memberId, role: 'member' },
        occurredAt: `${day}T18:00:00.000Z`,
        schemaVersion: 1,
      },
    },
  };
}
