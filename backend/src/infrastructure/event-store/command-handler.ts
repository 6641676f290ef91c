import { createHash } from 'node:crypto';
import type { Decider, DomainEvent } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import { Logger } from '@nestjs/common';
import { LruCache } from '../lru-cache';
import {
  AppendResult,
  EventActor,
  EventStore,
  EventStoreUnavailableError,
  InlineProjectionError,
  NewEvent,
  RecordedEvent,
  WrongExpectedVersionError,
} from './event-store.port';

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
  private readonly entries: LruCache<string, FoldedStream<State>>;

  constructor(readonly maxStreams = 2000) {
    this.entries = new LruCache({ maxEntries: maxStreams });
  }

  get size(): number {
    return this.entries.size;
  }

  get(streamId: string): FoldedStream<State> | undefined {
    return this.entries.get(streamId);
  }

  /** Keeps the entry unless a later one of the same stream is there already (a slower concurrent request). */
  set(streamId: string, entry: FoldedStream<State>): void {
    const current = this.entries.peek(streamId);
    if (current && current.revision > entry.revision) return;
    this.entries.set(streamId, entry);
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

/** A stream's folded state as a command sees it: `fresh` when read up to now by this command, `whole` when folded from its start by it. */
interface Known<State> {
  folded: FoldedStream<State>;
  fresh: boolean;
  whole: boolean;
}

/** Where a command gets its stream's folded state: the stream itself, or a cache in front of it. */
interface StreamStates<State> {
  /** The state to decide on first; possibly behind the stream when it comes from a cache. */
  load(streamId: string): Promise<Known<State>>;
  /** The stream read up to now, on from `known` (from its start without). */
  refresh(streamId: string, known?: FoldedStream<State>): Promise<FoldedStream<State>>;
  /** What the stream holds after this command's append. */
  appended(streamId: string, folded: FoldedStream<State>): void;
  /** What is known of the stream turned out wrong: forget it. */
  forget(streamId: string): void;
}

/** Reads and folds the stream for every command; keeps nothing. */
function readStreams<Event extends DomainEvent, State>(store: EventStore, decider: Decider<unknown, Event, State>): StreamStates<State> {
  const refresh = (streamId: string, known?: FoldedStream<State>) => fold(store, decider, streamId, known);
  return {
    load: async (streamId) => ({ folded: await refresh(streamId), fresh: true, whole: true }),
    refresh,
    appended: () => undefined,
    forget: () => undefined,
  };
}

/** The stream-state cache (ADR 0094) around the fold: what it holds is decided on first, everything folded or appended is kept. */
function cachedStreams<State>(inner: StreamStates<State>, cache: StreamStateCache<State>): StreamStates<State> {
  return {
    async load(streamId) {
      const cached = cache.get(streamId);
      if (cached) return { folded: cached, fresh: false, whole: false };
      const known = await inner.load(streamId);
      cache.set(streamId, known.folded);
      return known;
    },
    async refresh(streamId, known) {
      const folded = await inner.refresh(streamId, known);
      cache.set(streamId, folded);
      return folded;
    },
    appended: (streamId, folded) => cache.set(streamId, folded),
    forget: (streamId) => cache.delete(streamId),
  };
}

/**
 * Every command handler runs through here: fold the stream with `evolve` (from the cache and the
 * events after it, or from the start), answer a retry with what it stored, `decide`, and append with
 * the revision that was folded; on a concurrent write, fold the new events and decide again
 * (ADRs 0013, 0094).
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
  return oneAtATime(streamId, () =>
    decideAndAppend(store, decider, streamId, command, envelope, options).catch((error: unknown) => Promise.reject(asDomainError(error, streamId))),
  );
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
  const reader = readStreams(store, decider as Decider<unknown, Event, State>);
  const streams = options.cache ? cachedStreams(reader, options.cache) : reader;
  let known = await streams.load(streamId);
  const refresh = async (): Promise<void> => {
    known = { folded: await streams.refresh(streamId, known.folded), fresh: true, whole: known.whole };
  };
  for (let attempt = 1; ;) {
    // Answer a retry: this command's events are stored already.
    const retried = await storedBefore(store, streamId, envelope, known.folded);
    if (retried === 'misplaced') {
      // Not where the fold said (it cannot be, short of a rewritten store): start from the stream itself, once.
      if (known.whole) throw new Error(`Stream ${streamId}: event ${deriveEventId(envelope.commandId, 0)} is not where its fold says`);
      streams.forget(streamId);
      known = { folded: await streams.refresh(streamId), fresh: true, whole: true };
      continue;
    }
    if (retried) return { state: known.folded.state, ...retried };

    // Decide; a refusal or a no-op is only answered from a state read up to now.
    const decision = decideOn(decider, command, known.folded.state);
    if (!known.fresh && ('refusal' in decision || decision.events.length === 0)) {
      await refresh();
      continue;
    }
    if ('refusal' in decision) throw decision.refusal;
    if (decision.events.length === 0) return { state: known.folded.state, events: [], replayed: false };

    // Append with the revision folded; another writer first means folding what it wrote and deciding again.
    const events = newEvents(decision.events, envelope, options);
    let result: AppendResult;
    try {
      result = await store.append(streamId, events, { expectedRevision: known.folded.revision < 0n ? 'no-stream' : known.folded.revision });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt++ >= maxAttempts) throw new DomainError('conflict', 'Otro cambio se guardó al mismo tiempo. Inténtalo de nuevo.', { streamId });
      await refresh();
      continue;
    }
    // The same command landed first in a concurrent request: answer with what is stored, never with this decision.
    if (!result.written) {
      await refresh();
      continue;
    }
    const folded = foldAppended(decider, known.folded, decision.events, events, result.nextExpectedRevision);
    streams.appended(streamId, folded);
    return {
      state: folded.state,
      position: result.position,
      nextExpectedRevision: result.nextExpectedRevision,
      lastRevision: result.nextExpectedRevision,
      events: decision.events,
      replayed: false,
      inline: result.inline,
    };
  }
}

/**
 * The events this command stored before (a client retry), as the answer it gave then; `misplaced`
 * when the fold knows its first event id at a revision that holds another event.
 */
async function storedBefore<State>(
  store: EventStore,
  streamId: string,
  envelope: CommandEnvelope,
  folded: FoldedStream<State>,
): Promise<Omit<CommandResult<State>, 'state'> | 'misplaced' | undefined> {
  const earlier = folded.eventIds.get(deriveEventId(envelope.commandId, 0));
  if (earlier === undefined) return undefined;
  const stored = await store.readStream(streamId, { fromRevision: BigInt(earlier), maxCount: COMMAND_EVENTS_MAX });
  const own: RecordedEvent[] = [];
  for (const event of stored) {
    if (event.metadata.eventId !== deriveEventId(envelope.commandId, own.length)) break;
    own.push(event);
  }
  if (own.length === 0) return 'misplaced';
  const last = own[own.length - 1];
  return {
    position: last.position,
    lastRevision: last.revision,
    events: own.map((event) => ({ type: event.type, data: event.data }) as DomainEvent),
    replayed: true,
    fingerprint: own[0].metadata.fingerprint,
  };
}

/** The decider's answer: its events, or the DomainError it refused with. */
function decideOn<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  command: Command,
  state: State,
): { events: Event[] } | { refusal: DomainError } {
  try {
    return { events: decider.decide(command, state) };
  } catch (error) {
    if (error instanceof DomainError) return { refusal: error };
    throw error;
  }
}

/** The decided events as stored: derived ids (so a retry is idempotent) and the envelope's metadata. */
function newEvents(decided: readonly DomainEvent[], envelope: CommandEnvelope, options: HandleCommandOptions<unknown>): NewEvent[] {
  return decided.map((event, index) => ({
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
}

/** The fold after this command's own append: its events evolved, their ids known at their revisions. */
function foldAppended<Event extends DomainEvent, State>(
  decider: Decider<never, Event, State>,
  folded: FoldedStream<State>,
  decided: readonly Event[],
  stored: readonly NewEvent[],
  nextRevision: bigint,
): FoldedStream<State> {
  let state = folded.state;
  for (const event of decided) state = decider.evolve(state, event);
  const first = Number(nextRevision) - stored.length + 1;
  stored.forEach((event, index) => folded.eventIds.set(event.metadata.eventId, first + index));
  return { state, revision: nextRevision, eventIds: folded.eventIds };
}

/** What a caller can answer: a store that cannot be reached, or a read model that refused the append (ADR 0240), as DomainErrors. */
function asDomainError(error: unknown, streamId: string): unknown {
  if (error instanceof EventStoreUnavailableError) {
    return new DomainError('unavailable', 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.');
  }
  if (error instanceof InlineProjectionError) {
    // Nothing was stored (ADR 0240): the same request, with the same key, can simply be sent again.
    inlineLog.error(
      { projection: error.projection, streamId, cause: String((error.cause as Error | undefined)?.stack ?? error.cause) },
      'Inline projection failed; the append was rolled back',
    );
    return new DomainError('unavailable', INLINE_FAILURE_MESSAGE, { retryable: true });
  }
  return error;
}
