/**
 * The one event-store interface the application uses. The PostgreSQL and the
 * EventStoreDB adapters both implement it and both pass event-store.contract.ts;
 * nothing adapter-specific (pg rows, gRPC types, native positions) crosses it.
 *
 * Positions are opaque strings: compare them with `comparePositions`, never by
 * parsing. Both adapters happen to emit fixed-width strings that also sort
 * lexicographically, which keeps them readable in checkpoint tables and logs.
 * Revisions are bigints here and decimal strings wherever they become JSON.
 */

export type ExpectedRevision = 'no-stream' | 'any' | 'stream-exists' | bigint;

export interface EventActor {
  userId: string;
  role: string;
  /** A staff member's name as their token gave it when they acted, so the log can say who. */
  name?: string;
}

export interface EventMetadata {
  /** Unique per event; re-appending an event with a stored id is a successful no-op. */
  eventId: string;
  correlationId: string;
  causationId: string;
  actor: EventActor;
  /** ISO-8601 UTC instant the fact happened (not when it was stored). */
  occurredAt: string;
  schemaVersion: number;
  /**
   * On a command's first event: a hash of what the client asked, so that a retry with the same
   * idempotency key and another request can be refused. Absent on events stored before it existed.
   */
  fingerprint?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * An event as stored: plain data, its payload decoded by the adapter when it read the row. Readers
 * may be handed the same object (readers replaying side by side share their pages' events, ADR 0273),
 * so a reader never changes an event it is given: it builds a new one.
 */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  streamId: string;
  revision: bigint;
  position: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the last event of the stream after the append (pass it as the next expected revision). */
  nextExpectedRevision: bigint;
  /** Commit position of the append's last event: wait on it for read-your-writes. */
  position: string;
  /**
   * False when every event id was already stored (a client retry): nothing was
   * written, `nextExpectedRevision` and `position` are those of the stored events,
   * and `stored` holds them as the store has them (their content may differ from the retry's).
   */
  written: boolean;
  stored?: RecordedEvent[];
  /** Projections written in the append's own transaction (ADR 0240): nothing to wait for with them. */
  inline?: readonly string[];
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Forwards defaults to the first event, backwards to the last. */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: the position of the last event already seen; omit to start at the beginning. */
  after?: string;
  maxCount?: number;
  eventTypes?: readonly string[];
}

export interface SubscribeToAllOptions {
  /** Exclusive, like ReadAllOptions.after: a stored checkpoint is passed as it is. */
  after?: string;
  eventTypes?: readonly string[];
  /** Events per read while catching up (a projection passes its batch size); adapters may ignore it. */
  pageSize?: number;
  /**
   * Once caught up, the least time between two reads of a polling adapter (ADR 0261): under load,
   * the events of that span come in one page, applied in one batch. The first read after a quiet
   * spell goes at once. Push adapters ignore it.
   */
  minReadIntervalMs?: number;
}

/** Catches up from its position, then stays live until closed. Consume it with `for await`. */
export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
  /**
   * A position up to which every matching event has been handed out and taken by
   * the consumer, events the filter skipped included; undefined before the first read.
   * A filtered reader stores it as its checkpoint, so it moves past the events it
   * does not handle. Adapters that cannot tell leave it undefined.
   */
  readonly checkpoint?: string;
  /** Resolves when `checkpoint` moves (or the subscription closes). */
  checkpointMoved?(): Promise<void>;
  /**
   * The same events a page at a time, as the adapter reads them (never an empty page), for
   * consumers that take them in batches: one await per page instead of one per event. Iterate
   * either this or the subscription itself, not both. `checkpoint` moves past a page once the
   * consumer asks for the next one.
   */
  pages?(): AsyncIterable<RecordedEvent[]>;
}

export class WrongExpectedVersionError extends Error {
  override name = 'WrongExpectedVersionError';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** `no-stream` when the stream does not exist, otherwise its last revision. */
    readonly actual: bigint | 'no-stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** The store cannot be reached or refused the operation for a transient reason: retrying may succeed. */
export class EventStoreUnavailableError extends Error {
  override name = 'EventStoreUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** An append reused an event id that the store already holds for different content or another stream. */
export class DuplicateEventIdError extends Error {
  override name = 'DuplicateEventIdError';

  constructor(readonly eventId: string) {
    super(`Event id ${eventId} is already stored for another append`);
  }
}

/** A statement as the database gets it. */
export interface Statement {
  readonly text: string;
  readonly values?: readonly unknown[];
}

/** A projection's write in an append's transaction: a failing one names its projection. */
export interface ProjectionWrite extends Statement {
  readonly projection: string;
}

/** The append's open transaction, for the reads a pre-commit hook makes before it knows its writes. */
export interface AppendTransaction {
  query<R extends Record<string, unknown> = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
  /** The connection pipelines (node-postgres's `pipeline: true`): statements issued together go in one round trip (ADR 0259). */
  readonly pipeline?: boolean;
}

/** What a pre-commit hook answers: the writes the store sends together with the append's COMMIT. */
export interface UnitOfWork {
  /** Sent in this order, in the same flight as the COMMIT: the append commits with all of them or with none. */
  writes: readonly ProjectionWrite[];
  /** The projections whose read models hold the append once it commits. */
  projections: readonly string[];
}

/**
 * Read models written in the same transaction as the append that records their events (ADRs 0240,
 * 0315): the events and what they change are committed together, or neither is. Only an adapter whose
 * log lives in the read models' database can offer it.
 */
export interface PreCommitHook<Opened = unknown> {
  /**
   * Runs first in every append's transaction, before its events are written (a lock taken there is
   * held before the append takes its rows' locks); what it answers goes to `beforeCommit`.
   */
  open(transaction: AppendTransaction): Promise<Opened>;
  /**
   * Once the events are written, in the same transaction: reads what it needs and answers its writes.
   * A throw rolls the append back. Events carry their revisions; the events of one append all carry
   * the append's position (its last event's), which no reader has ordered them by yet.
   */
  beforeCommit(transaction: AppendTransaction, events: RecordedEvent[], opened: Opened): Promise<UnitOfWork>;
}

/** What an adapter that runs inline projections also tells the engine. */
export interface InlineSupport {
  /**
   * Whether committed events of these types wait beyond the readers' horizon (an older
   * transaction is still open), so that a read of the log would not return them yet.
   */
  heldBack(eventTypes: readonly string[]): Promise<boolean>;
}

/** An inline projection's failure: the append was rolled back, nothing of it was stored. */
export class InlineProjectionError extends Error {
  override name = 'InlineProjectionError';

  constructor(
    readonly projection: string,
    options?: { cause?: unknown },
  ) {
    super(`Inline projection ${projection} failed; the append was rolled back`, options);
  }
}

export abstract class EventStore {
  abstract append(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;

  /** All matching events of one stream; an unknown stream reads as an empty list. */
  abstract readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /** One page of the global log in commit order, after the given position. */
  abstract readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  abstract subscribeToAll(options?: SubscribeToAllOptions): EventSubscription;

  /** Position of the newest event a reader can see now, or undefined for an empty store. */
  abstract headPosition(): Promise<string | undefined>;

  /** How many events the store holds, when the adapter can tell cheaply (used for rebuild progress). */
  abstract countEvents(eventTypes?: readonly string[]): Promise<number | undefined>;

  /** Negative, zero or positive like Array#sort; `undefined` is the start, before every event. */
  abstract comparePositions(a: string | undefined, b: string | undefined): number;

  abstract close(): Promise<void>;

  /**
   * Runs `hook` in every later append's transaction (ADRs 0240, 0315). Answers undefined when the
   * adapter cannot (its log is not in the read models' database): projections stay asynchronous.
   */
  usePreCommitHook<Opened>(_hook: PreCommitHook<Opened>): InlineSupport | undefined {
    return undefined;
  }
}
