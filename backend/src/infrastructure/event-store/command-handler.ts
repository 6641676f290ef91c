import { createHash } from 'node:crypto';
import type { Decider, DomainEvent } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { EventActor, EventStore, EventStoreUnavailableError, NewEvent, WrongExpectedVersionError } from './event-store.port';
import { recordWrite } from './written-positions';

/** Who asked, when, and the idempotency key: everything a decider must not invent. */
export interface CommandEnvelope {
  /** Idempotency key (a UUID). The same key again returns the first outcome instead of deciding twice. */
  commandId: string;
  actor: EventActor;
  /** ISO-8601 UTC. */
  occurredAt: string;
  correlationId?: string;
  causationId?: string;
}

export interface CommandResult<State> {
  state: State;
  /** Position of the last event written, or of the earlier identical command; absent when nothing was written. */
  position?: string;
  nextExpectedRevision?: bigint;
  events: DomainEvent[];
  /** True when the command had already been handled (a client retry). */
  replayed: boolean;
}

export interface HandleCommandOptions {
  /** Attempts before a concurrency conflict becomes a `conflict` DomainError. */
  maxAttempts?: number;
  /** Schema version stamped on new events of a type; 1 unless said otherwise. */
  schemaVersionOf?: (type: string) => number;
}

const NAMESPACE = 'pulso-command-event';

/** A name-based (v5-style) UUID: event i of command c always gets the same id, which makes retries idempotent. */
export function deriveEventId(commandId: string, index: number): string {
  const bytes = createHash('sha1').update(`${NAMESPACE}:${commandId}:${index}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Every command handler runs through here: load the stream, fold it with
 * `evolve`, `decide`, append with the revision that was read, and on a
 * concurrent write start over from the fresh stream (ADR 0013).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  options: HandleCommandOptions = {},
): Promise<CommandResult<State>> {
  const maxAttempts = options.maxAttempts ?? 4;
  const firstEventId = deriveEventId(envelope.commandId, 0);
  for (let attempt = 1; ; attempt++) {
    try {
      const stored = await store.readStream(streamId);
      let state = decider.initialState();
      for (const event of stored) state = decider.evolve(state, { type: event.type, data: event.data } as Event);

      const earlier = stored.filter((event) => event.metadata.eventId === firstEventId);
      if (earlier.length > 0) {
        // This command's events are stored already (a client retry): answer as the first time, once projected.
        const byId = new Map(stored.map((event) => [event.metadata.eventId, event]));
        const own = [];
        for (let index = 0; byId.has(deriveEventId(envelope.commandId, index)); index++) own.push(byId.get(deriveEventId(envelope.commandId, index))!);
        const position = own[own.length - 1].position;
        recordWrite({ position, eventTypes: own.map((event) => event.type) });
        return { state, position, events: [], replayed: true };
      }

      const decided = decider.decide(command, state);
      if (decided.length === 0) return { state, events: [], replayed: false };
      const events: NewEvent[] = decided.map((event, index) => ({
        type: event.type,
        data: event.data,
        metadata: {
          eventId: deriveEventId(envelope.commandId, index),
          correlationId: envelope.correlationId ?? envelope.commandId,
          causationId: envelope.causationId ?? envelope.commandId,
          actor: envelope.actor,
          occurredAt: envelope.occurredAt,
          schemaVersion: options.schemaVersionOf?.(event.type) ?? 1,
        },
      }));
      const expectedRevision = stored.length === 0 ? 'no-stream' : stored[stored.length - 1].revision;
      const result = await store.append(streamId, events, { expectedRevision });
      // The same command landed first in a concurrent request: read the stream again and answer
      // with what is stored (the replay path above), never with this attempt's decision.
      if (!result.written) continue;
      recordWrite({ position: result.position, eventTypes: decided.map((event) => event.type) });
      for (const event of decided) state = decider.evolve(state, event);
      return { state, position: result.position, nextExpectedRevision: result.nextExpectedRevision, events: decided, replayed: false };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        if (attempt < maxAttempts) continue;
        throw new DomainError('conflict', 'Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.', { streamId });
      }
      if (error instanceof EventStoreUnavailableError) {
        throw new DomainError('unavailable', 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.');
      }
      throw error;
    }
  }
}
