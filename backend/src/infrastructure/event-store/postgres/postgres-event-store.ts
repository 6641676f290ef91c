import { DatabaseError, type Pool } from 'pg';
import {
  AppendResult,
  DuplicateEventIdError,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  InlineSupport,
  NewEvent,
  PreCommitHook,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  WrongExpectedVersionError,
} from '../event-store.port';
import { upcasting, type Upcasters } from '../upcasters';
import { AppendGroups, type AppendGroupOptions } from './append-groups';
import { comparePositions, EVENT_COLUMNS, LogPages, RAW_TEXT, type EventRow, type LogPage } from './log-pages';
import { Notifier } from './notify';
import { mapError } from './postgres-errors';
import { PostgresSubscription } from './subscription';

/**
 * The embedded default event store (ADRs 0010, 0011): the EventStore port over two tables in the read
 * models' own PostgreSQL. This file is the port; each job behind it has a file of its own: appends and
 * their groups (`append-groups.ts`), reading the log in its global order (`log-pages.ts`), live
 * subscriptions (`subscription.ts`) and waking them (`notify.ts`). Its one seam beyond the port is the
 * pre-commit hook (ADR 0315): inline projections write in the append's own transaction.
 */

export interface PostgresEventStoreOptions {
  /** Close the pool with the store (the benchmark and scripts own theirs; the app shares PG_POOL). */
  ownsPool?: boolean;
  /** Group commit of concurrent appends (ADR 0250): the most appends per group and groups in flight. */
  appendGroups?: AppendGroupOptions;
}

export class PostgresEventStore extends EventStore {
  private readonly log: LogPages;
  private readonly appends: AppendGroups;
  private readonly notifier: Notifier;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private closed = false;

  constructor(
    private readonly pool: Pool,
    upcasters: Upcasters = {},
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    super();
    const upcast = upcasting(upcasters);
    this.log = new LogPages(pool, upcast);
    this.appends = new AppendGroups(pool, upcast, options.appendGroups);
    this.notifier = new Notifier(pool);
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('An append needs at least one event');
    const { expectedRevision } = options;
    for (let attempt = 0; ; attempt++) {
      try {
        const appended = await this.appends.submit(streamId, events, expectedRevision);
        this.notifier.announce();
        return { nextExpectedRevision: appended.nextRevision, position: appended.position, written: true, inline: appended.inline };
      } catch (error) {
        if (!(error instanceof DatabaseError)) throw mapError(error);
        const idClash = error.code === '23505' && error.constraint === 'event_store_events_event_id_key';
        if (error.code === 'PE409' || idClash) {
          // A client retry of an append that already landed is a success answering the first result.
          const earlier = await this.findAppended(streamId, events);
          if (earlier) return earlier;
        }
        if (error.code === 'PE409') {
          const actual = BigInt(error.detail ?? '-1');
          throw new WrongExpectedVersionError(streamId, expectedRevision, actual < 0n ? 'no-stream' : actual);
        }
        // Databases migrated before the idempotency lookup moved here raise this one themselves.
        if (error.code === 'PE410') throw new DuplicateEventIdError(error.detail ?? events[0].metadata.eventId);
        if (idClash && attempt === 0) continue;
        throw mapError(error);
      }
    }
  }

  /**
   * Runs `hook` in every later append's transaction (ADRs 0240, 0315): this store's log shares the
   * read models' database.
   */
  override usePreCommitHook<Opened>(hook: PreCommitHook<Opened>): InlineSupport {
    this.appends.useHook(hook as PreCommitHook<unknown>);
    return { heldBack: (eventTypes) => this.log.typesHeldBack(eventTypes) };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? BigInt('9223372036854775807') : 0n);
    const result = await this.pool
      .query<EventRow>({
        text: `SELECT ${EVENT_COLUMNS} FROM event_store_events
          WHERE stream_id = $1 AND stream_revision ${backwards ? '<=' : '>='} $2
          ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
        values: [streamId, from.toString(), options.maxCount ?? null],
        types: RAW_TEXT,
      })
      .catch((error: unknown) => Promise.reject(mapError(error)));
    return result.rows.map((row) => this.log.toEvent(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.log.readPage(options.after, options.maxCount, options.eventTypes, false)).events;
  }

  /** A page of the global log; with `withHead`, also how far it covered the log (for filtered readers' checkpoints). */
  readPage(
    after: string | undefined,
    maxCount: number | undefined,
    eventTypes: readonly string[] | undefined,
    withHead: boolean,
    dense = false,
  ): Promise<LogPage> {
    return this.log.readPage(after, maxCount, eventTypes, withHead, dense);
  }

  /** Whether the planner's statistics say these types are most of the log (ADR 0249). */
  isDense(eventTypes: readonly string[]): Promise<boolean> {
    return this.log.isDense(eventTypes);
  }

  /** Whether committed events wait beyond the readers' horizon (past `after`, when given). */
  hasHeldBackEvents(after?: string): Promise<boolean> {
    return this.log.hasHeldBackEvents(after);
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = new PostgresSubscription(this.log, this.notifier.wake, options, () => this.subscriptions.delete(subscription));
    this.subscriptions.add(subscription);
    void this.notifier.listen();
    return subscription;
  }

  headPosition(): Promise<string | undefined> {
    return this.log.headPosition();
  }

  countEvents(eventTypes?: readonly string[]): Promise<number> {
    return this.log.countEvents(eventTypes);
  }

  comparePositions(a: string | undefined, b: string | undefined): number {
    return comparePositions(a, b);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.notifier.close();
    await this.appends.close();
    if (this.options.ownsPool) await this.pool.end();
  }

  /**
   * The stored events under these ids, if they were all appended before to this stream (a retry):
   * the result is theirs, not the retry's. A clash if only some were, or to another stream.
   */
  private async findAppended(streamId: string, events: readonly NewEvent[]): Promise<AppendResult | undefined> {
    const result = await this.pool
      .query<EventRow & { event_id: string }>({
        text: `SELECT event_id, ${EVENT_COLUMNS} FROM event_store_events WHERE event_id = ANY ($1) ORDER BY stream_revision`,
        values: [events.map((event) => event.metadata.eventId)],
        types: RAW_TEXT,
      })
      .catch((error: unknown) => Promise.reject(mapError(error)));
    if (result.rows.length === 0) return undefined;
    if (result.rows.length !== events.length || result.rows.some((row) => row.stream_id !== streamId)) {
      throw new DuplicateEventIdError(result.rows[0].event_id);
    }
    const stored = result.rows.map((row) => this.log.toEvent(row));
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position, written: false, stored };
  }
}
