import type { EventActor } from '../../infrastructure/event-store/event-store.port';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module';
import { PersonalDataPolicy } from '../../infrastructure/privacy/personal-data-policy';
import { DomainError } from '../../shared/domain-error';
import { MEMBER_STREAM_PREFIX } from '../members/member.events';
import { ACTIVITY_LOG } from './staff-activity.projection';

export interface LogFilters {
  /** A member's user id: their `member-{id}` stream. */
  member?: string;
  /** Any stream id, e.g. `free-class-booking-{id}` or `staff-{id}`. */
  stream?: string;
  types?: string[];
  /** Inclusive lower bound on the time the event happened (`occurredAt`). */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Part of a member's name or email (local accounts). */
  q?: string;
}

export interface LogEntry {
  eventId: string;
  /** The store's position of the event (opaque, as the store gives it). */
  position: string;
  streamId: string;
  revision: string;
  type: string;
  occurredAt: string | null;
  actor: EventActor | null;
  correlationId: string | null;
  causationId: string | null;
  schemaVersion: number | null;
  data: unknown;
  metadata: Record<string, unknown>;
  member: { userId: string; name: string; email: string } | null;
}

const CURSOR = /^\d{1,19}$/;
const MAX_BIGINT = 9223372036854775807n;
const MAX_SEARCH_MATCHES = 500;

interface Row {
  seq: string;
  position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  event_type: string;
  occurred_at: Date | null;
  data: unknown;
  metadata: Record<string, unknown> & { actor?: EventActor; occurredAt?: string };
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

const SELECT = `SELECT e.seq::text AS seq, e.position, e.stream_id, e.revision::text AS revision, e.event_id::text AS event_id, e.event_type,
         e.occurred_at, e.data, e.metadata, a.first_name, a.last_name, a.email`;
const MEMBER_ID = `substr(e.stream_id, ${MEMBER_STREAM_PREFIX.length + 1})`;
// Local accounts are keyed by uuid: a primary-key lookup per row of the page (other ids, e.g. an external provider's, match nobody).
const MEMBER_JOIN = `LEFT JOIN identity_accounts a ON e.stream_id LIKE '${MEMBER_STREAM_PREFIX}%'
  AND a.id = (CASE WHEN ${MEMBER_ID} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${MEMBER_ID}::uuid END)`;

/**
 * The global event log as staff read it (ADR 0087): the `staff_activity` read model,
 * filled from the event-store port whichever store is configured. Newest first by `seq`
 * (the log's order), keyset-paged by `seq`, filtered in SQL on indexes that hold that
 * order; a view bounded by dates is newest first by the time the event happened
 * (`occurred_at`, then `seq`), which its index holds.
 */
@Injectable()
export class ActivityLog {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly policy: PersonalDataPolicy,
  ) {}

  /** One page, newest first; `nextCursor` (an opaque order key) is what to pass as `before` for the next page. */
  async page(filters: LogFilters, before: string | undefined, limit: number): Promise<{ items: LogEntry[]; nextCursor: string | null }> {
    const streams = await this.streamsOf(filters);
    if (streams && streams.length === 0) return { items: [], nextCursor: null };
    const byTime = filters.from !== undefined || filters.to !== undefined;
    const order = (alias: string) => `${byTime ? `${alias}occurred_at DESC, ` : ''}${alias}seq DESC`;
    const params: unknown[] = [];
    const where: string[] = [];
    if (filters.types?.length) {
      params.push(filters.types);
      // With a stream filter the stream's own index is the short path: `|| ''` keeps the planner off the type index.
      where.push(streams ? `e.event_type || '' = ANY ($${params.length})` : `e.event_type = ANY ($${params.length})`);
    }
    if (filters.from) {
      params.push(filters.from);
      where.push(`e.occurred_at >= $${params.length}`);
    }
    if (filters.to) {
      params.push(filters.to);
      where.push(`e.occurred_at < $${params.length}`);
    }
    if (before !== undefined) {
      if (!CURSOR.test(before) || BigInt(before) > MAX_BIGINT)
        throw new DomainError('invalid', 'El cursor de página debe ser una posición del registro devuelta por la página anterior.');
      params.push(BigInt(before).toString());
      const seq = `$${params.length}::bigint`;
      where.push(
        byTime
          ? // The cursor stays the order key: its time is one primary-key lookup (no row, no page).
            `(e.occurred_at, e.seq) < ((SELECT c.occurred_at FROM ${ACTIVITY_LOG} c WHERE c.seq = ${seq}), ${seq})`
          : `e.seq < ${seq}`,
      );
    }
    params.push(limit + 1);
    const limitParam = `$${params.length}`;
    const conditions = (extra: string[] = []) => {
      const all = [...extra, ...where];
      return all.length ? `WHERE ${all.join(' AND ')}` : '';
    };
    const keyColumns = `${byTime ? 'e.occurred_at, ' : ''}e.seq`;
    // The page is chosen on narrow keys (index-only where it can), then its rows are fetched by primary key.
    let keys: string;
    if (streams) {
      // Each stream's newest matching events from its own index, merged: exact, and never a walk of the whole log.
      params.push(streams);
      keys = `SELECT k.* FROM unnest($${params.length}::text[]) AS s(stream_id)
        CROSS JOIN LATERAL (
          SELECT ${keyColumns} FROM ${ACTIVITY_LOG} e ${conditions(['e.stream_id = s.stream_id'])}
          ORDER BY ${order('e.')} LIMIT ${limitParam}
        ) k ORDER BY ${order('k.')} LIMIT ${limitParam}`;
    } else {
      // Without a period: a backward walk of the primary key (or of the type's index). With one: a backward
      // walk of the occurred_at index from the period's end, index-only, the type read from the index too.
      keys = `SELECT ${keyColumns} FROM ${ACTIVITY_LOG} e ${conditions()} ORDER BY ${order('e.')} LIMIT ${limitParam}`;
    }
    const sql = `${SELECT} FROM (${keys}) k
      JOIN ${ACTIVITY_LOG} e ON e.seq = k.seq
      ${MEMBER_JOIN} ORDER BY ${order('e.')}`;
    const { rows } = await this.pool.query<Row>(sql, params);
    const items = await this.revealed(rows.slice(0, limit).map(toEntry));
    return { items, nextCursor: rows.length > limit ? rows[limit - 1].seq : null };
  }

  async event(eventId: string): Promise<LogEntry> {
    const { rows } = await this.pool.query<Row>(`${SELECT} FROM ${ACTIVITY_LOG} e ${MEMBER_JOIN} WHERE e.event_id = $1`, [eventId]);
    if (!rows[0]) throw new DomainError('not-found', 'Evento no encontrado.');
    return (await this.revealed([toEntry(rows[0])]))[0];
  }

  /** A staff export's search terms are stored sealed (ADR 0281): staff read them while the member's key lives, "[borrado]" after. */
  private async revealed(entries: LogEntry[]): Promise<LogEntry[]> {
    for (const entry of entries) if (entry.type === 'StaffExportDownloaded') entry.data = await this.policy.reveal(entry.data);
    return entries;
  }

  /** Walks every page of a filtered view (for the CSV export): one page in memory at a time. */
  async *all(filters: LogFilters, pageSize = 1000): AsyncGenerator<LogEntry[]> {
    let before: string | undefined;
    for (;;) {
      const page = await this.page(filters, before, pageSize);
      if (page.items.length) yield page.items;
      if (!page.nextCursor) return;
      before = page.nextCursor;
    }
  }

  /** Streams to read: undefined for all; an empty list when the search matches nobody. */
  private async streamsOf(filters: LogFilters): Promise<string[] | undefined> {
    let streams: string[] | undefined;
    const narrow = (list: string[]) => {
      streams = streams === undefined ? list : streams.filter((stream) => list.includes(stream));
    };
    if (filters.member) narrow([`${MEMBER_STREAM_PREFIX}${filters.member}`]);
    if (filters.stream) narrow([filters.stream]);
    if (filters.q) narrow((await this.membersMatching(filters.q)).map((id) => `${MEMBER_STREAM_PREFIX}${id}`));
    return streams;
  }

  /** The members a search term finds: part of their email or full name (local accounts), at most `limit`. */
  async membersMatching(q: string, limit = MAX_SEARCH_MATCHES): Promise<string[]> {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id::text AS id FROM identity_accounts
        WHERE lower(email) LIKE $1 OR lower(first_name || ' ' || last_name) LIKE $1 LIMIT $2`,
      [pattern, limit],
    );
    return rows.map((row) => row.id);
  }
}

function toEntry(row: Row): LogEntry {
  const metadata = row.metadata ?? {};
  return {
    eventId: row.event_id,
    position: row.position,
    streamId: row.stream_id,
    revision: row.revision,
    type: row.event_type,
    occurredAt: row.occurred_at?.toISOString() ?? null,
    actor: metadata.actor ?? null,
    correlationId: typeof metadata.correlationId === 'string' ? metadata.correlationId : null,
    causationId: typeof metadata.causationId === 'string' ? metadata.causationId : null,
    schemaVersion: typeof metadata.schemaVersion === 'number' ? metadata.schemaVersion : null,
    data: row.data,
    metadata,
    member:
      row.email !== null
        ? { userId: row.stream_id.slice(MEMBER_STREAM_PREFIX.length), name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email }
        : null,
  };
}
