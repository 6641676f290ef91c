import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  NotLeaderError,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, Position, ResolvedEvent } from '@eventstore/db-client';
import {
  AppendResult,
  EventMetadata,
  EventStore,
  EventStoreUnavailableError,
  EventSubscription,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  WrongExpectedVersionError,
} from './event-store.port';
import { upcasting, type Upcast, type Upcasters } from './upcasters';
import { CheckpointSignal } from './checkpoint-signal';

/**
 * The EventStoreDB / KurrentDB adapter (`EVENT_STORE=esdb`), same contract as the
 * PostgreSQL one (ADR 0012). Positions are the commit and prepare positions,
 * zero-padded: `<commit>-<prepare>`. System events (types starting with `$`) never
 * leave the adapter. Subscriptions are catch-up subscriptions consumed with
 * `for await`; a dropped one resubscribes from the last delivered position with
 * backoff, so the caller sees one uninterrupted, ordered sequence.
 */

const EXPECTED: Record<Exclude<ExpectedRevision, bigint>, AppendExpectedRevision> = {
  any: ANY,
  'no-stream': NO_STREAM,
  'stream-exists': STREAM_EXISTS,
};

export function esdbPosition(position: Position): string {
  return `${position.commit.toString().padStart(20, '0')}-${position.prepare.toString().padStart(20, '0')}`;
}

function parsePosition(position: string): Position {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(position);
  if (!match) throw new TypeError(`Not an EventStoreDB position: ${position}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

/** gRPC status codes the client sometimes passes through unwrapped: 4 DEADLINE_EXCEEDED, 14 UNAVAILABLE. */
const TRANSIENT_GRPC_CODES = new Set([4, 14]);

function isTransient(error: unknown): boolean {
  if (error instanceof UnavailableError || error instanceof NotLeaderError || error instanceof DeadlineExceededError) return true;
  return TRANSIENT_GRPC_CODES.has((error as { code?: unknown } | undefined)?.code as number);
}

function mapError(error: unknown): unknown {
  return isTransient(error) ? new EventStoreUnavailableError('El almacén de eventos no está disponible.', { cause: error }) : error;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export class EsdbEventStore extends EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EsdbSubscription>();
  private readonly upcast: Upcast;

  constructor(connectionString: string, upcasters: Upcasters = {}) {
    super();
    this.upcast = upcasting(upcasters);
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('An append needs at least one event');
    const { expectedRevision } = options;
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            id: event.metadata.eventId,
            type: event.type,
            data: event.data as Record<string, unknown>,
            metadata: { ...event.metadata, $correlationId: event.metadata.correlationId, $causationId: event.metadata.causationId },
          }),
        ),
        { expectedRevision: typeof expectedRevision === 'bigint' ? expectedRevision : EXPECTED[expectedRevision] },
      );
      const replayed = await this.storedRetry(streamId, events, expectedRevision, result.nextExpectedRevision, result.position === undefined);
      if (replayed) return replayed;
      const position = result.position ? esdbPosition(result.position) : await this.positionOf(streamId, events[events.length - 1].metadata.eventId);
      return { nextExpectedRevision: result.nextExpectedRevision, position, written: true };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual = typeof error.actualVersion === 'bigint' ? error.actualVersion : ('no-stream' as const);
        throw new WrongExpectedVersionError(streamId, expectedRevision, actual);
      }
      throw mapError(error);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision ?? (backwards ? END : START),
        maxCount: options.maxCount,
      });
      for await (const resolved of read) {
        const event = this.toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw mapError(error);
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const types = options.eventTypes ? new Set(options.eventTypes) : undefined;
    const events: RecordedEvent[] = [];
    let after = options.after;
    // readAll is inclusive and cannot filter on the server: page, skip the start position, filter here.
    for (;;) {
      const page = Math.min(Math.max(maxCount - events.length, 1) + 1, 4096);
      let read = 0;
      let last: string | undefined;
      try {
        for await (const resolved of this.client.readAll({ fromPosition: after ? parsePosition(after) : START, maxCount: page, direction: FORWARDS })) {
          read++;
          const position = resolved.event?.position ? esdbPosition(resolved.event.position) : undefined;
          if (!position || position === after) continue;
          last = position;
          const event = this.toRecorded(resolved);
          if (event && (!types || types.has(event.type))) events.push(event);
          if (events.length >= maxCount) return events;
        }
      } catch (error) {
        throw mapError(error);
      }
      if (read < page || !last) return events;
      after = last;
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    const subscription = new EsdbSubscription(
      this.client,
      options,
      (resolved) => this.toRecorded(resolved),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<string | undefined> {
    try {
      for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 512 })) {
        if (resolved.event && !resolved.event.type.startsWith('$') && resolved.event.position) return esdbPosition(resolved.event.position);
      }
    } catch (error) {
      throw mapError(error);
    }
    return undefined;
  }

  /** EventStoreDB has no cheap count of $all: rebuild progress then shows events processed without a total. */
  async countEvents(): Promise<undefined> {
    return undefined;
  }

  comparePositions(a: string | undefined, b: string | undefined): number {
    if (a === b) return 0;
    if (a === undefined) return -1;
    if (b === undefined) return 1;
    return a < b ? -1 : 1;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  /**
   * EventStoreDB answers an idempotent retry as a success without saying so. It leaves the
   * commit position out (nothing was committed), and with an exact expected revision (or
   * no-stream) a result other than `expected + count` can only be a retry: then the stored
   * events under those ids are the answer (ADR 0027).
   */
  private async storedRetry(
    streamId: string,
    events: readonly NewEvent[],
    expectedRevision: ExpectedRevision,
    next: bigint,
    withoutPosition: boolean,
  ): Promise<AppendResult | undefined> {
    const expected = expectedRevision === 'no-stream' ? -1n : typeof expectedRevision === 'bigint' ? expectedRevision : undefined;
    const mismatch = expected !== undefined && next !== expected + BigInt(events.length);
    if (!withoutPosition && !mismatch) return undefined;
    const ids = new Set(events.map((event) => event.metadata.eventId));
    const recent = await this.readStream(streamId, { direction: 'backwards', maxCount: 4096 });
    const stored = recent.filter((event) => ids.has(event.metadata.eventId)).reverse();
    if (stored.length !== events.length) return undefined;
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position, written: false, stored };
  }

  private async positionOf(streamId: string, eventId: string): Promise<string> {
    const recent = await this.readStream(streamId, { direction: 'backwards', maxCount: 64 });
    const event = recent.find((candidate) => candidate.metadata.eventId === eventId);
    if (!event) throw new EventStoreUnavailableError('EventStoreDB no devolvió la posición del evento escrito.');
    return event.position;
  }

  toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
    const event = resolved.event;
    if (!event || event.type.startsWith('$') || !event.isJson) return undefined;
    const position =
      event.position ?? (resolved.commitPosition !== undefined ? { commit: resolved.commitPosition, prepare: resolved.commitPosition } : undefined);
    if (!position) return undefined;
    const { $correlationId: _correlation, $causationId: _causation, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
    return this.upcast({
      streamId: event.streamId,
      revision: event.revision,
      position: esdbPosition(position),
      type: event.type,
      data: event.data,
      metadata: { ...(metadata as unknown as EventMetadata), eventId: event.id },
    });
  }
}

class EsdbSubscription implements EventSubscription {
  private closed = false;
  private readonly abort = new AbortController();
  private current?: { unsubscribe(): Promise<void> };
  private covered?: string;
  private readonly moves = new CheckpointSignal();

  get checkpoint(): string | undefined {
    return this.covered;
  }

  checkpointMoved(): Promise<void> {
    return this.closed ? Promise.resolve() : this.moves.next();
  }

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeToAllOptions,
    private readonly map: (resolved: AllStreamResolvedEvent) => RecordedEvent | undefined,
    private readonly onClose: () => void,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    let after = this.options.after;
    let delay = 100;
    const types = this.options.eventTypes ? new Set(this.options.eventTypes) : undefined;
    try {
      while (!this.closed) {
        const subscription = this.client.subscribeToAll({
          fromPosition: after ? parsePosition(after) : START,
          filter: excludeSystemEvents(),
        });
        this.current = subscription;
        try {
          for await (const resolved of subscription) {
            if (this.closed) return;
            const event = this.map(resolved);
            if (!event) continue;
            after = event.position;
            delay = 100;
            if (!types || types.has(event.type)) yield event;
            // Here the consumer has taken the event (or the filter skipped it).
            this.covered = event.position;
            if (types) this.moves.signal();
          }
          if (this.closed) return;
        } catch {
          // A dropped subscription only errors: come back from the last delivered position, with backoff.
          if (this.closed) return;
        } finally {
          await subscription.unsubscribe().catch(() => undefined);
        }
        await sleep(delay, this.abort.signal);
        delay = Math.min(delay * 2, 5000);
      }
    } finally {
      this.closed = true;
      this.onClose();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.moves.signal();
    await this.current?.unsubscribe().catch(() => undefined);
    this.onClose();
  }
}
