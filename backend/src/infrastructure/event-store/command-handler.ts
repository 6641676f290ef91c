import { createHash } from 'node:crypto';
import type { Decider, DomainEvent } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { Logger } from '@nestjs/common';
import { EventActor, EventStore, EventStoreUnavailableError, InlineProjectionError, NewEvent, WrongExpectedVersionError } from './event-store.port';

/** What a member reads when their change could not be stored because a read model refused it (ADR 0240). */
export const INLINE_FAILURE_MESSAGE = 'No pudimos guardar tu cambio y no se registró nada. Inténtalo de nuevo en unos segundos.';
const inlineLog = new Logger('InlineProjections');

/** Who asked, when, and the idempotency key: everything a decider must not invent. */
export interface CommandEnvelope {
  /** Idempotency key (a UUID). The same key again returns the first outcome instead of deciding twice. */
  commandId: string;
  actor: EventActor;
  /** ISO-8601 UTC. */
  occurredAt: string;
  correlationId?: string;
  causationId?: string;
  /** Stamped on the command's first event and handed back on a retry (see `CommandResult.fingerprint`). */
  fingerprint?: string;
}

export interface CommandResult<State> {
  state: State;
  /** Position of the last event written, or of the earlier identical command; absent when nothing was written. */
  position?: string;
  nextExpectedRevision?: bigint;
  /** Revision of the command's last event as stored, written now or by the earlier identical command. */
  lastRevision?: bigint;
  /** The events decided now, or on a retry the ones the earlier identical command stored. */
  events: DomainEvent[];
  /** True when the command had already been handled (a client retry). */
  replayed: boolean;
  /** On a retry: the fingerprint the earlier command stored, for the caller to compare with its own. */
  fingerprint?: string;
  /** Projections the append wrote in its own transaction (ADR 0240). */
  inline?: readonly string[];
}

export interface HandleCommandOptions<State = unknown> {
  /** Attempts before a concurrency conflict becomes a `conflict` DomainError. */
  maxAttempts?: number;
  /** Schema version stamped on new events of a type; 1 unless said otherwise. */
  schemaVersionOf?: (type: string) => number;
  /** Folded states kept between commands (ADR 0094); without it every command reads its whole stream. */
  cache?: StreamStateCache<State>;
}

/** A stream folded up to `revision`, and where each of its event ids is (to answer a retry). */
export interface FoldedStream<State> {
  readonly state: State;
  /** Revision of the last event folded; -1 for a stream that did not exist. */
  readonly revision: bigint;
  /**
   * Event id → revision. Shared by the entries of one stream and only ever given ids that are
   * stored, so an older entry may know later ids: that never makes it wrong about a retry.
   */
  readonly eventIds: Map<string, number>;
}

/**
 * The last folded state of the most recently used streams of this process (ADR 0094). It only
 * saves reads: a command decided on a cached state is written with that state's revision as the
 * expected revision, so a stream that moved meanwhile (another request, another process) makes
 * the append fail and the handler folds the events after the cached revision and decides again.
 * A refusal or a no-op decided on a cached state is re-checked the same way before it is answered.
 * The decider's `evolve` must return new states and leave the old ones untouched (they are shared).
 */
export class StreamStateCache<State> {
  private readonly entries = new Map<string, FoldedStream<State>>();

  constructor(readonly maxStreams = 2000) {}

  get size(): number {
    return this.entries.size;
  }

  get(streamId: string): FoldedStream<State> | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  /** Keeps the entry unless a later one of the same stream is there already (a slower concurrent request). */
  set(streamId: string, entry: FoldedStream<State>): void {
    const current = this.entries.get(streamId);
    if (current && current.revision > entry.revision) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.maxStreams) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }
}

/** Most events one command writes; a retry's stored events are read from its first one with this bound. */
const COMMAND_EVENTS_MAX = 64;

const NAMESPACE = 'pulso-command-event';

/** A name-based (v5-style) UUID: event i of command c always gets the same id, which makes retries idempotent. */
export function deriveEventId(commandId: string, index: number): string {
  const bytes = createHash('sha1').update(`${NAMESPACE}:${commandId}:${index}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Folds the events of `streamId` after `from` (the whole stream without it) into a new entry. */
async function fold<Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<unknown, Event, State>,
  streamId: string,
  from: FoldedStream<State> | undefined,
): Promise<FoldedStream<State>> {
  const stored = from ? await store.readStream(streamId, { fromRevision: from.revision + 1n }) : await store.readStream(streamId);
  let state = from ? from.state : decider.initialState();
  const eventIds = from ? from.eventIds : new Map<string, number>();
  let revision = from ? from.revision : -1n;
  const events: Event[] = [];
  for (const event of stored) {
    events.push({ type: event.type, data: event.data } as Event);
    eventIds.set(event.metadata.eventId, Number(event.revision));
    revision = event.revision;
  }
  if (decider.evolveAll) state = decider.evolveAll(state, events);
  else for (const event of events) state = decider.evolve(state, event);
  return { state, revision, eventIds };
}

/**
 * Every command handler runs through here: fold the stream with `evolve` (from the cache and
 * the events after it, or from the start), `decide`, append with the revision that was folded,
 * and on a concurrent write fold the new events and decide again (ADR 0013, ADR 0094).
 */
export function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  options: HandleCommandOptions<State> = {},
): Promise<CommandResult<State>> {
  // One command per stream at a time in this process: concurrent requests of one member queue
  // instead of racing to a conflict (other processes still meet the optimistic check, ADR 0241).
  return oneAtATime(streamId, () => decideAndAppend(store, decider, streamId, command, envelope, options));
}

const streamTails = new Map<string, Promise<void>>();

/** Runs `work` after every earlier call with the same key has settled. */
async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = streamTails.get(key);
  let release!: () => void;
  const tail = (previous ?? Promise.resolve()).then(() => new Promise<void>((resolve) => (release = resolve)));
  streamTails.set(key, tail);
  if (previous) await previous;
  else await Promise.resolve();
  try {
    return await work();
  } finally {
    release();
    if (streamTails.get(key) === tail) streamTails.delete(key);
  }
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  options: HandleCommandOptions<State>,
): Promise<CommandResult<State>> {
  const maxAttempts = options.maxAttempts ?? 4;
  const cache = options.cache;
  const firstEventId = deriveEventId(envelope.commandId, 0);
  let known = cache?.get(streamId);
  // Whether `known` was brought up to date by a read of this call since the stream last moved under it.
  let read = false;
  let behind = false;
  // Whether `known` was folded from the start of the stream by this call.
  let whole = false;
  for (let attempt = 1; ; attempt++) {
    try {
      if (!known || behind) {
        whole = whole || known === undefined;
        known = await fold(store, decider as Decider<unknown, Event, State>, streamId, known);
        cache?.set(streamId, known);
        read = true;
        behind = false;
      }
      const folded: FoldedStream<State> = known;

      const earlier = folded.eventIds.get(firstEventId);
      if (earlier !== undefined) {
        // This command's events are stored already (a client retry): answer with what it stored then.
        const stored = await store.readStream(streamId, { fromRevision: BigInt(earlier), maxCount: COMMAND_EVENTS_MAX });
        const own = [];
        for (const event of stored) {
          if (event.metadata.eventId !== deriveEventId(envelope.commandId, own.length)) break;
          own.push(event);
        }
        if (own.length === 0) {
          // Not where the entry said (it cannot be, short of a rewritten store): start from the stream itself, once.
          if (whole) throw new Error(`Stream ${streamId}: event ${firstEventId} is not at revision ${earlier}`);
          cache?.delete(streamId);
          known = undefined;
          continue;
        }
        const last = own[own.length - 1];
        return {
          state: folded.state,
          position: last.position,
          lastRevision: last.revision,
          events: own.map((event) => ({ type: event.type, data: event.data }) as DomainEvent),
          replayed: true,
          fingerprint: own[0].metadata.fingerprint,
        };
      }

      let decided: Event[];
      try {
        decided = decider.decide(command, folded.state);
      } catch (error) {
        // A refusal is only answered from a state read up to now; the cached one may be behind.
        if (read || !(error instanceof DomainError)) throw error;
        behind = true;
        attempt--;
        continue;
      }
      if (decided.length === 0) {
        if (!read) {
          behind = true;
          attempt--;
          continue;
        }
        return { state: folded.state, events: [], replayed: false };
      }
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
          ...(index === 0 && envelope.fingerprint !== undefined ? { fingerprint: envelope.fingerprint } : {}),
        },
      }));
      const expectedRevision = folded.revision < 0n ? 'no-stream' : folded.revision;
      const result = await store.append(streamId, events, { expectedRevision });
      // The same command landed first in a concurrent request: read the stream again and answer
      // with what is stored (the replay path above), never with this attempt's decision.
      if (!result.written) {
        behind = true;
        continue;
      }
      let state = folded.state;
      for (const event of decided) state = decider.evolve(state, event);
      const first = Number(result.nextExpectedRevision) - events.length + 1;
      events.forEach((event, index) => folded.eventIds.set(event.metadata.eventId, first + index));
      cache?.set(streamId, { state, revision: result.nextExpectedRevision, eventIds: folded.eventIds });
      return {
        state,
        position: result.position,
        nextExpectedRevision: result.nextExpectedRevision,
        lastRevision: result.nextExpectedRevision,
        events: decided,
        replayed: false,
        inline: result.inline,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        behind = true;
        if (attempt < maxAttempts) continue;
        throw new DomainError('conflict', 'Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.', { streamId });
      }
      if (error instanceof EventStoreUnavailableError) {
        throw new DomainError('unavailable', 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.');
      }
      if (error instanceof InlineProjectionError) {
        // Nothing was stored (ADR 0240): the same request, with the same key, can simply be sent again.
        inlineLog.error({ projection: error.projection, streamId, cause: String((error.cause as Error | undefined)?.stack ?? error.cause) }, 'Inline projection failed; the append was rolled back');
        throw new DomainError('unavailable', INLINE_FAILURE_MESSAGE, { retryable: true });
      }
      throw error;
    }
  }
}
