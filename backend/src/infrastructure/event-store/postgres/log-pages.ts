import type { CustomTypesConfig, Pool } from 'pg';
import type { EventMetadata, RecordedEvent } from '../event-store.port';
import type { Upcast } from '../upcasters';
import { LruCache } from '../../lru-cache';
import { mapError } from './postgres-errors';

/**
 * Reading the log in its global order (ADRs 0010, 0026, 0249): what every read of the PostgreSQL store
 * goes through. The order is (transaction_id, global_position); a reader only takes events of
 * transactions below `pg_snapshot_xmin` of its own snapshot (the horizon): every transaction that could
 * still commit has a higher xid, so nothing can later appear behind a position already handed out. A
 * position is that pair, zero-padded (`00000000000000000771-0000000000000000042`), so it also sorts as
 * text. A filtered read asks SQL for its types only; types that are most of the log are read as whole
 * pages, shared by the readers replaying side by side and filtered here.
 */

// Read with RAW_TEXT: every value arrives as the server's own text, numbers and payloads alike, so
// the SQL needs no `::text` casts (two copies per value on the server, ADR 0276) and ORDER BY tx, gp
// sorts by xid8 and bigint. Payloads are the stored JSON text (ADR 0018), parsed when the row is read.
export const EVENT_COLUMNS = 'transaction_id AS tx, global_position AS gp, stream_id, stream_revision AS revision, event_type, data, metadata';
/** No type parser at all, whatever global ones are installed (Emmett installs some): each value stays the text the server sent. */
export const RAW_TEXT: CustomTypesConfig = { getTypeParser: () => (value: string) => value };
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
/** Full pages kept for other dense readers starting from the same position: projections replaying together read each page once. */
const SHARED_PAGES = 3;
/** How long a shared full page waits for readers that have not asked for it yet: they ask within moments of each other. */
const SHARED_PAGE_KEEP_MS = 30_000;

export interface EventRow {
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

/** A page of every type as its readers share it: each row becomes an event the first time a reader wants its type (ADR 0273). */
interface DensePage {
  rows: EventRow[];
  events: Array<RecordedEvent | undefined>;
  coveredTo?: string;
  full: boolean;
}

export function postgresPosition(transactionId: string, globalPosition: string): string {
  return `${transactionId.padStart(20, '0')}-${globalPosition.padStart(19, '0')}`;
}

export function parsePosition(position: string | undefined): [string, string] {
  if (position === undefined) return ['0', '0'];
  const match = /^(\d{1,20})-(\d{1,19})$/.exec(position);
  if (!match) throw new TypeError(`Not a PostgreSQL event-store position: ${position}`);
  return [BigInt(match[1]).toString(), BigInt(match[2]).toString()];
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
 * The page query (ADR 0026). With a filter and few types, one ordered scan per type on
 * (event_type, transaction_id, global_position) merged by the planner, so a projection of two rare
 * types never walks the whole log. With `withHead`, every row also carries the newest position below
 * the same horizon (one snapshot for both), and an empty page still returns one row for it.
 */
function pageSql(types: readonly string[] | undefined, withHead: boolean): string {
  const range = `(transaction_id, global_position) > ($1::xid8, $2::bigint) AND ${HORIZON}`;
  const order = 'ORDER BY transaction_id, global_position LIMIT $3';
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

/** Positions are fixed width, so text order is log order; `undefined` is the start. */
export function comparePositions(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return a < b ? -1 : 1;
}

export class LogPages {
  /** Recent unfiltered pages by `after|size`, full ones only once read. */
  private readonly sharedPages = new LruCache<string, Promise<DensePage>>({ maxEntries: SHARED_PAGES, ttlMs: SHARED_PAGE_KEEP_MS });

  constructor(
    private readonly pool: Pool,
    private readonly upcast: Upcast,
  ) {}

  /** A row as its readers get it: plain, upcast to the newest shape. */
  toEvent(row: EventRow): RecordedEvent {
    return this.upcast(eventOf(row));
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
    const events = rows.map((row) => this.toEvent(row));
    const last = events.length > 0 ? events[events.length - 1].position : undefined;
    if (maxCount !== undefined && events.length >= maxCount) return { events, coveredTo: last };
    const head = withHead && result.rows[0]?.head_tx ? postgresPosition(result.rows[0].head_tx, result.rows[0].head_gp!) : undefined;
    const coveredTo = head !== undefined && comparePositions(head, last) > 0 ? head : last;
    return { events, coveredTo: coveredTo !== undefined && comparePositions(coveredTo, after) > 0 ? coveredTo : undefined };
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
    let read = this.sharedPages.get(key);
    if (!read) {
      const [transactionId, globalPosition] = parsePosition(after);
      read = this.pool
        .query<EventRow>({ text: pageSql(undefined, false), values: [transactionId, globalPosition, size], types: RAW_TEXT })
        .then((result): DensePage => {
          const last = result.rows.at(-1);
          return {
            rows: result.rows,
            events: new Array<RecordedEvent | undefined>(result.rows.length),
            coveredTo: last ? postgresPosition(last.tx, last.gp) : undefined,
            full: result.rows.length === size,
          };
        });
      this.share(key, read);
    }
    const page = await read.catch((error: unknown) => Promise.reject(mapError(error)));
    const wanted = new Set(types);
    const events: RecordedEvent[] = [];
    // Shared by the page's readers: none may change an event it is given (the encryption decrypts into a new one).
    page.rows.forEach((row, index) => {
      if (wanted.has(row.event_type)) events.push((page.events[index] ??= this.toEvent(row)));
    });
    return { events, coveredTo: page.coveredTo, full: page.full };
  }

  /**
   * Keeps a dense page for the readers a few moments behind, then lets it go even if nobody asks again
   * (ADR 0257). The timer holds the key and a weak reference, never the page: a method of its own, so
   * that no closure of the reading method (its page, the events it handed out) rides along for 30 s;
   * a replay would otherwise keep every page it read in that time.
   */
  private share(key: string, read: Promise<DensePage>): void {
    this.sharedPages.set(key, read);
    const held = new WeakRef(read);
    const forget = () => {
      const page = held.deref();
      if (page) this.sharedPages.deleteIfHolding(key, page);
    };
    read.then((loaded) => (loaded.full ? setTimeout(forget, SHARED_PAGE_KEEP_MS).unref() : forget()), forget);
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

  /** Whether committed events of these types wait beyond the readers' horizon (an inline switch waits for them). */
  async typesHeldBack(eventTypes: readonly string[]): Promise<boolean> {
    const result = await this.pool.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM event_store_events
                       WHERE transaction_id >= (SELECT pg_snapshot_xmin(pg_current_snapshot())) AND event_type = ANY ($1)) AS held`,
      [[...eventTypes]],
    );
    return result.rows[0].held;
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
      ? await this.pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM event_store_events WHERE event_type = ANY ($1) AND ${HORIZON}`, [
          [...eventTypes],
        ])
      : await this.pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM event_store_events WHERE ${HORIZON}`);
    return Number(result.rows[0].count);
  }
}
