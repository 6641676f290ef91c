import type { QueryResult, QueryResultRow } from 'pg';
import { AppendTransaction, InlineProjectionError, InlineProjector, RecordedEvent } from '../event-store/event-store.port';
import { physicalTable, Projection, ProjectionContext } from './projection';
import { transactionStatements } from './transaction-statements';

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
export function projectionContext(
  projection: Projection,
  generation: number,
  run: (sql: string, params?: unknown[]) => Promise<unknown>,
  issuedAll?: () => void,
): ProjectionContext {
  return {
    query: <R extends QueryResultRow>(sql: string, params?: unknown[]) => run(sql, params) as Promise<QueryResult<R>>,
    table: (name) => {
      if (!(name in projection.tables)) throw new Error(`Projection ${projection.name} has no table ${name}`);
      return physicalTable(name, generation);
    },
    ...(issuedAll ? { issuedAll } : {}),
  };
}

/**
 * The append-side half of inline projections (ADR 0240): in every append transaction, the
 * active generations marked inline get the appended events through their projection's own
 * `handle` — the one a runner and a rebuild call — before the transaction commits.
 */
export class InlineProjections implements InlineProjector {
  /** The inline generations the last `begin` read: what the next append guesses (ADR 0269). */
  private last?: InlineGeneration[];

  constructor(private readonly projections: ReadonlyMap<string, Projection>) {}

  async begin(transaction: AppendTransaction): Promise<InlineGeneration[]> {
    // Three statements in one round trip: the transaction, its shared lock, then the inline generations.
    // The read must take its snapshot after the lock is granted, or it could miss a generation that went
    // inline while this append waited for it.
    const results = (await transaction.query(
      `BEGIN; SELECT pg_advisory_xact_lock_shared(${INLINE_LOCK_SQL}); SELECT name, generation, version FROM projection_generations WHERE inline AND status = 'active' ORDER BY name`,
    )) as unknown as Array<{ rows: InlineGeneration[] }>;
    this.last = results[2].rows;
    return this.last;
  }

  lastBegun(): InlineGeneration[] | undefined {
    return this.last;
  }

  /** The same generations of the same versions (both lists in name order). */
  sameBegun(fresh: unknown, guessed: unknown): boolean {
    const a = fresh as InlineGeneration[];
    const b = guessed as InlineGeneration[];
    return (
      a === b ||
      (a.length === b.length && a.every((row, index) => row.name === b[index].name && row.generation === b[index].generation && row.version === b[index].version))
    );
  }

  /**
   * Applies the events to every inline generation and answers the projections this append is now
   * consistent with. The handlers run side by side on the one connection, each issuing its independent
   * statements together (ADR 0259): on the store's pipelined connection, what they issue at once goes in
   * one round trip. All are awaited, and so is every statement they issued, before a failure is
   * reported: nothing can run after the rollback.
   */
  async project(transaction: AppendTransaction, events: RecordedEvent[], begun: unknown, onIssued?: (ok: boolean) => void): Promise<readonly string[]> {
    const consistent: string[] = [];
    const running: Array<Promise<void>> = [];
    const statements = transactionStatements(transaction);
    // ADR 0269: once every handler has issued all it will, nothing more is sent, and the caller's COMMIT may
    // follow at once. Counted from one, for this loop: a handler may say so before the next one has started.
    let issuing = 1;
    let failedEarly = false;
    let closing: Promise<void> | undefined;
    const doneIssuing = () => {
      if (--issuing > 0 || !onIssued) return;
      closing = statements.close();
      onIssued(!failedEarly);
    };
    for (const row of begun as InlineGeneration[]) {
      const projection = this.projections.get(row.name);
      // Another version of the code runs it (a deployment under way): that version keeps it.
      if (!projection || projection.version !== row.version) continue;
      consistent.push(projection.name);
      const handled = events.filter((event) => projection.eventTypes.includes(event.type));
      if (handled.length === 0) continue;
      issuing++;
      let said = false;
      const issuedAll = () => {
        if (said) return;
        said = true;
        doneIssuing();
      };
      running.push(
        projection.handle(handled, projectionContext(projection, row.generation, statements.run, onIssued && issuedAll)).then(issuedAll, (error: unknown) => {
          if (!said) failedEarly = true;
          issuedAll();
          throw new InlineProjectionError(projection.name, { cause: error });
        }),
      );
    }
    doneIssuing();
    const outcomes = await Promise.allSettled(running);
    await (closing ?? statements.close());
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return consistent;
  }
}
