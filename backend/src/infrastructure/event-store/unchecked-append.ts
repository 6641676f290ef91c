import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../../shared/decider';
import type { AppendResult, EventActor, EventStore } from './event-store.port';

/**
 * Appends one fact that no rule decides and no retry repeats (a staff member's action for the
 * activity log): a fresh event id, and no expected revision because nothing was folded first.
 * Member streams never come here; their one writer is `members/member-streams.ts`.
 */
export function appendUnchecked(
  store: EventStore,
  streamId: string,
  event: DomainEvent<string, unknown>,
  actor: EventActor,
  occurredAt: string,
): Promise<AppendResult> {
  const eventId = randomUUID();
  return store.append(
    streamId,
    [{ type: event.type, data: event.data, metadata: { eventId, correlationId: eventId, causationId: eventId, actor, occurredAt, schemaVersion: 1 } }],
    { expectedRevision: 'any' },
  );
}
