import type { RecordedEvent } from '../event-store/event-store.port';

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
 * Groups a subscription into batches without waiting for a batch to fill: it
 * takes whatever the subscription already holds and stops as soon as the next
 * event would need I/O. A pending read carries over to the next batch, so no
 * event is requested twice or lost.
 */
export class BatchReader {
  private pending?: Promise<IteratorResult<RecordedEvent>>;
  private seenCheckpoint?: string;

  constructor(
    private readonly iterator: AsyncIterator<RecordedEvent>,
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
    // Moved while the previous batch was applied: report it before waiting for an event that may never come.
    if (this.source.checkpointMoved && this.source.checkpoint !== this.seenCheckpoint) return { events: [], drained: true, done: false };
    const pending = this.pending ?? this.iterator.next();
    this.pending = pending;
    const moved = this.source.checkpointMoved?.().then((): typeof MOVED => MOVED);
    const first: IteratorResult<RecordedEvent> | typeof MOVED = moved ? await Promise.race([pending, moved]) : await pending;
    if (first === MOVED) return { events: [], drained: true, done: false };
    this.pending = undefined;
    if (first.done) return { events: [], drained: true, done: true };
    const events = [first.value];
    const tick = new Promise<typeof TICK>((resolve) => setImmediate(resolve, TICK));
    while (events.length < maxSize) {
      const next = this.iterator.next();
      const result = await Promise.race([next, tick]);
      if (result === TICK) {
        this.pending = next;
        return { events, drained: true, done: false };
      }
      if (result.done) return { events, drained: true, done: true };
      events.push(result.value);
    }
    // Full: peek whether more is buffered, so a batch that ends exactly at the end of the log still reads as drained.
    const next = this.iterator.next();
    this.pending = next;
    const peeked = await Promise.race([next.then(() => undefined), tick]);
    return { events, drained: peeked === TICK, done: false };
  }
}
