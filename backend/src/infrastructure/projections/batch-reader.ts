import type { EventSubscription, RecordedEvent } from '../event-store/event-store.port';

const TICK = Symbol('tick');
const MOVED = Symbol('moved');

export interface Batch {
  events: RecordedEvent[];
  /** The subscription had nothing more buffered: the next event needs a read or is not written yet. */
  drained: boolean;
  done: boolean;
}

/** What a filtered subscription tells about events it skipped (EventSubscription.checkpoint). */
export interface CheckpointSource {
  readonly checkpoint?: string;
  checkpointMoved?(): Promise<void>;
}

/**
 * A subscription's events a page at a time: its own pages where the adapter reads in pages
 * (one await per page), else each event as a page of one.
 */
export function pagesOf(subscription: EventSubscription): AsyncIterator<RecordedEvent[]> {
  if (subscription.pages) return subscription.pages()[Symbol.asyncIterator]();
  const events = subscription[Symbol.asyncIterator]();
  return {
    async next() {
      const result = await events.next();
      return result.done ? { done: true, value: undefined } : { done: false, value: [result.value] };
    },
  };
}

/**
 * Groups a subscription's pages into batches without waiting for a batch to fill: it
 * takes whatever the subscription already holds and stops as soon as the next page
 * would need I/O. A pending read carries over to the next batch, and the part of a page
 * beyond a full batch waits for the next one, so no event is requested twice or lost.
 */
export class BatchReader {
  private pending?: Promise<IteratorResult<RecordedEvent[]>>;
  /** The rest of a page that did not fit in the last batch. */
  private rest: RecordedEvent[] = [];
  private seenCheckpoint?: string;

  constructor(
    private readonly pages: AsyncIterator<RecordedEvent[]>,
    private readonly source: CheckpointSource = {},
  ) {}

  /**
   * The next batch. With a checkpoint source, an empty batch also comes back when the
   * source's checkpoint moves while no event is waiting (the filter skipped events).
   */
  async next(maxSize: number): Promise<Batch> {
    const batch = await this.read(maxSize);
    this.seenCheckpoint = this.source.checkpoint;
    return batch;
  }

  private async read(maxSize: number): Promise<Batch> {
    const events: RecordedEvent[] = [];
    if (this.rest.length > 0) {
      if (this.take(events, this.rest, maxSize)) return { events, drained: false, done: false };
    } else {
      // Moved while the previous batch was applied: report it before waiting for an event that may never come.
      if (this.source.checkpointMoved && this.source.checkpoint !== this.seenCheckpoint) return { events: [], drained: true, done: false };
      const pending = this.pending ?? this.pages.next();
      this.pending = pending;
      const moved = this.source.checkpointMoved?.().then((): typeof MOVED => MOVED);
      const first: IteratorResult<RecordedEvent[]> | typeof MOVED = moved ? await Promise.race([pending, moved]) : await pending;
      if (first === MOVED) return { events: [], drained: true, done: false };
      this.pending = undefined;
      if (first.done) return { events: [], drained: true, done: true };
      if (this.take(events, first.value, maxSize)) return { events, drained: false, done: false };
    }
    const tick = new Promise<typeof TICK>((resolve) => setImmediate(resolve, TICK));
    while (events.length < maxSize) {
      const next = this.pages.next();
      const result = await Promise.race([next, tick]);
      if (result === TICK) {
        this.pending = next;
        return { events, drained: true, done: false };
      }
      if (result.done) return { events, drained: true, done: true };
      if (this.take(events, result.value, maxSize)) return { events, drained: false, done: false };
    }
    // Full: peek whether more is buffered, so a batch that ends exactly at the end of the log still reads as drained.
    const next = this.pages.next();
    this.pending = next;
    const peeked = await Promise.race([next.then(() => undefined), tick]);
    return { events, drained: peeked === TICK, done: false };
  }

  /** Moves events of `page` into the batch up to `maxSize`; true when some were left over (kept for the next batch). */
  private take(events: RecordedEvent[], page: RecordedEvent[], maxSize: number): boolean {
    const room = maxSize - events.length;
    if (page.length <= room) {
      for (const event of page) events.push(event);
      this.rest = [];
      return false;
    }
    for (let index = 0; index < room; index += 1) events.push(page[index]!);
    this.rest = page.slice(room);
    return true;
  }
}
