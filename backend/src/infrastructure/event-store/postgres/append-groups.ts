import { DatabaseError, Pool, type PoolClient, type PoolConfig, type QueryResult } from 'pg';
import { transactionStatements } from '../../database/transaction-statements';
import {
  InlineProjectionError,
  type EventMetadata,
  type NewEvent,
  type PreCommitHook,
  type ProjectionWrite,
  type RecordedEvent,
  type UnitOfWork,
} from '../event-store.port';
import { GroupCommit } from './group-commit';
import type { Upcast } from '../upcasters';
import { postgresPosition } from './log-pages';
import { isTransient } from './postgres-errors';

/**
 * How appends reach PostgreSQL. Appends that arrive while another is in flight commit together as
 * the next group (ADR 0250, `group-commit.ts`): in one statement when none fails (ADR 0260), else each
 * in a subtransaction of its own so it fails alone. With a pre-commit hook (inline projections, ADR
 * 0315) a group is one transaction on a pipelined connection of its own: the BEGIN, the hook's opening
 * and the appends in one round trip, the hook's reads, then its writes with the COMMIT. Whatever fails
 * the group's transaction itself sends its appends again one by one.
 */

const EXPECTED_CODE = { any: '-1', 'no-stream': '-2', 'stream-exists': '-3' } as const;
// Every number is read as text, so results do not depend on global pg type parsers (Emmett installs some).
const APPEND_SQL =
  'SELECT next_revision::text AS next_revision, transaction_id::text AS tx, global_position::text AS gp FROM event_store_append($1, $2, $3, $4, $5, $6)';
const APPEND_GROUP_SQL = `SELECT ordinal, next_revision::text AS next_revision, transaction_id::text AS tx, global_position::text AS gp,
         error_code, error_detail, error_constraint, error_message
    FROM event_store_append_group($1, $2, $3, $4, $5, $6, $7) ORDER BY ordinal`;
const APPEND_GROUP_AT_ONCE_SQL = `SELECT next_revision::text AS next_revision, transaction_id::text AS tx, global_position::text AS gp
    FROM event_store_append_group_at_once($1, $2, $3, $4, $5, $6, $7) ORDER BY ordinal`;
/** Most appends in one group: each takes a subtransaction, and PostgreSQL caches 64 subtransaction ids per transaction. */
const APPEND_GROUP_MAX = 32;
/** Most groups in flight without a hook: one group's single statement is short, and the next group forms behind it. */
const APPEND_GROUPS_IN_FLIGHT = 1;
/**
 * With a hook each group is three round trips on its own connection: one at a time would queue every
 * member write of the process behind the slowest, so up to this many run side by side and groups form
 * only once they are all busy.
 */
const HOOKED_GROUPS_IN_FLIGHT = 4;

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

/** One append waiting for its group: the values are those of `event_store_append`. */
interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  values: unknown[];
}

/** Where an append landed, and the projections its transaction wrote. */
export interface Appended {
  nextRevision: bigint;
  position: string;
  inline?: readonly string[];
}

export interface AppendGroupOptions {
  /** Most appends per group (at most 32). */
  maxGroup?: number;
  /** Most groups in flight: 1 without a hook, 4 with one. */
  maxInFlight?: number;
}

function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/** The parameters of `event_store_append_group` and its at-once variant: per append its stream, expected revision and count, then every event's columns. */
function groupValues(group: readonly PendingAppend[]): unknown[] {
  const column = (index: number) => group.flatMap((append) => append.values[index] as unknown[]);
  return [
    group.map((append) => append.streamId),
    group.map((append) => append.values[1]),
    group.map((append) => append.events.length),
    column(2),
    column(3),
    column(4),
    column(5),
  ];
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
function outcomesOf(group: readonly PendingAppend[], rows: Array<AppendRow | AppendGroupRow>): Array<PromiseSettledResult<AppendRow>> {
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

export class AppendGroups {
  private readonly plain: GroupCommit<PendingAppend, AppendRow & { inline?: readonly string[] }>;
  private hooked?: GroupCommit<PendingAppend, AppendRow & { inline?: readonly string[] }>;
  private hook?: PreCommitHook<unknown>;
  /** The hooked appends' own connections, pipelined (ADR 0259): what a transaction issues together goes in one round trip. */
  private hookPool?: Pool;

  constructor(
    private readonly pool: Pool,
    private readonly upcast: Upcast,
    private readonly options: AppendGroupOptions = {},
  ) {
    this.plain = new GroupCommit((group) => this.appendGroup(group), { maxGroup: this.maxGroup, maxInFlight: options.maxInFlight ?? APPEND_GROUPS_IN_FLIGHT });
  }

  private get maxGroup(): number {
    return Math.min(this.options.maxGroup ?? APPEND_GROUP_MAX, APPEND_GROUP_MAX);
  }

  /** Appends the events, grouped with the appends that arrive while another is in flight; alone when idle. */
  async submit(streamId: string, events: readonly NewEvent[], expectedRevision: bigint | keyof typeof EXPECTED_CODE): Promise<Appended> {
    const expected = typeof expectedRevision === 'bigint' ? expectedRevision.toString() : EXPECTED_CODE[expectedRevision];
    const values = [
      streamId,
      expected,
      events.map((event) => event.metadata.eventId),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata)),
    ];
    const row = await (this.hooked ?? this.plain).submit({ streamId, events, values });
    return { nextRevision: BigInt(row.next_revision), position: postgresPosition(row.tx, row.gp), inline: row.inline };
  }

  /** From now on every append runs `hook` in its transaction. */
  useHook(hook: PreCommitHook<unknown>): void {
    this.hook = hook;
    const maxInFlight = this.options.maxInFlight ?? HOOKED_GROUPS_IN_FLIGHT;
    // As many connections as groups run side by side; a failed group's appends retried alone share them.
    this.hookPool ??= new Pool({ ...this.pool.options, max: maxInFlight, pipeline: true } as PoolConfig);
    // An idle connection losing its server must not crash the process (as the shared pool).
    this.hookPool.on('error', () => undefined);
    this.hooked ??= new GroupCommit((group) => this.appendGroup(group), { maxGroup: this.maxGroup, maxInFlight });
  }

  async close(): Promise<void> {
    await this.hookPool?.end();
  }

  /**
   * One outcome per append in the order given. The appends go in stream order (each stream's in
   * arrival order), so that two processes' groups take the streams' row locks in the same order.
   */
  private async appendGroup(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendRow & { inline?: readonly string[] }>>> {
    if (group.length === 1) return [await settle(this.appendAlone(group[0]))];
    const order = group
      .map((_, index) => index)
      .sort((a, b) => (group[a].streamId < group[b].streamId ? -1 : group[a].streamId > group[b].streamId ? 1 : a - b));
    const ordered = order.map((index) => group[index]);
    let outcomes: Array<PromiseSettledResult<AppendRow & { inline?: readonly string[] }>>;
    try {
      outcomes = this.hook ? await this.appendWithHook(ordered) : await this.appendAtOnce(ordered);
    } catch {
      outcomes = await this.appendEachAlone(ordered);
    }
    const answers = new Array<PromiseSettledResult<AppendRow & { inline?: readonly string[] }>>(group.length);
    order.forEach((index, position) => (answers[index] = outcomes[position]));
    return answers;
  }

  /** One append in a transaction of its own: an idle store's path, and a failed group's fallback. */
  private async appendAlone(append: PendingAppend): Promise<AppendRow & { inline?: readonly string[] }> {
    if (!this.hook) return (await this.pool.query<AppendRow>({ name: 'event_store_append', text: APPEND_SQL, values: append.values })).rows[0];
    const [outcome] = await this.appendWithHook([append]);
    if (outcome!.status === 'rejected') throw outcome!.reason;
    return outcome!.value;
  }

  /** A failed group's appends, each in a transaction of its own: streams side by side, each stream's in arrival order. */
  private async appendEachAlone(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendRow & { inline?: readonly string[] }>>> {
    const outcomes = new Array<PromiseSettledResult<AppendRow & { inline?: readonly string[] }>>(group.length);
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
   * subtransaction, one INSERT); if any append fails there, the whole group again through
   * `event_store_append_group`, whose subtransactions answer each append's own outcome.
   */
  private async appendAtOnce(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendRow>>> {
    const values = groupValues(group);
    try {
      const atOnce = await this.pool.query<AppendRow>({ name: 'event_store_append_group_at_once', text: APPEND_GROUP_AT_ONCE_SQL, values });
      return outcomesOf(group, atOnce.rows);
    } catch (error) {
      // A transient failure fails the group (each append then goes alone); any other is one append's own.
      if (!(error instanceof DatabaseError) || isTransient(error)) throw error;
    }
    const { rows } = await this.pool.query<AppendGroupRow>({ name: 'event_store_append_group', text: APPEND_GROUP_SQL, values });
    return outcomesOf(group, rows);
  }

  /**
   * Appends (one, or a group in `event_store_append_group`, ADR 0266) in a transaction with the
   * pre-commit hook (ADR 0315): the BEGIN, the hook's opening and the append in one round trip; the
   * hook's reads over every appended event; its writes with the COMMIT. A failure of the hook or of
   * one of its writes rolls the whole transaction back; an append's own refusal fails it alone.
   */
  private async appendWithHook(group: PendingAppend[]): Promise<Array<PromiseSettledResult<AppendRow & { inline?: readonly string[] }>>> {
    const hook = this.hook!;
    const client = await this.hookPool!.connect();
    let open = true;
    try {
      // Issued together: on the pipelined connection they leave in one round trip.
      const begun = client.query('BEGIN');
      const opened = hook.open(client);
      const appended =
        group.length === 1
          ? client.query<AppendRow>({ name: 'event_store_append', text: APPEND_SQL, values: group[0].values })
          : client.query<AppendGroupRow>({ name: 'event_store_append_group', text: APPEND_GROUP_SQL, values: groupValues(group) });
      const [began, openedOutcome, appendOutcome] = await Promise.allSettled([begun, opened, appended]);
      if (began.status === 'rejected') throw began.reason;
      if (openedOutcome.status === 'rejected') throw openedOutcome.reason;
      if (appendOutcome.status === 'rejected') throw appendOutcome.reason;
      const outcomes = outcomesOf(group, appendOutcome.value.rows);
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
      return outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? { status: 'fulfilled', value: { ...outcome.value, inline: work.projections } } : outcome,
      );
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  /** The events of an append as the hook reads them; one position for all, the append's (see `PreCommitHook.beforeCommit`). */
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
}
