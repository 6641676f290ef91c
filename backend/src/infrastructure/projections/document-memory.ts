import type { PoolClient } from 'pg';
import type { RecordedEvent } from '../event-store/event-store.port';
import { copyRows } from './copy-rows';
import { physicalTable, type DocumentProjection } from './projection';
import { copyColumns, copyValuesOf } from './table-shapes';

/**
 * The documents a replay of a document projection keeps between batches (ADRs 0059, 0248). From empty
 * tables the memory is complete (a key it has never met has no rows yet): the replay folds every event
 * into it without writing, and once it has caught up writes every document's rows with COPY, in the
 * transaction that first moves its checkpoint. A replay resumed from a checkpoint remembers the
 * documents it has written, so it reads each one back at most once. A failed batch drops the memory.
 */

/** Most documents a replay keeps: past it, a replay from empty writes what it holds and goes on a batch at a time. */
export const REPLAY_DOCUMENTS_MAX = 500_000;

export class DocumentMemory {
  private readonly documents = new Map<string, unknown>();

  constructor(
    /** True while every row of the generation's tables was written from this memory: a key absent has no rows. */
    public complete: boolean,
    private readonly max = REPLAY_DOCUMENTS_MAX,
  ) {}

  get full(): boolean {
    return this.documents.size >= this.max;
  }

  has(key: string): boolean {
    return this.documents.has(key);
  }

  get(key: string): unknown {
    return this.documents.get(key);
  }

  /** Keeps a document as written; once full, a new one is forgotten and the memory no longer answers for absent keys. */
  remember(key: string, document: unknown): void {
    if (!this.documents.has(key) && this.full) {
      this.complete = false;
      return;
    }
    this.documents.set(key, document);
  }

  /** Folds a batch into the documents without writing (a replay from empty; the memory is complete). */
  fold(projection: DocumentProjection, events: readonly RecordedEvent[]): void {
    for (const event of events) {
      const key = projection.key(event);
      if (key === undefined) continue;
      const document = this.documents.has(key) ? this.documents.get(key) : projection.initial(key);
      this.documents.set(key, projection.evolve(document, event));
    }
  }

  /** Writes every document's rows into the generation's empty tables with COPY, table by table; answers the rows sent. */
  async copyAll(projection: DocumentProjection, generation: number, client: PoolClient): Promise<number> {
    let sent = 0;
    const documents = this.documents;
    for (const [table, shape] of Object.entries(projection.tables)) {
      const copyValues = copyValuesOf(shape);
      sent += await copyRows(client, physicalTable(table, generation), copyColumns(shape), {
        *[Symbol.iterator]() {
          for (const [key, document] of documents) for (const row of projection.toRows(document, key)[table] ?? []) yield copyValues(row);
        },
      });
    }
    return sent;
  }
}
