import type { PoolClient } from 'pg';
import { transactionStatements } from '../database/transaction-statements';
import {
  InlineProjectionError,
  type AppendTransaction,
  type EventStore,
  type InlineSupport,
  type PreCommitHook,
  type ProjectionWrite,
  type RecordedEvent,
  type UnitOfWork,
} from '../event-store/event-store.port';
import { batchWrites } from './batch-writes';
import type { Generations } from './generations';
import type { Projection } from './projection';
import type { RunnerHost } from './projection-runner';

/**
 * Inline projections (ADR 0240): read models a member's next screen reads are written in the append's
 * own transaction once their generation has caught up, so a member never waits for them. This file is
 * both halves: the store's pre-commit hook that writes them (ADR 0315), and the switch that moves a
 * caught-up generation into the appends under a lock no append holds meanwhile.
 */

/**
 * Appends take this lock shared, first thing in their transaction; a generation goes inline
 * under it exclusively, so that no append is open while it does (ADR 0240). A constant in
 * the SQL: the lock and the read of the inline generations then go in one round trip.
 */
export const INLINE_LOCK_SQL = "hashtextextended('pulso-projections-inline', 0)";

interface InlineGeneration {
  name: string;
  generation: number;
  version: number;
}

/**
 * The append-side half of inline projections (ADRs 0240, 0315), as the event store's pre-commit hook:
 * in every append transaction, the active generations marked inline get the appended events through
 * the same batch code a runner uses (`batch-writes.ts`), and what they write leaves with the append's
 * COMMIT.
 */
export class InlineProjections implements PreCommitHook<InlineGeneration[]> {
  constructor(private readonly projections: ReadonlyMap<string, Projection>) {}

  /**
   * The shared lock, then the inline generations: two statements in one round trip, so the read takes
   * its snapshot after the lock is granted, or it could miss a generation that went inline while this
   * append waited for it.
   */
  async open(transaction: AppendTransaction): Promise<InlineGeneration[]> {
    const results = (await transaction.query(
      `SELECT pg_advisory_xact_lock_shared(${INLINE_LOCK_SQL}); SELECT name, generation, version FROM projection_generations WHERE inline AND status = 'active' ORDER BY name`,
    )) as unknown as Array<{ rows: InlineGeneration[] }>;
    return results[1].rows;
  }

  /**
   * Applies the events to every inline generation: the handlers run side by side on the one
   * connection, their reads issued together (ADR 0259), and answer their writes, which the store sends
   * with the COMMIT. All are awaited, and so is every read they issued, before a failure is reported:
   * nothing runs after the rollback.
   */
  async beforeCommit(transaction: AppendTransaction, events: RecordedEvent[], generations: InlineGeneration[]): Promise<UnitOfWork> {
    const projections: string[] = [];
    const writes: ProjectionWrite[][] = [];
    const running: Array<Promise<void>> = [];
    const statements = transactionStatements(transaction);
    for (const row of generations) {
      const projection = this.projections.get(row.name);
      // Another version of the code runs it (a deployment under way): that version keeps it.
      if (!projection || projection.version !== row.version) continue;
      projections.push(projection.name);
      const handled = events.filter((event) => projection.eventTypes.includes(event.type));
      if (handled.length === 0) continue;
      const own: ProjectionWrite[] = [];
      writes.push(own);
      running.push(
        batchWrites(projection, row.generation, handled, statements.run).then(
          (answered) => {
            for (const write of answered) own.push({ ...write, projection: projection.name });
          },
          (error: unknown) => {
            throw new InlineProjectionError(projection.name, { cause: error });
          },
        ),
      );
    }
    const outcomes = await Promise.allSettled(running);
    await statements.close();
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return { writes: writes.flat(), projections };
  }
}

/** Events an inline switch reads per page of the log's tail: the tail is short (INLINE_SWITCH_MAX_BEHIND), this only bounds a page. */
const INLINE_TAIL_PAGE = 5000;
/** Most events of its types a generation may be behind when it switches to inline: the tail is applied while appends wait. */
export const INLINE_SWITCH_MAX_BEHIND = 500;
/** How long an inline switch waits, holding appends, for committed events to come within readers' reach. */
const INLINE_HELD_BACK_WAIT_MS = 200;

/**
 * Moving a generation into the append transactions and back out (ADR 0240), under the inline lock
 * taken exclusively: no append is open while it holds, and none starts.
 */
export class InlineSwitch {
  constructor(
    private readonly store: EventStore,
    private readonly support: InlineSupport,
    private readonly generations: Generations,
    private readonly log: RunnerHost['log'],
  ) {}

  /**
   * Switches a caught-up active generation into the append transactions. Every append committed
   * before is in the log, so once readers can see all of them (bounded wait), the tail after the
   * checkpoint is applied here and the generation is marked inline, in one transaction. From then on
   * each append applies it before it commits. Answers true once it is inline.
   */
  async goInline(projection: Projection, generation: number): Promise<boolean> {
    if (projection.lifecycle !== 'inline') return false;
    // Close enough to the head that the tail applied while appends wait is at most a page of its events: a
    // writer that never pauses keeps the head moving, so waiting for the checkpoint to equal it could wait forever.
    const after = await this.generations.positionOf(projection, generation);
    const behind = await this.store.readAll({ after, maxCount: INLINE_SWITCH_MAX_BEHIND + 1, eventTypes: projection.eventTypes });
    if (behind.length > INLINE_SWITCH_MAX_BEHIND) return false;
    // The runner stops once inline: the plain indexes a replay left out (ADR 0097) are built now, before the switch.
    await this.generations.completeIndexes(projection, generation);
    return this.generations.inTransaction(async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${INLINE_LOCK_SQL})`);
      const deadline = Date.now() + INLINE_HELD_BACK_WAIT_MS;
      while (await this.support.heldBack(projection.eventTypes)) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const row = (
        await client.query<{ status: string; position: string | null; inline: boolean }>(
          'SELECT status, position, inline FROM projection_generations WHERE name = $1 AND generation = $2 FOR UPDATE',
          [projection.name, generation],
        )
      ).rows[0];
      if (!row || row.status !== 'active' || row.inline) return row?.inline === true && row.status === 'active';
      let position = row.position ?? undefined;
      let applied = 0;
      const statements = transactionStatements(client);
      try {
        for (;;) {
          const tail = await this.store.readAll({ after: position, maxCount: INLINE_TAIL_PAGE, eventTypes: projection.eventTypes });
          const writes = tail.length > 0 ? await batchWrites(projection, generation, tail, statements.run) : [];
          await Promise.all(writes.map((write) => statements.run(write.text, write.values as unknown[] | undefined)));
          applied += tail.length;
          position = tail.at(-1)?.position ?? position;
          if (tail.length < INLINE_TAIL_PAGE) break;
        }
      } finally {
        // Nothing the handler issued may run after the commit or the rollback (ADR 0259).
        await statements.close();
      }
      await client.query(
        `UPDATE projection_generations SET inline = true, position = $3, processed = processed + $4, last_error = NULL, updated_at = now()
          WHERE name = $1 AND generation = $2`,
        [projection.name, generation, position ?? null, applied],
      );
      this.log.info('Projection now updated with each append', { projection: projection.name, generation, tail: applied });
      return true;
    });
  }

  /**
   * Before a generation of an inline projection is swapped in (in the swap's transaction): no inline
   * append stays open across it, or one that read the old generation as inline would write into tables
   * about to be dropped. An append that committed inline into the old generation just before must be
   * in the new one too, or a member told "consistent" could read the new one without it: refused while
   * committed events of its types are beyond readers' reach.
   */
  async holdAppends(client: PoolClient, projection: Projection): Promise<boolean> {
    await client.query(`SELECT pg_advisory_xact_lock(${INLINE_LOCK_SQL})`);
    return !(await this.support.heldBack(projection.eventTypes));
  }
}
