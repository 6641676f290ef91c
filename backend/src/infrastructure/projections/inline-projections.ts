import type { QueryResult, QueryResultRow } from 'pg';
import { InlineProjectionError, type AppendTransaction, type PreCommitHook, type ProjectionWrite, type RecordedEvent, type Statement, type UnitOfWork } from '../event-store/event-store.port';
import { physicalTable, Projection, ProjectionContext } from './projection';
import { transactionStatements } from '../database/transaction-statements';

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

/** A handler's view of one generation's tables inside a given transaction (the same for runners, inline appends and switches). */
export function projectionContext(projection: Projection, generation: number, run: (sql: string, params?: unknown[]) => Promise<unknown>): ProjectionContext {
  return {
    query: <R extends QueryResultRow>(sql: string, params?: unknown[]) => run(sql, params) as Promise<QueryResult<R>>,
    table: (name) => {
      if (!(name in projection.tables)) throw new Error(`Projection ${projection.name} has no table ${name}`);
      return physicalTable(name, generation);
    },
  };
}

/** Runs a handler's answered writes after it, in order, in its transaction. */
export async function runWrites(run: (sql: string, params?: unknown[]) => Promise<unknown>, writes: void | readonly Statement[]): Promise<void> {
  await Promise.all((writes ?? []).map((write) => run(write.text, write.values as unknown[] | undefined)));
}

/**
 * The append-side half of inline projections (ADRs 0240, 0315), as the event store's pre-commit hook:
 * in every append transaction, the active generations marked inline get the appended events through
 * their projection's own `handle` (the one a runner and a rebuild call), and what it writes leaves
 * with the append's COMMIT.
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
        projection.handle(handled, projectionContext(projection, row.generation, statements.run)).then(
          (answered) => {
            for (const write of answered ?? []) own.push({ ...write, projection: projection.name });
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
