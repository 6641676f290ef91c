/**
 * Group commit without timers (ADR 0250): leader/follower batching of concurrent work.
 *
 * An item submitted while fewer than `maxInFlight` groups are running starts a group at once,
 * alone: an idle system adds no latency. Items that arrive while the groups in flight are full
 * wait in arrival order; when a group finishes and the turn of the event loop that handed out
 * its answers ends, the next group takes up to `maxGroup` of them.
 * The run answers one outcome per item, in the order given, and each item's promise settles
 * with its own outcome.
 */
/** Taken at load, so that a test's fake timers cannot hold the queue. */
const endOfTurn = setImmediate;

export interface GroupCommitOptions {
  /** Most items in one group. */
  maxGroup: number;
  /** Most groups running at once. */
  maxInFlight: number;
}

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

export class GroupCommit<T, R> {
  private readonly waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: T[]) => Promise<Array<PromiseSettledResult<R>>>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.options.maxGroup);
      this.inFlight++;
      void this.start(group);
    }
  }

  private async start(group: Array<Waiting<T, R>>): Promise<void> {
    let outcomes: Array<PromiseSettledResult<R>>;
    try {
      outcomes = await this.run(group.map((waiting) => waiting.item));
    } catch (error) {
      outcomes = group.map(() => ({ status: 'rejected', reason: error }));
    }
    group.forEach((waiting, index) => {
      const outcome = outcomes[index] ?? { status: 'rejected', reason: new Error('A group commit answered no outcome for an item') };
      if (outcome.status === 'fulfilled') waiting.resolve(outcome.value);
      else waiting.reject(outcome.reason);
    });
    // The slot is freed once the work these answers made ready has run, at the end of the event
    // loop's turn: what the answered callers submit meanwhile joins the next group instead of
    // leaving alone (with 8 writers, groups of 8 instead of two alternating groups of 4).
    endOfTurn(() => {
      this.inFlight--;
      this.pump();
    });
  }
}
