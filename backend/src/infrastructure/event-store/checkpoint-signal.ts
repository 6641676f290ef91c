/**
 * How a filtered subscription tells its consumer that its checkpoint moved past skipped
 * events (EventSubscription.checkpointMoved): one promise per wait, resolved on each move.
 */
export class CheckpointSignal {
  private moved?: { promise: Promise<void>; resolve: () => void };

  /** Resolves at the next move. */
  next(): Promise<void> {
    if (!this.moved) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.moved = { promise, resolve };
    }
    return this.moved.promise;
  }

  signal(): void {
    const moved = this.moved;
    this.moved = undefined;
    moved?.resolve();
  }
}
