import type { EventStore, NewEvent } from '../../src/infrastructure/event-store/event-store.port';

/**
 * Appends a history exactly as given, past the writers and their rules: read-model tests need
 * precise histories (old shapes, other times). Returns the position to wait on.
 */
export async function seedEvents(store: EventStore, streamId: string, events: NewEvent[]): Promise<string> {
  return (await store.append(streamId, events, { expectedRevision: 'any' })).position;
}
