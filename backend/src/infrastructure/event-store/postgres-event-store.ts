import { Client, DatabaseError, Pool, PoolClient, type CustomTypesConfig, type PoolConfig, type QueryResult } from 'pg';
import {
  AppendResult,
  DuplicateEventIdError,
  EventStore,
  EventMetadata,
  EventStoreUnavailableError,
  EventSubscription,
  ExpectedRevision,
  InlineProjectionError,
  InlineSupport,
  NewEvent,
  PreCommitHook,
  ProjectionWrite,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  UnitOfWork,
  WrongExpectedVersionError,
} from './event-store.port';
import { transactionStatements } from '../database/transaction-statements';
import { upcasting, type Upcast, type Upcasters } from './upcasters';
import { WakeSignal } from './wake-signal';
import { CheckpointSignal } from './checkpoint-signal';
import { GroupCommit } from './group-commit';

/**
 * The embedded default event store (ADR 0010, ADR 0011).
 *
 * Global order is (transaction_id, global_position). A reader only takes events of
 * transactions below pg_snapshot_xmin of its own snapshot: every transaction that
 * could still commit has a higher xid, so nothing can later appear behind a
 * position already handed out. A position is that pair, zero-padded, e.g.
 * `00000000000000000771-0000000000000000042`: fixed width, so it also sorts as text.
 *
 * Live readers wait on one LISTEN connection per store. The NOTIFY is sent after the
 * append commits, coalesced across concurrent appends, outside the writing transaction,
 * because a NOTIFY inside the writing transaction takes a cluster-wide lock at
 * commit and would serialise every append (ADR 0011).
 */

const CHANNEL = 'event_store';
const EXPECTED_CODE = { any: '-1', 'no-stream': '-2', 'stream-exists': '-3' } as const;
// Every number is read as text, so results do not depend on global pg type parsers (Emmett installs some).
const APPEND_SQL =
  'SELECT next_revision::text AS next_revision, transaction_id::text AS tx, global_position::text AS gp FROM event_store_append($1, $2, $3, $4, $5, $6)';
// Read with RAW_TEXT: every value arrives as the server's own text, numbers and payloads alike, so
// the SQL needs no `::text` casts (two copies per value on the server, ADR 0276) and ORDER BY tx, gp
// sorts by xid8 and bigint. Payloads are the stored JSON text (ADR 0018), parsed when the row is read.
const EVENT_COLUMNS = 'transaction_id AS tx, global_position AS gp, stream_id, stream_revision AS revision, event_type, data, metadata';
/** No type parser at all, whatever global ones are installed (Emmett installs some): each value stays the text the server sent. */
const RAW_TEXT: CustomTypesConfig = { getTypeParser: () => (value: string) => value };
// A sub-select, so the snapshot is taken once per query (an InitPlan) and bounds the index scan.
const HORIZON = 'transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))';
/** Up to this many event types, a filtered read merges one ordered index scan per type (ADR 0026). */
const MERGED_TYPES_MAX = 8;
/**
 * Above this share of the log (planner statistics), the types are read as whole pages of the log's
 * own order, filtered in the process and shared between readers (ADR 0249): per-type scans would
 * visit the same heap pages once per type, and most of each page is wanted anyway.
 */
const DENSE_SHARE = 0.3;
/**
 * Full pages of the whole log kept for other dense readers starting from the same position (ADR 0249):
 * projections replaying together (a first fill, a rebuild of several) read each page once.
 */
const SHARED_PAGES = 3;
/** How long a shared page is kept for readers that have not asked for it yet (ADR 0249). */
const SHARED_PAGE_KEEP_MS = 30_000;
/** A subscription re-reads the statistics after this many pages. */
const SHARE_REFRESH_PAGES = 50;
// Group commit (ADR 0250): concurrent appends of one store go in one transaction, each in a subtransaction.
const APPEND_GROUP_SQL = `SELECT ordinal, next_revision::text AS next_revision, transaction_id::text AS tx, global_position::text AS gp,
         error_code, error_detail, error_constraint, error_message
    FROM event_store_append_group($1, $2, $3, $4, $5, $6, $7) ORDER BY ordinal`;
const APPEND_GROUP_AT_ONCE_SQL = `SELECT next_revision::text AS next_revision, transaction_id::text AS tx, global_position::text AS gp
    FROM event_store_append_group_at_once($1, $2, $3, $4, $5, $6, $7) ORDER BY ordinal`;
/** Most appends in one group: each takes a subtransaction, and PostgreSQL caches 64 subtransaction ids per transaction. */
const APPEND_GROUP_MAX = 32;
/** Most append groups of one store in flight at once. */
const APPEND_GROUPS_IN_FLIGHT = 1;
/**
 * The same with inline projections: each append then runs its read models' statements too, a few
 * round trips on its group's connection (ADR 0259), so one group at a time would queue every member
 * write of the process behind the slowest of them. Up to this many run side by side, each on its own
 * pipelined connection; groups form only once they are all busy.
 */
const INLINE_APPEND_GROUPS_IN_FLIGHT = 4;
/** Events per read while catching up; matches the projection engine's batch size. */
const SUBSCRIPTION_PAGE = 5000;
/** While an older transaction holds committed events back, re-read after this long at most. */
const HELD_BACK_MAX_DELAY_MS = 100;
/** Least time between two NOTIFYs of one store: bounds their cost under load, not the wake-up latency. */
const NOTIFY_INTERVAL_MS = 20;
/** A safety re-read when idle, in case a writer in another process died between commit and NOTIFY. */
const IDLE_RECHECK_MS = 5000;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

interface AppendRow {
  next_revision: string;
  tx: string;
  gp: string;
}

interface AppendGroupRow {
  ordinal: number;
  next_revision: string | null;
  tx: string | null;
  gp: string | null;
  error_code: string | null;
  error_detail: string | null;
  error_constraint: string | null;
  error_message: string | null;
}

/** One append waiting for its group (ADR 0250): the values are those of `event_store_append`. */
interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  values: unknown[];
}

type AppendedRow = AppendRow & { inline?: readonly string[] };

interface EventRow {
  tx: string;
  gp: string;
  stream_id: string;
  revision: string;
  event_type: string;
  data: string;
  metadata: string;
}

/** One page of the global log and how far it covered the log, filtered-out events included. */
export interface LogPage {
  events: RecordedEvent[];
  /**
   * Every event at or before this position, of any type, was within the read: the last event
   * returned when the page is full, otherwise the newest event below the horizon; undefined
   * when the page is short and nothing was covered beyond `after`.
   */
  coveredTo?: string;
  /** The read stopped at its size, not at the end of the log: more may be read at once (default: `events` is full). */
  full?: boolean;
}

/**
 * A page of every type (ADR 0249) as the readers replaying side by side share it: each row becomes an
 * event the first time a reader wants its type, once for all of them (ADR 0273).
 */
interface DensePage {
  rows: EventRow[];
  events: Array<RecordedEvent | undefined>;
  coveredTo?: string;
  full: boolean;
}

export interface PostgresEventStoreOptions {
  /** Close the pool with the store (the benchmark and scripts own theirs; the app shares PG_POOL). */
  ownsPool?: boolean;
  /**
   * Group commit of concurrent appends (ADR 0250): the most appends per group and groups in flight
   * (defaults: 32, and 1 — or 4 once inline projections are on).
   */
  appendGroups?: { maxGroup?: number; maxInFlight?: number };
}

function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

export function postgresPosition(transactionId: string, globalPosition: string): string {
  return `${transactionId.padStart(20, '0')}-${globalPosition.padStart(19, '0')}`;
}

/** An event as a reader of the log gets it: plain data, its payload decoded and its position built from the row. */
function eventOf(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: postgresPosition(row.tx, row.gp),
    type: row.event_type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
  };
}

/**
 * The page query of the global log (ADR 0026). With a filter and few types, one
 * ordered scan per type on (event_type, transaction_id, global_position) merged by
 * the planner, so a projection of two rare types never walks the whole log. With
 * `withHead`, every row also carries the newest position below the same horizon
 * (one snapshot for both), and an empty page still returns one row for it.
 */
function pageSql(types: readonly string[] | undefined, withHead: boolean): string {
  const range = `(transaction_id, global_position) > ($1::xid8, $2::bigint) AND ${HORIZON}`;
  const order = 'ORDER BY transaction_id, global_position LIMIT $3';
  if (types === undefined && !withHead) return `SELECT ${EVENT_COLUMNS} FROM event_store_events WHERE ${range} ${order}`;
  let page: string;
  if (types === undefined) page = `SELECT ${EVENT_COLUMNS} FROM event_store_events WHERE ${range} ${order}`;
  else if (types.length === 0) page = `SELECT ${EVENT_COLUMNS} FROM event_store_events WHERE false`;
  else if (types.length > MERGED_TYPES_MAX) {
    page = `SELECT ${EVENT_COLUMNS} FROM event_store_events WHERE ${range} AND event_type = ANY ($4) ${order}`;
  } else {
    const branches = types.map((_, index) => `(SELECT ${EVENT_COLUMNS} FROM event_store_events WHERE event_type = $${index + 4} AND ${range} ${order})`);
    page = `SELECT * FROM (${branches.join(' UNION ALL ')}) merged ORDER BY tx, gp LIMIT $3`;
  }
  if (!withHead) return page;
  return `SELECT head.head_tx, head.head_gp, page.* FROM (
            SELECT transaction_id AS head_tx, global_position AS head_gp FROM event_store_events
             WHERE ${HORIZON} ORDER BY transaction_id DESC, global_position DESC LIMIT 1
          ) head RIGHT JOIN (SELECT 1) one ON true
          LEFT JOIN LATERAL (${page}) page ON true
          ORDER BY page.tx, page.gp`;
}

function parsePosition(position: string | undefined): [string, string] {
  if (position === undefined) return ['0', '0'];
  const match = /^(\d{1,20})-(\d{1,19})$/.exec(position);
  if (!match) throw new TypeError(`Not a PostgreSQL event-store position: ${position}`);
  return [BigInt(match[1]).toString(), BigInt(match[2]).toString()];
}

const TRANSIENT = /^(08|53|57P0|40001|40P01)/;

/** The parameters of `event_store_append_group` and its at-once variant: per append its stream, expected revision and count, then every event's columns. */
function groupValues(group: readonly PendingAppend[]): unknown[] {
  const column = (index: number) => group.flatMap((append) => append.values[index] as unknown[]);
  return [group.map((append) => append.streamId), group.map((append) => append.values[1]), group.map((append) => append.events.length), column(2), column(3), column(4), column(5)];
}

/** An error of a group's member as the database would have raised it for that append alone. */
function memberError(row: AppendGroupRow): DatabaseError {
  const error = new DatabaseError(row.error_message ?? 'append failed', 0, 'error');
  error.code = row.error_code ?? undefined;
  error.detail = row.error_detail || undefined;
  error.constraint = row.error_constraint || undefined;
  error.severity = 'ERROR';
  return error;
}

/** One outcome per append of a group, from the rows its statement answered (one row each, in order). */
function outcomesOf(group: readonly PendingAppend[], rows: Array<AppendRow | AppendGroupRow>): Array<PromiseSettledResult<AppendedRow>> {
  if (rows.length !== group.length) throw new Error(`The append group answered ${rows.length} of ${group.length} appends`);
  return rows.map((row) =>
    'error_code' in row && row.error_code !== null
      ? { status: 'rejected', reason: memberError(row) }
      : { status: 'fulfilled', value: { next_revision: row.next_revision!, tx: row.tx!, gp: row.gp! } },
  );
}

/**
 * Sends the writes and the COMMIT together (one round trip on a pipelined connection, in one socket
 * write: ADR 0265). A failed write aborts the transaction, so the COMMIT answers ROLLBACK and nothing
 * of the append stays: the first failure is thrown, naming its projection.
 */
async function commitWith(client: PoolClient, writes: readonly ProjectionWrite[]): Promise<void> {
  const statements = transactionStatements(client);
  const sent = writes.map((write) => statements.run(write.text, write.values as unknown[] | undefined));
  const committed = statements.run('COMMIT') as Promise<QueryResult>;
  const [outcomes, commit] = await Promise.all([Promise.allSettled(sent), settle(committed)]);
  const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
  if (failed >= 0) throw new InlineProjectionError(writes[failed]!.projection, { cause: (outcomes[failed] as PromiseRejectedResult).reason });
  if (commit.status === 'rejected') throw commit.reason;
  if (commit.value.command !== 'COMMIT') throw new Error('The append transaction was rolled back');
}

/**
 * A failure that is not the append's own (connection, resources, deadlock, serialization): the
 * group it happened in is abandoned and each of its appends is tried again alone.
 */
function failsTheGroup(error: unknown): boolean {
  if (error instanceof InlineProjectionError) return error.cause !== undefined && failsTheGroup(error.cause);
  if (error instanceof DatabaseError) return error.code !== undefined && TRANSIENT.test(error.code);
  return mapError(error) instanceof EventStoreUnavailableError;
}

function mapError(error: unknown): unknown {
  if (error instanceof DatabaseError) {
    if (error.code && TRANSIENT.test(error.code)) return new EventStoreUnavailableError('El almacén de eventos no está disponible.', { cause: error });
    return error;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || /Connection terminated/.test(String(error))) {
    return new EventStoreUnavailableError('El almacén de eventos no está disponible.', { cause: error });
  }
  return error;
}

export class PostgresEventStore extends EventStore {
  private readonly wake = new WakeSignal();
  private listener?: Client;
  private listenerStarting?: Promise<void>;
  private notifyInFlight = false;
  private notifyAgain = false;
  private closed = false;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private readonly upcast: Upcast;
  private hook?: PreCommitHook<unknown>;
  /**
   * The inline appends' own connections (ADR 0259), pipelined: the statements an append transaction
   * issues together (its BEGIN and the append, the handlers' reads, then their writes) go in one round trip.
   */
  private inlinePool?: Pool;
  /** Recent unfiltered pages by `after|size`, full ones only once read (ADR 0249); oldest first. */
  private readonly sharedPages = new Map<string, { id: number; page: Promise<DensePage> }>();
  private sharedPageReads = 0;
  private readonly appendGroups: GroupCommit<PendingAppend, AppendedRow>;
  private readonly inlineAppendGroups: GroupCommit<PendingAppend, AppendedRow>;
  private readonly inlineGroupsInFlight: number;

  constructor(
    private readonly pool: Pool,
    upcasters: Upcasters = {},
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    super();
    this.upcast = upcasting(upcasters);
    const maxGroup = Math.min(options.appendGroups?.maxGroup ?? APPEND_GROUP_MAX, APPEND_GROUP_MAX);
    this.appendGroups = new GroupCommit((group) => this.appendGroup(group), {
      maxGroup,
      maxInFlight: options.appendGroups?.maxInFlight ?? APPEND_GROUPS_IN_FLIGHT,
    });
    this.inlineGroupsInFlight = options.appendGroups?.maxInFlight ?? INLINE_APPEND_GROUPS_IN_FLIGHT;
    this.inlineAppendGroups = new GroupCommit((group) => this.appendGroup(group), { maxGroup, maxInFlight: this.inlineGroupsInFlight });
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('An append needs at least one event');
    const { expectedRevision } = options;
    const expected = typeof expectedRevision === 'bigint' ? expectedRevision.toString() : EXPECTED_CODE[expectedRevision];
    const values = [
      streamId,
      expected,
      events.map((event) => event.metadata.eventId),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata)),
    ];
    for (let attempt = 0; ; attempt++) {
      try {
        // Grouped with the appends that arrive while another is in flight (ADR 0250); alone when idle.
        const row = await (this.hook ? this.inlineAppendGroups : this.appendGroups).submit({ streamId, events, values });
        this.announce();
        return { nextExpectedRevision: BigInt(row.next_revision), position: postgresPosition(row.tx, row.gp), written: true, inline: row.inline };
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

  /** One append in a transaction of its own: today's path, and a group's fallback. */
  private async appendAlone(append: PendingAppend): Promise<AppendedRow> {
    if (this.hook) {
      const [outcome] = await this.appendWithHook([append]);
      if (outcome!.status === 'rejected') throw outcome!.reason;
      return outcome!.value;
    }
    return (await this.pool.query<AppendRow>({ name: 'event_store_append', text: APPEND_SQL, values: append.values })).rows[0];
  }

  /**
   * A group of concurrent appends in one transaction (ADR 0250), one outcome per append in the
   * order given. The appends go in stream order (each stream's in arrival order), so that two
   * processes' groups take the streams' row locks in the same order. Each append fails alone;
   * if the group's transaction itself fails, each append is tried again alone.
   */
  private async appendGroup(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendedRow>>> {
    if (group.length === 1) return [await settle(this.appendAlone(group[0]))];
    const order = group.map((_, index) => index).sort((a, b) => (group[a].streamId < group[b].streamId ? -1 : group[a].streamId > group[b].streamId ? 1 : a - b));
    const ordered = order.map((index) => group[index]);
    let outcomes: Array<PromiseSettledResult<AppendedRow>>;
    try {
      outcomes = this.hook ? await this.appendWithHook(ordered) : await this.appendGroupPlain(ordered);
    } catch {
      outcomes = await this.appendEachAlone(ordered);
    }
    const answers = new Array<PromiseSettledResult<AppendedRow>>(group.length);
    order.forEach((index, position) => (answers[index] = outcomes[position]));
    return answers;
  }

  /** A failed group's appends, each in a transaction of its own: streams side by side, each stream's in arrival order. */
  private async appendEachAlone(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendedRow>>> {
    const outcomes = new Array<PromiseSettledResult<AppendedRow>>(group.length);
    const streams = new Map<string, number[]>();
    group.forEach((append, index) => streams.set(append.streamId, [...(streams.get(append.streamId) ?? []), index]));
    await Promise.all(
      [...streams.values()].map(async (indexes) => {
        for (const index of indexes) outcomes[index] = await settle(this.appendAlone(group[index]));
      }),
    );
    return outcomes;
  }

  /**
   * The group in one call, one round trip, one commit: `event_store_append_group_at_once` (no
   * subtransaction, one INSERT, ADR 0260); if any append fails there, the whole group again through
   * `event_store_append_group`, whose subtransactions answer each append's own outcome.
   */
  private async appendGroupPlain(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendedRow>>> {
    const values = groupValues(group);
    try {
      const atOnce = await this.pool.query<AppendRow>({ name: 'event_store_append_group_at_once', text: APPEND_GROUP_AT_ONCE_SQL, values });
      if (atOnce.rows.length !== group.length) throw new Error(`The append group answered ${atOnce.rows.length} of ${group.length} appends`);
      return atOnce.rows.map((row) => ({ status: 'fulfilled', value: row }));
    } catch (error) {
      // A transient failure fails the group as before (each append then goes alone); any other is one append's own.
      if (!(error instanceof DatabaseError) || failsTheGroup(error)) throw error;
    }
    const { rows } = await this.pool.query<AppendGroupRow>({ name: 'event_store_append_group', text: APPEND_GROUP_SQL, values });
    return outcomesOf(group, rows);
  }

  /**
   * Appends (one, or a group in `event_store_append_group`, ADR 0266) in a transaction with the
   * pre-commit hook (ADR 0315), on a pipelined connection of their own (ADR 0259), in three round
   * trips: the BEGIN, the hook's opening and the append; the hook's reads over every appended event;
   * its writes with the COMMIT. A failure of the hook or of one of its writes rolls the whole
   * transaction back (a group's appends then go again alone, where the failing one fails by itself);
   * an append's own refusal fails that append alone.
   */
  private async appendWithHook(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendedRow>>> {
    const hook = this.hook!;
    const client = await this.inlinePool!.connect();
    let open = true;
    try {
      // Issued together: on the pipelined connection they leave in one round trip.
      const begun = client.query('BEGIN');
      const opened = hook.open(client);
      const appended =
        group.length === 1
          ? client.query<AppendRow>({ name: 'event_store_append', text: APPEND_SQL, values: group[0].values }).then(({ rows }) => outcomesOf(group, rows))
          : client.query<AppendGroupRow>({ name: 'event_store_append_group', text: APPEND_GROUP_SQL, values: groupValues(group) }).then(({ rows }) => outcomesOf(group, rows));
      const [began, openedOutcome, appendOutcome] = await Promise.allSettled([begun, opened, appended]);
      if (began.status === 'rejected') throw began.reason;
      if (openedOutcome.status === 'rejected') throw openedOutcome.reason;
      if (appendOutcome.status === 'rejected') throw appendOutcome.reason;
      const outcomes = appendOutcome.value;
      const events: RecordedEvent[] = [];
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') events.push(...this.recordedOf(group[index], outcome.value));
      });
      let work: UnitOfWork = { writes: [], projections: [] };
      if (events.length > 0) {
        try {
          work = await hook.beforeCommit(client, events, openedOutcome.value);
        } catch (error) {
          throw error instanceof InlineProjectionError ? error : new InlineProjectionError('inline', { cause: error });
        }
      }
      await commitWith(client, work.writes);
      open = false;
      return outcomes.map((outcome) => (outcome.status === 'fulfilled' ? { status: 'fulfilled', value: { ...outcome.value, inline: work.projections } } : outcome));
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  /** The events of an append as a reader of the log gets them; one position for all: the append's (see PreCommitHook.beforeCommit). */
  private recordedOf({ streamId, events, values }: PendingAppend, row: AppendRow): RecordedEvent[] {
    const last = BigInt(row.next_revision);
    const position = postgresPosition(row.tx, row.gp);
    return events.map((event, index) =>
      this.upcast({
        streamId,
        revision: last - BigInt(events.length - 1 - index),
        position,
        type: event.type,
        data: JSON.parse((values[4] as string[])[index]) as unknown,
        metadata: JSON.parse((values[5] as string[])[index]) as EventMetadata,
      }),
    );
  }

  /**
   * Runs `hook` in every later append's transaction (ADRs 0240, 0315): this store's log shares the
   * read models' database.
   */
  override usePreCommitHook<Opened>(hook: PreCommitHook<Opened>): InlineSupport {
    this.hook = hook as PreCommitHook<unknown>;
    // As many connections as inline groups run side by side; a failed group's appends retried alone share them.
    this.inlinePool ??= new Pool({ ...this.pool.options, max: this.inlineGroupsInFlight, pipeline: true } as PoolConfig);
    // An idle connection losing its server must not crash the process (as the shared pool).
    this.inlinePool.on('error', () => undefined);
    return {
      heldBack: async (eventTypes) => {
        const result = await this.pool.query<{ held: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM event_store_events
                           WHERE transaction_id >= (SELECT pg_snapshot_xmin(pg_current_snapshot())) AND event_type = ANY ($1)) AS held`,
          [[...eventTypes]],
        );
        return result.rows[0].held;
      },
    };
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
    const stored = result.rows.map((row) => this.toRecorded(row));
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position, written: false, stored };
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
    return result.rows.map((row) => this.toRecorded(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readPage(options.after, options.maxCount, options.eventTypes, false)).events;
  }

  /** A page of the global log; with `withHead`, also how far it covered the log (for filtered readers' checkpoints). */
  async readPage(
    after: string | undefined,
    maxCount: number | undefined,
    eventTypes: readonly string[] | undefined,
    withHead: boolean,
    /** The types make up much of the log (`isDense`): read shared whole pages and filter them here (ADR 0249). */
    dense = false,
  ): Promise<LogPage> {
    const [transactionId, globalPosition] = parsePosition(after);
    const types = eventTypes === undefined ? undefined : [...new Set(eventTypes)];
    if (dense && types !== undefined && types.length > 0 && maxCount !== undefined) return this.readDensePage(after, maxCount, types);
    const values: unknown[] = [transactionId, globalPosition, maxCount ?? null];
    if (types !== undefined && types.length > 0 && types.length > MERGED_TYPES_MAX) values.push(types);
    else if (types !== undefined) values.push(...types);
    const result = await this.pool
      .query<EventRow & { head_tx?: string | null; head_gp?: string | null }>({ text: pageSql(types, withHead), values, types: RAW_TEXT })
      .catch((error: unknown) => Promise.reject(mapError(error)));
    const rows = withHead ? result.rows.filter((row) => row.tx !== null) : result.rows;
    const events = rows.map((row) => this.toRecorded(row));
    const last = events.length > 0 ? events[events.length - 1].position : undefined;
    if (maxCount !== undefined && events.length >= maxCount) return { events, coveredTo: last };
    const head = withHead && result.rows[0]?.head_tx ? postgresPosition(result.rows[0].head_tx, result.rows[0].head_gp!) : undefined;
    const coveredTo = head !== undefined && this.comparePositions(head, last) > 0 ? head : last;
    return { events, coveredTo: coveredTo !== undefined && this.comparePositions(coveredTo, after) > 0 ? coveredTo : undefined };
  }

  /**
   * A page for types that make up much of the log (ADR 0249): the log's next `size` events of every
   * type, read once for all the dense readers asking from the same position (projections replaying
   * side by side keep step, page for page), then filtered here. Such a page covers the log up to its
   * last event whatever the types, and it is full when the read was: what a reader needs to go on at once.
   * Only full pages stay shared (nothing can change below the horizon); a short one is the log's end.
   */
  private async readDensePage(after: string | undefined, size: number, types: readonly string[]): Promise<LogPage> {
    const key = `${after ?? ''}|${size}`;
    let read = this.sharedPages.get(key)?.page;
    if (!read) {
      const [transactionId, globalPosition] = parsePosition(after);
      read = this.pool.query<EventRow>({ text: pageSql(undefined, false), values: [transactionId, globalPosition, size], types: RAW_TEXT }).then((result): DensePage => {
        const last = result.rows.at(-1);
        return {
          rows: result.rows,
          events: new Array<RecordedEvent | undefined>(result.rows.length),
          coveredTo: last ? postgresPosition(last.tx, last.gp) : undefined,
          full: result.rows.length === size,
        };
      });
      const id = ++this.sharedPageReads;
      this.sharedPages.set(key, { id, page: read });
      // By key and read number only: a timer that held the page itself would keep every page of a replay for its whole wait.
      const forget = () => this.sharedPages.get(key)?.id === id && this.sharedPages.delete(key);
      read.then(
        // Readers replaying together ask for a page within moments of each other: a full page is kept
        // that long, not for as long as no newer one pushes it out (after a catch-up, that is forever).
        (page) => (page.full ? setTimeout(forget, SHARED_PAGE_KEEP_MS).unref() : forget()),
        forget,
      );
      for (const oldest of this.sharedPages.keys()) {
        if (this.sharedPages.size <= SHARED_PAGES) break;
        this.sharedPages.delete(oldest);
      }
    }
    const page = await read.catch((error: unknown) => Promise.reject(mapError(error)));
    const wanted = new Set(types);
    const events: RecordedEvent[] = [];
    // Shared by the page's readers: none may change an event it is given (the encryption decrypts into a new one).
    page.rows.forEach((row, index) => {
      if (wanted.has(row.event_type)) events.push((page.events[index] ??= this.toRecorded(row)));
    });
    return { events, coveredTo: page.coveredTo, full: page.full };
  }

  /** True when the planner's statistics say these types are a large share of the log (0 when it has none). */
  async isDense(eventTypes: readonly string[]): Promise<boolean> {
    const result = await this.pool.query<{ share: number | null }>(
      `SELECT sum(m.freq)::float8 AS share
         FROM pg_stats s, unnest(s.most_common_vals::text::text[], s.most_common_freqs) AS m(value, freq)
        WHERE s.schemaname = current_schema() AND s.tablename = 'event_store_events' AND s.attname = 'event_type' AND m.value = ANY ($1)`,
      [eventTypes],
    );
    return (result.rows[0]?.share ?? 0) > DENSE_SHARE;
  }

  /** True when committed events exist that the horizon still holds back behind a running transaction. */
  /**
   * Whether committed events wait beyond the readers' horizon. Given the position a read
   * covered, also whether any committed event lies past it: the horizon may have passed
   * between that read and this check (its NOTIFY already consumed), and such an event must
   * be read now rather than at the next idle re-check.
   */
  async hasHeldBackEvents(after?: string): Promise<boolean> {
    if (after !== undefined) {
      const [transactionId, globalPosition] = parsePosition(after);
      const result = await this.pool.query<{ held: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM event_store_events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)) AS held',
        [transactionId, globalPosition],
      );
      return result.rows[0].held;
    }
    // The newest transaction id against the horizon: one step down the primary key. (An EXISTS over
    // `transaction_id >= (subquery)` was planned as a scan of the whole log: 130 ms at a million events.)
    const result = await this.pool.query<{ held: boolean }>(
      `SELECT coalesce((SELECT transaction_id FROM event_store_events ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
                         >= pg_snapshot_xmin(pg_current_snapshot()), false) AS held`,
    );
    return result.rows[0].held;
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): EventSubscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = new PostgresSubscription(this, this.wake, options, () => this.subscriptions.delete(subscription));
    this.subscriptions.add(subscription);
    void this.ensureListener();
    return subscription;
  }

  async headPosition(): Promise<string | undefined> {
    const result = await this.pool.query<{ tx: string; gp: string }>(
      `SELECT transaction_id::text AS tx, global_position::text AS gp FROM event_store_events
        WHERE ${HORIZON} ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    const row = result.rows[0];
    return row ? postgresPosition(row.tx, row.gp) : undefined;
  }

  async countEvents(eventTypes?: readonly string[]): Promise<number> {
    const result = eventTypes
      ? await this.pool.query<{ count: string }>(
          `SELECT count(*)::text AS count FROM event_store_events WHERE event_type = ANY ($1) AND ${HORIZON}`,
          [[...eventTypes]],
        )
      : await this.pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM event_store_events WHERE ${HORIZON}`);
    return Number(result.rows[0].count);
  }

  comparePositions(a: string | undefined, b: string | undefined): number {
    if (a === b) return 0;
    if (a === undefined) return -1;
    if (b === undefined) return 1;
    return a < b ? -1 : 1;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.listenerStarting?.catch(() => undefined);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.inlinePool?.end();
    if (this.options.ownsPool) await this.pool.end();
  }

  private toRecorded(row: EventRow): RecordedEvent {
    return this.upcast(eventOf(row));
  }

  /**
   * Wakes local subscribers now, and other processes' through a NOTIFY sent at most every
   * few milliseconds however many appends land meanwhile.
   */
  private announce(): void {
    this.wake.bump();
    if (this.notifyInFlight) {
      this.notifyAgain = true;
      return;
    }
    this.notifyInFlight = true;
    const send = (): void => {
      this.notifyAgain = false;
      // A NOTIFY takes an xid, so committing it would wait for its own WAL flush: a lost wake-up is
      // covered by the idle re-read, so it commits asynchronously (one round trip, simple protocol).
      this.pool
        .query(`BEGIN; SET LOCAL synchronous_commit = off; NOTIFY ${CHANNEL}; COMMIT`)
        .catch(() => undefined) // subscribers elsewhere still re-read on their idle re-check
        .finally(() => {
          if (this.notifyAgain && !this.closed) setTimeout(send, NOTIFY_INTERVAL_MS);
          else this.notifyInFlight = false;
        });
    };
    send();
  }

  private ensureListener(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    if (this.listenerStarting) return this.listenerStarting;
    this.listenerStarting = this.startListener()
      .catch(() => this.retryListener())
      .finally(() => {
        this.listenerStarting = undefined;
      });
    return this.listenerStarting;
  }

  private async startListener(): Promise<void> {
    const { connectionString, host, port, user, password, database } = this.pool.options;
    const client = new Client({ connectionString, host, port, user, password, database });
    client.on('notification', () => this.wake.bump());
    client.on('error', () => {
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      this.retryListener();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
    // Anything appended while no one was listening must be read now.
    this.wake.bump();
  }

  private retryDelay = 100;

  private retryListener(): void {
    if (this.closed) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, 5000);
    setTimeout(() => {
      void this.ensureListener().then(() => {
        if (this.listener) this.retryDelay = 100;
      });
    }, delay).unref();
  }
}

class PostgresSubscription implements EventSubscription {
  private closed = false;
  private readonly abort = new AbortController();
  private covered?: string;
  private readonly moves = new CheckpointSignal();

  constructor(
    private readonly store: PostgresEventStore,
    private readonly wake: WakeSignal,
    private readonly options: SubscribeToAllOptions,
    private readonly onClose: () => void,
  ) {}

  get checkpoint(): string | undefined {
    return this.covered;
  }

  checkpointMoved(): Promise<void> {
    return this.closed ? Promise.resolve() : this.moves.next();
  }


  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    const pages = this.pages();
    try {
      for (;;) {
        // Cleared before the next read: a generator keeps its locals while it waits, and a caught-up
        // reader would otherwise hold its last page (up to a whole catch-up page) until the next event.
        let page: RecordedEvent[] | undefined = (await pages.next()).value ?? undefined;
        if (page === undefined) return;
        for (let index = 0; index < page.length; index++) {
          if (this.closed) return;
          yield page[index];
        }
        page = undefined;
      }
    } finally {
      await pages.return(undefined);
    }
  }

  async *pages(): AsyncGenerator<RecordedEvent[]> {
    const { eventTypes } = this.options;
    const filtered = eventTypes !== undefined;
    let after = this.options.after;
    let heldBackDelay = 2;
    let ahead: { page: Promise<LogPage>; seen: number } | undefined;
    let dense = false;
    let pages = 0;
    const pageSize = Math.max(1, this.options.pageSize ?? SUBSCRIPTION_PAGE);
    const minReadInterval = Math.max(0, this.options.minReadIntervalMs ?? 0);
    let lastReadAt = -Infinity;
    try {
      while (!this.closed) {
        if (filtered && pages++ % SHARE_REFRESH_PAGES === 0) dense = await this.store.isDense(eventTypes);
        // Caught up and woken again soon after the last read: wait out the rest of the interval (ADR 0261).
        if (!ahead && minReadInterval > 0) {
          const rest = lastReadAt + minReadInterval - performance.now();
          if (rest > 0) await pause(rest, this.abort.signal);
          if (this.closed) return;
        }
        // Noted before the read starts, so a wake-up during the read is not lost.
        const seen = ahead?.seen ?? this.wake.version;
        if (!ahead) lastReadAt = performance.now();
        let page: LogPage | undefined = await (ahead?.page ?? this.store.readPage(after, pageSize, eventTypes, filtered, dense));
        ahead = undefined;
        const full = page.full ?? page.events.length === pageSize;
        if (full) {
          // Catching up: read the next page while this one is handed out and applied.
          ahead = { seen: this.wake.version, page: this.store.readPage(page.coveredTo, pageSize, eventTypes, filtered, dense) };
          ahead.page.catch(() => undefined);
        }
        if (this.closed) return;
        if (page.events.length > 0) yield page.events;
        // The consumer has asked past the page's last event: everything up to coveredTo is its.
        if (page.coveredTo !== undefined) {
          after = page.coveredTo;
          this.covered = page.coveredTo;
          this.moves.signal();
        }
        // Not held while waiting for the next events (see [Symbol.asyncIterator]).
        page = undefined;
        if (full) continue;
        // Woken during the read: read again rather than ask whether anything is held back (ADR 0261).
        if (this.wake.version !== seen) continue;
        if (await this.store.hasHeldBackEvents(after)) {
          await this.wake.waitFor(seen, heldBackDelay, this.abort.signal);
          heldBackDelay = Math.min(heldBackDelay * 2, HELD_BACK_MAX_DELAY_MS);
        } else {
          heldBackDelay = 2;
          await this.wake.waitFor(seen, IDLE_RECHECK_MS, this.abort.signal);
        }
      }
    } finally {
      this.closed = true;
      this.moves.signal();
      this.onClose();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.moves.signal();
    this.onClose();
  }
}
