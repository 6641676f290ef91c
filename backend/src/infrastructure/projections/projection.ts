import type { QueryResult, QueryResultRow } from 'pg';
import type { RecordedEvent } from '../event-store/event-store.port';

/** What a projection's handler may touch: the batch transaction and its own tables. */
export interface ProjectionContext {
  /** Runs in the batch's transaction, which also moves the checkpoint: all of it commits or none. */
  query<R extends QueryResultRow = QueryResultRow>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** The physical table behind one of the projection's logical tables, in the generation being written. */
  table(name: string): string;
}

/**
 * A read model fed from the global log (ADR 0014). Readers query each logical
 * table by its name, which is a view over the active generation's physical
 * table (`<name>__g<generation>`); a rebuild fills new tables and swaps the views.
 * Bump `version` whenever the tables or the handler change meaning: the engine
 * then rebuilds it from the start while the old generation keeps serving.
 */
export interface Projection {
  /** Lower-case letters, digits and underscores. */
  name: string;
  version: number;
  eventTypes: readonly string[];
  /**
   * DDL per logical table, given the physical name. Derive index and
   * constraint names from the physical name too, so generations never collide.
   */
  tables: Record<string, (table: string) => string[]>;
  /** Applies a batch (only events of `eventTypes`, in log order). Prefer set-based writes: batches reach thousands. */
  handle(events: RecordedEvent[], context: ProjectionContext): Promise<void>;
}

export const PROJECTION_NAME = /^[a-z][a-z0-9_]{0,40}$/;

export function physicalTable(table: string, generation: number): string {
  return `${table}__g${generation}`;
}
