import type { EventSubscription, RecordedEvent, SubscribeToAllOptions } from '../event-store.port';
import { CheckpointSignal } from '../checkpoint-signal';
import type { WakeSignal } from '../wake-signal';
import type { LogPage, LogPages } from './log-pages';

/**
 * A subscription to the PostgreSQL log: it catches up page by page (reading the next page while the
 * consumer applies this one), then waits for a wake-up (an append here or a NOTIFY, notify.ts) and
 * reads again. Its checkpoint moves past the events its filter skipped (ADR 0026), once the consumer
 * has asked past them. Once caught up it reads at most every `minReadIntervalMs` (ADR 0261), and it
 * lets go of the page it handed out before waiting (ADR 0257).
 */

/** Events per read while catching up, when the consumer gives no page size; matches a projection batch. */
const SUBSCRIPTION_PAGE = 5000;
/** While an older transaction holds committed events back, re-read after this long at most (doubling from 2 ms). */
const HELD_BACK_MAX_DELAY_MS = 100;
/** A safety re-read when idle, in case a writer in another process died between commit and NOTIFY. */
const IDLE_RECHECK_MS = 5000;
/** A subscription asks again whether its types are most of the log (`LogPages.isDense`) after this many pages. */
const SHARE_REFRESH_PAGES = 50;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export class PostgresSubscription implements EventSubscription {
  private closed = false;
  private readonly abort = new AbortController();
  private covered?: string;
  private readonly moves = new CheckpointSignal();

  constructor(
    private readonly log: LogPages,
    private readonly wake: WakeSignal,
    private readonly options: SubscribeToAllOptions,
    private readonly onClose: () => void,
  ) {}

  get checkpoint(): string | undefined {
    return this.covered;
  }

  checkpointMoved(): Promise<void> {
    return this.closed ? Promise.resolve() : this.moves.next();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    const pages = this.pages();
    try {
      for (;;) {
        // Cleared before the next read: a generator keeps its locals while it waits, and a caught-up
        // reader would otherwise hold its last page (up to a whole catch-up page) until the next event.
        let page: RecordedEvent[] | undefined = (await pages.next()).value ?? undefined;
        if (page === undefined) return;
        for (let index = 0; index < page.length; index++) {
          if (this.closed) return;
          yield page[index];
        }
        page = undefined;
      }
    } finally {
      await pages.return(undefined);
    }
  }

  async *pages(): AsyncGenerator<RecordedEvent[]> {
    const { eventTypes } = this.options;
    const filtered = eventTypes !== undefined;
    let after = this.options.after;
    let heldBackDelay = 2;
    let ahead: { page: Promise<LogPage>; seen: number } | undefined;
    let dense = false;
    let pages = 0;
    const pageSize = Math.max(1, this.options.pageSize ?? SUBSCRIPTION_PAGE);
    const minReadInterval = Math.max(0, this.options.minReadIntervalMs ?? 0);
    let lastReadAt = -Infinity;
    try {
      while (!this.closed) {
        if (filtered && pages++ % SHARE_REFRESH_PAGES === 0) dense = await this.log.isDense(eventTypes);
        // Caught up and woken again soon after the last read: wait out the rest of the interval (ADR 0261).
        if (!ahead && minReadInterval > 0) {
          const rest = lastReadAt + minReadInterval - performance.now();
          if (rest > 0) await pause(rest, this.abort.signal);
          if (this.closed) return;
        }
        // Noted before the read starts, so a wake-up during the read is not lost.
        const seen = ahead?.seen ?? this.wake.version;
        if (!ahead) lastReadAt = performance.now();
        let page: LogPage | undefined = await (ahead?.page ?? this.log.readPage(after, pageSize, eventTypes, filtered, dense));
        ahead = undefined;
        const full = page.full ?? page.events.length === pageSize;
        if (full) {
          // Catching up: read the next page while this one is handed out and applied.
          ahead = { seen: this.wake.version, page: this.log.readPage(page.coveredTo, pageSize, eventTypes, filtered, dense) };
          ahead.page.catch(() => undefined);
        }
        if (this.closed) return;
        if (page.events.length > 0) yield page.events;
        // The consumer has asked past the page's last event: everything up to coveredTo is its.
        if (page.coveredTo !== undefined) {
          after = page.coveredTo;
          this.covered = page.coveredTo;
          this.moves.signal();
        }
        // Not held while waiting for the next events (see [Symbol.asyncIterator]).
        page = undefined;
        if (full) continue;
        // Woken during the read: read again rather than ask whether anything is held back (ADR 0261).
        if (this.wake.version !== seen) continue;
        if (await this.log.hasHeldBackEvents(after)) {
          await this.wake.waitFor(seen, heldBackDelay, this.abort.signal);
          heldBackDelay = Math.min(heldBackDelay * 2, HELD_BACK_MAX_DELAY_MS);
        } else {
          heldBackDelay = 2;
          await this.wake.waitFor(seen, IDLE_RECHECK_MS, this.abort.signal);
        }
      }
    } finally {
      this.closed = true;
      this.moves.signal();
      this.onClose();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    this.moves.signal();
    this.onClose();
  }
}
