import type { Pool, PoolClient } from 'pg';
import type { EventStore, RecordedEvent, Statement } from '../event-store/event-store.port';
import { transactionStatements } from '../database/transaction-statements';
import { AdvisoryLocks } from './advisory-locks';
import { Batch, BatchReader, pagesOf } from './batch-reader';
import { applyContext, documentWrites, statementOf } from './batch-writes';
import { copyRows } from './copy-rows';
import { isDocumentProjection, isRowsInsert, physicalTable, type DocumentProjection, type Projection, type SqlProjection } from './projection';
import { DocumentMemory } from './document-memory';
import { copyColumns, copyValuesOf } from './table-shapes';

/**
 * One generation of one projection applied in this process, while it holds that generation's advisory
 * lock (ADR 0014). Each batch is one transaction: what the projection writes plus a compare-and-set of
 * the checkpoint. A failing event stops the projection in a visible error state and is retried with
 * backoff. The runner owns how a projection is run (ADR 0316): live, a batch's writes; replaying from
 * empty, a document projection folded in memory and written with COPY once caught up (ADR 0248), and a
 * SQL projection's inserted rows sent with COPY until its tables need their keys (ADR 0255).
 */

/** `inline`: the generation is updated in the append transactions now (ADR 0240); this runner is done. */
export type RunnerState = 'starting' | 'standby' | 'running' | 'failed' | 'stopped' | 'inline';

export interface ProjectionFailureInfo {
  eventId?: string;
  eventType?: string;
  position?: string;
  message: string;
  at: string;
  attempts: number;
  retryInMs: number;
}

export interface RunnerHost {
  pool: Pool;
  store: EventStore;
  locks: AdvisoryLocks;
  batchSize: number;
  /** Once caught up, the least time between two reads of the log (ADR 0261). */
  liveReadIntervalMs: number;
  log: { error(message: string, details: Record<string, unknown>): void; info(message: string, details: Record<string, unknown>): void };
  /** After every committed batch: wakes read-your-writes waiters. */
  progressed(): void;
  /** A building generation has drained its subscription: the engine may swap it in. Returns true once it is active. */
  tryActivate(runner: ProjectionRunner): Promise<boolean>;
  /** Creates the plain indexes a replay left out (ADR 0097); a no-op once they exist. */
  completeIndexes(runner: ProjectionRunner): Promise<number>;
  /** Adds the primary keys a replay from empty tables left out (ADR 0255); a no-op once they exist. */
  completePrimaryKeys(runner: ProjectionRunner): Promise<number>;
  /** Whether the generation's tables have their primary keys (a generation created with nothing to replay has them at once). */
  keysBuilt(runner: ProjectionRunner): Promise<boolean>;
  /** Most documents a replay keeps in memory (document-memory.ts). */
  replayDocumentsMax?: number;
  /**
   * The active generation has caught up: where the store allows it and the projection is inline,
   * switch it to the append transactions (ADR 0240). Returns true once it is inline.
   */
  goInline(runner: ProjectionRunner): Promise<boolean>;
}

/** The checkpoint moved under us or the generation was retired: another runner owns it now. */
class FencedError extends Error {
  override name = 'FencedError';
}

/** A replay that kept its documents in memory failed: it starts again from the committed checkpoint, writing per batch (ADR 0248). */
class DeferredReplayError extends Error {
  override name = 'DeferredReplayError';

  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A SQL projection's batch sent with COPY met a statement that needs its tables' keys: they are built, then its writes go as statements. */
class KeysNeededError extends Error {
  override name = 'KeysNeededError';

  constructor(readonly writes: Statement[]) {
    super("The batch needs its tables' keys");
  }
}

class EventFailedError extends Error {
  override name = 'EventFailedError';

  constructor(
    readonly event: RecordedEvent | undefined,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A projection stuck on an event is tried again at least this often, however long it has failed. */
const MAX_BACKOFF_MS = 60000;
/** PostgreSQL's refusal of an ON CONFLICT whose target has no unique constraint yet. */
const NO_CONFLICT_KEY = '42P10';

export function lockKey(name: string, generation: number): string {
  return `pulso-projection:${name}:${generation}`;
}

export class ProjectionRunner {
  state: RunnerState = 'starting';
  building = false;
  failure?: ProjectionFailureInfo;
  private readonly abort = new AbortController();
  private subscriptionClose?: () => Promise<void>;
  private running?: Promise<void>;
  private readonly handled: Set<string>;
  /** A document projection's documents kept between batches while replaying (ADR 0059); undefined once caught up. */
  private memory?: DocumentMemory;
  /** From empty, a document projection folds without writing until it has caught up (ADR 0248). */
  private deferred = false;
  /** While a replay folds without writing: the checkpoint still committed and the events folded since. */
  private deferredSince?: { checkpoint: string | undefined; events: number };
  /** From empty, a SQL projection's inserted rows go with COPY until a statement needs the tables' keys (ADR 0255). */
  private copyInserts = false;
  /** Set once this runner has seen its active generation caught up with every index in place. */
  private indexesComplete = false;
  /** Whether this runner has made sure of the primary keys a replay from empty leaves for the end (ADR 0255). */
  private primaryKeysReady = false;
  /** A replay that folded in memory failed once: this runner's later replays write per batch. */
  private noDeferral = false;

  constructor(
    private readonly host: RunnerHost,
    readonly projection: Projection,
    readonly generation: number,
  ) {
    this.handled = new Set(projection.eventTypes);
  }

  get active(): boolean {
    return this.state === 'starting' || this.state === 'running' || this.state === 'failed';
  }

  start(): Promise<void> {
    this.running ??= this.run().catch((error: unknown) => {
      this.host.log.error('Projection runner stopped unexpectedly', { projection: this.projection.name, generation: this.generation, error: String(error) });
      this.state = 'stopped';
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.subscriptionClose?.();
    await this.running;
    if (this.state !== 'standby' && this.state !== 'inline') this.state = 'stopped';
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    const key = lockKey(this.projection.name, this.generation);
    if (!(await this.host.locks.tryAcquire(key))) {
      this.state = 'standby';
      return;
    }
    let failures = 0;
    try {
      while (!this.stopped && this.state !== 'inline') {
        const row = await this.loadGeneration();
        if (!row || row.status === 'retired') break;
        if (row.inline) {
          this.state = 'inline';
          break;
        }
        this.building = row.status === 'building';
        let checkpoint = row.position ?? undefined;
        // Replaying (a rebuild, or a first fill from the start): a document projection keeps its documents
        // in memory, complete when this run starts from empty tables, and then folds without writing.
        const fromEmpty = checkpoint === undefined;
        const documents = isDocumentProjection(this.projection);
        this.memory = documents && (this.building || fromEmpty) ? new DocumentMemory(fromEmpty, this.host.replayDocumentsMax) : undefined;
        this.deferred = documents && fromEmpty && !this.noDeferral;
        this.deferredSince = undefined;
        this.copyInserts = !documents && fromEmpty && !(await this.host.keysBuilt(this));
        this.primaryKeysReady = false;
        // Filtered in the store (ADR 0026): the subscription's checkpoint carries the runner past skipped events.
        const subscription = this.host.store.subscribeToAll({
          after: checkpoint,
          eventTypes: this.projection.eventTypes,
          pageSize: this.host.batchSize,
          minReadIntervalMs: this.host.liveReadIntervalMs,
        });
        this.subscriptionClose = () => subscription.close();
        const reader = new BatchReader(pagesOf(subscription), subscription);
        try {
          if (this.stopped) break;
          this.state = 'running';
          // Already caught up (nothing of its types since): the append transactions may take over at once (ADR 0240).
          if (!this.building && (await this.host.goInline(this))) {
            this.state = 'inline';
            break;
          }
          let batch: Batch | undefined;
          for (;;) {
            // Let go of the last batch before waiting: a caught-up runner would otherwise hold a whole catch-up batch.
            batch = undefined;
            batch = await reader.next(this.host.batchSize);
            if (this.stopped) break;
            // Read right after the batch: every event up to it is in this batch or an applied one.
            const covered = this.later(batch.events.at(-1)?.position, subscription.checkpoint);
            const flushDue = this.deferredSince !== undefined && batch.drained;
            if (batch.events.length === 0 && !batch.done && this.host.store.comparePositions(covered, checkpoint) <= 0 && !flushDue) continue;
            if (batch.events.length === 0 && batch.done) break;
            // Documents folded in memory are written once the replay has reached the head of the log (ADR 0248).
            const flush = this.deferred && batch.drained && this.host.store.comparePositions(covered ?? checkpoint, await this.host.store.headPosition()) >= 0;
            checkpoint = await this.applyWithPinpointing(batch.events, checkpoint, (covered ?? checkpoint)!, flush);
            if (this.failure) {
              this.host.log.info('Projection recovered', { projection: this.projection.name, generation: this.generation });
              this.failure = undefined;
            }
            this.state = 'running';
            failures = 0;
            this.host.progressed();
            if (this.building && batch.drained && (await this.host.tryActivate(this))) this.building = false;
            // A first fill from the start left its plain indexes out until now (ADR 0097).
            if (
              !this.building &&
              batch.drained &&
              !this.indexesComplete &&
              this.host.store.comparePositions(checkpoint, await this.host.store.headPosition()) >= 0
            ) {
              await this.host.completeIndexes(this);
              this.indexesComplete = true;
            }
            // Caught up: live batches read and write what they touch; the memory would only grow.
            if (this.memory && !this.building && batch.drained && !this.deferredSince) this.memory = undefined;
            if (batch.done) break;
            // Caught up and active: the append transactions take over, where they can (ADR 0240).
            if (!this.building && batch.drained && (await this.host.goInline(this))) {
              this.state = 'inline';
              break;
            }
          }
        } catch (error) {
          this.memory = undefined;
          this.deferred = false;
          this.deferredSince = undefined;
          if (error instanceof DeferredReplayError) this.noDeferral = true;
          if (error instanceof FencedError) break;
          failures++;
          const retryInMs = Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS);
          const event = error instanceof EventFailedError ? error.event : undefined;
          const cause = error instanceof EventFailedError ? error.cause : error;
          this.failure = {
            eventId: event?.metadata.eventId,
            eventType: event?.type,
            position: event?.position,
            message: cause instanceof Error ? cause.message : String(cause),
            at: new Date().toISOString(),
            attempts: failures,
            retryInMs,
          };
          this.state = 'failed';
          this.host.log.error('Projection failed; retrying with backoff', {
            projection: this.projection.name,
            generation: this.generation,
            ...this.failure,
            stack: cause instanceof Error ? cause.stack : undefined,
          });
          await this.recordFailure().catch(() => undefined);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, retryInMs);
            this.abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
          });
        } finally {
          await subscription.close();
          this.subscriptionClose = undefined;
        }
      }
    } finally {
      await this.host.locks.release(key);
      if (this.state !== 'inline' && (this.state !== 'failed' || this.stopped)) this.state = 'stopped';
    }
  }

  private later(a: string | undefined, b: string | undefined): string | undefined {
    return this.host.store.comparePositions(a, b) >= 0 ? a : b;
  }

  /** On a failing batch, replays it one event per transaction so the culprit is named and the events before it land. */
  private async applyWithPinpointing(events: RecordedEvent[], checkpoint: string | undefined, covered: string, flush = false): Promise<string> {
    try {
      return await this.apply(events, checkpoint, covered, flush);
    } catch (error) {
      if (error instanceof FencedError || error instanceof DeferredReplayError) throw error;
      if (events.length <= 1) throw new EventFailedError(events[0], error);
      let position = checkpoint;
      for (const event of events) {
        try {
          position = await this.apply([event], position, event.position);
        } catch (single) {
          if (single instanceof FencedError) throw single;
          throw new EventFailedError(event, single);
        }
      }
      // The filter may have skipped events after the last one: move past them too.
      return this.host.store.comparePositions(covered, position) > 0 ? this.apply([], position, covered) : position!;
    }
  }

  /** Applies the batch and moves the checkpoint to `next` (past the batch's last event when the filter skipped more). */
  private async apply(events: RecordedEvent[], checkpoint: string | undefined, next: string, flush = false, prepared?: Statement[]): Promise<string> {
    const handled = events.filter((event) => this.handled.has(event.type));
    if (this.deferred) {
      try {
        this.memory!.fold(this.projection as DocumentProjection, handled);
      } catch (error) {
        throw new DeferredReplayError(error);
      }
      // Past its cap the memory is written now, and the rest of the replay goes a batch at a time.
      if (!flush && !this.memory!.full) {
        this.deferredSince ??= { checkpoint, events: 0 };
        this.deferredSince.events += events.length;
        return next;
      }
    } else if (!this.copyInserts && !this.primaryKeysReady) {
      // Written as live batches are (ON CONFLICT): the keys a replay from empty leaves for the end are needed now.
      await this.host.completePrimaryKeys(this);
      this.primaryKeysReady = true;
    }
    const client = await this.host.pool.connect();
    const statements = transactionStatements(client);
    try {
      // Read model and checkpoint are lost or kept together, and the events are durable already:
      // a batch lost in a server crash is simply projected again, so it need not wait for its WAL flush.
      // One round trip for both (a simple query of two statements).
      await client.query('BEGIN; SET LOCAL synchronous_commit = off');
      if (this.deferred) await this.flushMemory(client);
      else if (prepared) await Promise.all(prepared.map((write) => statements.run(write.text, write.values as unknown[] | undefined)));
      else if (handled.length > 0) await this.write(handled, client, statements.run);
      await statements.close();
      const from = this.deferredSince ? this.deferredSince.checkpoint : checkpoint;
      const moved = await client.query(
        `UPDATE projection_generations
            SET position = $3, processed = processed + $5, last_error = NULL, updated_at = now()
          WHERE name = $1 AND generation = $2 AND position IS NOT DISTINCT FROM $4 AND status <> 'retired' AND NOT inline`,
        [this.projection.name, this.generation, next, from ?? null, events.length + (this.deferredSince?.events ?? 0)],
      );
      if (moved.rowCount !== 1) {
        await client.query('ROLLBACK');
        throw new FencedError(`Checkpoint of ${this.projection.name}#${this.generation} moved or the generation was retired`);
      }
      await client.query('COMMIT');
      this.deferredSince = undefined;
      return next;
    } catch (error) {
      // Nothing issued may run after the rollback (ADR 0259).
      await statements.close().catch(() => undefined);
      if (!(error instanceof FencedError)) await client.query('ROLLBACK').catch(() => undefined);
      // Documents folded in memory are lost with it: the replay restarts from the committed checkpoint (ADR 0248).
      if (!(error instanceof FencedError) && (this.deferred || this.deferredSince)) throw new DeferredReplayError(error);
      // The batch may have folded into the memory: later batches read the committed tables back.
      if (this.memory) this.memory = new DocumentMemory(false, this.host.replayDocumentsMax);
      if (error instanceof KeysNeededError) {
        // Its reads were made against the committed tables, which only this runner writes: its writes still hold.
        await this.host.completePrimaryKeys(this);
        this.primaryKeysReady = true;
        this.copyInserts = false;
        return this.apply(events, checkpoint, next, flush, error.writes);
      }
      throw error;
    } finally {
      client.release();
    }
  }

  /** Writes every document folded so far with COPY; the memory then serves the rest of the replay, unless it is full. */
  private async flushMemory(client: PoolClient): Promise<void> {
    const memory = this.memory!;
    await memory.copyAll(this.projection as DocumentProjection, this.generation, client);
    this.deferred = false;
    this.memory = memory.full ? undefined : memory;
  }

  /** A batch's writes in its transaction: a document projection's changed rows, or what a SQL projection answers. */
  private async write(events: RecordedEvent[], client: PoolClient, run: (sql: string, params?: unknown[]) => Promise<unknown>): Promise<void> {
    const projection = this.projection;
    const writes: Statement[] = isDocumentProjection(projection)
      ? await documentWrites(projection, this.generation, events, run, this.memory)
      : await this.sqlWrites(projection, events, client, run);
    await Promise.all(writes.map((write) => run(write.text, write.values as unknown[] | undefined)));
  }

  /**
   * A SQL projection's writes. While `copyInserts` they are sent here, in order: inserted rows with COPY,
   * statements as they are; one the database refuses for want of a key (an ON CONFLICT without its
   * constraint) sends the batch again once the keys are built.
   */
  private async sqlWrites(
    projection: SqlProjection,
    events: RecordedEvent[],
    client: PoolClient,
    run: (sql: string, params?: unknown[]) => Promise<unknown>,
  ): Promise<Statement[]> {
    const writes = await projection.apply(events, applyContext(projection, this.generation, run));
    // Built only when they are sent: while COPY carries the rows, their JSON would be garbage.
    const statements = () => writes.map((write) => statementOf(projection, this.generation, write));
    if (!this.copyInserts) return statements();
    try {
      for (const write of writes) {
        if (!isRowsInsert(write)) {
          await run(write.text, write.values as unknown[] | undefined);
          continue;
        }
        const shape = projection.tables[write.insert]!;
        await copyRows(client, physicalTable(write.insert, this.generation), copyColumns(shape), write.rows.map(copyValuesOf(shape)));
      }
    } catch (error) {
      if ((error as { code?: string }).code === NO_CONFLICT_KEY) throw new KeysNeededError(statements());
      throw error;
    }
    return [];
  }

  private async loadGeneration(): Promise<{ status: string; position: string | null; inline: boolean } | undefined> {
    const result = await this.host.pool.query<{ status: string; position: string | null; inline: boolean }>(
      'SELECT status, position, inline FROM projection_generations WHERE name = $1 AND generation = $2',
      [this.projection.name, this.generation],
    );
    return result.rows[0];
  }

  private async recordFailure(): Promise<void> {
    await this.host.pool.query('UPDATE projection_generations SET last_error = $3, updated_at = now() WHERE name = $1 AND generation = $2', [
      this.projection.name,
      this.generation,
      JSON.stringify(this.failure),
    ]);
  }
}
